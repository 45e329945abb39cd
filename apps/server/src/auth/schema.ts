/**
 * Who may act where: memberships and purchasing relationships, read only by auth/access.ts; an
 * organization's API keys, read only by auth/api-keys.ts.
 */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, primaryKey, index, check, integer, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.js';
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

/**
 * An organization's API keys (issue 26): a bearer `cb_live_…` acting in that organization
 * with its scopes (auth/api-keys.ts). Only the SHA-256 of the token is kept; the token is
 * shown once. A revoked key stays listed. The fixed-window counter (`rate_window_*`) limits
 * each key's requests per minute in every process at once; it is advanced by the same
 * statement that checks the key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenLast4: text('token_last4').notNull(),
    /** Who made it: the key's actions are recorded as theirs ("through the API"). */
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    rateWindowStartedAt: timestamp('rate_window_started_at', { withTimezone: true }).notNull().defaultNow(),
    rateWindowHits: integer('rate_window_hits').notNull().default(0),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_idx').on(t.tokenHash),
    index('api_keys_organization_idx').on(t.organizationId, t.createdAt.desc()),
    check('api_keys_scopes_check', sql`cardinality(${t.scopes}) > 0`),
  ],
);
