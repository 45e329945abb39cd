/**
 * The seller's Orders workspace (issue 23 section 6): the list's filters (SellingOrdersQuery in
 * orders.ts adds them), the tabs' counts and the bulk actions' bodies.
 */
import { z } from 'zod';
import { Uuid, singleLineText } from './common.js';
import { ORDER_BULK_MAX, ORDER_CUSTOMER_FILTER_MAX, SELLER_ORDER_VIEWS } from './orders-workspace-rules.js';

/** A UTC day as YYYY-MM-DD (a real date). */
const OrderDay = z.iso.date({ message: 'must be a day as YYYY-MM-DD' });

/** A real day (the ISO date expression zod checks, leap years included), unanchored. */
const REAL_DAY = z.regexes.date.source.replace(/^\^|\$$/g, '');
/**
 * Two real days joined by "..": an impossible day ("2025-13-45") never reaches the database,
 * which refused it with a 500 (found by the OpenAPI conformance test).
 */
const SHIP_WINDOW_PATTERN = new RegExp(`^${REAL_DAY}\\.\\.${REAL_DAY}$`);

/**
 * The workspace's filters of GET …/selling (and of the CSV export): `view` (a tab), `customer`
 * (the buyer organization's name contains it, any case; the seller's customers), `from`/`to`
 * (the day it was placed, UTC, both included).
 */
export const sellingOrdersFilterFields = {
  view: z.enum(SELLER_ORDER_VIEWS, { message: `must be one of ${SELLER_ORDER_VIEWS.join(', ')}` }).optional(),
  customer: singleLineText({ message: 'must be text' }).max(ORDER_CUSTOMER_FILTER_MAX, 'is too long').optional(),
  from: OrderDay.optional(),
  to: OrderDay.optional(),
  /**
   * Issue 25: only orders with lines sold in this pre-order ship window, written
   * "YYYY-MM-DD..YYYY-MM-DD" (preorder-rules.ts shipWindowKey); the windows are in the counts.
   */
  ship_window: z
    .string()
    .regex(SHIP_WINDOW_PATTERN, 'must be a ship window as YYYY-MM-DD..YYYY-MM-DD (two real days)')
    .optional(),
};

/** The date range's rule: from on or before to (400 naming from). */
export const orderDayRangeRule: [
  (query: { from?: string; to?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => !query.from || !query.to || query.from <= query.to,
  { message: 'must be on or before to', path: ['from'] },
];

/**
 * GET /api/organization/{org_id}/orders/counts: how many of the seller's orders each tab holds,
 * each at most SELLER_ORDER_COUNT_CAP (which then means that many or more).
 */
export const SellerOrderCounts = z.object({
  to_ship: z.number().int(),
  partially_shipped: z.number().int(),
  shipped: z.number().int(),
  unpaid: z.number().int(),
  cancelled: z.number().int(),
  all: z.number().int(),
  /** Issue 25: the pre-order ship windows of the seller's orders (the Ship window filter's choices), latest first. */
  ship_windows: z.array(z.object({ ships_from: z.string(), ships_until: z.string() })).optional(),
});
export type SellerOrderCounts = z.infer<typeof SellerOrderCounts>;

/** POST /api/organization/{org_id}/orders/packing-slips: the orders, 1 to 100, each the seller's. */
export const PackingSlipsBody = z.strictObject({
  order_ids: z
    .array(Uuid, { message: 'must be a list of order ids' })
    .min(1, 'must name at least one order')
    .max(ORDER_BULK_MAX, `must name at most ${ORDER_BULK_MAX} orders`),
});
export type PackingSlipsBody = z.infer<typeof PackingSlipsBody>;
