/**
 * Keyset pagination for every list ordered by (timestamp desc, id desc): products, invites,
 * customers, customer orders, the mailbox. The cursor is opaque to clients (base64url of the last row's timestamp,
 * to the microsecond, and id); a cursor that does not decode is a 400 naming `cursor`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { NEXT_CURSOR_HEADER } from '@cratebase/contract';
import { fieldError } from './errors.js';

export interface Keyset {
  /** ISO 8601 UTC with microseconds, as produced by keysetTimestamp(). */
  at: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A timestamptz column as text that round-trips exactly (JS Dates drop microseconds). */
export function keysetTimestamp(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** An ISO 8601 UTC text with milliseconds (as `Date#toISOString` writes it) of a timestamptz column. */
export function isoTimestampSql(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export function encodeCursor(k: Keyset): string {
  return Buffer.from(`${k.at}|${k.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Keyset | null {
  if (cursor === undefined || cursor === '') return null;
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !id || !TIMESTAMP.test(at) || !UUID.test(id) || Number.isNaN(Date.parse(at))) {
    throw fieldError('cursor', 'is not a cursor returned by this list');
  }
  return { at, id };
}

/** `(timestamp, id) < cursor` for a list ordered newest first. */
export function beforeCursor(timestamp: SQL, id: SQL, k: Keyset | null): SQL {
  return k ? sql`and (${timestamp}, ${id}) < (${k.at}::timestamptz, ${k.id}::uuid)` : sql``;
}

/**
 * `limit n + 1` (one extra row tells whether there is a next page); no limit without `limit`.
 * The number is written into the statement, not bound as a parameter: with it known, the
 * prepared statement's generic plan costs what a custom plan costs, so PostgreSQL reuses it
 * instead of planning every call (a bound limit made it plan each time: ~1 ms of database CPU
 * on the product list). Limits are validated integers (1–200), so there are few texts.
 */
export function limitPlusOne(limit: number | undefined): SQL {
  if (limit === undefined) return sql``;
  if (!Number.isInteger(limit) || limit < 0) throw new Error(`invalid page limit ${limit}`);
  return sql.raw(`limit ${limit + 1}`);
}

/** Cuts the extra row and returns the next cursor when there was one. */
export function takePage<T extends { keyset_at: string; id: string }>(
  rows: T[],
  limit: number | undefined,
): { rows: T[]; nextCursor: string | null } {
  if (limit === undefined || rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1]!;
  return { rows: page, nextCursor: encodeCursor({ at: last.keyset_at, id: last.id }) };
}

/** A LIKE pattern that matches `q` literally anywhere (with `escape '\'`). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A page whose JSON array PostgreSQL already wrote (product and order lists), and the next page's cursor. */
export interface JsonPage {
  json: string;
  nextCursor: string | null;
}

/**
 * Sends a JsonPage as it is (a string with a JSON content type is not serialised again; the
 * route's response schema still documents it), the cursor in the next-cursor header.
 */
export function sendJsonPage(reply: FastifyReply, page: JsonPage) {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return reply.type('application/json; charset=utf-8').send(page.json);
}
