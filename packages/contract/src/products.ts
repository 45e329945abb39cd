// Product schemas; the plain limits and names live in product-rules.ts (zod-free).
import { z } from 'zod';
import { ListQuery, Uuid, multiLineText, singleLineText } from './common.js';
import { MediaVariants, MediaWithVariants } from './media.js';
import { INVENTORY_TRANSACTION_TYPES, PRODUCT_LIMITS, UPC_PATTERN } from './product-rules.js';
import { VOLUME_LIMITS } from './volume-rules.js';
import { amountTooLargeMessage } from './money-rules.js';
import { VARIANT_LIMITS, optionIssues, variantIssues } from './variant-rules.js';
import { preorderWindowIssues } from './preorder-rules.js';

/**
 * Issue 25: a pre-order's window (preorder-rules.ts) — ships within [ships_from, ships_until],
 * orderable through order_by (UTC days). null: not a pre-order. Optional where older answers parse.
 */
export const Preorder = z.object({ ships_from: z.string(), ships_until: z.string(), order_by: z.string() });
export type Preorder = z.infer<typeof Preorder>;

// ─── Lookup lists: GET /api/product/state, /order_unit, /weight_unit, /dimension_unit ──
export const ProductState = z.object({ id: z.number().int(), state: z.string() });
export type ProductState = z.infer<typeof ProductState>;
export const Unit = z.object({ id: z.number().int(), unit: z.string() });
export type Unit = z.infer<typeof Unit>;
export const ProductStateList = z.array(ProductState);
export const UnitList = z.array(Unit);

/**
 * A reference to a lookup row as a client may send it: the id (3 or "3"), the object from the
 * list ({ id, unit } / { id, state }), or the name ("Case", "lb"; case-insensitive).
 */
export const LookupRef = z.union(
  [z.number().int().positive(), z.object({ id: z.coerce.number().int().positive() }), singleLineText().min(1).max(40)],
  { error: 'must be an id, an object with an id, or a name from the list' },
).meta({
  description:
    'A row of the matching list, by id, { id } or name: GET /api/product/state, /order_unit, /weight_unit or /dimension_unit (400 naming the field otherwise)',
});
export type LookupRef = z.infer<typeof LookupRef>;

// ─── Product ─────────────────────────────────────────────────────────────────────────
export const ProductMedia = z.object({
  display_order: z.number().int(),
  product_id: Uuid,
  media: MediaWithVariants,
});
export type ProductMedia = z.infer<typeof ProductMedia>;

export const ProductPhysicalMeasurements = z.object({
  weight: z.number().nullable(),
  weight_unit: Unit.nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  dimension_unit: Unit.nullable(),
});
export type ProductPhysicalMeasurements = z.infer<typeof ProductPhysicalMeasurements>;

/** A volume price (volume-rules.ts): from `min_quantity` units on, each costs `unit_price_in_cents`. */
export const PriceBreakSchema = z.object({
  min_quantity: z.number().int(),
  unit_price_in_cents: z.number().int(),
});
/** A product's price breaks, by `min_quantity` ascending (so prices descending). */
export const PriceBreakList = z.array(PriceBreakSchema);

// ─── Variants (issue 24; variant-rules.ts) ──────────────────────────────────────────
/** An option of a product (Size) and its values in the buyer's order (S, M, L). */
export const ProductOption = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof ProductOption>;

/**
 * A variant: one combination of the product's option values, sold with its own SKU, price,
 * stock and status. Its `id` is what a cart line, an order line and an inventory transaction
 * name (the `product_id` of a line). A product without options has one variant: itself.
 */
