// Submitted orders as sellers and buyers read them, and their tracking (spec sections 2
// "Orders" and buyer orders, 3 "Order", 4 "Shipping status" / "Payment status", 5 "Tracking
// dialog", 7 order and shipping calls). Plain rules: order-rules.ts.
import { z } from 'zod';
import { Uuid, anyCasePattern, singleLineText } from './common.js';
import { InvoiceRef, PageQuery } from './customers.js';
import {
  CARRIERS,
  PO_NUMBER_CHARACTERS_MESSAGE,
  PO_NUMBER_MAX,
  PO_NUMBER_PATTERN,
  PO_NUMBER_TOO_LONG_MESSAGE,
  compactTrackingNumber,
  normalizeCarrier,
  trackingNumberError,
  type Carrier,
} from './order-rules.js';
import {
  OrderLineUnitsList,
  orderDetailLifecycleFields,
  orderLifecycleFields,
  orderLineLifecycleFields,
} from './order-lifecycle.js';
import { orderDayRangeRule, sellingOrdersFilterFields } from './orders-workspace.js';

/** Spec section 3: the order's shipping information (null before tracking was added). */
export const ShippingInformation = z.object({
  id: Uuid,
  carrier: z.enum(CARRIERS),
  tracking_number: z.string(),
  status: z.string(),
  /** The carrier's public tracking page for the number. */
  tracking_url: z.string(),
});
export type ShippingInformation = z.infer<typeof ShippingInformation>;

