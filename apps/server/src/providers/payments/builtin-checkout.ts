/**
 * The built-in provider's checkout sessions and embedded card form ("test payments",
 * DECISIONS "Outside services"), persisted in its own tables, no network.
 *
 *   open ──card pays──────────────────────────────► complete (paid; brand + last 4 kept)
 *    │  ├─card declined / insufficient funds──► open (the buyer may try another card)
 *    │  └─card asks for authentication──► challenge ─┬─ completed ─► complete
 *    │                                              └─ failed ────► open
 *    └─expiry time passes, or expired by our server──► expired (never payable again)
 *
 * A complete session's payment can be refunded, in one or several refunds that never add up to
 * more than it took (builtin_refunds; the session stays complete).
 *
 * Every change of a session runs in one transaction holding the session's row lock, so a card
 * payment racing an expiry ends in exactly one of the two, and a session is charged once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  AUTHENTICATION_FAILED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  INSUFFICIENT_FUNDS_MESSAGE,
  TEST_CARDS,
  cardBrand,
  cardDigits,
  type CardInput,
} from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import { builtinCardAttempts, builtinCheckoutSessions, builtinPaymentAccounts, builtinRefunds } from './schema.js';
import {
  PaymentsProviderError,
  type CardOutcome,
  type CheckoutPayments,
  type CheckoutSessionState,
  type EmbeddedCheckoutState,
  type ProviderRefund,
} from './interface.js';

type SessionRow = typeof builtinCheckoutSessions.$inferSelect;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function toState(row: SessionRow): CheckoutSessionState {
  return {
    sessionId: row.id,
    accountId: row.accountId,
    status: row.status as CheckoutSessionState['status'],
    paid: row.status === 'complete',
    amountCents: row.amountCents,
    metadata: row.metadata,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    paymentId: row.paymentId,
  };
}

const returnUrlOf = (row: SessionRow) => row.returnUrl.replace('{CHECKOUT_SESSION_ID}', row.id);

function toEmbedded(row: SessionRow): EmbeddedCheckoutState {
  return {
    ...toState(row),
    merchantName: row.merchantName,
    expiresAt: row.expiresAt,
    returnUrl: returnUrlOf(row),
    challengeId: row.challengeId,
  };
}

/** What the test bank answers for a card number (DECISIONS "The money path"). */
function bankAnswer(digits: string): 'succeeds' | 'card_declined' | 'insufficient_funds' | 'authentication' {
  switch (digits) {
    case TEST_CARDS.declined:
      return 'card_declined';
    case TEST_CARDS.insufficientFunds:
      return 'insufficient_funds';
    case TEST_CARDS.authentication:
      return 'authentication';
    default:
      return 'succeeds';
  }
}

const declined = (code: 'card_declined' | 'insufficient_funds' | 'authentication_failed'): CardOutcome => ({
  status: 'declined',
  code,
  message:
    code === 'card_declined'
      ? CARD_DECLINED_MESSAGE
      : code === 'insufficient_funds'
        ? INSUFFICIENT_FUNDS_MESSAGE
        : AUTHENTICATION_FAILED_MESSAGE,
});

