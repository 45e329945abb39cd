/**
 * Tables owned by the dashboard module: a seller's sales, pre-aggregated as orders complete
 * (checkout's completion calls recordOrderForDashboard in its transaction), so the dashboard
 * reads at most 12 weeks of small rows however many orders the seller has. Days and weeks are
 * UTC; weeks start on Monday. Migration 0017 fills them from the orders placed before it.
 *
 * The seller-wide rows (days, products' weeks) are split by `slot`: orders of one seller
 * completing at once each add to their own slot's row (the slot their transaction claimed,
 * checkout/seller-slot.ts), and the dashboard sums the slots when it reads. Slots are taken
 * lowest first, so a seller whose orders do not overlap writes slot 0 only.
 */
import { bigint, date, index, integer, pgTable, primaryKey, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/schema.js';
import { products } from '../products/schema.js';

const seller = () =>
  uuid('seller_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
const cents = () => bigint('sales_cents', { mode: 'number' }).notNull();

/** The slot of a seller-wide row (see above); rows counted outside checkout use slot 0. */
const slot = () => smallint('slot').notNull().default(0);

/** Orders and sales (line subtotals) per seller, UTC day and slot, and the goods refunded that day. */
export const sellerSalesDays = pgTable(
  'seller_sales_days',
  {
    sellerId: seller(),
    day: date('day').notNull(),
    slot: slot(),
    orders: integer('orders').notNull(),
    salesCents: cents(),
    /** Goods refunded on the day (refunds module, issue 21): net sales are sales minus these. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.slot] })],
);

/** Units and sales per seller, week (its Monday), product and slot. */
export const sellerProductSalesWeeks = pgTable(
  'seller_product_sales_weeks',
  {
    sellerId: seller(),
    weekStart: date('week_start').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    slot: slot(),
    units: integer('units').notNull(),
    salesCents: cents(),
  },
  // Named: the default name would pass PostgreSQL's 63 characters.
  (t) => [
    primaryKey({
      name: 'seller_product_sales_weeks_seller_week_product_slot_pk',
      columns: [t.sellerId, t.weekStart, t.productId, t.slot],
    }),
  ],
);

/** Orders and sales per seller, week (its Monday) and purchasing organization. */
export const sellerCustomerSalesWeeks = pgTable(
  'seller_customer_sales_weeks',
  {
    sellerId: seller(),
    weekStart: date('week_start').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orders: integer('orders').notNull(),
    salesCents: cents(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.weekStart, t.buyerId] })],
);

/** Every customer's orders with the seller, all time (the reorder rate). */
export const sellerCustomers = pgTable(
  'seller_customers',
  {
    sellerId: seller(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstOrderOn: timestamp('first_order_on', { withTimezone: true }).notNull(),
    lastOrderOn: timestamp('last_order_on', { withTimezone: true }).notNull(),
    orders: integer('orders').notNull(),
    salesCents: cents(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.buyerId] }),
    /** The customers who ordered since a day (the period's reorder rate). */
    index('seller_customers_recent_idx').on(t.sellerId, t.lastOrderOn, t.orders),
  ],
);
