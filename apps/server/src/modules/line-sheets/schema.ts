/**
 * Tables owned by the line-sheets module (issue 25 part 3; docs/decisions/013-line-sheets.md):
 * the seller's line sheets, the products each lists, and the requests to order that stores
 * without an account send from a shared sheet's page.
 */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, integer, boolean, timestamp, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { products } from '../products/schema.js';
import { invites } from '../invites/schema.js';
import { priceLists } from '../price-lists/schema.js';

export const lineSheets = pgTable(
  'line_sheets',
  {
    id: id(),
    /** The seller. */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The intro printed on the cover and above the products of the page. */
    note: text('note'),
    /** Whose prices the sheet shows (price-lists module); null: the products' own wholesale prices. */
    priceListId: uuid('price_list_id').references(() => priceLists.id, { onDelete: 'set null' }),
    /** Lists every live product (newest first, up to the limit) instead of the chosen ones. */
    allProducts: boolean('all_products').notNull().default(false),
    /**
     * The public link's token (32 random bytes, base64url) while the sheet is shared; null when
     * never shared or revoked. A new share replaces it, so an old link stops working.
     */
    shareToken: text('share_token'),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('line_sheets_org_idx').on(t.organizationId, t.updatedAt.desc(), t.id.desc()),
    uniqueIndex('line_sheets_share_token_key')
      .on(t.shareToken)
      .where(sql`${t.shareToken} is not null`),
  ],
);

/** The chosen products of a sheet (products, not variants: a product's variants are listed under it). */
export const lineSheetProducts = pgTable(
  'line_sheet_products',
  {
    lineSheetId: uuid('line_sheet_id')
      .notNull()
      .references(() => lineSheets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineSheetId, t.productId] }),
    index('line_sheet_products_position_idx').on(t.lineSheetId, t.position),
  ],
);

/** A store without an account asking to order from a shared sheet; the seller answers with an invite. */
export const lineSheetRequests = pgTable(
  'line_sheet_requests',
  {
    id: id(),
    lineSheetId: uuid('line_sheet_id')
      .notNull()
      .references(() => lineSheets.id, { onDelete: 'cascade' }),
    /** The seller (the sheet's organization), for the access check and the seller's list. */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    storeName: text('store_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message'),
    createdAt: createdAt(),
    /** The customer invite sent for the request (Invite), and when. */
    inviteId: uuid('invite_id').references(() => invites.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
  },
  (t) => [index('line_sheet_requests_sheet_idx').on(t.lineSheetId, t.createdAt.desc(), t.id.desc())],
);