/** One line of a submitted order: what was bought, at the price paid (even if the product changed since). */
export const OrderLine = z.object({
  id: Uuid,
  product_id: Uuid,
  /** "Tee — M / Black" for a variant (the product's name and the variant's values). */
  name: z.string(),
  /** "M / Black" when the line is a variant of a product with options. */
  variant_title: z.string().nullable().optional(),
  stock_keeping_unit: z.string().nullable(),
  /** The order unit ("Case") and how many units it holds, as the product has them now. */
  order_unit: z.string().nullable(),
  quantity_per_unit: z.number().int().nullable(),
  quantity: z.number().int(),
  unit_price_in_cents: z.number().int(),
  line_total_cents: z.number().int(),
  /** Units cancelled after the order was placed, and units shipped (issue 23; 0 when none). */
  cancelled_quantity: z.number().int().optional(),
  shipped_quantity: z.number().int().optional(),
  /** Issue 25: the pre-order ship window the line was sold under (null: ships now). */
  ships_from: z.string().nullable().optional(),
  ships_until: z.string().nullable().optional(),
  ...orderLineLifecycleFields,
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderAddress = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

/**
 * The order's number as people read it — on every screen, e-mail, invoice and packing slip:
 * CB-000001, CB-000002, … (given when the order is placed, with its invoice, which bears the same
 * number). Null only for an order that has no invoice.
 */
export const OrderNumber = z.string().nullable();

/**
 * An order's money (docs/decisions/007): `subtotal_cents` is the goods (its lines at the prices
 * paid), `shipping_cost_in_cents` the rate paid for, and `total_cents` what the buyer pays —
 * the two together. `cart.total_cents` is the cart's goods, the same as `subtotal_cents`.
 */
const orderMoney = {
  subtotal_cents: z.number().int(),
  shipping_cost_in_cents: z.number().int(),
  total_cents: z.number().int(),
};

const orderFields = {
  id: Uuid,
  order_number: OrderNumber,
  completed_on: z.string(),
  organization: z.object({ id: Uuid, name: z.string() }),
  seller: z.object({ id: Uuid, name: z.string() }),
  ...orderMoney,
  /** The carrier and service level of the rate paid for (spec names kept). */
  shippo_provider: z.string().nullable(),
  shippo_service_level_token: z.string().nullable(),
  shipping_address: OrderAddress.nullable(),
  /** Who placed the order (issue 27: the seller's "Placed by"); null when the account is gone. */
  created_by_user: z
    .object({ name: z.string().nullable(), email: z.string().optional(), phone: z.string().nullable().optional() })
    .nullable(),
  shipping_information: ShippingInformation.nullable(),
  /** The invoice: `link` is a signed PDF URL that expires (a fresh one comes with every read). */
  invoice: InvoiceRef.nullable(),
  /** The buyer's purchase order number, set at checkout (null when none was given). */
  po_number: z.string().nullable(),
  /**
   * What the seller refunded of the order so far, in cents (refunds in progress included; 0 when
   * none): Refunded when it reaches total_cents, Partially refunded below (refund-rules.ts).
   */
  refunded_cents: z.number().int().optional(),
  /**
   * No sales tax is ever charged (issue 25 part 5): true when the buyer had a valid resale
   * certificate on file when the order was placed — the invoice says TAX_EXEMPT_LINE, else
   * TAX_NOT_CHARGED_LINE (resale-certificate-rules.ts).
   */
  tax_exempt: z.boolean().optional(),
  ...orderLifecycleFields,
};

/**
 * A row of the order lists (spec section 3 "Order", as both sides read it): `organization` is
 * the customer (purchasing organization), `seller` the store; the totals are the ones paid
 * (`cart.total_cents` the goods, as `subtotal_cents`).
 */
export const OrderSummary = z.object({
  ...orderFields,
  cart: z.object({ id: Uuid, total_cents: z.number().int(), item_count: z.number().int() }),
});
export type OrderSummary = z.infer<typeof OrderSummary>;
export const OrderSummaryList = z.array(OrderSummary);

/** GET /api/order/{orderId}: the order with its lines. */
export const Order = z.object({
  ...orderFields,
  cart: z.object({
    id: Uuid,
    total_cents: z.number().int(),
    item_count: z.number().int(),
    line_items: z.array(OrderLine),
  }),
  ...orderDetailLifecycleFields,
});
export type Order = z.infer<typeof Order>;

/** GET …/purchasing: a buyer's orders, optionally with one seller only (the store's orders page). */
export const PurchasingOrdersQuery = PageQuery.extend({ selling_organization_id: Uuid.optional() });
export type PurchasingOrdersQuery = z.infer<typeof PurchasingOrdersQuery>;

/**
 * A PO number as the buyer sends it: trimmed, at most 64 characters of letters, digits, spaces
 * and - _ / # . ; empty is null (no PO number).
 */
export const PoNumber = singleLineText({ message: 'must be text' })
  .max(PO_NUMBER_MAX, PO_NUMBER_TOO_LONG_MESSAGE)
  .regex(PO_NUMBER_PATTERN, PO_NUMBER_CHARACTERS_MESSAGE)
  .transform((value) => (value === '' ? null : value));

/** POST /api/order/{order_id}/po_number: the draft order's PO number (null or "" clears it). */
export const PoNumberBody = z.strictObject({
  po_number: PoNumber.nullable(),
});
export type PoNumberBody = z.input<typeof PoNumberBody>;

/**
 * GET …/selling: the seller's orders, optionally only those whose PO number starts with
 * `po_number` (any case; % and _ are plain characters); or, with `q`, the order whose number it
 * is (CB-000001, 000001 or 1: order-rules.ts parseOrderNumber) and the orders whose PO number
 * starts with it. Empty means no filter.
 */
const sellingOrdersSearchFields = {
  po_number: singleLineText({ message: 'must be text' }).max(PO_NUMBER_MAX, PO_NUMBER_TOO_LONG_MESSAGE).optional(),
  q: singleLineText({ message: 'must be text' }).max(PO_NUMBER_MAX, PO_NUMBER_TOO_LONG_MESSAGE).optional(),
};
const oneSearch: [(query: { q?: string; po_number?: string }) => boolean, { message: string; path: string[] }] = [
  (query) => !query.q || !query.po_number,
  { message: 'search by q or by po_number, not both', path: ['q'] },
];

/**
 * … and the Orders workspace's filters (issue 23, orders-workspace.ts): `view` (to_ship,
 * partially_shipped, shipped, unpaid, cancelled), `customer` (the buyer's name contains it,
 * any case), `from`/`to` (the UTC day it was placed, both included; from on or before to).
 */
export const SellingOrdersQuery = PageQuery.extend({ ...sellingOrdersSearchFields, ...sellingOrdersFilterFields })
  .refine(...oneSearch)
  .refine(...orderDayRangeRule);
export type SellingOrdersQuery = z.infer<typeof SellingOrdersQuery>;

/** GET /api/organization/{org_id}/orders/export.csv: the list's filters and search, without paging. */
export const SellingOrdersExportQuery = z
  .strictObject({ ...sellingOrdersSearchFields, ...sellingOrdersFilterFields })
  .refine(...oneSearch)
  .refine(...orderDayRangeRule);
export type SellingOrdersExportQuery = z.infer<typeof SellingOrdersExportQuery>;

export const OrderIdParam = z.strictObject({ orderId: Uuid });

/** A carrier as a client sends it: USPS, FEDEX or UPS in any case (normalizeCarrier). */
const CarrierInput = z
  .string({ message: 'is required: USPS, FEDEX or UPS' })
  .meta({ pattern: anyCasePattern(CARRIERS), description: 'USPS, FEDEX or UPS (any case)' });
const TrackingNumberInput = z
  .string({ message: 'is required' })
  .max(100, 'is too long')
  .meta({ description: "Checked against the carrier's own format (a 400 names it); spaces are ignored." });

/**
 * POST|PUT /api/order/{orderId}/shipping: the spec's body is the shipping information with any
 * fields it had (id, status…): only carrier and tracking number are read; status becomes
 * SHIPPED. The carrier in any case; the number checked against the carrier's format.
 */
export const SetShippingBody = z
  .looseObject({
    carrier: CarrierInput,
    tracking_number: TrackingNumberInput,
  })
  .transform((body, ctx) => {
    const carrier = normalizeCarrier(body.carrier);
    if (!carrier) {
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: 'must be USPS, FEDEX or UPS' });
      return z.NEVER;
    }
    const problem = trackingNumberError(carrier, body.tracking_number);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: problem });
      return z.NEVER;
    }
    return { carrier: carrier as Carrier, tracking_number: compactTrackingNumber(body.tracking_number) };
  });
export type SetShippingBody = z.output<typeof SetShippingBody>;
export type SetShippingInput = z.input<typeof SetShippingBody>;

/**
 * POST /api/organization/{org_id}/orders/{order_id}/shipments (the seller, issue 23): a box that
 * left, with its carrier and tracking number (checked as the tracking dialog's) and its lines —
 * every unit left to ship when `lines` is absent. The Idempotency-Key header makes a retry
 * answer the first.
 */
export const CreateShipmentBody = z
  .looseObject({
    carrier: CarrierInput,
    tracking_number: TrackingNumberInput,
    lines: OrderLineUnitsList.optional(),
  })
  .transform((body, ctx) => {
    const carrier = normalizeCarrier(body.carrier);
    if (!carrier) {
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: 'must be USPS, FEDEX or UPS' });
      return z.NEVER;
    }
    const problem = trackingNumberError(carrier, body.tracking_number);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: problem });
      return z.NEVER;
    }
    return {
      carrier: carrier as Carrier,
      tracking_number: compactTrackingNumber(body.tracking_number),
      lines: body.lines,
    };
  });
export type CreateShipmentBody = z.output<typeof CreateShipmentBody>;
export type CreateShipmentInput = z.input<typeof CreateShipmentBody>;
