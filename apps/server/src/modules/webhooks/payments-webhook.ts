/**
 * POST /api/stripe/webhook: the provider's signed events about sessions and refunds. Above both
 * modules it serves: a session's events go to checkout, a refund's to refunds (which itself
 * reads checkout's payments).
 */
import type { AppContext } from '../../lib/context.js';
import { notFound, isRefusal } from '../../lib/errors.js';
import { recordProviderRefundEvent } from '../refunds/provider-events.js';
import { providerError } from '../checkout/refusals.js';
import { settle } from '../checkout/return.js';
import { endSession, sessionByProviderId } from '../checkout/settlement.js';

// ─── The provider's webhook ──────────────────────────────────────────────────────────
/** POST /api/stripe/webhook: a signed event about a checkout session completes (or ends) it. */
export async function handleWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  const provider = ctx.providers.payments;
  if (!provider.verifyWebhook) throw notFound('Webhook endpoint');
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    throw providerError(error);
  }
  // A refund made in the provider's dashboard (or the state of one of ours): the refunds module.
  if (event.type === 'charge.refunded') {
    await recordProviderRefundEvent(ctx, event);
    return { received: true };
  }
  if (event.type === 'other' || !event.sessionId) return { received: true };
  const session = await sessionByProviderId(ctx.db, event.sessionId);
  // Not one of ours (another platform's event on a shared account): acknowledged, nothing to do.
  if (!session) return { received: true };
  if (event.type === 'checkout.session.expired') {
    await endSession(ctx, session.id, 'expired');
    return { received: true };
  }
  try {
    await settle(ctx, session);
  } catch (error) {
    // An event for a session that is not paid after all is acknowledged; anything else is
    // answered as an error so the provider delivers the event again.
    if (!isRefusal(error)) throw error;
  }
  return { received: true };
}
