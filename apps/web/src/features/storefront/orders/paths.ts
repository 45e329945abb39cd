/**
 * The buyer's order pages' paths, a leaf module (no queries) so that the checkout's chunks can
 * link to them without loading the orders feature.
 */
import { withQuery } from '../../../lib/api';

/** The orders page; with an order, that order's View Order dialog opens on it. */
export function buyerOrderPath(sellerOrgId: string, orderId?: string): string {
  return withQuery(`/storefront/${sellerOrgId}/orders`, { order: orderId });
}

/** Where the buyer lands once an order is placed (paid by card or placed on terms). */
export function orderConfirmationPath(sellerOrgId: string, orderId: string): string {
  return `/storefront/${sellerOrgId}/orders/${orderId}/confirmation`;
}
