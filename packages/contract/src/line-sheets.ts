/**
 * Line sheets (issue 25 part 3; docs/decisions/013-line-sheets.md): a seller's chosen products —
 * or all its live products — with photos, SKUs, wholesale prices under a chosen price list,
 * retail prices, minimums, increments and ship windows, as a PDF and as a public page behind an
 * unguessable, revocable link where a store without an account can request to order.
 */
import { z } from 'zod';
import { Uuid, multiLineText, singleLineText } from './common.js';
import { InviteEmail } from './invites.js';
import { LINE_SHEET_LIMITS } from './line-sheet-rules.js';

const L = LINE_SHEET_LIMITS;

export const LineSheetIdParams = z.strictObject({ line_sheet_id: Uuid });
export const LineSheetRequestIdParams = z.strictObject({ request_id: Uuid });
/** A share token as the public routes take it: any string (a malformed one is the same 404 as an unknown one). */
export const LineSheetTokenParams = z.strictObject({ token: z.string() });

// ─── What a line sheet shows ───────────────────────────────────────────────────────────
export const LineSheetShipWindow = z.object({
  /** YYYY-MM-DD; null when not set. */
  ships_from: z.string().nullable(),
  ships_until: z.string().nullable(),
  order_by: z.string().nullable(),
});
export type LineSheetShipWindow = z.infer<typeof LineSheetShipWindow>;

export const LineSheetImage = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Resized copies by width (up to 600 px): "200" → URL. */
  variants: z.record(z.string(), z.string()),
});

export const LineSheetVariant = z.object({
  id: Uuid,
  /** "M / Black" */
  title: z.string(),
  stock_keeping_unit: z.string().nullable(),
  /** The wholesale price of one unit under the sheet's price list (null: no price set). */
  unit_price_in_cents: z.number().int().nullable(),
  /** The suggested retail price. */
  msrp_in_cents: z.number().int().nullable(),
});
export type LineSheetVariant = z.infer<typeof LineSheetVariant>;

