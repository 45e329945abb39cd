/**
 * A fresh database per test file: in-memory PGlite by default; when DATABASE_URL is set, a
 * uniquely named database on that server, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

export function serverUrlFor(base: string, dbName: string): string {
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/** Creates an empty database on the server at DATABASE_URL and returns its URL. */
export async function createScratchPostgres(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cb_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: serverUrlFor(base, name),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    return { database, url: undefined, drop: async () => database.close() };
  }
  const scratch = await createScratchPostgres(base);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
  return {
    database,
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}
