/** Checkout texts shared by the server and the browser (zod-free). */

/** Spec section 2 "checkout/return": the phrases shown while the payment is being verified. */
export const CHECKOUT_RETURN_PHRASES = [
  'Finalizing your payment...',
  'Almost there...',
  'Processing your order...',
] as const;
/** …and the messages typed out (100 ms per character). */
export const CHECKOUT_RETURN_MESSAGES = [
  'We are processing your order...',
  'Thanks for placing an order... Happiness awaits!',
] as const;
export const CHECKOUT_RETURN_TYPE_STEP_MS = 100;
/** Spec section 8. */
export const NO_SESSION_ID_MESSAGE = 'No session ID provided';
export const PAYMENT_VERIFICATION_FAILED = 'Payment verification failed';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';
