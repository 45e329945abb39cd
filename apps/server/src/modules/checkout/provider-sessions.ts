/** Opening a provider's checkout session for one of ours, once the sessions it superseded are over. */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.js';
import { DomainError } from '../../lib/errors.js';
import type { CreatedCheckoutSession, NewCheckoutSession } from '../../providers/payments/interface.js';
import { checkoutSessions } from './schema.js';
import { providerError } from './refusals.js';
import { confirmSuperseded, endSession, type SessionRow } from './settlement.js';

// ─── Opening a provider session, once the older ones are over ───────────────────────
/**
 * Asks the provider for the session `pending` records — only once every session it superseded
 * is confirmed ended there — and opens ours, unless a newer checkout superseded it meanwhile.
 * On any failure the pending session ends (failed, its stock released). A superseded session
 * found paid placed the order (or paid the invoice) first: `paidMeanwhile` is the refusal then.
 */
export async function openProviderSession(
  ctx: AppContext,
  pending: SessionRow,
  superseded: SessionRow[],
  request: Omit<NewCheckoutSession, 'accountId' | 'amountCents' | 'currency' | 'expiresAt' | 'idempotencyKey'>,
  refusals: { paidMeanwhile: () => DomainError; supersededMeanwhile: () => DomainError },
): Promise<CreatedCheckoutSession> {
  const provider = ctx.providers.payments;
  let created: CreatedCheckoutSession;
  try {
    if ((await confirmSuperseded(ctx, superseded)).paid) throw refusals.paidMeanwhile();
    try {
      created = await provider.createCheckoutSession({
        ...request,
        accountId: pending.accountId,
        amountCents: pending.amountCents,
        currency: 'usd',
        expiresAt: pending.expiresAt,
        idempotencyKey: `${pending.purpose === 'invoice' ? 'invoice-payment' : 'checkout-session'}:${pending.id}`,
      });
    } catch (error) {
      throw providerError(error);
    }
  } catch (error) {
    await endSession(ctx, pending.id, 'failed');
    throw error;
  }
  const [opened] = await ctx.db
    .update(checkoutSessions)
    .set({ providerSessionId: created.sessionId, status: 'open', expiresAt: created.expiresAt })
    .where(and(eq(checkoutSessions.id, pending.id), eq(checkoutSessions.status, 'pending')))
    .returning({ id: checkoutSessions.id });
  if (!opened) {
    // A newer checkout of the same order (another tab), or the order's completion, ended this
    // one while it was being made: its secret is never handed out, and the provider ends it.
    await provider.expireCheckoutSession(created.sessionId).catch(() => null);
    throw refusals.supersededMeanwhile();
  }
  return created;
}
