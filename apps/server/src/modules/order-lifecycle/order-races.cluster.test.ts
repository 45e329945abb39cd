/**
 * Orders after checkout (issue 23) across two production server processes on one PostgreSQL
 * database: "a cancel racing a shipment, two refunds racing … each refused with 409 and a
 * sentence naming what changed; nothing half-written; tested … with two processes". The
 * competing requests of each round go to process A and process B (which takes which side
 * alternates by round), as behind a load balancer; the scenarios and what each checks
 * afterwards (units, refunds at the built-in provider, stock, shipments, timeline, e-mails) are
 * in test/support/order-races.ts. No answer may be a 5xx and neither process may log an error.
 * Needs the production build (`npm run build`).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTwoProcesses, type TwoProcesses } from '../../../test/support/two-processes.js';
import { OrderRaces } from '../../../test/support/order-races.js';

const ROUNDS = 6;

let cluster: TwoProcesses;
let races: OrderRaces;

beforeAll(async () => {
  cluster = await startTwoProcesses();
  races = new OrderRaces(cluster.h);
});

afterAll(async () => {
  await cluster?.close();
});

describe('order changes decided once, across two processes', () => {
  it(`a whole-order cancel on one process racing a shipment of everything on the other, ${ROUNDS} rounds`, async () => {
    const world = await races.world();
    for (let round = 0; round < ROUNDS; round++) await races.cancelRacingShipment(world, round);
    cluster.expectNothingBroke();
  });

  it('a busy seller: 4 orders, each with its cancel racing its shipment, all at once, 2 rounds', async () => {
    const world = await races.world();
    for (let round = 0; round < 2; round++) await races.busySeller(world, round, 4);
    cluster.expectNothingBroke();
  });

  it('6 cancels of units of one 4-unit line at once, alternating processes: 1 unit each, then 2 units each', async () => {
    const world = await races.world();
    for (let round = 0; round < 4; round++) await races.cancelsOfOneLine(world, round % 2 === 0 ? 1 : 2);
    cluster.expectNothingBroke();
  });

  it(`the buyer's cancel (inside its window) racing the seller's accept, ${ROUNDS} rounds`, async () => {
    const world = await races.world();
    for (let round = 0; round < ROUNDS; round++) await races.buyerCancelRacingAccept(world, round);
    cluster.expectNothingBroke();
  });

  it('the same Idempotency-Key sent to both processes at once: both 200, one effect', async () => {
    const world = await races.world();
    const commands = ['seller-cancel', 'buyer-cancel', 'ship'] as const;
    for (let round = 0; round < ROUNDS; round++) await races.sameKeyOnBothProcesses(world, round, commands[round % 3]!);
    cluster.expectNothingBroke();
  });

  it('a full refund racing a whole-order cancel, and two full refunds racing: paid back exactly once', async () => {
    const world = await races.world();
    for (let round = 0; round < ROUNDS; round++) {
      await races.refundsRacing(world, round, round < ROUNDS / 2 ? 'cancel' : 'refund');
    }
    cluster.expectNothingBroke();
  });
});
