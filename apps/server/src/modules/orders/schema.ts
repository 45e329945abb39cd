/** Tables owned by the orders module (checkout and orders issues). */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, integer, boolean, timestamp, index, primaryKey, check, jsonb, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, slotCounterColumns } from '../../db/columns.js';
import { addresses } from '../addresses/schema.js';
import { carts } from '../carts/schema.js';
import { organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

export const orders = pgTable(
  'orders',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .unique()
      .references(() => carts.id),
    sellingOrganizationId: uuid('selling_organization_id')
      .notNull()
      .references(() => organizations.id),
    purchasingOrganizationId: uuid('purchasing_organization_id')
      .notNull()
      .references(() => organizations.id),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    shippingAddressId: uuid('shipping_address_id').references(() => addresses.id),
    shippingCostInCents: integer('shipping_cost_in_cents'),
    // The chosen shipping rate, vendor-neutral: which rates provider quoted it (builtin,
    // shippo…), its id there, the carrier and the carrier's service level.
    shippingRateProvider: text('shipping_rate_provider'),
    providerRateId: text('provider_rate_id'),
    shippingCarrier: text('shipping_carrier'),
    shippingServiceLevel: text('shipping_service_level'),
    isNet30: boolean('is_net_30'),
    /** Pay by invoice: the net days the seller gave (is_net_30 true); null for card orders (issue 13). */
    netDays: integer('net_days'),
    /** The buyer's purchase order number, optional, given at checkout (issue 13). */
    poNumber: text('po_number'),
    /** draft → submitted */
    status: text('status').notNull().default('draft'),
    subtotalCents: integer('subtotal_cents'),
    totalCents: integer('total_cents'),
    /**
     * What the seller refunded of the order so far (refunds in progress included), kept by the
     * refunds module under this row's lock, so lists show it without reading the refunds.
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * Issue 23, the order's state once placed (contract order-lifecycle-rules.ts): placed,
     * accepted, partially_shipped, shipped, delivered or cancelled — kept by the lifecycle
     * commands (lifecycle.ts) under this row's lock, from the lines' shipped and cancelled units.
     */
    fulfillmentStatus: text('fulfillment_status').notNull().default('placed'),
    /** Goods and shipping cancelled since the order was placed (refunded, or taken off its invoice). */
    cancelledCents: integer('cancelled_cents').notNull().default(0),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The buyer's open request to cancel (cleared when the seller cancels or declines). */
    cancellationRequestedAt: timestamp('cancellation_requested_at', { withTimezone: true }),
    cancellationRequestNote: text('cancellation_request_note'),
    cancellationRequestedBy: uuid('cancellation_requested_by').references(() => users.id, { onDelete: 'set null' }),
    completedOn: timestamp('completed_on', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_seller_idx').on(t.sellingOrganizationId, t.completedOn.desc(), t.id.desc()),
    index('orders_purchaser_idx').on(t.purchasingOrganizationId, t.completedOn.desc(), t.id.desc()),
    /** The seller's order list searched by PO number (case-insensitive prefix). */
    index('orders_seller_po_idx')
      .on(t.sellingOrganizationId, sql`lower(${t.poNumber}) text_pattern_ops`)
      .where(sql`${t.poNumber} is not null`),
    index('orders_pair_idx').on(t.sellingOrganizationId, t.purchasingOrganizationId, t.completedOn.desc(), t.id.desc()),
    check('orders_refunded_cents_check', sql`${t.refundedCents} >= 0`),
    check('orders_cancelled_cents_check', sql`${t.cancelledCents} >= 0`),
    check(
      'orders_fulfillment_status_check',
      sql`${t.fulfillmentStatus} in ('placed', 'accepted', 'partially_shipped', 'shipped', 'delivered', 'cancelled')`,
    ),
    /** The Orders workspace's tabs: the seller's orders in one state, newest first. */
    index('orders_seller_state_idx')
      .on(t.sellingOrganizationId, t.fulfillmentStatus, t.completedOn.desc(), t.id.desc())
      .where(sql`${t.completedOn} is not null`),
    /** The Orders workspace's customer filter within a tab: one customer's orders in one state, newest first. */
    index('orders_pair_state_idx')
      .on(t.sellingOrganizationId, t.purchasingOrganizationId, t.fulfillmentStatus, t.completedOn.desc(), t.id.desc())
      .where(sql`${t.completedOn} is not null`),
  ],
);

export const shippingInformation = pgTable('shipping_information', {
  id: id(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  carrier: text('carrier').notNull(),
  trackingNumber: text('tracking_number').notNull(),
  status: text('status').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A unit count of one order line (a shipment's lines). */
export interface ShipmentLineRecord {
  line_item_id: string;
  quantity: number;
}

/**
 * Issue 23: the boxes that left for an order, each with its lines, carrier and tracking number
 * (several per order: ship in parts). `shipping_information` keeps the latest one, for the
 * spec's calls.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    lines: jsonb('lines').$type<ShipmentLineRecord[]>().notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Issue 23: the order's timeline — every change after checkout, who made it and when, in the
 * transaction that made it. `idempotency_key` (unique per order) makes a retried command answer
 * what the first did; `request_hash` refuses the same key for another request.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorSide: text('actor_side').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    summary: text('summary').notNull(),
    note: text('note'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt, t.id),
    uniqueIndex('order_events_idempotency_key')
      .on(t.orderId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('order_events_actor_side_check', sql`${t.actorSide} in ('seller', 'buyer', 'system')`),
  ],
);

/**
 * A version per organization of what its order lists show (its orders as seller and as buyer),
 * kept in up to ORDER_LIST_SLOTS counters (`slot`) whose sum is the version: every transaction
 * that places one of its orders or changes an order's tracking or invoice adds one to its own
 * slot (list-version.ts), so orders of one seller completing at once do not queue on one row.
 * The lists' page caches compare it on every request, so a change made by any process is seen
 * by all at once.
 */
export const orderListVersions = pgTable(
  'order_list_versions',
  slotCounterColumns(() => organizations.id),
  (t) => [primaryKey({ columns: [t.organizationId, t.slot] })],
);

/**
 * Issue 25: the pre-order ship windows of each placed order (one row per distinct window of its
 * lines, written with the submission — orders/submission.ts recordSubmission), so the seller's
 * Orders workspace filters by ship window on one index, newest first, like its other filters.
 */
export const orderShipWindows = pgTable(
  'order_ship_windows',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerOrganizationId: uuid('seller_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shipsFrom: date('ships_from', { mode: 'string' }).notNull(),
    shipsUntil: date('ships_until', { mode: 'string' }).notNull(),
    /** The order's completed_on (the list's keyset). */
    completedOn: timestamp('completed_on', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.shipsFrom, t.shipsUntil] }),
    index('order_ship_windows_seller_idx').on(
      t.sellerOrganizationId,
      t.shipsFrom,
      t.shipsUntil,
      t.completedOn.desc(),
      t.orderId.desc(),
    ),
  ],
);
