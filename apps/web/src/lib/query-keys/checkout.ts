// ── Checkout and payment (buyer) ────────────────────────────────────────────────────────────

/**
 * Checkout and payment: the buyer's saved addresses, a draft order's shipping estimates and
 * payment terms, and the card payment's session, embedded checkout and verification. A key that
 * ends in `…rest` names what the answer depends on (the cart's lines, the order's rate), so a
 * change of those reads it afresh; the prefix before them invalidates every such answer.
 */
export const checkoutKeys = {
  savedAddresses: (buyerOrgId: string) => ['address', 'organization', buyerOrgId] as const,
  shippingEstimates: (orderId: string | null, ...rest: unknown[]) => ['shipping-estimates', orderId, ...rest] as const,
  orderPaymentTerms: (orderId: string) => ['order-payment-terms', orderId] as const,
  checkoutSession: (sellerOrgId: string, ...rest: unknown[]) => ['checkout-session', sellerOrgId, ...rest] as const,
  embeddedCheckout: (clientSecret: string) => ['embedded-checkout', clientSecret] as const,
  verifyPayment: (sellerOrgId: string, sessionId: string | null) => ['verify-payment', sellerOrgId, sessionId] as const,
};
