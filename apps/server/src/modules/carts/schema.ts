/** Tables owned by the carts module (storefront and cart issue). */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, integer, index, uniqueIndex, check, date } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { products } from '../products/schema.js';

export const carts = pgTable(
  'carts',
  {
    id: id(),
    sellingOrganizationId: uuid('selling_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    purchasingOrganizationId: uuid('purchasing_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** open while the buyer shops; ordered once its order is submitted. */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_one_open_per_pair')
      .on(t.sellingOrganizationId, t.purchasingOrganizationId)
      .where(sql`${t.status} = 'open'`),
    index('carts_purchaser_idx').on(t.purchasingOrganizationId),
  ],
);

export const lineItems = pgTable(
  'line_items',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    /** Price captured when the order is submitted; live price until then. */
    unitPriceInCents: integer('unit_price_in_cents'),
    /**
     * Issue 25 part 2: the unit price agreed in an order the seller wrote (proposals module),
     * set when the retailer accepts it; while the cart is open it is the line's price instead of
     * the listed one, whatever its quantity becomes (removing the line drops it).
     */
    agreedUnitPriceInCents: integer('agreed_unit_price_in_cents'),
    /** Issue 23: units cancelled after the order was placed, and units shipped (orders/lifecycle.ts). */
    cancelledQuantity: integer('cancelled_quantity').notNull().default(0),
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    /** Issue 23: units the seller reported unavailable (not shipped since), the day it expects them, and the retailer's choice (asked / waiting). */
    unavailableQuantity: integer('unavailable_quantity').notNull().default(0),
    restockOn: date('restock_on', { mode: 'string' }),
    backorder: text('backorder'),
    /** Issue 25: the pre-order ship window the line was sold under, captured with its price (null: ships now). */
    shipsFrom: date('ships_from', { mode: 'string' }),
    shipsUntil: date('ships_until', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('line_items_cart_product_key').on(t.cartId, t.productId),
    index('line_items_product_idx').on(t.productId),
    check('line_items_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'line_items_units_within',
      sql`${t.cancelledQuantity} >= 0 and ${t.shippedQuantity} >= 0 and ${t.cancelledQuantity} + ${t.shippedQuantity} <= ${t.quantity}`,
    ),
    check(
      'line_items_unavailable_within',
      sql`${t.unavailableQuantity} >= 0 and ${t.unavailableQuantity} <= ${t.quantity} - ${t.cancelledQuantity} - ${t.shippedQuantity}`,
    ),
    check(
      'line_items_ship_window',
      sql`(${t.shipsFrom} is null and ${t.shipsUntil} is null) or (${t.shipsFrom} is not null and ${t.shipsUntil} is not null and ${t.shipsFrom} <= ${t.shipsUntil})`,
    ),
    check('line_items_backorder_check', sql`${t.backorder} is null or ${t.backorder} in ('asked', 'waiting')`),
  ],
);
