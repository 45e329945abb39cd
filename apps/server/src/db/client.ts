/**
 * Opens the database: embedded PGlite (data under DATA_DIR/pglite) by default, a PostgreSQL
 * server through `pg` when DATABASE_URL is set. Both are exposed as the same drizzle type,
 * so services never know which one they run on.
 *
 * PGlite is a database inside the process: two processes on one data directory would each
 * write it as if alone and corrupt it. So the embedded database takes a lock first (see
 * lockDataDirectory); several processes need PostgreSQL.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema.js';
import { hasNoDatabase, installPgliteImage, shippedPgliteImage, usableImage } from './pglite-image.js';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A function that works inside or outside a transaction takes a DbOrTx. */
export type DbOrTx = Db | Tx;

/**
 * The driver under a Db: pg's pool on PostgreSQL, or the PGlite instance. PGlite's drizzle
 * database is typed as node-postgres's (the cast in openPglite), so `$client`'s static type
 * says pg even when it is PGlite: this is the one place that tells them apart.
 */
export function driverOf(db: Db): { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite } {
  // drizzle() puts the driver on `$client`; the Db type (NodePgDatabase) does not declare it.
  const client: unknown = '$client' in db ? db.$client : undefined;
  if (client instanceof pg.Pool) return { kind: 'postgres', pool: client };
  // Not a pool: openDatabase only ever builds a Db on a pg.Pool or on PGlite.
  return { kind: 'pglite', client: client as PGlite };
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  pgliteDir?: string;
  /**
   * A pre-initialised PGlite database (pglite-image.ts) that a data directory without a
   * database starts from. Default: the image shipped beside the bundle, if any; null: none.
   */
  pgliteImage?: string | null;
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

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.migrate ?? true, opts.prepare ?? true, opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS);
  }
  return openPglite(opts.pgliteDir ?? 'memory://', opts.migrate ?? true, opts.pgliteImage);
}

