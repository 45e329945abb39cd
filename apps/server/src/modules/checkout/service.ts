/**
 * Card payment and order completion (spec sections 2 "checkout/return", 4 "Order flow", 7;
 * DECISIONS "The money path").
 *
 * A checkout session is a priced snapshot: create-checkout-session reads the cart under its
 * lock, checks every rule again (minimums, availability, address, a current shipping rate, the
 * seller's payments), holds tracked stock, and asks the payments provider for a session of
 * exactly that amount — never an amount from the browser. The buyer pays it in the provider's
 * embedded checkout. Whoever learns first that it was paid — the built-in card form, the return
 * page's verify-payment, the provider's webhook (modules/webhooks), or submit — completes the order with the
 * session's snapshot in one transaction: lines and prices captured, totals, stock sold, an
 * invoice, the cart closed, the two e-mails queued. The order row's lock and its status make
 * that happen once however many arrive together, and in whichever process.
 *
 * Orders of one seller completing at once do not wait for one another (issue 11): each claims
 * a slot of the seller (seller-slot.ts) and adds to that slot's rows of the seller-wide
 * counters (catalogue and order-list versions, dashboard); what they share is the rows of the
 * products they sell, locked by the last statement before the commit.
 *
 * This file is the module's face to the routes and to other modules; each job lives in its own
 * file: settlement.ts (completion, superseding, refunds of unusable payments), snapshot.ts,
 * provider-sessions.ts, card-checkout.ts, net-terms.ts, invoice-sessions.ts, return.ts,
 * embedded-checkout.ts, reconcile.ts, payments-of-order.ts, refusals.ts.
 */
export { CHECKOUT_SESSION_TTL_MS, STOCK_HOLD_GRACE_MS } from './snapshot.js';
export { refundUnusablePayment } from './settlement.js';
export { createCheckoutSession } from './card-checkout.js';
export { verifyPayment, submitOrder } from './return.js';
export { TERMS_PROVIDER, submitOnTerms } from './net-terms.js';
export { createInvoiceCheckoutSession, closeInvoice } from './invoice-sessions.js';
export { sessionIdOfSecret, viewEmbeddedCheckout, payWithCard, answerChallenge } from './embedded-checkout.js';
export { reconcileOpenSessions, type ReconcileRound } from './reconcile.js';
export { providerSessionOrder, orderPayment } from './payments-of-order.js';
