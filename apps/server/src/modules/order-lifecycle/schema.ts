/** Tables owned by the order-lifecycle module (issue 23): the retailers' claims on shipped units. */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { orders, type ShipmentLineRecord } from '../orders/schema.js';
import { refunds } from '../refunds/schema.js';
import { users } from '../users/schema.js';

/**
 * A claim: the retailer reports damaged, missing or wrong units of what shipped, with a note and
 * photos (media of its own organization); the seller refunds them (`refund_id`), sends a
 * replacement (its carrier and tracking number here), or declines with a reason. Decided under
 * the order row's lock, like every change of the order: units claimed (open, refunded or
 * replaced) never pass the units shipped.
 */
export const orderClaims = pgTable(
  'order_claims',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** open, refunded, replaced or declined. */
    status: text('status').notNull().default('open'),
    lines: jsonb('lines').$type<ShipmentLineRecord[]>().notNull(),
    note: text('note').notNull(),
    mediaIds: jsonb('media_ids').$type<string[]>().notNull().default([]),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    replacementCarrier: text('replacement_carrier'),
    replacementTrackingNumber: text('replacement_tracking_number'),
  },
  (t) => [
    index('order_claims_order_idx').on(t.orderId, t.createdAt),
    check('order_claims_kind_check', sql`${t.kind} in ('damaged', 'missing', 'wrong_item')`),
    check('order_claims_status_check', sql`${t.status} in ('open', 'refunded', 'replaced', 'declined')`),
  ],
);
