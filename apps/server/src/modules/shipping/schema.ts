/** Tables owned by the shipping module. */
import { pgTable, uuid, text, integer, timestamp, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { orders } from '../orders/schema.js';

/**
 * The order's current shipping quote, one row per rate: what GET …/estimates answered last, so
 * a rate the buyer sends back can be checked (it is this order's, not expired, and quoted for
 * the cart and addresses the order has now) without asking the provider again. A new quote of
 * the order replaces all its rows.
 */
export const shippingQuotes = pgTable(
  'shipping_quotes',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The rate's object_id at the provider (the built-in engine's hash, or Shippo's id). */
    rateId: text('rate_id').notNull(),
    /** The shipping provider that quoted it: builtin or shippo. */
    provider: text('provider').notNull(),
    /** USPS, UPS or FedEx. */
    carrier: text('carrier').notNull(),
    serviceLevelToken: text('service_level_token').notNull(),
    serviceLevelName: text('service_level_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Cheapest first, as the estimates were answered. */
    position: integer('position').notNull(),
    /** SHA-256 of the quote request (addresses, package, items): a changed cart or address makes the rate stale. */
    requestHash: text('request_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.rateId] })],
);
