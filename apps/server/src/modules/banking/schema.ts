/** Tables owned by the banking module. */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, boolean, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';

// The built-in bank-linking provider's own tables (providers/banking/schema.ts), assembled into
// the database schema through this module's file.
export * from '../../providers/banking/schema.js';

/**
 * An organization's bank accounts for payouts, as linked through the bank-linking provider
 * (the provider's account id within its item). At most one per organization is the default.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    /** The provider's item (one sign-in at one bank) the account was linked through. */
    providerItemId: text('provider_item_id'),
    institutionId: text('institution_id'),
    institutionName: text('institution_name'),
    name: text('name').notNull(),
    /** depository, credit, … */
    type: text('type').notNull(),
    /** checking, savings, … */
    subtype: text('subtype'),
    mask: text('mask'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_accounts_org_idx').on(t.organizationId),
    uniqueIndex('bank_accounts_provider_account_key').on(t.organizationId, t.provider, t.providerAccountId),
    uniqueIndex('bank_accounts_one_default_key').on(t.organizationId).where(sql`${t.isDefault}`),
  ],
);
