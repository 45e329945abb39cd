/** Tables owned by the identity module: the built-in OpenID provider's accounts, its state, secrets and rate limits. */
import { sql } from 'drizzle-orm';
import { pgTable, text, integer, timestamp, jsonb, primaryKey, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../db/columns.js';

/** Credentials of the built-in provider. `id` is the OIDC subject. */
export const identityAccounts = pgTable(
  'identity_accounts',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('identity_accounts_email_key').on(sql`lower(${t.email})`)],
);

/** oidc-provider's models (sessions, grants, codes, refresh tokens, interactions...). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

/** Secrets generated once and shared by every server process (signing keys, cookie keys). */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every server process (sign-in, sign-up, token). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStartedAt)],
);

/**
 * Failed sign-ins per e-mail (normalized, whether or not an account has it), for the
 * per-account back-off (sign-in-throttle.ts). In the database so every process counts the same
 * attempts; a successful sign-in deletes the row, old rows are swept now and then.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** No attempt for this e-mail is checked before this moment (null: no wait). */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_failures_last_failed_idx').on(t.lastFailedAt)],
);