export function createBuiltinCheckout(db: DbOrTx, now: () => Date): CheckoutPayments {
  /** Ends the session if its time has passed (in the caller's transaction); answers the row as it is now. */
  async function expireIfDue(tx: DbOrTx, row: SessionRow): Promise<SessionRow> {
    if (row.status !== 'open' || row.expiresAt.getTime() > now().getTime()) return row;
    const [expired] = await tx
      .update(builtinCheckoutSessions)
      .set({ status: 'expired', challengeId: null })
      .where(eq(builtinCheckoutSessions.id, row.id))
      .returning();
    return expired!;
  }

  /** The session a client secret authorises, locked for the transaction; refusals as the provider names them. */
  async function payableSession(tx: DbOrTx, clientSecret: string): Promise<SessionRow> {
    const [found] = await tx
      .select()
      .from(builtinCheckoutSessions)
      .where(eq(builtinCheckoutSessions.secretHash, hashSecret(clientSecret)))
      .for('update');
    if (!found) throw new PaymentsProviderError('invalid_session', 'This checkout session is not valid.');
    const row = await expireIfDue(tx, found);
    if (row.status === 'complete') {
      throw new PaymentsProviderError('session_complete', 'This checkout session was already paid.');
    }
    if (row.status === 'expired') {
      throw new PaymentsProviderError('session_expired', 'This checkout session has expired. Please start again.');
    }
    return row;
  }

  async function recordAttempt(tx: DbOrTx, sessionId: string, card: { brand: string; last4: string }, outcome: string) {
    await tx.insert(builtinCardAttempts).values({ sessionId, cardBrand: card.brand, cardLast4: card.last4, outcome });
  }

  async function pay(tx: DbOrTx, row: SessionRow, card: { brand: string; last4: string }): Promise<CardOutcome> {
    const [paid] = await tx
      .update(builtinCheckoutSessions)
      .set({
        status: 'complete',
        cardBrand: card.brand,
        cardLast4: card.last4,
        paymentId: `py_${randomBytes(12).toString('hex')}`,
        challengeId: null,
        challengeCardBrand: null,
        challengeCardLast4: null,
        completedAt: now(),
      })
      .where(eq(builtinCheckoutSessions.id, row.id))
      .returning();
    await recordAttempt(tx, row.id, card, 'succeeded');
    return { status: 'complete', session: toState(paid!) };
  }

  return {
    async createCheckoutSession(input) {
      const [account] = await db
        .select({ chargesEnabled: builtinPaymentAccounts.chargesEnabled })
        .from(builtinPaymentAccounts)
        .where(eq(builtinPaymentAccounts.id, input.accountId));
      if (!account?.chargesEnabled) {
        throw new PaymentsProviderError('unknown_account', 'The seller’s payment account cannot take charges.');
      }
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        throw new Error(`builtin payments: a checkout session needs a positive whole amount, got ${input.amountCents}`);
      }
      const id = `cs_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(24).toString('base64url').replace(/[-]/g, '_')}`;
      const [created] = await db
        .insert(builtinCheckoutSessions)
        .values({
          id,
          secretHash: hashSecret(clientSecret),
          idempotencyKey: input.idempotencyKey,
          accountId: input.accountId,
          amountCents: input.amountCents,
          currency: input.currency,
          description: input.description,
          merchantName: input.merchantName,
          returnUrl: input.returnUrl,
          metadata: input.metadata,
          expiresAt: input.expiresAt,
        })
        .onConflictDoNothing({ target: builtinCheckoutSessions.idempotencyKey })
        .returning({ id: builtinCheckoutSessions.id, expiresAt: builtinCheckoutSessions.expiresAt });
      if (!created) {
        // A retry of a create that was already made: a secret is only ever shown once, so a
        // second answer would need a new one — the caller makes a new key instead.
        throw new PaymentsProviderError('invalid_session', 'This checkout session was already created.');
      }
      return { sessionId: created.id, clientSecret, expiresAt: created.expiresAt };
    },

    async retrieveCheckoutSession(sessionId) {
      const [row] = await db.select().from(builtinCheckoutSessions).where(eq(builtinCheckoutSessions.id, sessionId));
      if (!row) return null;
      const state = toState(row);
      // Past its time an open session reads as expired, as at the provider (no sweeper needed).
      return state.status === 'open' && row.expiresAt.getTime() <= now().getTime()
        ? { ...state, status: 'expired' }
        : state;
    },

    async expireCheckoutSession(sessionId) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(builtinCheckoutSessions)
          .where(eq(builtinCheckoutSessions.id, sessionId))
          .for('update');
        if (!row) return null;
        if (row.status !== 'open') return toState(row);
        const [expired] = await tx
          .update(builtinCheckoutSessions)
          .set({ status: 'expired', challengeId: null })
          .where(eq(builtinCheckoutSessions.id, sessionId))
          .returning();
        return toState(expired!);
      });
    },

    async refundPayment(input): Promise<ProviderRefund> {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        throw new Error(`builtin payments: a refund needs a positive whole amount, got ${input.amountCents}`);
      }
      return db.transaction(async (tx) => {
        // The session's row lock puts a payment's refunds in a line: the sum below is exact.
        const [session] = await tx
          .select()
          .from(builtinCheckoutSessions)
          .where(eq(builtinCheckoutSessions.id, input.sessionId))
          .for('update');
        const toRefund = (r: typeof builtinRefunds.$inferSelect): ProviderRefund => ({
          refundId: r.id,
          status: r.status as ProviderRefund['status'],
          amountCents: r.amountCents,
        });
        const [again] = await tx
          .select()
          .from(builtinRefunds)
          .where(eq(builtinRefunds.idempotencyKey, input.idempotencyKey));
        if (again) return toRefund(again);
        if (!session || session.status !== 'complete' || session.paymentId !== input.paymentId) {
          throw new PaymentsProviderError('not_refundable', 'This payment was not taken, so it cannot be refunded.');
        }
        const [{ refunded } = { refunded: 0 }] = await tx
          .select({ refunded: sql<number>`coalesce(sum(${builtinRefunds.amountCents}), 0)::int` })
          .from(builtinRefunds)
          .where(eq(builtinRefunds.sessionId, session.id));
        if (refunded + input.amountCents > session.amountCents) {
          throw new PaymentsProviderError(
            'refund_exceeds_payment',
            `Only ${session.amountCents - refunded} cents of this payment are left to refund.`,
          );
        }
        const [created] = await tx
          .insert(builtinRefunds)
          .values({
            id: `re_${randomBytes(12).toString('hex')}`,
            idempotencyKey: input.idempotencyKey,
            sessionId: session.id,
            amountCents: input.amountCents,
            reason: input.reason,
            metadata: input.metadata,
          })
          .returning();
        return toRefund(created!);
      });
    },

    embeddedCheckout: {
      async view(clientSecret) {
        return db.transaction(async (tx) => {
          const [found] = await tx
            .select()
            .from(builtinCheckoutSessions)
            .where(eq(builtinCheckoutSessions.secretHash, hashSecret(clientSecret)))
            .for('update');
          if (!found) throw new PaymentsProviderError('invalid_session', 'This checkout session is not valid.');
          return toEmbedded(await expireIfDue(tx, found));
        });
      },

      async payWithCard(clientSecret, card: CardInput) {
        const digits = cardDigits(card.number);
        const used = { brand: cardBrand(digits), last4: digits.slice(-4) };
        return db.transaction(async (tx) => {
          const row = await payableSession(tx, clientSecret);
          const answer = bankAnswer(digits);
          if (answer === 'succeeds') return pay(tx, row, used);
          if (answer === 'authentication') {
            const challengeId = `chl_${randomBytes(12).toString('hex')}`;
            await tx
              .update(builtinCheckoutSessions)
              .set({ challengeId, challengeCardBrand: used.brand, challengeCardLast4: used.last4 })
              .where(eq(builtinCheckoutSessions.id, row.id));
            await recordAttempt(tx, row.id, used, 'requires_action');
            return { status: 'requires_action', challengeId, card: used };
          }
          await recordAttempt(tx, row.id, used, answer);
          return declined(answer);
        });
      },

      async answerChallenge(clientSecret, challengeId, outcome) {
        return db.transaction(async (tx) => {
          const row = await payableSession(tx, clientSecret);
          if (
            !row.challengeId ||
            row.challengeId !== challengeId ||
            !row.challengeCardBrand ||
            !row.challengeCardLast4
          ) {
            throw new PaymentsProviderError(
              'invalid_session',
              'This authentication is no longer waiting for an answer.',
            );
          }
          const card = { brand: row.challengeCardBrand, last4: row.challengeCardLast4 };
          if (outcome === 'complete') return pay(tx, row, card);
          await tx
            .update(builtinCheckoutSessions)
            .set({ challengeId: null, challengeCardBrand: null, challengeCardLast4: null })
            .where(eq(builtinCheckoutSessions.id, row.id));
          await recordAttempt(tx, row.id, card, 'authentication_failed');
          return declined('authentication_failed');
        });
      },
    },
  };
}

