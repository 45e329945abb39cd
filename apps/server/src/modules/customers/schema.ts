/** Tables owned by the customers module: the payment terms a seller gives each customer (issue 13). */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';

/**
 * A seller's payment terms for one purchasing organization: the days an invoice may stay open
 * (Net 15, 30 or 60). 0, or no row, means card only.
 */
export const paymentTerms = pgTable(
  'payment_terms',
  {
    sellerOrganizationId: uuid('seller_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    purchaserOrganizationId: uuid('purchaser_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    netDays: integer('net_days').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerOrganizationId, t.purchaserOrganizationId] }),
    check('payment_terms_net_days_check', sql`${t.netDays} in (0, 15, 30, 60)`),
  ],
);
