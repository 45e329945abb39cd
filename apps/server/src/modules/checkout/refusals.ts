/**
 * The checkout's refusals: what a buyer reads (a sentence, the field in `issues`) when a payment
 * cannot start or be used, and the payments provider's failures in the same words.
 */
import { MONEY_LIMITS, SELLER_PAYMENTS_NOT_ACTIVE, dollars, orderTooLargeMessage } from '@cratebase/contract';
import { DomainError, refusal, unavailable } from '../../lib/errors.js';
import { PaymentsProviderError } from '../../providers/payments/interface.js';

export const alreadySubmitted = () =>
  refusal(
    'conflict',
    'order_submitted',
    'order_id',
    'This order was already placed. Open the store again to start a new order.',
  );

export const cartChanged = () =>
  refusal(
    'conflict',
    'cart_changed',
    'cart',
    'Your cart changed while the payment was being prepared. Please review it and pay again.',
  );

/**
 * 409 before any money moves for an amount no payment may take: above the order maximum (the
 * cart's own issue, checked again here against the shipping priced under the order's lock — a
 * rate chosen in another tab meanwhile), or above what the provider's checkout takes in one
 * payment (Stripe Checkout: $999,999.99).
 */
export function refuseUnpayable(amountCents: number, provider: string, field: 'cart' | 'invoice_id'): void {
  if (amountCents > MONEY_LIMITS.orderTotalCents) {
    throw refusal('conflict', 'order_too_large', field, orderTooLargeMessage(amountCents, field === 'cart'));
  }
  if (provider === 'stripe' && amountCents > MONEY_LIMITS.stripeCheckoutSessionCents) {
    throw refusal(
      'conflict',
      'amount_above_card_limit',
      field,
      `This comes to ${dollars(amountCents)}, more than the ${dollars(MONEY_LIMITS.stripeCheckoutSessionCents)} ` +
        'one card payment can take. Split it into smaller orders, or ask the seller about paying by invoice.',
    );
  }
}

export function providerError(error: unknown): unknown {
  if (!(error instanceof PaymentsProviderError)) return error;
  switch (error.code) {
    case 'provider_unavailable':
      return unavailable('The payments provider cannot be reached right now. Please try again shortly.');
    case 'session_expired':
      return refusal(
        'conflict',
        'session_expired',
        'client_secret',
        'This payment session expired. A new one is being prepared.',
      );
    case 'session_complete':
      return refusal('conflict', 'session_complete', 'client_secret', 'This payment was already made.');
    case 'invalid_session':
    case 'unknown_session':
      return refusal('not_found', 'not_found', 'client_secret', 'This payment session is not valid.');
    case 'unknown_account':
      return refusal('conflict', 'seller_payments_inactive', 'account', SELLER_PAYMENTS_NOT_ACTIVE);
    case 'invalid_signature':
      // The provider says what was wrong (no header, a bad signature, a body that is not an event).
      return refusal('invalid', 'invalid_signature', 'stripe-signature', error.message);
  }
}

// ─── Payments that cannot be used go back ────────────────────────────────────────────
/**
 * The buyer's sentence for a payment that is given back: it reached an order or invoice already
 * settled — or, when its order is still a draft (`orderStatus`), it did not match the session.
 */
export function unusableRefusal(session: { purpose: string }, orderStatus?: string): DomainError {
  if (session.purpose === 'order' && orderStatus === 'draft') {
    return refusal(
      'conflict',
      'payment_mismatch',
      'session_id',
      'This payment does not match the order, so it is being refunded to your card. Please contact the seller.',
    );
  }
  return session.purpose === 'invoice'
    ? refusal(
        'conflict',
        'invoice_not_open',
        'session_id',
        'This invoice is no longer open: the seller recorded it meanwhile. Your payment is being refunded to your card, and you will get an e-mail.',
      )
    : refusal(
        'conflict',
        'order_submitted',
        'session_id',
        'This order was already placed with another payment. This payment is being refunded to your card, and you will get an e-mail.',
      );
}

// ─── POST /api/invoice/{invoice_id}/checkout-session ─────────────────────────────────
export const notOpenInvoice = (status: string) =>
  refusal('conflict', 'invoice_not_open', 'invoice_id', `This invoice is ${status}: there is nothing to pay.`);