/** For tests: the attempts made on a session, oldest first. */
export async function builtinCardAttemptsOf(db: DbOrTx, sessionId: string) {
  return db
    .select({
      brand: builtinCardAttempts.cardBrand,
      last4: builtinCardAttempts.cardLast4,
      outcome: builtinCardAttempts.outcome,
    })
    .from(builtinCardAttempts)
    .where(eq(builtinCardAttempts.sessionId, sessionId))
    .orderBy(builtinCardAttempts.createdAt, sql`id`);
}

/** For tests: what the built-in provider holds of an order's payments — charges taken and refunds given. */
export async function builtinPaymentsOfOrder(
  db: DbOrTx,
  orderId: string,
): Promise<{ charges: number; chargedCents: number; refunds: number; refundedCents: number }> {
  const result = await db.execute<{
    charges: number;
    charged: number | string;
    refunds: number;
    refunded: number | string;
  }>(sql`
    select count(*) filter (where s.status = 'complete')::int as charges,
           coalesce(sum(s.amount_cents) filter (where s.status = 'complete'), 0)::bigint as charged,
           (select count(*) from builtin_refunds r join builtin_checkout_sessions x on x.id = r.session_id
             where x.metadata->>'order_id' = ${orderId})::int as refunds,
           (select coalesce(sum(r.amount_cents), 0) from builtin_refunds r join builtin_checkout_sessions x on x.id = r.session_id
             where x.metadata->>'order_id' = ${orderId})::bigint as refunded
      from builtin_checkout_sessions s
     where s.metadata->>'order_id' = ${orderId}`);
  const row = result.rows[0]!;
  return {
    charges: row.charges,
    chargedCents: Number(row.charged),
    refunds: row.refunds,
    refundedCents: Number(row.refunded),
  };
}
