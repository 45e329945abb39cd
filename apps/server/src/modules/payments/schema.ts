/** Tables owned by the payments module: payment accounts and invoices. */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  integer,
  boolean,
  timestamp,
  jsonb,
  index,
  date,
  check,
  primaryKey,
} from 'drizzle-orm/pg-core';
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
    /** The order's seller and buyer (the seller's invoice list reads its own index). */
    sellerOrganizationId: uuid('seller_organization_id')
      .notNull()
      .references(() => organizations.id),
    purchaserOrganizationId: uuid('purchaser_organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Pay by invoice (net terms): the days given and the day it is due; null for card orders. */
    netDays: integer('net_days'),
    dueOn: date('due_on', { mode: 'string' }),
    /** How a PAID invoice was paid: card, check, ach, wire, cash or other. */
    paidMethod: text('paid_method'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    /** The invoices still to be paid (the seller dashboard's open invoices): few among many paid ones. */
    index('invoices_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'OPEN'`),
    /** The seller's invoice list, all or by status, newest first (keyset). */
    index('invoices_seller_status_idx').on(t.sellerOrganizationId, t.status, t.createdAt.desc(), t.id.desc()),
    /** The accounting export's payments (issue 26): the seller's invoices by the moment they were paid (keyset). */
    index('invoices_seller_paid_idx')
      .on(t.sellerOrganizationId, t.paidAt, t.id)
      .where(sql`${t.paidAt} is not null`),
    /** The reminders' scan: open invoices by due day. */
    index('invoices_open_due_idx')
      .on(t.dueOn)
      .where(sql`${t.status} = 'OPEN'`),
    check('invoices_status_check', sql`${t.status} in ('OPEN', 'PAID', 'VOID')`),
  ],
);

/**
 * The reminders sent for an invoice: one row per (invoice, kind) — due_soon before the due day,
 * overdue after it — inserted with the e-mail in one transaction, so each goes out once.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.kind] }),
    check('invoice_reminders_kind_check', sql`${t.kind} in ('due_soon', 'overdue')`),
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
