// Cart schemas (spec sections 3, 5 and 7; DECISIONS "The money path"). Plain rules: cart-rules.ts.
import { z } from 'zod';
import { Uuid, singleLineText } from './common.js';
import { PRODUCT_LIMITS } from './product-rules.js';
import { Preorder, PriceBreakList, ProductMedia, Unit } from './products.js';
import { CART_LIMITS, CHECKOUT_ISSUE_CODES } from './cart-rules.js';

/** The product as a cart line shows it: live price until the order is submitted. */
export const CartProduct = z.object({
  /** The variant the line orders (the product itself when it has no options). */
  id: Uuid,
  /** "Tee — M / Black" for a variant. */
  name: z.string(),
  /** The product a variant belongs to, and its "M / Black" (null for a product without options). */
  parent_product_id: Uuid.nullable(),
  variant_title: z.string().nullable(),
  unit_price_in_cents: z.number().int().nullable(),
  msrp_in_cents: z.number().int().nullable(),
  order_unit: Unit.nullable(),
  /**
   * Retail units in one order unit (12 for a case of 12): the line's price is per order unit
   * ("$4.50 / case of 12"). Issue 27; optional for answers built before it.
   */
  quantity_per_unit: z.number().int().nullable().optional(),
  stock_keeping_unit: z.string().nullable(),
  /** The first photo only (spec: media). */
  media: z.array(ProductMedia),
  track_inventory: z.boolean(),
  /** Units left, when the seller tracks this product's inventory; null otherwise. */
  inventory_count: z.number().int().nullable(),
  /** The quantity rules a line of it keeps, and its volume prices (volume-rules.ts). */
  minimum_order_quantity: z.number().int(),
  order_increment: z.number().int(),
  price_breaks: PriceBreakList,
  /** Issue 25: sold as a pre-order (the cart groups its line under its ship window), or null. */
  preorder: Preorder.nullable().optional(),
});
export type CartProduct = z.infer<typeof CartProduct>;

export const LineItem = z.object({
  id: Uuid,
  quantity: z.number().int(),
  product: CartProduct,
  /**
   * The unit price this line is charged at its quantity: the product's live price, or the price
   * of the volume break it reaches. Checkout charges exactly this.
   */
  unit_price_in_cents: z.number().int(),
  /**
   * Issue 25 part 2: the unit price was agreed in an order the seller wrote and the retailer
   * accepted — it stays whatever the quantity becomes (no volume breaks); removing the line drops it.
   */
  agreed: z.boolean().optional(),
  /** quantity × unit_price_in_cents; 0 while the line is unavailable. */
  line_total_cents: z.number().int(),
  /** False when the product was removed, unpublished or has too little stock left. */
  available: z.boolean(),
  /** Why the line is unavailable (null when available). */
  unavailable_reason: z.string().nullable(),
  /**
   * Why its quantity cannot be checked out since the seller changed the product's order rules
   * ("Minimum order is 12", "Sold in multiples of 6"); null when it can.
   */
  quantity_issue: z.string().nullable(),
});
export type LineItem = z.infer<typeof LineItem>;

/** The order's ship-to address (spec section 3 Order.shipping_address, plus the address id and name). */
export const OrderShippingAddress = z.object({
  /** The saved address (an AddressLink's `address.id`). */
  id: Uuid,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
});
export type OrderShippingAddress = z.infer<typeof OrderShippingAddress>;

/** The cart's draft order (created with the cart; spec section 4 "Payment terms"). */
export const CartOrder = z.object({
  id: Uuid,
  is_net_30: z.boolean(),
  status: z.string(),
  /** Checkout step 1: absent (or null) until the buyer chooses where the order ships. */
  shipping_address: OrderShippingAddress.nullish(),
  /** Checkout step 2: the chosen shipping rate (absent or null until one is chosen). */
  shipping_cost_in_cents: z.number().int().nullish(),
  /** The carrier of the chosen rate (spec: shippo_provider), e.g. "USPS". */
  shippo_provider: z.string().nullish(),
  /** The chosen service level's token (spec: shippo_service_level_token). */
  shippo_service_level_token: z.string().nullish(),
  /** The chosen rate's object_id. */
  shipping_rate_id: z.string().nullish(),
  /** The buyer's purchase order number (absent or null until one is set). */
  po_number: z.string().nullish(),
});
export type CartOrder = z.infer<typeof CartOrder>;

// The draft order's checkout calls (spec section 7): each answers the order as the cart shows it.
export const OrderIdParams = z.strictObject({ order_id: Uuid });
/** POST /api/order/{order_id}/shipping_address?address_id=: one of the buyer's saved addresses. */
export const SetShippingAddressQuery = z.strictObject({ address_id: Uuid });
/** POST /api/order/{order_id}/payment_terms. */
export const PaymentTermsBody = z.strictObject({ is_net_30: z.boolean({ message: 'must be true or false' }) });
export type PaymentTermsBody = z.infer<typeof PaymentTermsBody>;

