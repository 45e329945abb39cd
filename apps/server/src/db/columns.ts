/** Column helpers shared by every module's schema.ts. */
import { bigint, smallint, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The columns of a version kept in slot counters per organization (products/catalog-version.ts,
 * orders/list-version.ts): the organization (`organization`, its id column), the slot, and that
 * slot's count. The version is the sum over the organization's slots; key the table by
 * (organization_id, slot).
 */
export const slotCounterColumns = (organization: () => AnyPgColumn) => ({
  organizationId: uuid('organization_id').notNull().references(organization, { onDelete: 'cascade' }),
  slot: smallint('slot').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull(),
});
