/**
 * The seller's Orders workspace (issue 23 section 6), zod-free so the web client imports it: the
 * list's views (the tabs), their labels, and which order states each view holds.
 */
import type { OrderState } from './order-lifecycle-rules.js';

/** The tabs beside "All": what is left to ship, part-shipped, shipped, unpaid invoices, cancelled. */
export const SELLER_ORDER_VIEWS = ['to_ship', 'partially_shipped', 'shipped', 'unpaid', 'cancelled'] as const;
export type SellerOrderView = (typeof SELLER_ORDER_VIEWS)[number];

export const SELLER_ORDER_VIEW_LABELS: Record<SellerOrderView | 'all', string> = {
  all: 'All',
  to_ship: 'To ship',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  unpaid: 'Unpaid',
  cancelled: 'Cancelled',
};

/** The order states a view lists; `unpaid` is not a state (its invoice is OPEN): null. */
export function viewStates(view: SellerOrderView): readonly OrderState[] | null {
  switch (view) {
    case 'to_ship':
      return ['placed', 'accepted', 'partially_shipped'];
    case 'partially_shipped':
      return ['partially_shipped'];
    case 'shipped':
      return ['shipped', 'delivered'];
    case 'cancelled':
      return ['cancelled'];
    case 'unpaid':
      return null;
  }
}

/** At most this many orders in one bulk action (packing slips, mark shipped). */
export const ORDER_BULK_MAX = 100;

/** The customer filter's longest text. */
export const ORDER_CUSTOMER_FILTER_MAX = 100;

/**
 * The tabs count at most this many orders each: a count equal to it means "this many or more"
 * (shown as 10,000+), so a seller with a long history gets its counts from a bounded read.
 */
export const SELLER_ORDER_COUNT_CAP = 10_000;

/** A tab's count as shown: "1,234", or "10,000+" at the cap. */
export function orderCountLabel(count: number): string {
  const text = count.toLocaleString('en-US');
  return count >= SELLER_ORDER_COUNT_CAP ? `${text}+` : text;
}
