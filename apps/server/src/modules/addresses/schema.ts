/** Tables owned by the addresses module. */
import { pgTable, uuid, text, boolean, index } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';

export const addresses = pgTable('addresses', {
  id: id(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  line1: text('line1').notNull(),
  line2: text('line2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  postalCode: text('postal_code').notNull(),
  country: text('country').notNull().default('US'),
  createdAt: createdAt(),
});

export const addressLinks = pgTable(
  'address_links',
  {
    id: id(),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `business` is the seller's own ship-from address; `shipping` a buyer's saved address. */
    kind: text('kind').notNull().default('shipping'),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('address_links_org_idx').on(t.organizationId, t.createdAt.desc())],
);
