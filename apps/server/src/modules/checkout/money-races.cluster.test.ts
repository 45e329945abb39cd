/**
 * One order, one charge (issue 21) across two production server processes on one PostgreSQL
 * database: the scenarios of money-races.test.ts with every request alternating between the two
 * processes (A, B, A, B…), as behind a load balancer — parallel checkouts and Pay now dialogs of
 * one order or invoice paid as they open, and Pay now left open while the seller settles the
 * invoice. Charges and refunds are counted at the built-in provider; no answer may be a 5xx and
 * neither process may log an error. Needs the production build.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTwoProcesses, type TwoProcesses } from '../../../test/support/two-processes.js';
import { MoneyRaces } from '../../../test/support/money-races.js';

const ROUNDS = 20;

let cluster: TwoProcesses;
let races: MoneyRaces;

beforeAll(async () => {
  cluster = await startTwoProcesses();
  races = new MoneyRaces(cluster.h, [cluster.h.at(0), cluster.h.at(1)]);
});

afterAll(async () => {
  await cluster?.close();
});

const expectNothingBroke = () => cluster.expectNothingBroke();

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
