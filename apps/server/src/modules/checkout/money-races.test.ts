/**
 * One order, one charge (issue 21), in-process on the run's PostgreSQL: parallel checkouts and Pay now dialogs of one order or invoice,
 * paid as they open, and Pay now dialogs left open while the seller settles the invoice —
 * counting charges and refunds at the built-in provider itself. The same scenarios run across
 * two server processes in money-races.cluster.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_CARDS } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { MoneyRaces } from '../../../test/support/money-races.js';
import { CARD, atPayment, createSession, ok } from '../../../test/support/checkout.js';
import { builtinPaymentsOfOrder } from '../../providers/payments/builtin-checkout.js';
import { createBuiltinPayments } from '../../providers/payments/index.js';

const ROUNDS = 20;

let h: Harness;
let races: MoneyRaces;

beforeAll(async () => {
  h = await createHarness();
  // Only the requests under test settle sessions here (the reconciler has its own test below).
  await h.app.checkoutReconciler.stop();
  races = new MoneyRaces(h);
});
afterAll(async () => {
  await h?.close();
});

describe('one order, one charge', () => {
  it(`2 checkouts of one cart at once, each paid as it opens, ${ROUNDS} rounds: one charge each`, async () => {
    const world = await races.world();
    for (let round = 0; round < ROUNDS; round++) await races.checkoutRound(world, 2);
  });

  it(`10 checkouts of one cart at once, each paid as it opens, ${ROUNDS} rounds: one charge each`, async () => {
    const world = await races.world();
    for (let round = 0; round < ROUNDS; round++) await races.checkoutRound(world, 10);
  });

  it('a card form left open in another tab cannot be paid once a newer checkout opened', async () => {
    const world = await races.world();
    const { cart } = await atPayment(h, world.seller, world.buyer, { [world.productId]: 1 });
    const first = await ok(createSession(h, world.seller, world.buyer, cart));
    const second = await ok(createSession(h, world.seller, world.buyer, cart));
    const stale = await h.call('POST', '/api/payments/checkout/pay', {
      token: world.buyer.token,
      body: { client_secret: first.clientSecret, card: { ...CARD, number: TEST_CARDS.succeeds } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: 'session_expired' });
    expect(
      (
        await h.call('POST', '/api/payments/checkout/pay', {
          token: world.buyer.token,
          body: { client_secret: second.clientSecret, card: { ...CARD, number: TEST_CARDS.succeeds } },
        })
      ).status,
    ).toBe(200);
    expect(await builtinPaymentsOfOrder(h.testDb.database.db, cart.order.id)).toMatchObject({ charges: 1, refunds: 0 });
  });

  it('a payment made in the old tab just before a new checkout places the order; the new checkout says so', async () => {
    const world = await races.world();
    const { cart } = await atPayment(h, world.seller, world.buyer, { [world.productId]: 1 });
    const first = await ok(createSession(h, world.seller, world.buyer, cart));
    // Paid at the provider; the tab closed before our server heard of it.
    await createBuiltinPayments(h.testDb.database.db).embeddedCheckout!.payWithCard(first.clientSecret, {
      ...CARD,
      number: TEST_CARDS.succeeds,
    });
    const second = await createSession(h, world.seller, world.buyer, cart);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('order_submitted');
    expect(second.body.message).toMatch(/just placed with the payment made in your other window/);
    const [order] = (
      await h.testDb.database.db.execute<{ status: string }>(sql`select status from orders where id = ${cart.order.id}`)
    ).rows;
    expect(order!.status).toBe('submitted');
    expect(await builtinPaymentsOfOrder(h.testDb.database.db, cart.order.id)).toMatchObject({ charges: 1, refunds: 0 });
  });
});

describe('one invoice, one charge', () => {
  it(`10 Pay now dialogs of one invoice at once, each paid as it opens, ${ROUNDS / 2} rounds: one charge each`, async () => {
    const world = await races.world({ terms: true });
    for (let round = 0; round < ROUNDS / 2; round++) await races.payNowRound(world, 10);
  });

  it('a Pay now dialog left open while the seller marks the invoice paid takes no money', async () => {
    await races.stalePayNow(await races.world({ terms: true }), 'mark-paid');
  });

  it('a Pay now dialog left open while the seller voids the invoice takes no money', async () => {
    await races.stalePayNow(await races.world({ terms: true }), 'void');
  });

  it('mark paid or void at the moment the buyer pays: one of them wins; a payment that slips between is refunded', async () => {
    const world = await races.world({ terms: true });
    for (let round = 0; round < 6; round++) await races.closeWhilePaying(world, round % 2 ? 'void' : 'mark-paid');
  });

  it('a payment the server never heard of, for an invoice then marked paid by check: refunded in full, the buyer e-mailed', async () => {
    await races.paidWhileDownThenMarkedPaid(await races.world({ terms: true }));
  });
});

describe('the reconciler gives back what a request could not', () => {
  it('a payment owed back (refund_due, e.g. set aside for review before this release) is refunded in its next round', async () => {
    const world = await races.world();
    const { cart } = await atPayment(h, world.seller, world.buyer, { [world.productId]: 1 });
    const session = await ok(createSession(h, world.seller, world.buyer, cart));
    await createBuiltinPayments(h.testDb.database.db).embeddedCheckout!.payWithCard(session.clientSecret, {
      ...CARD,
      number: TEST_CARDS.succeeds,
    });
    // As migration 0022 leaves a paid session that an earlier release set aside (needs_review).
    await h.testDb.database.db.execute(
      sql`update checkout_sessions set status = 'refund_due' where provider_session_id = ${session.session_id}`,
    );
    const round = await h.app.checkoutReconciler.runOnce({ olderThanMs: 0 });
    expect(round.refunded).toBe(1);
    expect(await builtinPaymentsOfOrder(h.testDb.database.db, cart.order.id)).toEqual({
      charges: 1,
      chargedCents: session.amount_cents,
      refunds: 1,
      refundedCents: session.amount_cents,
    });
    const again = await h.app.checkoutReconciler.runOnce({ olderThanMs: 0 });
    expect(again.refunded).toBe(0);
    const mail = (
      await h.testDb.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where kind = 'payment_refunded' and to_email = ${world.buyer.email}`,
      )
    ).rows;
    expect(mail[0]!.n).toBe(1);
  });
});
