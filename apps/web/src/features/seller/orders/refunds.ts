/**
 * The seller's refunds (issue 21 part 2): what the Refund dialog plans from the order's refunds
 * (what is left of each line and of the shipping). The call that makes one is `useCreateRefund`
 * in `api.ts` — with an Idempotency-Key kept for the dialog's whole opening, so a retried or
 * double-clicked refund is applied once.
 */
import type { CreateRefundInput, OrderRefunds, RefundReason } from '@cratebase/contract';

export type RefundMode = 'full' | 'items' | 'amount';

export interface RefundDraft {
  mode: RefundMode;
  /** Units per line (line item id → quantity), items mode. */
  quantities: Record<string, number>;
  /** Shipping to give back (cents), items mode. */
  shippingCents: number;
  /** The amount (cents), amount mode; null while empty. */
  amountCents: number | null;
  reason: RefundReason | '';
  note: string;
  restock: boolean;
}

export interface RefundPlan {
  /** What the refund comes to (cents). */
  totalCents: number;
  /** Why it cannot be sent yet, in words (null: it can). */
  problem: string | null;
  /** Units of tracked products that would go back to stock if asked. */
  restockableUnits: number;
  body: CreateRefundInput | null;
}

/** Units of a line still to refund. */
export const unitsLeft = (line: OrderRefunds['lines'][number]) => Math.max(0, line.quantity - line.refunded_quantity);

export const shippingLeft = (state: OrderRefunds) => Math.max(0, state.shipping_cents - state.shipping_refunded_cents);

/** The refund a draft asks for, checked against what is left (the server checks again). */
export function planRefund(state: OrderRefunds, draft: RefundDraft): RefundPlan {
  const reason = draft.reason || null;
  const note = draft.note.trim() || undefined;
  let totalCents = 0;
  let restockableUnits = 0;
  let problem: string | null = null;
  let body: CreateRefundInput;
  if (draft.mode === 'full') {
    totalCents = state.refundable_cents;
    restockableUnits = state.lines.filter((l) => l.track_inventory).reduce((n, l) => n + unitsLeft(l), 0);
    body = { full: true, reason: reason ?? 'other', note, restock: draft.restock && restockableUnits > 0 };
  } else if (draft.mode === 'items') {
    const lines = state.lines
      .map((l) => ({ line: l, quantity: draft.quantities[l.line_item_id] ?? 0 }))
      .filter((x) => x.quantity > 0);
    for (const { line, quantity } of lines) {
      if (quantity > unitsLeft(line)) problem ??= `Only ${unitsLeft(line)} of “${line.name}” can still be refunded.`;
      totalCents += quantity * line.unit_price_in_cents;
      if (line.track_inventory) restockableUnits += quantity;
    }
    if (draft.shippingCents > shippingLeft(state)) problem ??= 'That is more shipping than is left to refund.';
    totalCents += draft.shippingCents;
    if (totalCents <= 0) problem ??= 'Choose the items or the shipping to refund.';
    body = {
      lines: lines.map(({ line, quantity }) => ({ line_item_id: line.line_item_id, quantity })),
      ...(draft.shippingCents > 0 ? { shipping_cents: draft.shippingCents } : {}),
      reason: reason ?? 'other',
      note,
      restock: draft.restock && restockableUnits > 0,
    };
  } else {
    totalCents = draft.amountCents ?? 0;
    if (!draft.amountCents) problem ??= 'Enter the amount to refund.';
    body = { amount_cents: totalCents, reason: reason ?? 'other', note };
  }
  if (totalCents > state.refundable_cents) problem ??= 'That is more than is left to refund.';
  if (!reason) problem ??= 'Choose a reason.';
  return { totalCents, problem, restockableUnits, body: problem ? null : body };
}
