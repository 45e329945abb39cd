/** Tables owned by the payments module: payment accounts and invoices. */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, integer, boolean, timestamp, jsonb, index } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.js';
import { orders } from '../orders/schema.js';
import { organizations } from '../organizations/schema.js';

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    /** OPEN, PAID or VOID */
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    /** The invoices still to be paid (the seller dashboard's open invoices): few among many paid ones. */
    index('invoices_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'OPEN'`),
  ],
);

export const paymentAccounts = pgTable('payment_accounts', {
  id: id(),
  organizationId: uuid('organization_id')
    .notNull()
    .unique()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  accountId: text('account_id').notNull().unique(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  details: jsonb('details').notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
