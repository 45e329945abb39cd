/**
 * Opens the database: a PostgreSQL server through `pg` when DATABASE_URL is set, else the
 * embedded PostgreSQL (embedded-postgres.ts) that this process starts on DATA_DIR/pg and stops
 * when the database is closed. Both are the same engine behind the same pool.
 */
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { startEmbeddedPostgres, type ClusterTemplate, type EmbeddedPostgres } from './embedded-postgres.js';
export { DatabaseInUseError } from './data-dir-lock.js';
export { EmbeddedPostgresError } from './embedded-postgres.js';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A function that works inside or outside a transaction takes a DbOrTx. */
export type DbOrTx = Db | Tx;

/** The pool under a Db (drizzle keeps its driver on `$client`; the Db type does not declare it). */
export function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

export interface Database {
  db: Db;
  /** `embedded`: the PostgreSQL this process runs on DATA_DIR/pg; `postgres`: the server at DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL of a server; when absent the embedded PostgreSQL runs on `embeddedDir`. */
  databaseUrl?: string;
  /** The embedded PostgreSQL's data directory (DATA_DIR/pg); required without databaseUrl. */
  embeddedDir?: string;
  /** Reports of the embedded server's start (a stale server stopped), one line each. */
  log?: (line: string) => void;
  poolSize?: number;
  migrate?: boolean;
  /** Name pooled queries so PostgreSQL parses and plans them once per connection (default on). */
  prepare?: boolean;
  /**
   * PostgreSQL cancels a statement that runs longer (and ends a session idle inside a
   * transaction for longer), so a slow query cannot hold a pool connection for good. Default 15 s;
   * 0 turns both off (bulk work such as the benchmarks' data generation).
   */
  statementTimeoutMs?: number;
}

/** The default of OpenOptions.statementTimeoutMs. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/** Migrations live next to this file in src/, and are copied beside the bundle in dist/. */
export function migrationsFolder(): string {
  const candidates = [
    path.join(import.meta.dirname, 'migrations'),
    path.join(import.meta.dirname, 'db', 'migrations'),
    path.join(import.meta.dirname, '../src/db/migrations'),
  ];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Any number that is the same in every process: serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 727_150_001;

/** The database the embedded PostgreSQL keeps Cratebase's data in. */
export const EMBEDDED_DATABASE = 'cratebase';

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const settings = {
    poolSize: opts.poolSize ?? 10,
    migrate: opts.migrate ?? true,
    prepare: opts.prepare ?? true,
    statementTimeoutMs: opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
  };
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, settings, 'postgres');
  if (!opts.embeddedDir) throw new Error('openDatabase: neither databaseUrl nor embeddedDir');
  const server = await startEmbeddedPostgres({
    dir: opts.embeddedDir,
    log: opts.log,
    ...(settings.migrate ? { template: migratedTemplate() } : {}),
  });
  try {
    await server.ensureDatabase(EMBEDDED_DATABASE);
    return await openPostgres(server.url(EMBEDDED_DATABASE), settings, 'embedded', server);
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/**
 * A cold start of the embedded database copies a cluster that already holds every migration
 * (embedded-postgres.ts, ClusterTemplate), made once per set of migrations: the key covers the
 * journal and every migration's text, so a new or edited migration makes a new template.
 */
function migratedTemplate(): ClusterTemplate {
  const folder = migrationsFolder();
  const hash = createHash('sha256').update(fs.readFileSync(path.join(folder, 'meta', '_journal.json')));
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  }
  return {
    key: `migrations-${hash.digest('hex')}`,
    async prepare(server) {
      await server.ensureDatabase(EMBEDDED_DATABASE);
      const settings = { poolSize: 1, migrate: true, prepare: false, statementTimeoutMs: 0 };
      const database = await openPostgres(server.url(EMBEDDED_DATABASE), settings, 'embedded');
      await database.close();
    },
  };
}

interface PoolSettings {
  poolSize: number;
  migrate: boolean;
  prepare: boolean;
  statementTimeoutMs: number;
}

async function openPostgres(
  url: string,
  { poolSize, migrate: runMigrations, prepare, statementTimeoutMs }: PoolSettings,
  kind: Database['kind'],
  embedded?: EmbeddedPostgres,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    application_name: 'cratebase',
    // Set on each connection at start-up (no extra round trip). Migrations lift it (below).
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: statementTimeoutMs,
  });
  // An idle client losing its connection (server restart) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', () => {});
  // A client checked out of the pool has no error listener of the pool's. The server ending its
  // connection (a restart: 57P01 admin_shutdown) while no statement of it is running — inside a
  // transaction, between two statements — would be an unhandled 'error' event that ends the
  // process. With this listener its next statement fails instead (a 503), and the pool drops
  // the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  if (prepare) preparePoolQueries(pool);
  const db = drizzlePg({ client: pool, schema });
  if (runMigrations) {
    const client = await pool.connect();
    try {
      // A migration may build an index over a large table: no statement limit for it.
      await client.query('set statement_timeout = 0');
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        await client.query('reset statement_timeout');
      }
    } finally {
      client.release();
    }
  }
  return {
    db,
    kind,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      try {
        await pool.end();
      } finally {
        await embedded?.stop();
      }
    },
  };
}

/**
 * Server-side prepared statements for every pooled query: PostgreSQL parses and plans a
 * statement once per connection instead of on every call. For the organization read (seven
 * joins) planning alone cost ~1 ms of database CPU per request, more than executing it.
 * A statement's name is derived from its text, so different texts never collide; the number
 * of names is capped so dynamically built texts (IN lists of varying length) cannot grow the
 * per-connection cache without bound. Transactions use checked-out clients and are untouched.
 * (Behind PgBouncer in transaction mode, set DATABASE_PREPARE=false — see README.)
 */
const MAX_PREPARED_TEXTS = 2000;
function preparePoolQueries(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && !(config as pg.QueryConfig).name) {
      const text = (config as pg.QueryConfig).text;
      if (typeof text === 'string' && text.length <= 20_000 && !text.includes(';')) {
        let name = names.get(text);
        if (!name && names.size < MAX_PREPARED_TEXTS) {
          name = `cb_${createHash('sha1').update(text).digest('base64url')}`;
          names.set(text, name);
        }
        if (name) return query({ ...(config as object), name }, ...rest);
      }
    }
    return query(config, ...rest);
  };
}
