/**
 * Every FROM item a module offers in its leaf sql.ts (db/from-item.ts) declares its columns;
 * this runs each one on the migrated database — `select * from (<fragment>) x limit 0`, with
 * nulls for its parameters — and compares the columns PostgreSQL answers with the declared ones,
 * so renaming a column in an owner fails here, not in a consumer at run time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { isFromItemBuilder, type FromItemBuilder } from './from-item.js';

const MODULES = path.resolve(import.meta.dirname, '../modules');

const leaves = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(MODULES, e.name, 'sql.ts')))
  .map((e) => e.name)
  .sort();

const fromItems: [string, FromItemBuilder<unknown[], Record<string, unknown>>][] = [];
for (const module of leaves) {
  const exports = (await import(path.join(MODULES, module, 'sql.ts'))) as Record<string, unknown>;
  for (const [name, value] of Object.entries(exports)) {
    if (isFromItemBuilder(value)) fromItems.push([`${module}/sql.ts ${name}`, value]);
  }
}

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
}, 60_000);
afterAll(async () => t?.drop());

/** The column names of a statement's result (node-postgres and PGlite both answer `fields`). */
async function columnsOf(query: SQL): Promise<string[]> {
  const result = (await t.database.db.execute(query)) as unknown as { fields: { name: string }[] };
  return result.fields.map((f) => f.name);
}

describe('FROM items of the modules’ sql.ts leaves', () => {
  it('finds them (one test each below)', () => {
    expect(leaves).toEqual(expect.arrayContaining(['orders', 'organizations', 'payments', 'users']));
    expect(fromItems.length).toBeGreaterThanOrEqual(10);
  });

  for (const [name, item] of fromItems) {
    it(`${name}: the database's columns are the declared ones`, async () => {
      const args = Array.from({ length: item.arity }, () => sql`null`);
      const fragment = item(...args);
      expect(fragment.columns).toEqual(item.columns);
      expect(await columnsOf(sql`select * from ${fragment} x limit 0`)).toEqual([...item.columns]);
      // The typed alias names the same columns.
      const aliased = fragment.alias('x');
      const cols = item.columns.map((c) => aliased.col(c));
      expect(await columnsOf(sql`select ${sql.join(cols, sql`, `)} from ${aliased.from} limit 0`)).toEqual([...item.columns]);
    });
  }
});
