/**
 * A statement compiled once and run many times with different values: for hot read paths,
 * where building a drizzle `sql` tree and rendering it to text on every request costs more
 * Node CPU than the database spends on the query. Write the statement with
 * `sql.placeholder('name')` where the values go, compile it once (at start-up or on first use
 * of its shape), then run it with `{ name: value }`.
 *
 * It runs on pg's pool directly, not through drizzle's session:
 * columns come back with the driver's default parsing, so select text, integers and booleans
 * (cast timestamps and bigints to text). The pool's named prepared statements apply as to every
 * pooled query (db/client.ts), so the server parses and plans it once per connection too.
 */
import pg from 'pg';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { poolOf, type Db } from './client.js';

const dialect = new PgDialect();

export interface CompiledQuery {
  /** The statement text with $1, $2… */
  readonly text: string;
  /** Bound values and placeholders, in order. */
  readonly params: readonly unknown[];
}

export function compileQuery(query: SQL): CompiledQuery {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

/** Runs a compiled statement outside any transaction, the placeholders filled from `values`. */
export async function runCompiled<Row>(db: Db, query: CompiledQuery, values: Record<string, unknown>): Promise<Row[]> {
  const params = fillPlaceholders(query.params as unknown[], values);
  // A config object (not text, values) so the pool's prepared-statement naming applies.
  const result = await poolOf(db).query<Row & pg.QueryResultRow>({ text: query.text, values: params });
  return result.rows;
}
