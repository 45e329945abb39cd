/**
 * A @fastify/rate-limit store kept in PostgreSQL, so every server process counts the same
 * attempts: with N processes behind a load balancer, the limit is still the limit. Fixed
 * one-window counters, one upsert per limited request (identity endpoints and organization
 * creation, low volume).
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** Rows whose window ended this long ago are removed now and then. */
const STALE_AFTER_MS = 60 * 60 * 1000;
const CLEANUP_EVERY = 200;

/**
 * Counts one hit on the counter `id` in its fixed window of `windowMs`: the hits so far in the
 * window (this one included) and the milliseconds left in it. One atomic upsert, so hits from
 * every process and every concurrent request are counted exactly once. Inside a transaction
 * the hit is undone if the transaction rolls back (and concurrent hits on the same counter wait
 * for it): a command can count only what it really did.
 */
export async function countHit(db: DbOrTx, id: string, windowMs: number): Promise<{ hits: number; ttl: number }> {
  const res = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into rate_limit_counters as c (key, window_started_at, hits)
    values (${id}, now(), 1)
    on conflict (key) do update set
      hits = case when c.window_started_at + ${windowMs} * interval '1 millisecond' <= now() then 1 else c.hits + 1 end,
      window_started_at = case when c.window_started_at + ${windowMs} * interval '1 millisecond' <= now() then now() else c.window_started_at end
    returning hits,
      -- At most the window: a transaction that began just before another one opened the window
      -- (now() is each transaction's start) would otherwise see a few milliseconds more than it.
      least(${windowMs}::int,
            greatest(0, ceil(extract(epoch from (window_started_at + ${windowMs} * interval '1 millisecond' - now())) * 1000)))::int as ttl`);
  const row = res.rows[0]!;
  return { hits: Number(row.hits), ttl: Number(row.ttl) };
}

export function databaseRateLimitStore(db: Db) {
  let calls = 0;

  return class DatabaseRateLimitStore {
    private readonly namespace: string;

    constructor(namespace?: unknown) {
      // The plugin constructs the root store with its options; route stores get a name.
      this.namespace = typeof namespace === 'string' ? namespace : 'global';
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      const id = `${this.namespace}|${key}`;
      countHit(db, id, timeWindow).then(
        (row) => {
          cb(null, { current: row.hits, ttl: row.ttl });
          if (++calls % CLEANUP_EVERY === 0) {
            void db
              .execute(
                sql`delete from rate_limit_counters where window_started_at < now() - ${STALE_AFTER_MS} * interval '1 millisecond'`,
              )
              .catch(() => {});
          }
        },
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback, timeWindow: number): void {
      const id = `${this.namespace}|${key}`;
      db.execute<{ hits: number; ttl: number }>(sql`
        select hits,
               greatest(0, ceil(extract(epoch from (window_started_at + ${timeWindow} * interval '1 millisecond' - now())) * 1000))::int as ttl
          from rate_limit_counters
         where key = ${id} and window_started_at + ${timeWindow} * interval '1 millisecond' > now()`)
        .then((res) => cb(null, res.rows[0] ? { current: res.rows[0].hits, ttl: res.rows[0].ttl } : { current: 0, ttl: 0 }),
          (err: Error) => cb(err));
    }

    /** One counter namespace per limited route (or per `groupId`), like the plugin's own store. */
    child(routeOptions: object) {
      const opts = routeOptions as { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };
      const info = opts.routeInfo ?? {};
      const name = opts.groupId ?? `${[info.method ?? ''].flat().join(',')} ${info.url ?? ''}`;
      return new DatabaseRateLimitStore(name);
    }
  };
}
