/** Tables owned by the banking module. */
import { pgTable, uuid, text, boolean, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    mask: text('mask'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_accounts_org_idx').on(t.organizationId),
    uniqueIndex('bank_accounts_provider_account_key').on(t.organizationId, t.provider, t.providerAccountId),
  ],
);
