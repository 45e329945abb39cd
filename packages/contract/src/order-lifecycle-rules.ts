/**
 * Orders after checkout (issue 23), the plain rules (zod-free): the order's states and who may
 * move them, cancel reasons, the buyer's cancel window, the timeline's event kinds, and the
 * screens' texts. docs/architecture.md "Orders after checkout" tells the whole model; the
 * schemas are in order-lifecycle.ts.
 *
 *   placed ─► accepted ─► partially_shipped ─► shipped ─► delivered
 *      │          │               │
 *      └──────────┴───────────────┴─► cancelled   (only what has not shipped is cancelled)
 *
 * The state follows the lines: an order whose every unit is cancelled is cancelled; one with
 * units shipped and units left is partially_shipped; one with nothing left to ship and units
 * shipped is shipped (a cancelled rest does not hold it back). Money (paid, open invoice,
 * refunded) is shown beside the state, never instead of it.
 */

export const ORDER_STATES = ['placed', 'accepted', 'partially_shipped', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  placed: 'Placed',
  accepted: 'Accepted',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** States in which units may still be shipped, cancelled or changed. */
export const OPEN_ORDER_STATES: readonly OrderState[] = ['placed', 'accepted', 'partially_shipped'];
export const isOpenOrderState = (state: OrderState): boolean => OPEN_ORDER_STATES.includes(state);

/** Why the seller cancels an order or some of its units. */
export const CANCEL_REASONS = ['out_of_stock', 'retailer_request', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  out_of_stock: 'Out of stock',
  retailer_request: 'Retailer request',
  other: 'Other',
};

/** A note on a cancellation, a request or a decline: at most this many characters. */
export const ORDER_NOTE_MAX = 500;
/** Lines one change may name. */
export const ORDER_CHANGE_LINES_MAX = 500;

/**
 * The buyer may cancel its own order, or reduce it, for this many hours after placing it —
 * as long as the seller has neither accepted nor shipped any of it. Each seller sets its own
 * (0: never; at most 720 hours = 30 days); later the buyer can only request a cancellation.
 */
export const DEFAULT_BUYER_CANCEL_HOURS = 24;
export const MAX_BUYER_CANCEL_HOURS = 720;

/** The order's events as the timeline shows them. */
export const ORDER_EVENT_KINDS = [
  'placed',
  'accepted',
  'cancelled',
  'lines_cancelled',
  'shipped',
  'delivered',
  'cancellation_requested',
  'cancellation_declined',
  'refunded',
  'invoice_paid',
  'invoice_voided',
  'invoice_reduced',
  'unavailable_reported',
  'backorder_chosen',
  'claim_opened',
  'claim_refunded',
  'claim_replaced',
  'claim_declined',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Who moved the order: the seller's member, the buyer's member, or Cratebase itself. */
export const ORDER_ACTOR_SIDES = ['seller', 'buyer', 'system'] as const;
export type OrderActorSide = (typeof ORDER_ACTOR_SIDES)[number];

// ─── Texts ───────────────────────────────────────────────────────────────────────────
export const ORDER_TIMELINE_TITLE = 'Timeline';
export const CANCEL_ORDER_LABEL = 'Cancel order';
export const CANCEL_ITEMS_LABEL = 'Cancel or reduce items';
export const REQUEST_CANCELLATION_LABEL = 'Request cancellation';
export const ACCEPT_ORDER_LABEL = 'Accept order';
export const SHIP_ITEMS_LABEL = 'Ship items';
export const MARK_DELIVERED_LABEL = 'Mark delivered';

/** The sentence the buyer reads about cancelling, for the order's facts now. */
export function buyerCancelRule(hours: number): string {
  if (hours <= 0) return 'To cancel, send the seller a cancellation request.';
  const span =
    hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `You can cancel or reduce this order for ${span} after placing it, until the seller accepts or ships it; after that, request a cancellation.`;
}

/**
 * Units of a line that may ship now: those left, less those reported unavailable until the
 * retailer chooses to wait for them or cancel them (backorder 'asked').
 */
export function unitsShippableNow(line: {
  quantity: number;
  cancelled_quantity?: number;
  shipped_quantity?: number;
  unavailable_quantity?: number;
  backorder?: 'asked' | 'waiting' | null;
}): number {
  return unitsLeft(line) - (line.backorder === 'asked' ? (line.unavailable_quantity ?? 0) : 0);
}

/** Units of a line left to ship: ordered, less cancelled and shipped. */
export function unitsLeft(line: { quantity: number; cancelled_quantity?: number; shipped_quantity?: number }): number {
  return line.quantity - (line.cancelled_quantity ?? 0) - (line.shipped_quantity ?? 0);
}

// ─── Backorders: units the seller cannot ship now ────────────────────────────────────
/**
 * "Report unavailable items": the seller marks units of lines unavailable with the day it
 * expects them back; the retailer chooses per line to wait (a backorder, shipped later) or to
 * cancel them (refunded, or the invoice reduced); the rest ships as usual.
 *   asked: reported, the retailer has not chosen yet; waiting: the retailer waits.
 */
export const BACKORDER_STATES = ['asked', 'waiting'] as const;
export type BackorderState = (typeof BACKORDER_STATES)[number];
export const BACKORDER_CHOICES = ['wait', 'cancel'] as const;
export type BackorderChoice = (typeof BACKORDER_CHOICES)[number];
/** The expected restock day is at most this many days ahead. */
export const MAX_RESTOCK_DAYS = 365;
export const REPORT_UNAVAILABLE_LABEL = 'Report unavailable items';

// ─── Claims: damaged, missing or wrong items ─────────────────────────────────────────
/**
 * The retailer reports a problem with shipped units (a claim): damaged, missing or wrong items,
 * with a note and photos. The seller refunds the units, sends a replacement shipment, or
 * declines with a reason. Units claimed (open or approved) never pass the units shipped.
 */
export const CLAIM_KINDS = ['damaged', 'missing', 'wrong_item'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  damaged: 'Damaged',
  missing: 'Missing',
  wrong_item: 'Wrong item',
};
export const CLAIM_STATUSES = ['open', 'refunded', 'replaced', 'declined'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: 'Waiting for the seller',
  refunded: 'Refunded',
  replaced: 'Replacement sent',
  declined: 'Declined',
};
/** Photos one claim may carry. */
export const CLAIM_PHOTOS_MAX = 6;
export const REPORT_PROBLEM_LABEL = 'Report a problem';
