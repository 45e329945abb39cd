/**
 * Price lists (issue 25 part 1): a seller's lists, the prices they set per sellable product,
 * the products they hide, and the list each customer buys on. Rules in price-list-rules.ts.
 */
import { z } from 'zod';
import { Uuid } from './common.js';
import { PRICE_LIST_LIMITS } from './price-list-rules.js';
import { PriceBreakInput, PriceBreakList } from './products.js';

const cents = z
  .number({ message: 'must be a whole number of cents' })
  .int('must be a whole number of cents')
  .min(0, 'must not be negative')
  .max(99_999_999, 'must be at most $999,999.99');

/** A price list as its seller's screens show it. */
export const PriceList = z.object({
  id: Uuid,
  name: z.string(),
  /** Percentage off wholesale for products the list gives no fixed price (12.5 = 12.5 %). */
  percent_off: z.number(),
  /** Customers on the list. */
  customer_count: z.number().int(),
  /** Sellable products (variants count one each) with a fixed price on the list. */
  fixed_price_count: z.number().int(),
  /** Products the list hides from its customers. */
  hidden_product_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PriceList = z.infer<typeof PriceList>;
export const PriceListList = z.array(PriceList);
export type PriceListList = z.infer<typeof PriceListList>;

/** POST …/price_lists and PATCH …/price_lists/{id}. */
export const PriceListInput = z.strictObject({
  name: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(PRICE_LIST_LIMITS.name, `must be at most ${PRICE_LIST_LIMITS.name} characters`),
  percent_off: z
    .number({ message: 'must be a number' })
    .min(0, 'must not be negative')
    .max(PRICE_LIST_LIMITS.percentOffMax, `must be below 100`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'may have at most two decimals')
    .meta({ multipleOf: 0.01 })
    .default(0),
});
export type PriceListInput = z.infer<typeof PriceListInput>;
export const PriceListPatch = PriceListInput.partial();
export type PriceListPatch = z.infer<typeof PriceListPatch>;

export const PriceListParams = z.object({ org_id: Uuid, price_list_id: Uuid });
export type PriceListParams = z.infer<typeof PriceListParams>;

/** GET …/price_lists/{id}/products: paged, `q` on name or SKU. */
export const PriceListProductsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type PriceListProductsQuery = z.infer<typeof PriceListProductsQuery>;

/** One sellable product (a variant, or a product without options) in the list editor. */
export const PriceListRow = z.object({
  product_id: Uuid,
  variant_title: z.string().nullable(),
  stock_keeping_unit: z.string().nullable(),
  wholesale_price_in_cents: z.number().int().nullable(),
  wholesale_price_breaks: PriceBreakList,
  /** The list's fixed price, null when the percentage applies. */
  fixed_price_in_cents: z.number().int().nullable(),
  /** The fixed price's own breaks. */
  fixed_price_breaks: PriceBreakList,
  /** What a customer on the list pays for one unit (before volume breaks). */
  list_price_in_cents: z.number().int().nullable(),
});
export type PriceListRow = z.infer<typeof PriceListRow>;

/** A product of the seller's catalogue in the list editor, with its sellable rows. */
export const PriceListProduct = z.object({
  id: Uuid,
  name: z.string(),
  stock_keeping_unit: z.string().nullable(),
  hidden: z.boolean(),
  rows: z.array(PriceListRow),
});
export type PriceListProduct = z.infer<typeof PriceListProduct>;
export const PriceListProductList = z.array(PriceListProduct);
export type PriceListProductList = z.infer<typeof PriceListProductList>;

/** PUT …/price_lists/{id}/prices: fixed prices to set (null removes one: the percentage applies again). */
export const PriceListPricesInput = z.strictObject({
  prices: z
    .array(
      z.strictObject({
        product_id: Uuid,
        unit_price_in_cents: cents.nullable(),
        price_breaks: z
          .array(PriceBreakInput)
          .max(PRICE_LIST_LIMITS.breaks, `may have at most ${PRICE_LIST_LIMITS.breaks} price breaks`)
          .optional(),
      }),
    )
    .min(1, 'must name at least one product')
    .max(PRICE_LIST_LIMITS.pricesPerRequest, `may set at most ${PRICE_LIST_LIMITS.pricesPerRequest} prices at once`),
});
export type PriceListPricesInput = z.infer<typeof PriceListPricesInput>;

/** PUT …/price_lists/{id}/hidden_products: products (not variants) to hide or show again. */
export const PriceListHiddenInput = z.strictObject({
  products: z
    .array(z.strictObject({ product_id: Uuid, hidden: z.boolean() }))
    .min(1, 'must name at least one product')
    .max(PRICE_LIST_LIMITS.hiddenPerRequest, `may change at most ${PRICE_LIST_LIMITS.hiddenPerRequest} products at once`),
});
export type PriceListHiddenInput = z.infer<typeof PriceListHiddenInput>;

/** GET/PUT /api/order/organization/{org_id}/purchasers/{id}/price_list: the customer's list (null: wholesale). */
export const CustomerPriceList = z.object({
  price_list: z.object({ id: Uuid, name: z.string(), percent_off: z.number() }).nullable(),
});
export type CustomerPriceList = z.infer<typeof CustomerPriceList>;
export const CustomerPriceListSetting = z.strictObject({ price_list_id: Uuid.nullable() });
export type CustomerPriceListSetting = z.infer<typeof CustomerPriceListSetting>;
