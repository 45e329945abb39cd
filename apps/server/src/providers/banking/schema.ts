/**
 * Tables owned by the built-in bank-linking provider: the "provider side" of linking (what
 * Plaid keeps): link tokens, the items a sign-in creates with their accounts, public tokens and
 * access tokens. Every token is kept as its SHA-256 only. Our own record of an organization's
 * bank accounts is bank_accounts (modules/banking), which knows nothing of these.
 */
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

/** A link token authorises one linking session of one organization (client_user_id). */
export const builtinBankLinkTokens = pgTable('builtin_bank_link_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  clientUserId: text('client_user_id').notNull(),
  clientName: text('client_name').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set when the link ended with a public token: the token cannot be used again. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * An item: a sign-in at an institution. `pending` while the user picks accounts, `linked`
 * once a public token was issued for it.
 */
export const builtinBankItems = pgTable(
  'builtin_bank_items',
  {
    /** item-builtin- and 24 random hex characters. */
    id: text('id').primaryKey(),
    linkTokenHash: text('link_token_hash')
      .notNull()
      .references(() => builtinBankLinkTokens.tokenHash, { onDelete: 'cascade' }),
    clientUserId: text('client_user_id').notNull(),
    institutionId: text('institution_id').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('builtin_bank_items_link_token_idx').on(t.linkTokenHash)],
);

/** The institution's accounts as the item sees them; `selected` are the ones the user picked. */
export const builtinBankItemAccounts = pgTable(
  'builtin_bank_item_accounts',
  {
    /** acc- and 24 random hex characters. */
    id: text('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => builtinBankItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    subtype: text('subtype'),
    mask: text('mask'),
    selected: boolean('selected').notNull().default(false),
  },
  (t) => [index('builtin_bank_item_accounts_item_idx').on(t.itemId)],
);

/** Public tokens: single-use (exchanged_at), bound to the organization of their link token. */
export const builtinBankPublicTokens = pgTable('builtin_bank_public_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  itemId: text('item_id')
    .notNull()
    .references(() => builtinBankItems.id, { onDelete: 'cascade' }),
  clientUserId: text('client_user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Access tokens: read an item's accounts. */
export const builtinBankAccessTokens = pgTable('builtin_bank_access_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  itemId: text('item_id')
    .notNull()
    .references(() => builtinBankItems.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
