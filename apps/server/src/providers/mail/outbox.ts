/**
 * Reading the outbox back (the built-in transport's mailbox, for development and tests): the
 * stored messages, newest first, a page at a time, and one message by id.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { beforeCursor, decodeCursor, keysetTimestamp, limitPlusOne } from '../../lib/pagination.js';

export type OutboxRow = {
  id: string;
  kind: string;
  to_email: string;
  from_email: string;
  subject: string;
  status: string;
  attempts: number;
  created_at: Date | string;
  sent_at: Date | string | null;
  last_error: string | null;
  keyset_at: string;
  html: string;
  text: string;
};

/**
 * Up to `limit + 1` messages before the cursor, newest first (all of them without a limit),
 * only those to `to` (any letter case) when given. Page them with lib/pagination's takePage.
 */
export async function listOutbox(
  db: Db,
  query: { limit?: number; cursor?: string; to?: string },
): Promise<OutboxRow[]> {
  const cursor = decodeCursor(query.cursor);
  const to = query.to ? sql`and lower(to_email) = ${query.to.trim().toLowerCase()}` : sql``;
  const result = await db.execute<OutboxRow>(sql`
    select id, kind, to_email, from_email, subject, status, attempts, created_at, sent_at, last_error, html, text,
           ${keysetTimestamp(sql`created_at`)} as keyset_at
      from mail_outbox
     where true ${to} ${beforeCursor(sql`created_at`, sql`id`, cursor)}
     order by created_at desc nulls last, id desc nulls last
     ${limitPlusOne(query.limit)}`);
  return result.rows;
}

/** One stored message with how it was sent, or undefined. */
export async function getOutboxMessage(
  db: Db,
  id: string,
): Promise<(OutboxRow & { transport: string | null; provider_message_id: string | null }) | undefined> {
  const result = await db.execute<OutboxRow & { transport: string | null; provider_message_id: string | null }>(sql`
    select id, kind, to_email, from_email, subject, status, attempts, created_at, sent_at, last_error,
           html, text, transport, provider_message_id, '' as keyset_at
      from mail_outbox where id = ${id}`);
  return result.rows[0];
}
