/** The built-in provider's embedded card form: what it shows, a card, a challenge's answer. */
import type { CardInput, CardPaymentResult, EmbeddedCheckout } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { DomainError, refusal } from '../../lib/errors.js';
import type { CardOutcome } from '../../providers/payments/interface.js';
import { providerError } from './refusals.js';
import { returnUrl, invoiceReturnUrl } from './return-urls.js';
import { completePaid, sessionByProviderId } from './settlement.js';

// ─── The built-in provider's embedded checkout ───────────────────────────────────────
function embedded(ctx: AppContext) {
  const checkout = ctx.providers.payments.embeddedCheckout;
  if (!checkout) {
    throw refusal(
      'conflict',
      'checkout_hosted_by_provider',
      'client_secret',
      'This payments provider hosts its own checkout form.',
    );
  }
  return checkout;
}

/** The provider session id inside a client secret (`cs_…_secret_…`), as its format gives it. */
export function sessionIdOfSecret(clientSecret: string): string | null {
  const m = /^(cs_[A-Za-z0-9]+)_secret_/.exec(clientSecret);
  return m ? m[1]! : null;
}

/** POST /api/payments/checkout/session: what the card form shows. */
export async function viewEmbeddedCheckout(ctx: AppContext, clientSecret: string): Promise<EmbeddedCheckout> {
  let view;
  try {
    view = await embedded(ctx).view(clientSecret);
  } catch (error) {
    throw providerError(error);
  }
  return {
    session_id: view.sessionId,
    status: view.status,
    merchant_name: view.merchantName,
    currency: 'usd',
    amount_cents: view.amountCents,
    expires_at: view.expiresAt.toISOString(),
    return_url: view.returnUrl,
    challenge_id: view.challengeId,
  };
}

/** A card outcome in HTTP terms: paid completes the order at once (the buyer's tab may close). */
async function answerOutcome(ctx: AppContext, outcome: CardOutcome): Promise<CardPaymentResult> {
  if (outcome.status === 'declined') {
    throw new DomainError('payment_required', outcome.code, outcome.message, [{ path: 'card.number', message: outcome.message }]);
  }
  if (outcome.status === 'requires_action') {
    return { status: 'requires_action', return_url: null, challenge_id: outcome.challengeId, card: outcome.card };
  }
  const session = await sessionByProviderId(ctx.db, outcome.session.sessionId);
  if (!session) throw new Error(`checkout: the provider session ${outcome.session.sessionId} has no record of ours`);
  // The completion names the order's seller (read with the order it locked): no second read.
  const { sellerId } = await completePaid(ctx, session, outcome.session);
  return {
    status: 'complete',
    return_url:
      session.purpose === 'invoice'
        ? invoiceReturnUrl(ctx, sellerId, outcome.session.sessionId)
        : returnUrl(ctx, sellerId, outcome.session.sessionId),
    challenge_id: null,
    card: outcome.session.card ?? { brand: 'unknown', last4: '' },
  };
}

/** POST /api/payments/checkout/pay. */
export async function payWithCard(ctx: AppContext, clientSecret: string, card: CardInput): Promise<CardPaymentResult> {
  let outcome;
  try {
    outcome = await embedded(ctx).payWithCard(clientSecret, card);
  } catch (error) {
    throw providerError(error);
  }
  return answerOutcome(ctx, outcome);
}

/** POST /api/payments/checkout/challenge. */
export async function answerChallenge(
  ctx: AppContext,
  clientSecret: string,
  challengeId: string,
  outcome: 'complete' | 'fail',
): Promise<CardPaymentResult> {
  let result;
  try {
    result = await embedded(ctx).answerChallenge(clientSecret, challengeId, outcome);
  } catch (error) {
    throw providerError(error);
  }
  return answerOutcome(ctx, result);
}