async function openPostgres(
  url: string,
  poolSize: number,
  runMigrations: boolean,
  prepare: boolean,
  statementTimeoutMs: number,
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
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
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

/** The embedded database's directory is open in another process (or already in this one). */
export class DatabaseInUseError extends Error {
  constructor(
    public readonly dir: string,
    public readonly holder: { pid: number; host: string },
  ) {
    const where = holder.host === os.hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.host}`;
    super(
      `the embedded database in ${dir} is in use by another Cratebase process (${where}). ` +
        'Only one process can use an embedded database: stop the other one, or set DATABASE_URL to a ' +
        'PostgreSQL server to run several processes.',
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Lock files this process holds (a second open in the same process is refused too). */
const heldLocks = new Set<string>();

function readLockHolder(file: string): { pid: number; host: string; text: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const [pidLine, host = ''] = text.split('\n');
  const pid = Number(pidLine);
  return { pid: Number.isSafeInteger(pid) && pid > 0 ? pid : 0, host: host.trim(), text };
}

/** Whether the process that wrote a lock may still run (a lock of another machine is assumed held). */
function holderAlive(file: string, holder: { pid: number; host: string }): boolean {
  if (holder.pid === 0) return false; // unreadable: no live process writes such a file (see below)
  if (holder.host && holder.host !== os.hostname()) return true;
  if (holder.pid === process.pid) return heldLocks.has(file);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of a PGlite data directory: the file `<dir>.lock` (DATA_DIR/pglite.lock)
 * holding this process's pid and host name. The file is written under a temporary name and
 * hard-linked into place, so it appears atomically and always complete. A lock whose process
 * is gone (a crash, a kill -9) is stale and taken over. Returns the release function.
 */
export function lockDataDirectory(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const content = `${process.pid}\n${os.hostname()}\n`;
  for (let attempt = 0; ; attempt++) {
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, content);
    try {
      fs.linkSync(tmp, file);
      heldLocks.add(file);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    const holder = readLockHolder(file);
    if (holder && (holderAlive(file, holder) || attempt > 0)) throw new DatabaseInUseError(dir, holder);
    if (attempt > 2) throw new DatabaseInUseError(dir, { pid: 0, host: '' });
    // Stale: remove it unless another process replaced it meanwhile, then try once more.
    if (holder && readLockHolder(file)?.text === holder.text) fs.rmSync(file, { force: true });
  }
  const releaseOnExit = () => release();
  process.once('exit', releaseOnExit);
  function release() {
    process.removeListener('exit', releaseOnExit);
    if (!heldLocks.delete(file)) return;
    if (readLockHolder(file)?.text === content) fs.rmSync(file, { force: true });
  }
  return release;
}

/**
 * PostgreSQL settings of the embedded database, chosen for its memory (issue 11). PGlite's
 * WebAssembly heap never shrinks, and shared memory is zero-filled when PostgreSQL starts, so
 * shared_buffers is resident from the first second: PostgreSQL's default of 128 MB alone made a
 * fresh server ~400 MB. Pages outside the buffers are read from the operating system's file
 * cache. One backend (single-user mode) needs no room for 100 connections; index builds sort in
 * 16 MB (spilling to disk beyond) so they cannot grow the heap by 64 MB for good. work_mem
 * keeps PostgreSQL's default (4 MB).
 */
export const PGLITE_SETTINGS: readonly string[] = [
  'shared_buffers=16MB',
  'max_connections=5',
  'maintenance_work_mem=16MB',
];

/**
 * Puts the image in place when `dir` holds no database yet; says whether it did. The caller
 * holds the directory's lock.
 */
function startFromImage(dir: string, image: string | null | undefined): boolean {
  const file = image === undefined ? shippedPgliteImage() : image === null || !usableImage(image) ? undefined : image;
  if (!file || !hasNoDatabase(dir)) return false;
  installPgliteImage(file, dir);
  return true;
}

/**
 * PGlite's WebAssembly module (issue 11), compiled once per process from bytes that glibc's
 * malloc never sees. Left to itself PGlite reads pglite.wasm (9 MB) into a Buffer, which stays
 * resident until a major garbage collection; freeing it then makes glibc raise its mmap
 * threshold to 9 MB and its trim threshold to 18 MB for the rest of the process, so blocks up to
 * 9 MB come from the heap afterwards and memory freed there stays resident. Together ~10 MB of
 * RSS at ready and under load (docs/performance.md). The bytes are read into a
 * WebAssembly.Memory instead, which V8 maps and unmaps itself; the compiled module keeps its own
 * copy.
 */
type PgliteWasmModule = NonNullable<NonNullable<Parameters<typeof PGlite.create>[1]>['pgliteWasmModule']>;
/** The part of the WebAssembly global used here (the server's TypeScript lib has no DOM types). */
const wasm = (globalThis as unknown as {
  WebAssembly: {
    Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer };
    compile(bytes: Uint8Array): Promise<PgliteWasmModule>;
  };
}).WebAssembly;
let pgliteWasm: Promise<PgliteWasmModule> | undefined;
function pgliteWasmModule(): Promise<PgliteWasmModule> {
  pgliteWasm ??= (async () => {
    const file = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const scratch = new wasm.Memory({ initial: Math.ceil(size / 65_536) });
      const bytes = new Uint8Array(scratch.buffer, 0, size);
      for (let read = 0; read < size; ) {
        const n = fs.readSync(fd, bytes, read, size - read, read);
        if (n === 0) throw new Error(`${file}: unexpected end of file`);
        read += n;
      }
      return await wasm.compile(bytes);
    } finally {
      fs.closeSync(fd);
    }
  })();
  // A failed read or compile is not cached: the next open tries again.
  pgliteWasm.catch(() => (pgliteWasm = undefined));
  return pgliteWasm;
}

async function openPglite(dir: string, runMigrations: boolean, image?: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDirectory(dir);
  let client: InstanceType<typeof PGlite>;
  let db: Db;
  try {
    if (!inMemory && !startFromImage(dir, image)) fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, {
      pgliteWasmModule: await pgliteWasmModule(),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
    const pdb = drizzlePglite({ client, schema });
    if (runMigrations) await migratePglite(pdb, { migrationsFolder: migrationsFolder() });
    // Same query builder API on both drivers; the cast lets services use one type.
    db = pdb as unknown as Db;
  } catch (err) {
    unlock();
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        unlock();
      }
    },
  };
}
