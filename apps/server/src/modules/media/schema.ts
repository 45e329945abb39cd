/** Tables owned by the media module: uploaded images and each organization's logo and cover. */
import { pgTable, uuid, text, integer, jsonb, index } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';

export const media = pgTable(
  'media',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Resized variants: { "200": key, "600": key, ... } */
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('media_organization_id_idx').on(t.organizationId)],
);

export const imageSets = pgTable('image_sets', {
  id: id(),
  organizationId: uuid('organization_id')
    .notNull()
    .unique()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  logoMediaId: uuid('logo_media_id').references(() => media.id, { onDelete: 'set null' }),
  splashMediaId: uuid('splash_media_id').references(() => media.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
