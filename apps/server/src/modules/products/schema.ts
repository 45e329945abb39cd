/** Tables owned by the products module: the catalogue, its photos' order and the seeded lookup lists. */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  integer,
  timestamp,
  numeric,
  primaryKey,
  index,
  uniqueIndex,
  check,
  serial,
  boolean,
  jsonb,
  date,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, slotCounterColumns } from '../../db/columns.js';
import { media } from '../media/schema.js';
import { organizations } from '../organizations/schema.js';

export const productStates = pgTable('product_states', {
  id: serial('id').primaryKey(),
  state: text('state').notNull().unique(),
});

export const orderUnits = pgTable('order_units', {
  id: serial('id').primaryKey(),
  unit: text('unit').notNull().unique(),
});

export const weightUnits = pgTable('weight_units', {
  id: serial('id').primaryKey(),
  unit: text('unit').notNull().unique(),
});

export const dimensionUnits = pgTable('dimension_units', {
  id: serial('id').primaryKey(),
  unit: text('unit').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    orderUnitId: integer('order_unit_id').references(() => orderUnits.id),
    quantityPerUnit: integer('quantity_per_unit'),
    stateId: integer('state_id').references(() => productStates.id),
    unitPriceInCents: integer('unit_price_in_cents'),
    msrpInCents: integer('msrp_in_cents'),
    stockKeepingUnit: text('stock_keeping_unit'),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull().default(1),
    /** Sold in multiples of this many (1: any quantity); lines must keep it (volume-rules.ts). */
    orderIncrement: integer('order_increment').notNull().default(1),
    universalProductCode: text('universal_product_code'),
    inventoryCount: integer('inventory_count').notNull().default(0),
    /** Stock limits orders only when the seller tracks it (off by default). */
    trackInventory: boolean('track_inventory').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    weight: numeric('weight', { precision: 12, scale: 3 }),
    weightUnitId: integer('weight_unit_id').references(() => weightUnits.id),
    length: numeric('length', { precision: 12, scale: 3 }),
    width: numeric('width', { precision: 12, scale: 3 }),
    height: numeric('height', { precision: 12, scale: 3 }),
    dimensionUnitId: integer('dimension_unit_id').references(() => dimensionUnits.id),
    /** Deleted products leave the catalogue but stay for carts and order history. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // ── Variants (issue 24; DECISIONS "Variants") ────────────────────────────────────────
    // A variant is a products row with `parent_id`: the unit that is sold, stocked, held and
    // priced (carts, orders, reservations and price breaks name it as before). Its product (the
    // parent) has `options` and is not sold itself. A product without options is its own one
    // variant. The product's shared fields (name, unit, minimum, measurements, state) are copied
    // to its variants by the product save, in the same transaction.
    /** The product this row is a variant of; null for a product. */
    parentId: uuid('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    /** A product's options, [{ name, values }] in order; null when it has none. */
    options: jsonb('options').$type<{ name: string; values: string[] }[]>(),
    /** A variant's value of each option, in option order. */
    optionValues: text('option_values').array(),
    /** A variant's place among its product's variants. */
    variantPosition: integer('variant_position'),
    /** False when the seller marked the variant unavailable (its state is then not Live). */
    variantAvailable: boolean('variant_available').notNull().default(true),
    /** The variant keeps its own order increment and price breaks (else the product's are copied). */
    ownVolumeRules: boolean('own_volume_rules').notNull().default(false),
    /** The product photo the variant shows. */
    variantMediaId: uuid('variant_media_id').references(() => media.id, { onDelete: 'set null' }),
    // ── Pre-orders (issue 25 part 4; docs/decisions/012-pre-orders.md) ────────────────────
    // Sold before it is made: ships within [ships_from, ships_until], orderable up to order_by
    // (UTC days, both ends included). All null: not a pre-order. Stock does not limit it. Set
    // on the product and copied to its variants (catalog.ts syncVariantsWithProducts).
    preorderShipsFrom: date('preorder_ships_from', { mode: 'string' }),
    preorderShipsUntil: date('preorder_ships_until', { mode: 'string' }),
    preorderOrderBy: date('preorder_order_by', { mode: 'string' }),
  },
  (t) => [
    index('products_org_list_idx')
      .on(t.organizationId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.parentId} is null`),
    index('products_org_state_idx')
      .on(t.organizationId, t.stateId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.parentId} is null`),
    index('products_parent_idx').on(t.parentId, t.variantPosition).where(sql`${t.parentId} is not null`),
    uniqueIndex('products_variant_values_key')
      .on(t.parentId, t.optionValues)
      .where(sql`${t.deletedAt} is null and ${t.parentId} is not null`),
    uniqueIndex('products_org_sku_key')
      .on(t.organizationId, t.stockKeepingUnit)
      .where(sql`${t.deletedAt} is null and ${t.stockKeepingUnit} is not null`),
    /** Catalogue import matches rows without a SKU by name among the products without one. */
    index('products_org_name_no_sku_idx')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null and ${t.stockKeepingUnit} is null`),
    check(
      'products_prices_non_negative',
      sql`coalesce(${t.unitPriceInCents},0) >= 0 and coalesce(${t.msrpInCents},0) >= 0`,
    ),
    check('products_min_qty_positive', sql`${t.minimumOrderQuantity} >= 1`),
    check('products_order_increment_positive', sql`${t.orderIncrement} >= 1`),
    check(
      'products_preorder_window',
      sql`(${t.preorderShipsFrom} is null and ${t.preorderShipsUntil} is null and ${t.preorderOrderBy} is null)
          or (${t.preorderShipsFrom} is not null and ${t.preorderShipsUntil} is not null and ${t.preorderOrderBy} is not null
              and ${t.preorderShipsFrom} <= ${t.preorderShipsUntil} and ${t.preorderOrderBy} <= ${t.preorderShipsUntil})`,
    ),
    check(
      'products_variant_shape',
      sql`(${t.parentId} is null) = (${t.optionValues} is null) and (${t.parentId} is null or ${t.options} is null)`,
    ),
  ],
);

/**
 * Volume prices (issue 13 item 3): from `min_quantity` units on, each unit of the product costs
 * `unit_price_in_cents`. At most 5 per product, checked with the order rules when saved
 * (contract volume-rules.ts). A cart line's price is defined once, in SQL: for-carts.ts
 * `effectiveUnitPriceSql`. Changes bump the seller's catalogue version (trigger, migration 0019).
 */
export const productPriceBreaks = pgTable(
  'product_price_breaks',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    unitPriceInCents: integer('unit_price_in_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.minQuantity] }),
    check('product_price_breaks_min_quantity', sql`${t.minQuantity} > 1`),
    check('product_price_breaks_price_non_negative', sql`${t.unitPriceInCents} >= 0`),
  ],
);

export const productMedia = pgTable(
  'product_media',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    displayOrder: integer('display_order').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.mediaId] }),
    index('product_media_order_idx').on(t.productId, t.displayOrder),
  ],
);

/**
 * A seller's catalogue version, kept in up to CATALOG_SLOTS counters per seller (`slot`): the
 * version is their sum (catalog-version.ts). Triggers add one to the writing transaction's slot
 * on every change to the seller's products, their photos or price breaks (migrations 0010,
 * 0019, 0021). Storefront page caches compare it on every request, so a change made by any
 * process is seen by all at once; orders completing at once each take their own slot.
 */
export const catalogVersions = pgTable(
  'catalog_versions',
  slotCounterColumns(() => organizations.id),
  (t) => [primaryKey({ columns: [t.organizationId, t.slot] })],
);

/**
 * Stock held for a checkout while the buyer pays (DECISIONS "The money path"): a tracked
 * product's available stock is its inventory_count less the quantities `held` by other holders
 * until their `held_until`. A hold is `sold` when its order completes (inventory_count goes
 * down then) or `released` when its checkout ends unpaid; a hold past its time counts for
 * nothing, so an abandoned checkout frees its stock without a sweeper.
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Who holds it: our checkout session id. */
    holder: uuid('holder').notNull(),
    quantity: integer('quantity').notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    /** held, sold or released */
    status: text('status').notNull().default('held'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_reservations_product_held_idx')
      .on(t.productId, t.heldUntil)
      .where(sql`${t.status} = 'held'`),
    uniqueIndex('stock_reservations_holder_product_key').on(t.holder, t.productId),
    check('stock_reservations_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
