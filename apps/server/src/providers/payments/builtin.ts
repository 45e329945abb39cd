/**
 * The built-in payments provider ("test payments", DECISIONS "Outside services"): connected
 * accounts with a real onboarding state machine, persisted in its own tables, no network.
 *
 *   created ──submit form──► details submitted ─┬─ any valid EIN ─► charges enabled
 *                                                └─ EIN 000000000 ─► under review (stays)
 *
 * A later submission replaces the details and decides again (the test EIN puts an account
 * back under review, as a provider's re-verification would).
 *
 * Checkout sessions and the embedded card form: builtin-checkout.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { UNDER_REVIEW_TEST_EIN } from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import { builtinAccountSessions, builtinPaymentAccounts } from './schema.js';
import { createBuiltinCheckout } from './builtin-checkout.js';
import {
  PaymentsProviderError,
  type AccountSessionSecret,
  type ConnectedAccountStatus,
  type OnboardingDetails,
  type PaymentsProvider,
} from './interface.js';

/** How long a client secret authorises the onboarding form (the page asks for a new one on expiry). */
export const ACCOUNT_SESSION_TTL_MS = 60 * 60 * 1000;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const statusColumns = {
  accountId: builtinPaymentAccounts.id,
  detailsSubmitted: builtinPaymentAccounts.detailsSubmitted,
  chargesEnabled: builtinPaymentAccounts.chargesEnabled,
};

export function createBuiltinPayments(db: DbOrTx, opts: { now?: () => Date } = {}): PaymentsProvider {
  const now = opts.now ?? (() => new Date());

  async function accountStatus(accountId: string): Promise<ConnectedAccountStatus | null> {
    const [row] = await db
      .select(statusColumns)
      .from(builtinPaymentAccounts)
      .where(eq(builtinPaymentAccounts.id, accountId));
    return row ?? null;
  }

  return {
    name: 'builtin',
    ...createBuiltinCheckout(db, now),

    async createConnectedAccount({ idempotencyKey, email }) {
      const [created] = await db
        .insert(builtinPaymentAccounts)
        .values({ id: `acct_${randomBytes(12).toString('hex')}`, idempotencyKey, email: email ?? null })
        .onConflictDoNothing({ target: builtinPaymentAccounts.idempotencyKey })
        .returning(statusColumns);
      if (created) return created;
      // The key was used before (a retry, or a request that raced this one): its account.
      const [existing] = await db
        .select(statusColumns)
        .from(builtinPaymentAccounts)
        .where(eq(builtinPaymentAccounts.idempotencyKey, idempotencyKey));
      if (!existing) throw new Error('builtin payments: idempotency key conflict without an account');
      return existing;
    },

    async createAccountSession(accountId): Promise<AccountSessionSecret> {
      if (!(await accountStatus(accountId))) {
        throw new PaymentsProviderError('unknown_account', 'The payment account does not exist.');
      }
      const clientSecret = `accs_secret_${randomBytes(32).toString('base64url')}`;
      const expiresAt = new Date(now().getTime() + ACCOUNT_SESSION_TTL_MS);
      await db.transaction(async (tx) => {
        // Expired sessions of the account are of no further use.
        await tx
          .delete(builtinAccountSessions)
          .where(and(eq(builtinAccountSessions.accountId, accountId), lt(builtinAccountSessions.expiresAt, now())));
        await tx.insert(builtinAccountSessions).values({ secretHash: hashSecret(clientSecret), accountId, expiresAt });
      });
      return { clientSecret, expiresAt };
    },

    accountStatus,

    async submitOnboarding({ accountId, clientSecret, details }) {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .select({ accountId: builtinAccountSessions.accountId, expiresAt: builtinAccountSessions.expiresAt })
          .from(builtinAccountSessions)
          .where(eq(builtinAccountSessions.secretHash, hashSecret(clientSecret)));
        if (!session || session.accountId !== accountId) {
          throw new PaymentsProviderError('invalid_session', 'The onboarding session is not valid for this account.');
        }
        if (session.expiresAt.getTime() <= now().getTime()) {
          throw new PaymentsProviderError('session_expired', 'The onboarding session has expired.');
        }
        const [updated] = await tx
          .update(builtinPaymentAccounts)
          .set({
            ...toColumns(details),
            detailsSubmitted: true,
            chargesEnabled: decideCharges(details),
            submittedAt: now(),
            updatedAt: now(),
          })
          .where(eq(builtinPaymentAccounts.id, accountId))
          .returning(statusColumns);
        if (!updated) throw new PaymentsProviderError('unknown_account', 'The payment account does not exist.');
        return updated;
      });
    },
  };
}

/** The review: the test EIN stays under review, any other (already validated) EIN passes. */
function decideCharges(details: OnboardingDetails): boolean {
  return details.ein !== UNDER_REVIEW_TEST_EIN;
}

function toColumns(d: OnboardingDetails) {
  return {
    legalName: d.legal_name,
    taxIdLast4: d.ein.slice(-4),
    line1: d.line1,
    line2: d.line2,
    city: d.city,
    state: d.state,
    postalCode: d.postal_code,
    representativeFirstName: d.first_name,
    representativeLastName: d.last_name,
    representativeDateOfBirth: d.date_of_birth,
    routingNumber: d.routing_number,
    bankAccountLast4: d.account_number.slice(-4),
  };
}
