/**
 * Payments: the organizations' payment accounts (our record of each connected account at the
 * payments provider) and the orders' invoices. Other modules read them in their own queries
 * through the fragments of sql.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type {
  AccountSession,
  ConnectAccount,
  PaymentAccountStatus,
  PaymentOnboardingBody,
  RefreshConnectAccountBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { DomainError, conflict, unavailable } from '../../lib/errors.js';
import { PaymentsProviderError, type ConnectedAccountStatus } from '../../providers/payments/index.js';
import { publishableKeyFor } from '../../providers/payments/browser-key.js';
import { paymentAccounts } from './schema.js';
import type { InvoiceStatus } from './sql.js';

// ─── Connected accounts (the seller's payment set-up, spec section 4) ──────────────────

type AccountRow = { accountId: string; detailsSubmitted: boolean; chargesEnabled: boolean };

async function organizationAccount(ctx: AppContext, organizationId: string): Promise<AccountRow | undefined> {
  const [row] = await ctx.db
    .select({
      accountId: paymentAccounts.accountId,
      detailsSubmitted: paymentAccounts.detailsSubmitted,
      chargesEnabled: paymentAccounts.chargesEnabled,
    })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.organizationId, organizationId));
  return row;
}

/** Our record follows what the provider says (the organization's set-up flags read it). */
async function recordStatus(ctx: AppContext, organizationId: string, status: ConnectedAccountStatus): Promise<void> {
  await ctx.db
    .update(paymentAccounts)
    .set({ detailsSubmitted: status.detailsSubmitted, chargesEnabled: status.chargesEnabled, updatedAt: new Date() })
    .where(and(eq(paymentAccounts.organizationId, organizationId), eq(paymentAccounts.accountId, status.accountId)));
}

/**
 * POST …/create-connect-account: the organization's connected account, created at the
 * provider on the first call. Idempotent: later calls, and a call racing the first, answer the
 * same account (the provider's idempotency key is the organization, and our record is unique
 * per organization).
 */
export async function createConnectAccount(ctx: AppContext, organizationId: string): Promise<ConnectAccount> {
  const existing = await organizationAccount(ctx, organizationId);
  if (existing) return { account: existing.accountId };
  const provider = ctx.providers.payments;
  const created = await provider.createConnectedAccount({ idempotencyKey: `organization:${organizationId}` });
  await ctx.db
    .insert(paymentAccounts)
    .values({
      organizationId,
      provider: provider.name,
      accountId: created.accountId,
      detailsSubmitted: created.detailsSubmitted,
      chargesEnabled: created.chargesEnabled,
    })
    // Any conflict, not only the organization's: two Get Started at once both get the same
    // account from the provider (one idempotency key), and the second insert may meet the first
    // on account_id's unique index before organization_id's — a 500 seen once under load.
    .onConflictDoNothing();
  const row = await organizationAccount(ctx, organizationId);
  if (!row) throw new Error('payment account vanished after creation');
  return { account: row.accountId };
}

const notThisAccount = () =>
  new DomainError('not_found', 'not_found', 'account: not this organization’s payment account. Start again with Get Started.', [
    { path: 'account', message: 'is not this organization’s payment account' },
  ]);

/** POST …/refresh-connect-account: a client secret for the embedded onboarding of the organization's account. */
export async function refreshConnectAccount(
  ctx: AppContext,
  organizationId: string,
  body: RefreshConnectAccountBody,
): Promise<AccountSession> {
  const row = await organizationAccount(ctx, organizationId);
  if (!row || row.accountId !== body.account) throw notThisAccount();
  try {
    const session = await ctx.providers.payments.createAccountSession(row.accountId);
    // Which onboarding the secret opens (ours, or Stripe's with the publishable key).
    const provider = ctx.providers.payments.name;
    return { client_secret: session.clientSecret, provider, ...publishableKeyFor(ctx.config, provider) };
  } catch (error) {
    throw providerHttpError(error);
  }
}

/**
 * GET …/account-status: the provider's word on the account (our record is brought up to date
 * with it); without an account, account_id null and both flags false. When the provider cannot
 * be reached, our last record answers.
 */
export async function getAccountStatus(ctx: AppContext, organizationId: string): Promise<PaymentAccountStatus> {
  const row = await organizationAccount(ctx, organizationId);
  if (!row) return { account_id: null, details_submitted: false, charges_enabled: false };
  let current: AccountRow = row;
  try {
    const fresh = await ctx.providers.payments.accountStatus(row.accountId);
    if (fresh && (fresh.detailsSubmitted !== row.detailsSubmitted || fresh.chargesEnabled !== row.chargesEnabled)) {
      await recordStatus(ctx, organizationId, fresh);
      current = fresh;
    }
  } catch (error) {
    if (!(error instanceof PaymentsProviderError && error.code === 'provider_unavailable')) throw error;
  }
  return {
    account_id: current.accountId,
    details_submitted: current.detailsSubmitted,
    charges_enabled: current.chargesEnabled,
  };
}

