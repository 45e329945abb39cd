/**
 * A fresh database per test file: a uniquely named database on the run's PostgreSQL
 * (global-database.ts: the server at DATABASE_URL, or the embedded one), copied from the
 * migrated template, and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';

export interface TestDatabase {
  database: Database;
  url: string;
  drop(): Promise<void>;
}

export function serverUrlFor(base: string, dbName: string): string {
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/** The run's PostgreSQL (set by global-database.ts for the api and cluster projects). */
export function testServerUrl(): string {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('No DATABASE_URL: run the tests through vitest (its globalSetup starts a PostgreSQL).');
  return base;
}

/**
 * Creates a database on the server at `base` and returns its URL: a copy of the run's migrated
 * template (CB_TEST_TEMPLATE_DB) unless `empty`, so opening it migrates nothing.
 */
export async function createScratchPostgres(base: string, opts: { empty?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cb_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = opts.empty ? undefined : process.env.CB_TEST_TEMPLATE_DB;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    url: serverUrlFor(base, name),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const scratch = await createScratchPostgres(testServerUrl());
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
