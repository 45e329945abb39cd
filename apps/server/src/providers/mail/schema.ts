/** Tables owned by the mail provider: the outbox queue. */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, integer, timestamp, index } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';
import { organizations } from '../../modules/organizations/schema.js';

/**
 * The mail queue: every message is stored first, then sent by the worker of any server
 * process (claimed with FOR UPDATE SKIP LOCKED, so no message is sent twice), retried with
 * backoff. With the built-in transport the stored message is the delivery (/dev/mailbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** invite, tracking, ... */
    kind: text('kind').notNull(),
    toEmail: text('to_email').notNull(),
    fromEmail: text('from_email').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** queued → sending → sent | failed (after the last attempt) */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    transport: text('transport'),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued','sending')`),
    index('mail_outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
