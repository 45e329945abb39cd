/** Tables owned by the package-templates module. */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, integer, numeric, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { dimensionUnits } from '../products/schema.js';

export const packageTemplates = pgTable(
  'package_templates',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    height: numeric('height', { precision: 12, scale: 3 }).notNull(),
    width: numeric('width', { precision: 12, scale: 3 }).notNull(),
    length: numeric('length', { precision: 12, scale: 3 }).notNull(),
    dimensionUnitId: integer('dimension_unit_id')
      .notNull()
      .references(() => dimensionUnits.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('package_templates_org_idx').on(t.organizationId),
    /** One template per name and organization: saving "Default Package" again updates it. */
    uniqueIndex('package_templates_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
    check('package_templates_dimensions_positive', sql`${t.height} > 0 and ${t.width} > 0 and ${t.length} > 0`),
  ],
);
