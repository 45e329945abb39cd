/**
 * One order, one charge (issue 21) across two production server processes on one PostgreSQL
 * database: the scenarios of money-races.test.ts with every request alternating between the two
 * processes (A, B, A, B…), as behind a load balancer — parallel checkouts and Pay now dialogs of
 * one order or invoice paid as they open, and Pay now left open while the seller settles the
 * invoice. Charges and refunds are counted at the built-in provider; no answer may be a 5xx and
 * neither process may log an error. Needs DATABASE_URL and the production build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, freePort, type RunningServer } from '../../../../../e2e/support/server.js';
import { createScratchPostgres } from '../../../test/support/database.js';
import { createHttpHarness, type HttpHarness } from '../../../test/support/http-harness.js';
import { MoneyRaces } from '../../../test/support/money-races.js';

const ROUNDS = 20;

let a: RunningServer;
let b: RunningServer;
let h: HttpHarness;
let races: MoneyRaces;
let drop: () => Promise<void>;

beforeAll(async () => {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('The cluster tests need DATABASE_URL (a PostgreSQL server).');
  const scratch = await createScratchPostgres(base);
  drop = scratch.drop;
  const portA = await freePort();
  const portB = await freePort();
  const env = { DATABASE_URL: scratch.url, PUBLIC_URL: `http://localhost:${portA}`, IDENTITY_RATE_LIMIT: '1000' };
  [a, b] = await Promise.all([
    startServer({ ...env, PORT: String(portA) }),
    startServer({ ...env, PORT: String(portB) }),
  ]);
  h = await createHttpHarness({
    baseUrls: [`http://127.0.0.1:${a.port}`, `http://127.0.0.1:${b.port}`],
    databaseUrl: scratch.url,
    publicUrl: env.PUBLIC_URL,
  });
  races = new MoneyRaces(h, [h.at(0), h.at(1)]);
});

afterAll(async () => {
  await h?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await drop?.();
});

function expectNothingBroke(): void {
  expect(h.serverErrors()).toEqual([]);
  const logged = [a, b].flatMap((server) => server.logs().split('\n')).filter((line) => /"level":(50|60)\b/.test(line));
  expect(logged).toEqual([]);
}

describe('one charge per order and per invoice, across two processes', () => {
  it(`2 and 10 checkouts of one cart at once, paid as they open, ${ROUNDS} rounds each`, async () => {
    const world = await races.world();
    for (let round = 0; round < ROUNDS; round++) await races.checkoutRound(world, 2);
    for (let round = 0; round < ROUNDS; round++) await races.checkoutRound(world, 10);
    expectNothingBroke();
  });

  it(`10 Pay now dialogs of one invoice at once, paid as they open, ${ROUNDS} rounds`, async () => {
    const world = await races.world({ terms: true });
    for (let round = 0; round < ROUNDS; round++) await races.payNowRound(world, 10);
    expectNothingBroke();
  });

  it('Pay now left open while the seller marks the invoice paid or voids it; and both at once', async () => {
    const world = await races.world({ terms: true });
    await races.stalePayNow(world, 'mark-paid');
    await races.stalePayNow(world, 'void');
    for (let round = 0; round < 10; round++) await races.closeWhilePaying(world, round % 2 ? 'void' : 'mark-paid');
    await races.paidWhileDownThenMarkedPaid(world);
    expectNothingBroke();
  });
});