export const ProductVariant = z.object({
  id: Uuid,
  /** "M / Black" (empty for the one variant of a product without options). */
  title: z.string(),
  /** One value per option, in option order ([] without options). */
  option_values: z.array(z.string()),
  position: z.number().int(),
  stock_keeping_unit: z.string().nullable(),
  universal_product_code: z.string().nullable(),
  unit_price_in_cents: z.number().int().nullable(),
  msrp_in_cents: z.number().int().nullable(),
  weight: z.number().nullable(),
  inventory_count: z.number().int(),
  track_inventory: z.boolean(),
  /** False when the seller marked the variant unavailable (shown, not orderable). */
  available: z.boolean(),
  order_increment: z.number().int(),
  price_breaks: PriceBreakList,
  /** The variant has its own order increment and price breaks (else it follows the product's). */
  own_volume_rules: z.boolean(),
  /** The product photo this variant shows (one of the product's `media`), or null. */
  media_id: Uuid.nullable(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/** The lowest and highest price of a product's available variants ("from $4.50"). */
export const PriceRange = z.object({ min: z.number().int(), max: z.number().int() });
export type PriceRange = z.infer<typeof PriceRange>;

/** Fields every product read carries for its variants (issue 24; added, none removed). */
const productVariantFields = {
  /** Set on a variant read by its own id: the product it belongs to. */
  parent_product_id: Uuid.nullable(),
  /** A variant's "M / Black"; null for a product. */
  variant_title: z.string().nullable(),
  /** [] for a product without options. */
  options: z.array(ProductOption),
  /** Its variants by position; a product without options lists itself as its one variant. */
  variants: z.array(ProductVariant),
  /** The prices of its available variants; null when none has a price. */
  price_range: PriceRange.nullable(),
};

export const Product = z.object({
  ...productVariantFields,
  id: Uuid,
  name: z.string(),
  description: z.string().nullable(),
  order_unit: Unit.nullable(),
  quantity_per_unit: z.number().int().nullable(),
  state: ProductState.nullable(),
  unit_price_in_cents: z.number().int().nullable(),
  msrp_in_cents: z.number().int().nullable(),
  stock_keeping_unit: z.string().nullable(),
  minimum_order_quantity: z.number().int(),
  /** Sold in multiples of this many (1: any quantity). */
  order_increment: z.number().int(),
  price_breaks: PriceBreakList,
  universal_product_code: z.string().nullable(),
  inventory_count: z.number().int(),
  /** The seller tracks this product's stock: buyers see it and cannot order more than is left. */
  track_inventory: z.boolean(),
  /** Sold as a pre-order (stock does not limit it), or null. */
  preorder: Preorder.nullable().optional(),
  organization: z.object({ id: Uuid, name: z.string() }),
  tags: z.array(z.string()),
  media: z.array(ProductMedia),
  product_physical_measurements: ProductPhysicalMeasurements,
  created_at: z.string(),
  updated_at: z.string(),
  /** Set when the product was removed from the catalogue (kept for carts and orders). */
  deleted_at: z.string().nullable(),
});
export type Product = z.infer<typeof Product>;
export const ProductList = z.array(Product);

/**
 * A storefront grid tile: the lean projection of a Live product (for-sale `?view=tile`). The
 * image is the first photo with its resized copies up to 600 px wide (for `srcset`).
 */
export const ProductTile = z.object({
  id: Uuid,
  /** Its options and their values ("the options available"); [] without options. */
  options: z.array(ProductOption),
  /** How many variants are for sale (1 without options). */
  variant_count: z.number().int(),
  /** The prices of its available variants: a tile says "from $X" when they differ. */
  price_range: PriceRange.nullable(),
  name: z.string(),
  order_unit: z.string().nullable(),
  quantity_per_unit: z.number().int().nullable(),
  unit_price_in_cents: z.number().int().nullable(),
  msrp_in_cents: z.number().int().nullable(),
  minimum_order_quantity: z.number().int(),
  order_increment: z.number().int(),
  price_breaks: PriceBreakList,
  track_inventory: z.boolean(),
  /** Units left when tracked; null when the seller does not track this product. */
  inventory_count: z.number().int().nullable(),
  /** Sold as a pre-order, or null (the tile says "Pre-order · ships …"). */
  preorder: Preorder.nullable().optional(),
  image: z
    .object({
      url: z.string(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      variants: MediaVariants,
    })
    .nullable(),
});
export type ProductTile = z.infer<typeof ProductTile>;
export const ProductTileList = z.array(ProductTile);

/**
 * A row of the buyer's quick-order sheet (issue 13 item 4): what a dense order form shows of a
 * product — no description, no photos.
 */
export const ProductSheetRow = z.object({
  /** The variant a line of this row orders (the product itself when it has no options). */
  id: Uuid,
  /** The product the row belongs to (its own id without options). */
  product_id: Uuid,
  /** "Tee — M / Black" for a variant. */
  name: z.string(),
  /** "M / Black"; null for a product without options. */
  variant_title: z.string().nullable(),
  stock_keeping_unit: z.string().nullable(),
  order_unit: z.string().nullable(),
  quantity_per_unit: z.number().int().nullable(),
  unit_price_in_cents: z.number().int().nullable(),
  minimum_order_quantity: z.number().int(),
  order_increment: z.number().int(),
  price_breaks: PriceBreakList,
  track_inventory: z.boolean(),
  /** Units left when tracked; null when the seller does not track this product. */
  inventory_count: z.number().int().nullable(),
  /** Issue 25: sold as a pre-order (its product's window), or null. */
  preorder: Preorder.nullable().optional(),
});
export type ProductSheetRow = z.infer<typeof ProductSheetRow>;
export const ProductSheetRowList = z.array(ProductSheetRow);

/**
 * GET /api/product/organization/{org_id}/for-sale: the list query; `view=tile` for the grid,
 * `view=sheet` for the quick-order sheet.
 */
export const ForSaleQuery = ListQuery.extend({
  view: z.enum(['full', 'tile', 'sheet'], { message: "must be 'full', 'tile' or 'sheet'" }).optional(),
});
export type ForSaleQuery = z.infer<typeof ForSaleQuery>;

// ─── PUT /api/product ────────────────────────────────────────────────────────────────
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Optional text; empty means none. `multiLine` allows tabs and line breaks (descriptions). */
const optionalText = (max: number, opts: { multiLine?: boolean } = {}) =>
  z.preprocess(
    emptyToNull,
    (opts.multiLine ? multiLineText() : singleLineText())
      .max(max, `must be at most ${max} characters`)
      .nullable()
      .optional(),
  );

const cents = z
  .number({ message: 'must be a whole number of cents' })
  .int('must be a whole number of cents')
  .min(0, 'must not be negative')
  .max(PRODUCT_LIMITS.priceCents, amountTooLargeMessage(PRODUCT_LIMITS.priceCents))
  .nullable()
  .optional();

const positiveCount = (max: number) =>
  z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

/** Numbers from form fields may arrive as text ("12.5"); empty text means none. */
const toNumber = (v: unknown) => {
  const e = emptyToNull(v);
  return typeof e === 'string' && /^\s*\d*\.?\d+\s*$/.test(e) ? Number(e) : e;
};

/** A number ≥ 0 (or a numeric string); empty or null means none. */
export const Measure = z.preprocess(
  toNumber,
  z
    .number({ message: 'must be a number' })
    .min(0, 'must not be negative')
    .max(PRODUCT_LIMITS.measure, `must be at most ${PRODUCT_LIMITS.measure}`)
    .nullable()
    .optional(),
);

/**
 * A required number > 0 (or a numeric string). The columns keep three decimals: a smaller
 * number would be stored as 0, so 0.001 is the least.
 */
export const PositiveMeasure = z.preprocess(
  toNumber,
  z
    .number({ message: 'is required and must be a number' })
    .positive({ message: 'must be more than zero', abort: true })
    .min(0.001, 'must be at least 0.001')
    .max(PRODUCT_LIMITS.measure, `must be at most ${PRODUCT_LIMITS.measure}`),
);

/** A UPC, EAN or GTIN (UPC_PATTERN); empty means none. */
export const Upc = z.preprocess(
  emptyToNull,
  z.string().trim().regex(UPC_PATTERN, 'must be 8 to 14 digits (UPC, EAN or GTIN)').nullable().optional(),
);

export const ProductNameInput = singleLineText({ message: 'is required' })
  .min(1, 'is required')
  .max(PRODUCT_LIMITS.name, `must be at most ${PRODUCT_LIMITS.name} characters`);

export const ProductMediaInput = z.object({
  display_order: z.number().int().min(0).max(1000).optional(),
  media: z.object({ id: Uuid }),
});

/** A price break as the client sends it; the order rules are checked on the saved product (volume-rules.ts). */
export const PriceBreakInput = z.strictObject({
  min_quantity: positiveCount(PRODUCT_LIMITS.quantity),
  unit_price_in_cents: z
    .number({ message: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(0, 'must not be negative')
    .max(PRODUCT_LIMITS.priceCents, amountTooLargeMessage(PRODUCT_LIMITS.priceCents)),
});

export const ProductMeasurementsInput = z
  .object({
    weight: Measure,
    weight_unit: LookupRef.nullable().optional(),
    length: Measure,
    width: Measure,
    height: Measure,
    dimension_unit: LookupRef.nullable().optional(),
  })
  .nullable()
  .optional();

/** An option as the client sends it (values in order). */
export const ProductOptionInput = z.strictObject({
  name: singleLineText({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(VARIANT_LIMITS.optionName, `must be at most ${VARIANT_LIMITS.optionName} characters`),
  values: z
    .array(
      singleLineText()
        .trim()
        .min(1, 'must not be empty')
        .max(VARIANT_LIMITS.value, `must be at most ${VARIANT_LIMITS.value} characters`),
    )
    // variant-rules.ts refuses an option without values (with its message): published here.
    .meta({ minItems: 1 }),
});

/**
 * A variant as the client sends it: with `id` an existing variant of the product is updated,
 * without one a variant is made. Its stock changes through inventory transactions.
 */
export const VariantInput = z.strictObject({
  id: Uuid.optional(),
  option_values: z.array(singleLineText().trim().min(1, 'must not be empty').max(VARIANT_LIMITS.value)),
  stock_keeping_unit: optionalText(PRODUCT_LIMITS.sku),
  universal_product_code: Upc,
  unit_price_in_cents: cents,
  msrp_in_cents: cents,
  weight: Measure,
  track_inventory: z.boolean({ message: 'must be true or false' }).optional(),
  available: z.boolean({ message: 'must be true or false' }).optional(),
  own_volume_rules: z.boolean({ message: 'must be true or false' }).optional(),
  order_increment: positiveCount(VOLUME_LIMITS.orderIncrement).nullable().optional(),
  price_breaks: z
    .array(PriceBreakInput)
    .max(VOLUME_LIMITS.priceBreaks, `must have at most ${VOLUME_LIMITS.priceBreaks} price breaks`)
    .nullable()
    .optional(),
  media_id: Uuid.nullable().optional(),
  // Read-only fields a client may echo back from GET; ignored.
  title: z.unknown().optional(),
  position: z.unknown().optional(),
  inventory_count: z.unknown().optional(),
});
export type VariantInput = z.infer<typeof VariantInput>;

/**
 * The full product as the client sends it: without `id` it is created, with `id` updated.
 * On update, fields left out keep their value and null clears them. `inventory_count` is
 * read-only here (it changes through inventory transactions), as are the timestamps.
 */
export const ProductInput = z
  .strictObject({
    id: Uuid.optional(),
    // Required when creating (checked below); an update may leave it out like any other field.
    name: ProductNameInput.optional(),
    description: optionalText(PRODUCT_LIMITS.description, { multiLine: true }),
    order_unit: LookupRef.nullable().optional(),
    quantity_per_unit: positiveCount(PRODUCT_LIMITS.quantity).nullable().optional(),
    state: LookupRef.nullable().optional(),
    unit_price_in_cents: cents,
    msrp_in_cents: cents,
    stock_keeping_unit: optionalText(PRODUCT_LIMITS.sku),
    minimum_order_quantity: positiveCount(PRODUCT_LIMITS.quantity).nullable().optional(),
    /** Sold in multiples of this many; null or left out on create means 1. */
    order_increment: positiveCount(VOLUME_LIMITS.orderIncrement).nullable().optional(),
    /** Replaces the product's price breaks (null or [] removes them; left out keeps them). */
    price_breaks: z
      .array(PriceBreakInput)
      .max(VOLUME_LIMITS.priceBreaks, `must have at most ${VOLUME_LIMITS.priceBreaks} price breaks`)
      .nullable()
      .optional(),
    universal_product_code: Upc,
    organization: z.object({ id: Uuid }, { message: 'is required: { id } of your organization' }),
    tags: z
      .array(singleLineText().min(1, 'must not be empty').max(PRODUCT_LIMITS.tagLength))
      .max(PRODUCT_LIMITS.tags, `must have at most ${PRODUCT_LIMITS.tags} tags`)
      .nullable()
      .optional(),
    media: z
      .array(ProductMediaInput)
      .max(PRODUCT_LIMITS.photos, `must have at most ${PRODUCT_LIMITS.photos} photos`)
      .nullable()
      .optional(),
    product_physical_measurements: ProductMeasurementsInput,
    track_inventory: z.boolean({ message: 'must be true or false' }).optional(),
    /** Sells it as a pre-order with this window (null: not a pre-order; left out keeps it). Its variants follow. */
    preorder: z
      .strictObject(
        {
          ships_from: z.iso.date({ message: 'must be a day as YYYY-MM-DD' }),
          ships_until: z.iso.date({ message: 'must be a day as YYYY-MM-DD' }),
          order_by: z.iso.date({ message: 'must be a day as YYYY-MM-DD' }),
        },
        { message: 'must be { ships_from, ships_until, order_by } or null' },
      )
      .nullable()
      .optional(),
    /**
     * Replaces the product's options ([] or null: none). With `variants` left out, the variants
     * become every combination of the values (existing ones kept by their values).
     */
    options: z.array(ProductOptionInput).nullable().optional(),
    /** Replaces the product's variants; one left out is removed (orders keep showing it). */
    variants: z.array(VariantInput).nullable().optional(),
    // Read-only fields a client may echo back from GET; ignored.
    inventory_count: z.unknown().optional(),
    parent_product_id: z.unknown().optional(),
    variant_title: z.unknown().optional(),
    price_range: z.unknown().optional(),
    created_at: z.unknown().optional(),
    updated_at: z.unknown().optional(),
    deleted_at: z.unknown().optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.id && b.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'is required' });
    // Variants sent without options are checked against the product's saved options, by the server.
    const options = b.options ?? [];
    const issues = optionIssues(options);
    if (b.preorder) issues.push(...preorderWindowIssues(b.preorder));
    if (issues.length === 0 && b.variants && b.options !== undefined) issues.push(...variantIssues(options, b.variants));
    for (const i of issues) ctx.addIssue({ code: 'custom', path: i.path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)), message: i.message });
  })
  .meta({
    description:
      'Creates a product when `id` is absent (then `name` is required), else changes that product. Options need at least one value each, ' +
      'distinct names and values; variants must be combinations of the options (a 400 names the field).',
    anyOf: [{ required: ['name'] }, { required: ['id'] }],
  });
export type ProductInput = z.infer<typeof ProductInput>;

// ─── Inventory ───────────────────────────────────────────────────────────────────────
export const InventoryTransactionType = z.enum(INVENTORY_TRANSACTION_TYPES);

/**
 * add: count (may be negative to correct a mistake) is added; remove: count > 0 is taken away;
 * set: the stock becomes count (≥ 0). Stock never goes below zero (409).
 */
export const InventoryTransactionBody = z
  .strictObject({
    count: z
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(-PRODUCT_LIMITS.inventory)
      .max(PRODUCT_LIMITS.inventory),
    product: z.object({ id: Uuid }, { message: 'is required: { id } of the product' }),
    inventory_transaction_type: InventoryTransactionType.default('add'),
  })
  .superRefine((b, ctx) => {
    if (b.inventory_transaction_type === 'add' && b.count === 0) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'must not be zero' });
    }
    if (b.inventory_transaction_type === 'remove' && b.count <= 0) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'must be more than zero' });
    }
    if (b.inventory_transaction_type === 'set' && b.count < 0) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'must not be negative' });
    }
  })
  .meta({
    anyOf: [
      { properties: { inventory_transaction_type: { enum: ['add'] }, count: { not: { enum: [0] } } } },
      { required: ['inventory_transaction_type'], properties: { inventory_transaction_type: { enum: ['remove'] }, count: { minimum: 1 } } },
      { required: ['inventory_transaction_type'], properties: { inventory_transaction_type: { enum: ['set'] }, count: { minimum: 0 } } },
    ],
  });
export type InventoryTransactionBody = z.infer<typeof InventoryTransactionBody>;

export const InventoryTransaction = z.object({
  id: Uuid,
  count: z.number().int(),
  inventory_transaction_type: z.string(),
  product: z.object({ id: Uuid, inventory_count: z.number().int() }),
  created_at: z.string(),
  /** True when an earlier request with the same Idempotency-Key already applied it. */
  replayed: z.boolean(),
});
export type InventoryTransaction = z.infer<typeof InventoryTransaction>;
