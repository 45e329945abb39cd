/**
 * Tables owned by the price-lists module (issue 25 part 1): a seller's price lists, their fixed
 * prices and price breaks per sellable product (a variant, or a product without options), the
 * products a list hides, and which list each customer buys on. What a unit costs a buyer is
 * defined once, in SQL: products/sql.ts `listedUnitPriceAtSql` over the fragments of
 * price-lists/sql.ts. Every change to a list bumps the seller's catalogue version (the commands
 * take `lockCatalogVersion` first), so no kept storefront page outlives a price it shows.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { products } from '../products/schema.js';

/**
 * A seller's price list: a name, and a percentage off wholesale (in basis points: 1250 = 12.5 %)
 * for every product the list gives no fixed price.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    percentOffBasisPoints: integer('percent_off_basis_points').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('price_lists_name_key').on(t.organizationId, sql`lower(${t.name})`),
    /** The target of customer_price_lists' (list, seller) key: a customer only ever gets its seller's list. */
    uniqueIndex('price_lists_id_organization_key').on(t.id, t.organizationId),
    check('price_lists_percent_off_check', sql`${t.percentOffBasisPoints} >= 0 and ${t.percentOffBasisPoints} < 10000`),
  ],
);

/** A list's fixed price for one sellable product (a variant, or a product without options). */
export const priceListPrices = pgTable(
  'price_list_prices',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unitPriceInCents: integer('unit_price_in_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId] }),
    index('price_list_prices_product_idx').on(t.productId),
    check('price_list_prices_price_check', sql`${t.unitPriceInCents} >= 0`),
  ],
);

/** A fixed price's volume breaks: from `min_quantity` units on, a unit costs `unit_price_in_cents`. */
export const priceListPriceBreaks = pgTable(
  'price_list_price_breaks',
  {
    priceListId: uuid('price_list_id').notNull(),
    productId: uuid('product_id').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    unitPriceInCents: integer('unit_price_in_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId, t.minQuantity] }),
    foreignKey({
      name: 'price_list_price_breaks_price_fk',
      columns: [t.priceListId, t.productId],
      foreignColumns: [priceListPrices.priceListId, priceListPrices.productId],
    }).onDelete('cascade'),
    check('price_list_price_breaks_min_quantity_check', sql`${t.minQuantity} > 1`),
    check('price_list_price_breaks_price_check', sql`${t.unitPriceInCents} >= 0`),
  ],
);

/** A product (with all its variants) the list's customers do not see or buy. */
export const priceListHiddenProducts = pgTable(
  'price_list_hidden_products',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.productId] })],
);

/** The list a customer buys on (one per customer; none = wholesale prices). */
export const customerPriceLists = pgTable(
  'customer_price_lists',
  {
    sellerOrganizationId: uuid('seller_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    purchaserOrganizationId: uuid('purchaser_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    priceListId: uuid('price_list_id').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerOrganizationId, t.purchaserOrganizationId] }),
    foreignKey({
      name: 'customer_price_lists_list_fk',
      columns: [t.priceListId, t.sellerOrganizationId],
      foreignColumns: [priceLists.id, priceLists.organizationId],
    }).onDelete('cascade'),
    index('customer_price_lists_list_idx').on(t.priceListId),
  ],
);
