/** Tables owned by the refunds module (issue 21 part 2): the sellers' refunds and their credit notes. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { orders } from '../orders/schema.js';
import { organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

/** A line a refund gave back: the order's line, its product, the units and their amount at the price paid. */
export interface RefundLineRecord {
  line_item_id: string;
  product_id: string | null;
  name: string;
  quantity: number;
  amount_cents: number;
}

/** Credit notes are numbered CN-000001, CN-000002, … from their own sequence (never reused). */
export const creditNoteNumberSeq = pgSequence('credit_note_number_seq', { startWith: 1 });

/**
 * One refund of a placed order, and its credit note. The order row's lock orders all refunds
 * of an order (service.ts): what they add up to never passes what was paid.
 *
 *   card:         pending (recorded; the provider is asked next, with the refund's id as its
 *                 idempotency key) ─► succeeded | failed (the amount is free again)
 *   credit_note:  succeeded at once (an invoice paid by other means: the seller pays it back
 *                 its own way; the credit note records it)
 *
 * `amount_cents` is all that was given back; `shipping_cents` of it was shipping (the rest was
 * goods: the dashboard's refunds). `idempotency_key` is unique per order: a retried request
 * answers the refund the first one made.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerOrganizationId: uuid('seller_organization_id')
      .notNull()
      .references(() => organizations.id),
    purchaserOrganizationId: uuid('purchaser_organization_id')
      .notNull()
      .references(() => organizations.id),
    amountCents: integer('amount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    lines: jsonb('lines').$type<RefundLineRecord[]>().notNull().default([]),
    reason: text('reason').notNull(),
    note: text('note'),
    /** card (through the payments provider) or credit_note. */
    method: text('method').notNull(),
    /** pending, succeeded or failed. */
    status: text('status').notNull(),
    /** seller (made in Cratebase) or provider (made at the provider, learnt from its webhook). */
    source: text('source').notNull().default('seller'),
    /** The payment refunded (method card): provider, its session and payment ids, the card. */
    provider: text('provider'),
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The provider's refund id, once it answered. */
    providerRefundId: text('provider_refund_id'),
    creditNoteNumber: text('credit_note_number').notNull(),
    restock: boolean('restock').notNull().default(false),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The request the key was first used with (a different request with the same key is refused). */
    requestHash: text('request_hash').notNull(),
    /** Times the provider was asked, and why it last failed or refused. */
    attempts: integer('attempts').notNull().default(0),
    failureMessage: text('failure_message'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt.desc()),
    /** The accounting export (issue 26): the seller's refunds by day made, oldest first (keyset). */
    index('refunds_seller_created_idx').on(t.sellerOrganizationId, t.createdAt, t.id),
    uniqueIndex('refunds_order_idempotency_key').on(t.orderId, t.idempotencyKey),
    uniqueIndex('refunds_credit_note_number_key').on(t.creditNoteNumber),
    uniqueIndex('refunds_provider_refund_key').on(t.provider, t.providerRefundId),
    /** The settler's scan: refunds still waiting for the provider. */
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_shipping_within', sql`${t.shippingCents} >= 0 and ${t.shippingCents} <= ${t.amountCents}`),
    check('refunds_method_check', sql`${t.method} in ('card', 'credit_note')`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_source_check', sql`${t.source} in ('seller', 'provider')`),
    check(
      'refunds_reason_check',
      sql`${t.reason} in ('damaged', 'returned', 'out_of_stock', 'retailer_request', 'duplicate', 'other')`,
    ),
  ],
);
