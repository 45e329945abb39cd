import { paymentStatusLabel, type Order } from '@cratebase/contract';

// The helpers both the seller's and the buyer's order dialogs use (order number, ship-to lines,
// shipping service, order unit, carrier) live in components/orders/order-format.ts.

/** Spec section 4: Shipped? is Yes when the shipping information has a status. */
export function isShipped(order: Pick<Order, 'shipping_information'>): boolean {
  return Boolean(order.shipping_information?.status);
}

/** Spec section 4: the invoice status upper-cased or N/A; OPEN is shown as an error. */
export function paymentStatus(order: Pick<Order, 'invoice'>): { label: string; open: boolean } {
  const label = paymentStatusLabel(order.invoice?.stripe_status);
  return { label, open: label === 'OPEN' };
}