export const CheckoutIssue = z.object({
  code: z.enum(CHECKOUT_ISSUE_CODES),
  message: z.string(),
});
export type CheckoutIssue = z.infer<typeof CheckoutIssue>;

/**
 * GET /api/cart/selling_organization/{seller}/purchasing_organization/{buyer} and the answer
 * of every cart change. The server is the single source of truth for the checkout gate.
 */
export const Cart = z.object({
  id: Uuid,
  selling_organization_id: Uuid,
  purchasing_organization_id: Uuid,
  line_items: z.array(LineItem),
  /** Sum of the available lines at live prices, in cents. */
  total_cents: z.number().int(),
  /** Sum of the available lines' quantities. */
  item_count: z.number().int(),
  /** The minimum that applies to this buyer (returning or first order), 0 when none. */
  min_items: z.number().int(),
  min_cents: z.number().int(),
  /** The buyer has submitted an order with this seller before. */
  is_returning: z.boolean(),
  meets_minimum: z.boolean(),
  /** The seller previews its own store (View as Buyer): never checks out. */
  is_preview: z.boolean(),
  can_checkout: z.boolean(),
  /** The seller can take card payments (its payment account is active); when false, payment is disabled (spec section 6). */
  seller_payments_active: z.boolean().optional(),
  checkout_issues: z.array(CheckoutIssue),
  order: CartOrder,
});
export type Cart = z.infer<typeof Cart>;

export const CartPairParams = z.strictObject({
  selling_organization_id: Uuid,
  purchasing_organization_id: Uuid,
});
export const CartIdParams = z.strictObject({ cartId: Uuid });
export const LineItemIdParams = z.strictObject({ lineItemId: Uuid });

/** POST|PUT /api/cart/{cartId}/line_item: set the line's quantity (0 removes it). */
export const SetLineItemBody = z.strictObject({
  product_id: Uuid,
  quantity: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(CART_LIMITS.lineQuantity, `must be at most ${CART_LIMITS.lineQuantity}`),
});
export type SetLineItemBody = z.infer<typeof SetLineItemBody>;

// ─── PUT /api/cart/{cartId}/line_items: many lines at once (issue 13 item 4) ─────────────
/** A line's quantity, as the single-line change takes it. */
const LineQuantity = SetLineItemBody.shape.quantity;

/**
 * One line of a bulk change: the product by id (the quick-order sheet) or by its SKU in this
 * store (a paste from a spreadsheet), and the quantity the line should hold (0 removes it).
 */
export const BulkLine = z
  .strictObject({
    product_id: Uuid.optional(),
    stock_keeping_unit: singleLineText({ message: 'must be text' })
      .min(1, 'must not be empty')
      .max(PRODUCT_LIMITS.sku, `must be at most ${PRODUCT_LIMITS.sku} characters`)
      .optional(),
    quantity: LineQuantity,
  })
  .refine((line) => (line.product_id === undefined) !== (line.stock_keeping_unit === undefined), {
    message: 'give either product_id or stock_keeping_unit',
    path: ['product_id'],
  })
  .meta({ oneOf: [{ required: ['product_id'] }, { required: ['stock_keeping_unit'] }] });
export type BulkLine = z.infer<typeof BulkLine>;

export const SetLineItemsBody = z.strictObject({
  lines: z
    .array(BulkLine, { message: 'must be a list of lines' })
    .min(1, 'must hold at least one line')
    .max(CART_LIMITS.lines, `must hold at most ${CART_LIMITS.lines} lines`),
});
export type SetLineItemsBody = z.infer<typeof SetLineItemsBody>;

/** What became of one line of a bulk change, in the order they were sent. */
export const BulkLineResult = z.object({
  /** The line's position in the request (0-based). */
  index: z.number().int(),
  /** The product the line named, when this store has it. */
  product_id: Uuid.nullable(),
  name: z.string().nullable(),
  stock_keeping_unit: z.string().nullable(),
  quantity: z.number().int(),
  /** set: the cart line holds `quantity`; removed: the line is gone; refused: nothing changed for it. */
  status: z.enum(['set', 'removed', 'refused']),
  /** For a refused line: the same codes as the single-line change (not_found, insufficient_inventory, …). */
  code: z.string().nullable(),
  /** For a refused line: why, in words the buyer can act on. */
  message: z.string().nullable(),
});
export type BulkLineResult = z.infer<typeof BulkLineResult>;

export const SetLineItemsResult = z.object({
  results: z.array(BulkLineResult),
  cart: Cart,
});
export type SetLineItemsResult = z.infer<typeof SetLineItemsResult>;
