// Orders after checkout (issue 23): the commands' bodies and what an order answers of its
// state, shipments and timeline. Plain rules: order-lifecycle-rules.ts.
import { z } from 'zod';
import { Uuid, multiLineText } from './common.js';
import { CARRIERS } from './order-rules.js';
import {
  BACKORDER_CHOICES,
  BACKORDER_STATES,
  CANCEL_REASONS,
  CLAIM_KINDS,
  CLAIM_PHOTOS_MAX,
  CLAIM_STATUSES,
  MAX_BUYER_CANCEL_HOURS,
  ORDER_ACTOR_SIDES,
  ORDER_CHANGE_LINES_MAX,
  ORDER_EVENT_KINDS,
  ORDER_NOTE_MAX,
  ORDER_STATES,
} from './order-lifecycle-rules.js';

export const OrderStateSchema = z.enum(ORDER_STATES);

const note = multiLineText({ message: 'must be text' })
  .max(ORDER_NOTE_MAX, `must be at most ${ORDER_NOTE_MAX} characters`)
  .transform((v) => (v.trim() === '' ? null : v.trim()))
  .nullable()
  .optional();

/** Some units of one line of the order. */
export const OrderLineUnits = z.strictObject({
  line_item_id: Uuid,
  quantity: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'is more than any order holds'),
});
export type OrderLineUnits = z.infer<typeof OrderLineUnits>;

/** Units of several lines, each named once. */
export const OrderLineUnitsList = z
  .array(OrderLineUnits)
  .min(1, 'name at least one line')
  .max(ORDER_CHANGE_LINES_MAX, `must have at most ${ORDER_CHANGE_LINES_MAX} lines`)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, i) => {
      if (seen.has(line.line_item_id))
        ctx.addIssue({ code: 'custom', path: [i, 'line_item_id'], message: 'names a line twice' });
      seen.add(line.line_item_id);
    });
  });

/**
 * POST /api/organization/{org_id}/orders/{order_id}/cancel (the seller): without `lines`, every
 * unit not shipped yet; with them, those units of those lines (a line reduced, or removed when
 * all its units are named). Tracked stock comes back; what was paid for them is refunded, or
 * the open invoice reduced. The Idempotency-Key header makes a retry answer the first.
 */
export const SellerCancelBody = z.strictObject({
  reason: z.enum(CANCEL_REASONS, { message: `must be one of ${CANCEL_REASONS.join(', ')}` }),
  note,
  lines: OrderLineUnitsList.optional(),
});
export type SellerCancelBody = z.input<typeof SellerCancelBody>;

/**
 * POST /api/order/{order_id}/cancel (the buyer, while it may): without `lines` the whole order;
 * with them, those units (the order must still meet the seller's minimum).
 */
export const BuyerCancelBody = z.strictObject({ note, lines: OrderLineUnitsList.optional() });
export type BuyerCancelBody = z.input<typeof BuyerCancelBody>;

/** POST /api/order/{order_id}/cancellation-request (the buyer, once it may no longer cancel). */
export const CancellationRequestBody = z.strictObject({
  note: multiLineText({ message: 'must be text' })
    .max(ORDER_NOTE_MAX, `must be at most ${ORDER_NOTE_MAX} characters`)
    .transform((v) => v.trim())
    .refine((v) => v !== '', 'tell the seller why')
    .meta({ allOf: [{ pattern: '\\S' }] })
    .pipe(z.string()),
});
export type CancellationRequestBody = z.input<typeof CancellationRequestBody>;

/** POST …/orders/{order_id}/cancellation-request/decline (the seller), with its reason. */
export const DeclineCancellationBody = z.strictObject({
  reason: multiLineText({ message: 'must be text' })
    .max(ORDER_NOTE_MAX, `must be at most ${ORDER_NOTE_MAX} characters`)
    .transform((v) => v.trim())
    .refine((v) => v !== '', 'tell the retailer why')
    .meta({ allOf: [{ pattern: '\\S' }] }),
});
export type DeclineCancellationBody = z.input<typeof DeclineCancellationBody>;

/** GET|PUT /api/organization/{org_id}/order-settings: the buyer's cancel window, in hours. */
export const OrderSettings = z.strictObject({
  buyer_cancel_hours: z
    .number({ message: 'must be a whole number of hours' })
    .int('must be a whole number of hours')
    .min(0, 'must not be negative')
    .max(MAX_BUYER_CANCEL_HOURS, `must be at most ${MAX_BUYER_CANCEL_HOURS} hours (30 days)`),
});
export type OrderSettings = z.infer<typeof OrderSettings>;

// ─── What an order answers ───────────────────────────────────────────────────────────
export const Shipment = z.object({
  id: Uuid,
  /** 1, 2, … in the order they were made. */
  number: z.number().int(),
  carrier: z.enum(CARRIERS),
  tracking_number: z.string(),
  tracking_url: z.string(),
  created_at: z.string(),
  lines: z.array(z.object({ line_item_id: Uuid, name: z.string(), quantity: z.number().int() })),
});
export type Shipment = z.infer<typeof Shipment>;

