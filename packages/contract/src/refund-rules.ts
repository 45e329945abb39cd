/**
 * Refunds by the seller (issue 21 part 2), the plain rules (zod-free): reasons, methods and
 * statuses with their labels, limits, and what an order's refunded amount means on a screen.
 * The schemas are in refunds.ts.
 */

/** Why a seller gives money back. */
export const REFUND_REASONS = [
  'damaged',
  'returned',
  'out_of_stock',
  'retailer_request',
  'duplicate',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  damaged: 'Damaged',
  returned: 'Returned',
  out_of_stock: 'Out of stock',
  retailer_request: 'Retailer request',
  duplicate: 'Duplicate',
  other: 'Other',
};

/**
 * How the money goes back: `card` through the payments provider to the card that paid, or
 * `credit_note` for an invoice paid by other means (check, ACH, wire, cash…) — the seller gives
 * the money back as it sees fit and the credit note records it.
 */
export const REFUND_METHODS = ['card', 'credit_note'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * pending: recorded, the provider not yet confirmed (it is asked again until it answers);
 * succeeded: given back; failed: the provider refused, the amount is free again.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Processing',
  succeeded: 'Refunded',
  failed: 'Failed',
};

/** The note a seller may add (shown on the credit note and in the buyer's e-mail). */
export const REFUND_NOTE_MAX = 500;
/** The most one refund may be (an order never costs more): $9,999,999.99. */
export const REFUND_MAX_CENTS = 999_999_999;
/** Lines one refund may name. */
export const REFUND_LINES_MAX = 500;

/** A credit note's number as printed: CN-000001. */
export const CREDIT_NOTE_PREFIX = 'CN-';

/** What an order's refunds come to, against what was paid. */
export type OrderRefundState = 'none' | 'partial' | 'full';

/** none, partial or full, from the order's total and what was refunded of it. */
export function orderRefundState(totalCents: number, refundedCents: number | null | undefined): OrderRefundState {
  const refunded = refundedCents ?? 0;
  if (refunded <= 0) return 'none';
  return refunded >= totalCents ? 'full' : 'partial';
}

/** The chip the order lists show: "Refunded", "Partially refunded", or null. */
export function orderRefundLabel(totalCents: number, refundedCents: number | null | undefined): string | null {
  const state = orderRefundState(totalCents, refundedCents);
  return state === 'full' ? 'Refunded' : state === 'partial' ? 'Partially refunded' : null;
}

export const STAFF_REFUND_MESSAGE = 'Only an owner or admin can refund orders.';
