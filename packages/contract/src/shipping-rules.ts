/** Shipping rules shared by the server and the browser (zod-free). */

/** Spec section 8: what the billing page says when estimates fail or are empty. */
export const SHIPPING_ESTIMATES_ERROR = 'There was an error getting shipping estimates. Please try again later.';

/** Spec section 8: the billing summary's shipping line until a rate is chosen. */
export const SELECT_SHIPPING_TEXT = 'Please select shipping';

/** Spec section 6: payment is disabled while the seller's card payments are not active. */
export const SELLER_PAYMENTS_NOT_ACTIVE =
  'The seller needs to complete their payment setup before checkout can proceed. Please reach out to them directly for assistance.';
