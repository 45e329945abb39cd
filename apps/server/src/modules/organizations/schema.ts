/** Tables owned by the organizations module. */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, integer, boolean, timestamp, check } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.js';
import { users } from '../users/schema.js';

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    slogan: text('slogan'),
    selectedType: text('selected_type', { enum: ['Merchant', 'Buyer'] }).notNull(),
    /** Live count of the catalogue (not deleted products), kept by a trigger on products. */
    productCount: integer('product_count').notNull().default(0),
    newCustomerMin: integer('new_customer_min'),
    returningCustomerMin: integer('returning_customer_min'),
    newCustomerMinCents: integer('new_customer_min_cents'),
    returningCustomerMinCents: integer('returning_customer_min_cents'),
    /** Issue 23: hours after placing in which a buyer may cancel or reduce its order itself (0: never). */
    buyerCancelHours: integer('buyer_cancel_hours').notNull().default(24),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    transactionalEmails: boolean('transactional_emails').notNull().default(true),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('organizations_selected_type_check', sql`${t.selectedType} in ('Merchant','Buyer')`),
    check(
      'organizations_terms_non_negative',
      sql`coalesce(${t.newCustomerMin},0) >= 0 and coalesce(${t.returningCustomerMin},0) >= 0 and coalesce(${t.newCustomerMinCents},0) >= 0 and coalesce(${t.returningCustomerMinCents},0) >= 0`,
    ),
  ],
);
