/**
 * Tables owned by the resale-certificates module (issue 25 part 5): the files retailers upload,
 * their certificates (one current per organization, the replaced ones kept for the record) and
 * each seller's requirement of a valid certificate before a customer's first order.
 */
import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

/**
 * An uploaded certificate file (PDF, JPEG, PNG or WebP, checked from its bytes), private: stored
 * through the storage provider under `private/`, served only by this module's routes.
 */
export const resaleCertificateFiles = pgTable(
  'resale_certificate_files',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    fileName: text('file_name').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('resale_certificate_files_organization_idx').on(t.organizationId)],
);

/**
 * A retailer's resale certificate. The current one has `replaced_at` null (at most one per
 * organization); a new one replaces it and the old row stays, so an invoice can say what was on
 * file the day its order was placed. `reminded_at`: the expiry e-mails went out (once).
 */
export const resaleCertificates = pgTable(
  'resale_certificates',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => resaleCertificateFiles.id, { onDelete: 'restrict' }),
    state: char('state', { length: 2 }).notNull(),
    number: text('number').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('resale_certificates_current_key').on(t.organizationId).where(sql`${t.replacedAt} is null`),
    index('resale_certificates_to_remind_idx')
      .on(t.expiresOn)
      .where(sql`${t.replacedAt} is null and ${t.remindedAt} is null`),
    index('resale_certificates_organization_idx').on(t.organizationId, t.createdAt),
    check('resale_certificates_state_check', sql`${t.state} ~ '^[A-Z]{2}$'`),
  ],
);

/** A seller's rule: a new customer needs a valid certificate on file before its first order. */
export const resaleCertificateRequirements = pgTable('resale_certificate_requirements', {
  sellerOrganizationId: uuid('seller_organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  required: boolean('required').notNull().default(false),
  updatedAt: updatedAt(),
});
