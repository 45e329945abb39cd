/**
 * Tables owned by the built-in payments provider: the "provider side" of connected accounts
 * (what Stripe would keep) and their onboarding sessions. Our own record of an organization's
 * account is payment_accounts (modules/payments), which knows nothing of these.
 */
import { boolean, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.js';

export const builtinPaymentAccounts = pgTable('builtin_payment_accounts', {
  /** acct_ and 24 random hex characters. */
  id: text('id').primaryKey(),
  /** The caller's idempotency key: a second create with it returns this account. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  email: text('email'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  // The onboarding form, kept the way a payments company shows it back: the tax id and the
  // bank account number only by their last four digits.
  legalName: text('legal_name'),
  taxIdLast4: text('tax_id_last4'),
  line1: text('line1'),
  line2: text('line2'),
  city: text('city'),
  state: text('state'),
  postalCode: text('postal_code'),
  representativeFirstName: text('representative_first_name'),
  representativeLastName: text('representative_last_name'),
  representativeDateOfBirth: date('representative_date_of_birth', { mode: 'string' }),
  routingNumber: text('routing_number'),
  bankAccountLast4: text('bank_account_last4'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Account sessions: the SHA-256 of each client secret (the secret itself is never stored). */
export const builtinAccountSessions = pgTable(
  'builtin_account_sessions',
  {
    secretHash: text('secret_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => builtinPaymentAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('builtin_account_sessions_account_idx').on(t.accountId)],
);