/**
 * POST …/onboarding: the built-in embedded onboarding form, authorised by a client secret of the
 * organization's account. Answers the account's new status; the organization becomes `active`
 * (Welcome step 2, has_payment_info) when charges are enabled.
 */
export async function submitOnboarding(
  ctx: AppContext,
  organizationId: string,
  body: PaymentOnboardingBody,
): Promise<PaymentAccountStatus> {
  const provider = ctx.providers.payments;
  if (!provider.submitOnboarding) {
    throw conflict(
      'This payments provider hosts its own onboarding form; use it instead.',
      'onboarding_hosted_by_provider',
    );
  }
  const row = await organizationAccount(ctx, organizationId);
  if (!row)
    throw conflict('Create the payment account first (Get Started), then fill in the form.', 'no_payment_account');
  const { client_secret: clientSecret, ...details } = body;
  let status: ConnectedAccountStatus;
  try {
    status = await provider.submitOnboarding({ accountId: row.accountId, clientSecret, details });
  } catch (error) {
    throw providerHttpError(error);
  }
  await recordStatus(ctx, organizationId, status);
  return {
    account_id: status.accountId,
    details_submitted: status.detailsSubmitted,
    charges_enabled: status.chargesEnabled,
  };
}

/** The provider's reported failures in HTTP terms; anything else stays a 500. */
function providerHttpError(error: unknown): unknown {
  if (!(error instanceof PaymentsProviderError)) return error;
  switch (error.code) {
    case 'session_expired':
      return new DomainError(
        'invalid',
        'session_expired',
        'client_secret: the onboarding session has expired. Please try again.',
        [{ path: 'client_secret', message: 'has expired' }],
      );
    case 'invalid_session':
      return new DomainError('invalid', 'invalid_session', 'client_secret: is not valid for this payment account.', [
        { path: 'client_secret', message: 'is not valid for this payment account' },
      ]);
    case 'unknown_account':
      return notThisAccount();
    case 'provider_unavailable':
      return unavailable('The payments provider cannot be reached right now. Please try again shortly.');
  }
}

// ─── For the checkout ────────────────────────────────────────────────────────────────
/** The organization's payment account as a checkout charges it (undefined before Get Started). */
export async function sellerPaymentAccount(
  db: DbOrTx,
  organizationId: string,
): Promise<{ provider: string; accountId: string; chargesEnabled: boolean } | undefined> {
  const [row] = await db
    .select({
      provider: paymentAccounts.provider,
      accountId: paymentAccounts.accountId,
      chargesEnabled: paymentAccounts.chargesEnabled,
    })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.organizationId, organizationId));
  return row;
}

/**
 * The order's invoice, numbered CB-000001, CB-000002, … from one sequence (a number is never
 * reused, even when a transaction rolls back); past CB-999999 the digits grow (CB-1000000: lpad
 * alone would cut them). The number is the order's too (contract formatOrderNumber). An order has
 * one invoice: a second call answers the first one.
 */
export async function createInvoice(
  tx: DbOrTx,
  input: {
    orderId: string;
    amountCents: number;
    status: InvoiceStatus;
    providerPaymentId: string | null;
    /**
     * An invoice on net terms (OPEN): due `netDays` after the order's completion day (UTC) — or,
     * for an order with pre-order lines, after `dueAfter`, the last day of its latest ship window
     * when that is later (issue 25, docs/decisions/012-pre-orders.md: terms run from shipping).
     */
    netDays?: number;
    completedOn?: Date | string;
    dueAfter?: string | null;
  },
): Promise<{ number: string; status: InvoiceStatus; due_on: string | null }> {
  const paid = input.status === 'PAID';
  const netDays = input.netDays ?? null;
  const completedOn = input.completedOn ? new Date(input.completedOn).toISOString() : null;
  const result = await tx.execute<{ number: string; status: InvoiceStatus; due_on: string | null }>(sql`
    with created as (
      insert into invoices (order_id, number, status, amount_cents, provider_invoice_id, paid_at, paid_method,
                            net_days, due_on)
      values (${input.orderId},
              (select 'CB-' || lpad(n::text, greatest(6, length(n::text)), '0') from nextval('invoice_number_seq') as n),
              ${input.status},
              ${input.amountCents}, ${input.providerPaymentId}, case when ${paid} then now() end,
              case when ${paid} then 'card' end, ${netDays}::int,
              case when ${netDays}::int is not null
                   then greatest((${completedOn}::timestamptz at time zone 'UTC')::date,
                                 ${input.dueAfter ?? null}::date) + ${netDays}::int end)
      on conflict (order_id) do nothing
      returning number, status, due_on::text
    )
    select number, status, due_on from created
    union all
    select number, status, due_on::text from invoices
     where order_id = ${input.orderId} and not exists (select 1 from created)`);
  return result.rows[0]!;
}
