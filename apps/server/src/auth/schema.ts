/** Who may act where: memberships and purchasing relationships, read only by auth/access.ts. */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, primaryKey, index, check } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { organizations } from '../modules/organizations/schema.js';
import { users } from '../modules/users/schema.js';

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The member's team role: owner, admin or staff (contract team-rules.ts). */
    role: text('role').notNull().default('owner'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('memberships_organization_id_idx').on(t.organizationId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'admin', 'staff')`),
  ],
);

/** A purchaser organization may buy from a seller organization (made by accepting an invite). */
export const purchasingRelationships = pgTable(
  'purchasing_relationships',
  {
    sellerOrganizationId: uuid('seller_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    purchaserOrganizationId: uuid('purchaser_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    inviteId: uuid('invite_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerOrganizationId, t.purchaserOrganizationId] }),
    index('purchasing_relationships_purchaser_idx').on(t.purchaserOrganizationId),
    index('purchasing_relationships_seller_list_idx').on(
      t.sellerOrganizationId,
      t.createdAt.desc(),
      t.purchaserOrganizationId.desc(),
    ),
  ],
);