export const LineSheetProduct = z.object({
  id: Uuid,
  name: z.string(),
  description: z.string().nullable(),
  stock_keeping_unit: z.string().nullable(),
  order_unit: z.string().nullable(),
  quantity_per_unit: z.number().int().nullable(),
  /** A product without options: its price; with options: the lowest of its variants'. */
  unit_price_in_cents: z.number().int().nullable(),
  /** Lowest and highest wholesale price among the variants (equal for a product without options). */
  price_range: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  msrp_in_cents: z.number().int().nullable(),
  minimum_order_quantity: z.number().int(),
  order_increment: z.number().int(),
  image: LineSheetImage.nullable(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  /** The variants for sale, in order (empty for a product without options). */
  variants: z.array(LineSheetVariant),
  /** A pre-order's ship window; null for a product in stock. */
  ship_window: LineSheetShipWindow.nullable(),
});
export type LineSheetProduct = z.infer<typeof LineSheetProduct>;

// ─── The seller's line sheets ──────────────────────────────────────────────────────────
export const LineSheetSummary = z.object({
  id: Uuid,
  title: z.string(),
  note: z.string().nullable(),
  price_list: z.object({ id: Uuid, name: z.string() }).nullable(),
  /** Lists every live product (newest first) instead of the chosen ones. */
  all_products: z.boolean(),
  /** Chosen products (all live products when all_products). */
  product_count: z.number().int(),
  /** The public link's token while shared; null when not shared (or revoked). */
  share_token: z.string().nullable(),
  /** The public page's absolute URL while shared. */
  share_url: z.string().nullable(),
  shared_at: z.string().nullable(),
  /** Requests to order not yet answered with an invite. */
  open_request_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LineSheetSummary = z.infer<typeof LineSheetSummary>;
export const LineSheetList = z.array(LineSheetSummary);

/** One line sheet for its editor: the chosen ids and what the sheet shows now (its preview). */
export const LineSheet = LineSheetSummary.extend({
  /** The chosen products in order (empty when all_products). */
  product_ids: z.array(Uuid),
  /** What the sheet lists now: live products only, not hidden from the price list. */
  products: z.array(LineSheetProduct),
});
export type LineSheet = z.infer<typeof LineSheet>;

const title = singleLineText({ message: 'must be text' })
  .min(1, 'is required')
  .max(L.title, `must be at most ${L.title} characters`);
const note = multiLineText({ message: 'must be text' }).max(L.note, `must be at most ${L.note} characters`).nullable();

/** POST /api/organization/{org_id}/line-sheets */
export const CreateLineSheetBody = z.strictObject({
  title,
  note: note.optional(),
  price_list_id: Uuid.nullable().optional(),
  all_products: z.boolean().optional(),
  product_ids: z.array(Uuid).max(L.maxProducts, `must list at most ${L.maxProducts} products`).optional(),
});
export type CreateLineSheetBody = z.infer<typeof CreateLineSheetBody>;

/** PATCH /api/line-sheets/{line_sheet_id}: the fields to change. */
export const UpdateLineSheetBody = z.strictObject({
  title: title.optional(),
  note: note.optional(),
  price_list_id: Uuid.nullable().optional(),
  all_products: z.boolean().optional(),
});
export type UpdateLineSheetBody = z.infer<typeof UpdateLineSheetBody>;

/** PUT /api/line-sheets/{line_sheet_id}/products: the chosen products, in the sheet's order. */
export const SetLineSheetProductsBody = z.strictObject({
  product_ids: z.array(Uuid).max(L.maxProducts, `must list at most ${L.maxProducts} products`),
});
export type SetLineSheetProductsBody = z.infer<typeof SetLineSheetProductsBody>;

/** POST /api/line-sheets/{line_sheet_id}/email: a link to the sheet (shared by sending) and its PDF. */
export const EmailLineSheetBody = z.strictObject({
  to: InviteEmail,
  message: multiLineText({ message: 'must be text' })
    .max(L.message, `must be at most ${L.message} characters`)
    .optional(),
});
export type EmailLineSheetBody = z.infer<typeof EmailLineSheetBody>;

export const EmailLineSheetResult = z.object({ sent_to: z.string(), share_url: z.string() });
export type EmailLineSheetResult = z.infer<typeof EmailLineSheetResult>;

// ─── The public page ───────────────────────────────────────────────────────────────────
/** GET /api/line-sheets/shared/{token}: what anyone holding the link reads. */
export const SharedLineSheet = z.object({
  title: z.string(),
  note: z.string().nullable(),
  seller: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  products: z.array(LineSheetProduct),
  updated_at: z.string(),
});
export type SharedLineSheet = z.infer<typeof SharedLineSheet>;

/** POST /api/line-sheets/shared/{token}/requests: a store without an account asks to order. */
export const CreateLineSheetRequestBody = z.strictObject({
  store_name: singleLineText({ message: 'must be text' })
    .min(1, 'is required')
    .max(L.storeName, `must be at most ${L.storeName} characters`),
  contact_name: singleLineText({ message: 'must be text' })
    .min(1, 'is required')
    .max(L.contactName, `must be at most ${L.contactName} characters`),
  email: InviteEmail,
  phone: singleLineText({ message: 'must be text' })
    .max(L.phone, `must be at most ${L.phone} characters`)
    .regex(/^[0-9+().\s-]*$/, 'must be a phone number')
    .optional(),
  message: multiLineText({ message: 'must be text' })
    .max(L.message, `must be at most ${L.message} characters`)
    .optional(),
});
export type CreateLineSheetRequestBody = z.infer<typeof CreateLineSheetRequestBody>;

export const LineSheetRequestReceipt = z.object({ received: z.literal(true) });

/** A request to order as the seller sees it. */
export const LineSheetRequest = z.object({
  id: Uuid,
  line_sheet_id: Uuid,
  store_name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  created_at: z.string(),
  /** The customer invite sent for it (Invite on the request), null until then. */
  invite_id: Uuid.nullable(),
  invited_at: z.string().nullable(),
});
export type LineSheetRequest = z.infer<typeof LineSheetRequest>;
export const LineSheetRequestList = z.array(LineSheetRequest);
