/** Tables owned by the invites module. */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, integer, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

export const invites = pgTable(
  'invites',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sendToEmail: text('send_to_email').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    acceptedOn: timestamp('accepted_on', { withTimezone: true }),
    acceptedByOrganizationId: uuid('accepted_by_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    sendCount: integer('send_count').notNull().default(0),
    /**
     * The user who accepted the invite before having an organization (buyer sign-up runs the
     * accept step first). Their next new organization becomes the purchaser and sets accepted_on.
     */
    claimedByUserId: uuid('claimed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedOn: timestamp('claimed_on', { withTimezone: true }),
  },
  (t) => [
    index('invites_org_list_idx').on(t.organizationId, t.createdOn.desc(), t.id.desc()),
    index('invites_email_idx').on(t.organizationId, t.sendToEmail),
    /** At most one pending invite per address and seller (a repeated invite re-sends it). */
    uniqueIndex('invites_pending_email_key')
      .on(t.organizationId, sql`lower(${t.sendToEmail})`)
      .where(sql`${t.acceptedOn} is null`),
    index('invites_claimed_by_user_idx')
      .on(t.claimedByUserId)
      .where(sql`${t.claimedByUserId} is not null and ${t.acceptedOn} is null`),
  ],
);
