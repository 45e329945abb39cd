/** The reconciler's round (reconciler.ts runs it every minute in every process). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.js';
import { DomainError, isRefusal } from '../../lib/errors.js';
import { PaymentsProviderError, type CheckoutSessionState } from '../../providers/payments/interface.js';
import { checkoutSessions } from './schema.js';
import { completePaid, confirmSuperseded, refundUnusablePayment, endSession } from './settlement.js';

// ─── The reconciler's round (reconciler.ts) ──────────────────────────────────────────
export interface ReconcileRound {
  /** Paid sessions that completed their orders (or paid their invoices). */
  completed: number;
  /** Sessions that ended unpaid (expired, or superseded and confirmed ended at the provider). */
  ended: number;
  /** Payments that could not be used, refunded. */
  refunded: number;
}

/**
 * One round, at most `limit` sessions of each kind, oldest first:
 * - sessions still open a minute after they were made: paid ones complete their orders (or are
 *   refunded when their order or invoice was settled another way), expired ones end;
 * - sessions superseded but not yet confirmed ended at the provider (their request stopped
 *   half-way): the provider ends them, or settles one that was paid;
 * - payments owed back (refund_due): refunded, the buyer e-mailed.
 * A session whose provider cannot be reached is left for the next round.
 */
export async function reconcileOpenSessions(
  ctx: AppContext,
  opts: { olderThanMs?: number; limit?: number } = {},
): Promise<ReconcileRound> {
  const olderThan = new Date(Date.now() - (opts.olderThanMs ?? 60_000));
  const provider = ctx.providers.payments;
  const round: ReconcileRound = { completed: 0, ended: 0, refunded: 0 };
  const ofStatus = (statuses: string[], aged: boolean) =>
    ctx.db
      .select()
      .from(checkoutSessions)
      .where(
        and(
          inArray(checkoutSessions.status, statuses),
          eq(checkoutSessions.provider, provider.name),
          aged ? sql`${checkoutSessions.createdAt} <= ${olderThan}` : undefined,
        ),
      )
      .orderBy(checkoutSessions.createdAt)
      .limit(opts.limit ?? 50);

  for (const session of await ofStatus(['open'], true)) {
    if (!session.providerSessionId) continue;
    let state: CheckoutSessionState | null;
    try {
      state = await provider.retrieveCheckoutSession(session.providerSessionId);
    } catch (error) {
      if (error instanceof PaymentsProviderError && error.code === 'provider_unavailable') continue;
      throw error;
    }
    if (state?.paid) {
      try {
        await completePaid(ctx, session, state);
        round.completed += 1;
      } catch (err) {
        if (!isRefusal(err)) throw err;
        // Paid, but for an order or invoice settled another way: refunded (or left refund_due
        // for the next round when the refund could not be made).
        round.refunded += 1;
      }
    } else if (!state || state.status === 'expired') {
      await endSession(ctx, session.id, 'expired');
      round.ended += 1;
    }
  }

  // Superseded by a request that stopped before the provider confirmed (or one still in flight:
  // confirming twice is harmless — expiring is idempotent, completion and refunds happen once).
  for (const session of await ofStatus(['superseded'], false)) {
    try {
      const { paid } = await confirmSuperseded(ctx, [session]);
      if (paid) round.completed += 1;
      else round.ended += 1;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'unavailable') continue;
      throw error;
    }
  }

  for (const session of await ofStatus(['refund_due'], false)) {
    if (await refundUnusablePayment(ctx, session)) round.refunded += 1;
  }
  return round;
}
