import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { runCommand } from './command.js';
import { DomainError } from '../lib/errors.js';

let t: TestDatabase;
const db = () => t.database.db;

beforeAll(async () => {
  t = await openTestDatabase();
  await db().execute(sql`create table command_test_rows (scope uuid not null, n int not null)`);
}, 60_000);
afterAll(async () => t?.drop());

/** A command that writes a row and answers with how many rows the scope has. */
const addRow = (scope: string, key: string | null, n: number, fail = false) =>
  runCommand(db(), { name: 'test.add', scope, idempotencyKey: key, request: { n } }, async (tx) => {
    await tx.execute(sql`insert into command_test_rows (scope, n) values (${scope}, ${n})`);
    if (fail) throw new DomainError('conflict', 'test_failure', 'failed on purpose');
    const r = await tx.execute<{ c: number }>(sql`select count(*)::int as c from command_test_rows where scope = ${scope}`);
    return { rows: r.rows[0]!.c };
  });

const rowsOf = async (scope: string) =>
  (await db().execute<{ c: number }>(sql`select count(*)::int as c from command_test_rows where scope = ${scope}`)).rows[0]!.c;

describe('runCommand', () => {
  it('applies a keyed command once and replays its first answer', async () => {
    const scope = randomUUID();
    expect(await addRow(scope, 'k1', 1)).toEqual({ result: { rows: 1 }, replayed: false });
    expect(await addRow(scope, 'k1', 1)).toEqual({ result: { rows: 1 }, replayed: true });
    expect(await rowsOf(scope)).toBe(1);
    // Without a key every call applies.
    await addRow(scope, null, 2);
    await addRow(scope, null, 2);
    expect(await rowsOf(scope)).toBe(3);
  });

  it('refuses a key reused for another request, and keeps keys apart per scope', async () => {
    const scope = randomUUID();
    await addRow(scope, 'k', 1);
    await expect(addRow(scope, 'k', 99)).rejects.toMatchObject({ statusCode: 409, code: 'idempotency_key_reused' });
    const other = randomUUID();
    expect((await addRow(other, 'k', 99)).replayed).toBe(false);
    expect(await rowsOf(scope)).toBe(1);
  });

  it('rolls back a failed attempt whole, claim included, so the retry applies', async () => {
    const scope = randomUUID();
    await expect(addRow(scope, 'k', 1, true)).rejects.toMatchObject({ code: 'test_failure' });
    expect(await rowsOf(scope)).toBe(0);
    expect(await addRow(scope, 'k', 1)).toEqual({ result: { rows: 1 }, replayed: false });
  });

  it('applies once when the same key arrives several times at once', async () => {
    const scope = randomUUID();
    const results = await Promise.all([1, 2, 3, 4].map(() => addRow(scope, 'same', 1)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results.every((r) => r.result.rows === 1)).toBe(true);
    expect(await rowsOf(scope)).toBe(1);
  });
});
