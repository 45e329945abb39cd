/** Tables owned by the team module (the memberships themselves are auth's: auth/schema.ts). */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

/** An invitation to join an organization's team with a role; accepting makes a membership. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased; only an account with this e-mail may accept. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedOn: timestamp('accepted_on', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('team_invites_org_list_idx').on(t.organizationId, t.createdOn.desc(), t.id.desc()),
    /** At most one pending invite per address and organization (inviting again answers it). */
    uniqueIndex('team_invites_pending_email_key')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedOn} is null`),
    check('team_invites_role_check', sql`${t.role} in ('admin', 'staff')`),
  ],
);