export const OrderEvent = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(ORDER_EVENT_KINDS),
  actor: z.object({ side: z.enum(ORDER_ACTOR_SIDES), name: z.string().nullable() }),
  /** One sentence, as the timeline shows it ("Cancelled 2 × Plum jam: Out of stock"). */
  summary: z.string(),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

export const CancellationRequest = z.object({
  requested_at: z.string(),
  note: z.string(),
  by: z.object({ name: z.string().nullable() }).nullable(),
});
export type CancellationRequest = z.infer<typeof CancellationRequest>;

/** POST …/orders/{order_id}/unavailable (the seller): units it cannot ship now, and when it expects them. */
export const ReportUnavailableBody = z.strictObject({
  lines: OrderLineUnitsList,
  restock_on: z
    .string({ message: 'must be a day as YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day as YYYY-MM-DD')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'must be a real day')
    .meta({ format: 'date' }),
  note,
});
export type ReportUnavailableBody = z.input<typeof ReportUnavailableBody>;

/** POST /api/order/{order_id}/backorders (the buyer): per line reported unavailable, wait or cancel. */
export const BackorderChoiceBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        line_item_id: Uuid,
        choice: z.enum(BACKORDER_CHOICES, { message: 'must be wait or cancel' }),
      }),
    )
    .min(1, 'name at least one line')
    .max(ORDER_CHANGE_LINES_MAX, `must have at most ${ORDER_CHANGE_LINES_MAX} lines`),
});
export type BackorderChoiceBody = z.input<typeof BackorderChoiceBody>;

/** POST /api/order/{order_id}/claims (the buyer): a problem with shipped units. */
export const CreateClaimBody = z.strictObject({
  kind: z.enum(CLAIM_KINDS, { message: `must be one of ${CLAIM_KINDS.join(', ')}` }),
  lines: OrderLineUnitsList,
  note: multiLineText({ message: 'must be text' })
    .max(ORDER_NOTE_MAX, `must be at most ${ORDER_NOTE_MAX} characters`)
    .transform((v) => v.trim())
    .refine((v) => v !== '', 'tell the seller what happened')
    .meta({ allOf: [{ pattern: '\\S' }] }),
  /** Photos uploaded first to the buyer's organization (POST /api/media/{org_id}/upload). */
  media_ids: z.array(Uuid).max(CLAIM_PHOTOS_MAX, `must have at most ${CLAIM_PHOTOS_MAX} photos`).optional(),
});
export type CreateClaimBody = z.input<typeof CreateClaimBody>;

/** POST …/orders/{order_id}/claims/{claim_id}/decline (the seller), with its reason. */
export const DeclineClaimBody = DeclineCancellationBody;
export type DeclineClaimBody = z.input<typeof DeclineClaimBody>;

export const Claim = z.object({
  id: Uuid,
  /** 1, 2, … per order. */
  number: z.number().int(),
  kind: z.enum(CLAIM_KINDS),
  status: z.enum(CLAIM_STATUSES),
  lines: z.array(z.object({ line_item_id: Uuid, name: z.string(), quantity: z.number().int() })),
  note: z.string(),
  photos: z.array(z.object({ id: Uuid, url: z.string() })),
  created_at: z.string(),
  created_by: z.object({ name: z.string().nullable() }).nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  /** What the refund gave back (status refunded). */
  refund_cents: z.number().int().nullable(),
  /** The replacement's tracking (status replaced). */
  replacement: z.object({ carrier: z.string(), tracking_number: z.string(), tracking_url: z.string() }).nullable(),
});
export type Claim = z.infer<typeof Claim>;

/** What every order row answers of its life after checkout (lists and the single order). */
export const orderLifecycleFields = {
  state: OrderStateSchema.optional(),
  /** Goods and shipping cancelled after the order was placed, in cents (0 when none). */
  cancelled_cents: z.number().int().optional(),
  /** The buyer's open request to cancel, if any. */
  cancellation_request: CancellationRequest.nullable().optional(),
  /** Until when the buyer may cancel or reduce the order itself (null: it can only request). */
  buyer_may_cancel_until: z.string().nullable().optional(),
};

/** What the single order adds: its shipments and its timeline, oldest first. */
export const orderDetailLifecycleFields = {
  shipments: z.array(Shipment).optional(),
  timeline: z.array(OrderEvent).optional(),
  /** The retailer's claims (damaged, missing, wrong items), oldest first. */
  claims: z.array(Claim).optional(),
};

/** What each line answers of backorders (the single order's lines). */
export const orderLineLifecycleFields = {
  /** Units the seller reported unavailable and not shipped since (0 when none). */
  unavailable_quantity: z.number().int().optional(),
  /** The day the seller expects them (YYYY-MM-DD), with them. */
  restock_on: z.string().nullable().optional(),
  /** asked: the retailer must choose; waiting: the retailer waits (a backorder). */
  backorder: z.enum(BACKORDER_STATES).nullable().optional(),
};

/** GET /api/order/{order_id}/packing-slip: the whole order's, or one shipment's (issue 23). */
export const PackingSlipQuery = z.strictObject({ shipment_id: Uuid.optional() });
export type PackingSlipQuery = z.infer<typeof PackingSlipQuery>;
