/**
 * Tables owned by the built-in payments provider: the "provider side" of connected accounts
 * (what Stripe would keep) and their onboarding sessions. Our own record of an organization's
 * account is payment_accounts (modules/payments), which knows nothing of these.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.js';

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

/**
 * Checkout sessions at the built-in provider (what Stripe keeps of a session): the amount our
 * server asked for, the connected account it pays, and — once paid — the card's brand and last
 * four digits only. The client secret is kept as its SHA-256.
 */
export const builtinCheckoutSessions = pgTable(
  'builtin_checkout_sessions',
  {
    /** cs_ and 24 random hex characters. */
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull().unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    accountId: text('account_id')
      .notNull()
      .references(() => builtinPaymentAccounts.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    merchantName: text('merchant_name').notNull(),
    returnUrl: text('return_url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    /** open → complete (paid) or expired. */
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A card challenge (3-D Secure) waiting for the buyer, with the card it is for. */
    challengeId: text('challenge_id'),
    challengeCardBrand: text('challenge_card_brand'),
    challengeCardLast4: text('challenge_card_last4'),
    paymentId: text('payment_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('builtin_checkout_sessions_amount_positive', sql`${t.amountCents} > 0`)],
);

/** Every card tried on a session and what the test bank said (brand and last four only). */
export const builtinCardAttempts = pgTable(
  'builtin_card_attempts',
  {
    id: id(),
    sessionId: text('session_id')
      .notNull()
      .references(() => builtinCheckoutSessions.id, { onDelete: 'cascade' }),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    /** succeeded, card_declined, insufficient_funds, requires_action, authentication_failed */
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('builtin_card_attempts_session_idx').on(t.sessionId)],
);

/**
 * Refunds at the built-in provider: money given back from a paid session's payment. A refund is
 * final at once (status succeeded); the refunds of one session never add up to more than it took
 * (checked under the session's row lock); an idempotency key answers its first refund again.
 */
export const builtinRefunds = pgTable(
  'builtin_refunds',
  {
    /** re_ and 24 random hex characters. */
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => builtinCheckoutSessions.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status').notNull().default('succeeded'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('builtin_refunds_idempotency_key').on(t.idempotencyKey),
    index('builtin_refunds_session_idx').on(t.sessionId),
    check('builtin_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
