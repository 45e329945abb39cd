/** Where the provider's card form sends the buyer once paid: the checkout's return page, or the orders for an invoice. */
import type { AppContext } from '../../lib/context.js';

export const returnUrl = (ctx: AppContext, sellerId: string, sessionId: string) =>
  `${ctx.config.publicUrl}/storefront/${sellerId}/checkout/return?session_id=${sessionId}`;

/**
 * Where a paid invoice session returns: the buyer's orders, which verify `paid_session` (the
 * provider fills in {CHECKOUT_SESSION_ID}) and say the invoice is paid.
 */
export const invoiceReturnUrl = (ctx: AppContext, sellerId: string, sessionId = '{CHECKOUT_SESSION_ID}') =>
  `${ctx.config.publicUrl}/storefront/${sellerId}/orders?paid_session=${sessionId}`;
