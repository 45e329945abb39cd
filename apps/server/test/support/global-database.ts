/**
 * Vitest globalSetup of the projects that use a database (api, cluster): one PostgreSQL for the
 * whole run and one migrated template database, which every test file copies
 * (`CREATE DATABASE … TEMPLATE`, database.ts) instead of migrating its own.
 *
 * The server at DATABASE_URL when it is set (CI); else an embedded PostgreSQL
 * (db/embedded-postgres.ts) in a temporary folder, stopped and removed at the end. Either way
 * the workers see DATABASE_URL (that server) and CB_TEST_TEMPLATE_DB (the template's name).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded-postgres.js';
import { serverUrlFor } from './database.js';

async function adminQuery(base: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  let embedded: EmbeddedPostgres | undefined;
  let folder: string | undefined;
  if (!process.env.DATABASE_URL) {
    // Reachable by the `postgres` OS user when the tests run as root (embedded-postgres.ts).
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-test-pg-'));
    fs.chmodSync(folder, 0o755);
    embedded = await startEmbeddedPostgres({ dir: path.join(folder, 'pg'), durable: false, maxConnections: 300 });
    process.env.DATABASE_URL = embedded.url('postgres');
  }
  const base = process.env.DATABASE_URL;
  const template = `cb_template_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(base, `create database "${template}"`);
  const database = await openDatabase({ databaseUrl: serverUrlFor(base, template), poolSize: 1, prepare: false });
  await database.close();
  process.env.CB_TEST_TEMPLATE_DB = template;

  return async () => {
    await adminQuery(base, `drop database if exists "${template}" with (force)`).catch(() => undefined);
    if (embedded) await embedded.stop();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  };
}
