// Refunds by the seller (issue 21 part 2): what a refund request says and what the API answers.
// Plain rules: refund-rules.ts. docs/payments.md "Refunds" tells how the money moves.
import { z } from 'zod';
import { Uuid, multiLineText } from './common.js';
import {
  REFUND_LINES_MAX,
  REFUND_MAX_CENTS,
  REFUND_METHODS,
  REFUND_NOTE_MAX,
  REFUND_REASONS,
  REFUND_STATUSES,
} from './refund-rules.js';

const wholeCents = (min: number) =>
  z
    .number({ message: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(min, min === 0 ? 'must not be negative' : 'must be at least 1 cent')
    .max(REFUND_MAX_CENTS, `must be at most ${REFUND_MAX_CENTS} cents`);

/** One line of the order to refund, and how many of its units. */
export const RefundLineInput = z.strictObject({
  line_item_id: Uuid,
  quantity: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'is more than any order holds'),
});
export type RefundLineInput = z.infer<typeof RefundLineInput>;

/**
 * POST /api/organization/{org_id}/orders/{order_id}/refunds. Exactly one of:
 *  - `full: true` — everything still paid and not refunded (the remaining lines and shipping);
 *  - `amount_cents` — an amount, not tied to lines;
 *  - `lines` and/or `shipping_cents` — chosen quantities of the order's lines at the prices
 *    paid, and an amount of its shipping.
 * `restock` returns the refunded units of tracked products to stock (lines or full only).
 * The request's `Idempotency-Key` header makes a retry answer the first refund.
 */
export const CreateRefundBody = z
  .strictObject({
    full: z.boolean({ message: 'must be true or false' }).optional(),
    amount_cents: wholeCents(1).optional(),
    lines: z.array(RefundLineInput).max(REFUND_LINES_MAX, `must have at most ${REFUND_LINES_MAX} lines`).optional(),
    shipping_cents: wholeCents(0).optional(),
    reason: z.enum(REFUND_REASONS, { message: `must be one of ${REFUND_REASONS.join(', ')}` }),
    note: multiLineText({ message: 'must be text' })
      .max(REFUND_NOTE_MAX, `must be at most ${REFUND_NOTE_MAX} characters`)
      .nullable()
      .optional(),
    restock: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .superRefine((body, ctx) => {
    const byParts = (body.lines?.length ?? 0) > 0 || (body.shipping_cents ?? 0) > 0;
    const kinds = [body.full === true, body.amount_cents !== undefined, byParts].filter(Boolean).length;
    if (kinds === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount_cents'],
        message: 'is required: give an amount, lines or shipping to refund, or full: true',
      });
    } else if (kinds > 1) {
      ctx.addIssue({
        code: 'custom',
        path: [body.full === true ? 'full' : 'amount_cents'],
        message: 'give only one of: full, amount_cents, or lines and shipping_cents',
      });
    }
    const seen = new Set<string>();
    body.lines?.forEach((line, i) => {
      if (seen.has(line.line_item_id)) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'line_item_id'], message: 'names a line twice' });
      }
      seen.add(line.line_item_id);
    });
    if (body.restock === true && body.full !== true && (body.lines?.length ?? 0) === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['restock'],
        message: 'can only return items the refund names: choose lines, or refund in full',
      });
    }
  })
  .meta({
    description: 'One kind of refund: full, an amount, or lines and/or shipping; restock only with full or lines; a line at most once.',
    allOf: [
      {
        oneOf: [
          { required: ['full'], properties: { full: { enum: [true] } } },
          { required: ['amount_cents'] },
          {
            anyOf: [
              { required: ['lines'], properties: { lines: { minItems: 1 } } },
              { required: ['shipping_cents'], properties: { shipping_cents: { minimum: 1 } } },
            ],
          },
        ],
      },
      {
        anyOf: [
          { not: { required: ['restock'], properties: { restock: { enum: [true] } } } },
          { required: ['full'], properties: { full: { enum: [true] } } },
          { required: ['lines'], properties: { lines: { minItems: 1 } } },
        ],
      },
    ],
  });
export type CreateRefundBody = z.infer<typeof CreateRefundBody>;
export type CreateRefundInput = z.input<typeof CreateRefundBody>;

export const OrgOrderParams = z.strictObject({ org_id: Uuid, order_id: Uuid });

/** A line as a refund gave it back: the units and their amount at the price paid. */
export const RefundLine = z.object({
  line_item_id: Uuid,
  product_id: Uuid.nullable(),
  name: z.string(),
  quantity: z.number().int(),
  amount_cents: z.number().int(),
});
export type RefundLine = z.infer<typeof RefundLine>;

/** One refund of an order, with its credit note. */
export const Refund = z.object({
  id: Uuid,
  order_id: Uuid,
  /** CN-000001: the credit note's number (every refund has one). */
  credit_note_number: z.string(),
  /** What was given back, all in; `shipping_cents` of it was the order's shipping. */
  amount_cents: z.number().int(),
  shipping_cents: z.number().int(),
  lines: z.array(RefundLine),
  reason: z.enum(REFUND_REASONS),
  note: z.string().nullable(),
  method: z.enum(REFUND_METHODS),
  /** The card the money went back to (method card), as the payment was made. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  status: z.enum(REFUND_STATUSES),
  /** Why the provider refused it (status failed). */
  failure_message: z.string().nullable(),
  /** The refunded units of tracked products went back to stock. */
  restock: z.boolean(),
  /** seller: made in Cratebase; provider: made at the payments provider (Stripe's dashboard). */
  source: z.enum(['seller', 'provider']),
  created_at: z.string(),
  created_by: z.object({ name: z.string().nullable() }).nullable(),
  /** A signed link to the credit note PDF (valid for an hour; a fresh one with every read). */
  credit_note_link: z.string(),
});
export type Refund = z.infer<typeof Refund>;

/** A line of the order as the refund dialog offers it. */
export const RefundableLine = z.object({
  line_item_id: Uuid,
  product_id: Uuid,
  name: z.string(),
  quantity: z.number().int(),
  unit_price_in_cents: z.number().int(),
  /** Units already refunded (pending or done). */
  refunded_quantity: z.number().int(),
  /** The product's stock is tracked (restock returns its units). */
  track_inventory: z.boolean(),
});
export type RefundableLine = z.infer<typeof RefundableLine>;

/**
 * GET /api/order/{order_id}/refunds: the order's refunds, newest first, and what is left to
 * refund — for the order's seller and buyer.
 */
export const OrderRefunds = z.object({
  order_id: Uuid,
  /** What was paid: the card payment, or the invoice paid by other means (0 when nothing was). */
  paid_cents: z.number().int(),
  /** Refunded so far (refunds in progress included). */
  refunded_cents: z.number().int(),
  /** What a new refund may still give back. */
  refundable_cents: z.number().int(),
  /** How a new refund goes back: to the card, or as a credit note; null when nothing was paid. */
  method: z.enum(REFUND_METHODS).nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Null when the order can be refunded; else the sentence that says why not. */
  not_refundable: z.string().nullable(),
  lines: z.array(RefundableLine),
  shipping_cents: z.number().int(),
  shipping_refunded_cents: z.number().int(),
  refunds: z.array(Refund),
});
export type OrderRefunds = z.infer<typeof OrderRefunds>;
