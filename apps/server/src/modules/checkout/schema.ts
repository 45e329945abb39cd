/** Tables owned by the checkout module (card payment and order completion). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { orders } from '../orders/schema.js';
import { users } from '../users/schema.js';

/** One line as the checkout session priced it: what the buyer pays for, whatever changes later. */
export interface SessionLine {
  line_item_id: string;
  product_id: string;
  name: string;
  quantity: number;
  unit_price_in_cents: number;
  track_inventory: boolean;
}

/** The order's shipping as the checkout session priced it. */
export interface SessionShipping {
  address_id: string;
  provider: string;
  rate_id: string;
  carrier: string;
  service_level: string;
  service_level_name: string;
  cost_cents: number;
}

/**
 * Our record of each checkout session: the order it pays, the exact lines, shipping and amount
 * it was created for (the session amount wins: the order completes with these), and its state.
 *
 *   pending (asking the provider) ─► open ─┬─► complete (the order was completed with it)
 *      │  └─► failed                        ├─► expired (its time passed unpaid)
 *      └──────────────► superseded ◄────────┘  (a newer checkout, a placed order or a closed
 *                           │                    invoice ended it; the provider is told next)
 *                           ├─► expired (the provider confirmed it can no longer be paid)
 *                           └─► complete (it was paid first, and the order was still open)
 *
 *   paid, but nothing to pay any more (the order or invoice was settled another way)
 *      ─► refund_due ─► refunded (the whole payment given back; the buyer is told by e-mail)
 *
 * At most one session of an order (per purpose) is pending or open: the partial unique index
 * below, and every new one supersedes the others in the transaction that locks the order.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The payments provider that holds the session (builtin, stripe) and its id there. */
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    accountId: text('account_id').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lines: jsonb('lines').$type<SessionLine[]>().notNull(),
    shipping: jsonb('shipping').$type<SessionShipping>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull().default('pending'),
    /**
     * What the session pays: 'order' (checkout: completing it places the order; by card, or on
     * net terms with no provider session) or 'invoice' (the buyer pays an OPEN invoice later).
     */
    purpose: text('purpose').notNull().default('order'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paymentId: text('payment_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** A paid session that could not be used: the provider's refund of its whole payment. */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkout_sessions_provider_session_key').on(t.providerSessionId),
    index('checkout_sessions_order_idx').on(t.orderId, t.createdAt.desc()),
    /** The reconciler's scan: sessions still waiting for their payment. */
    index('checkout_sessions_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('pending', 'open')`),
    /** One payable session per order and purpose at a time (a newer one supersedes the rest). */
    uniqueIndex('checkout_sessions_one_live_per_order')
      .on(t.orderId, t.purpose)
      .where(sql`${t.status} in ('pending', 'open')`),
    /** The reconciler's scan: sessions to confirm ended at the provider, and payments to refund. */
    index('checkout_sessions_unsettled_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('superseded', 'refund_due', 'needs_review')`),
    /** An order is completed by one session at most. */
    uniqueIndex('checkout_sessions_one_complete_per_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'complete' and ${t.purpose} = 'order'`),
    /** An invoice is paid by one session at most. */
    uniqueIndex('checkout_sessions_one_invoice_payment')
      .on(t.orderId)
      .where(sql`${t.status} = 'complete' and ${t.purpose} = 'invoice'`),
    check(
      'checkout_sessions_amount',
      sql`${t.amountCents} = ${t.subtotalCents} + ${t.shippingCents} and ${t.amountCents} > 0`,
    ),
  ],
);
