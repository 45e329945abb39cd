/**
 * Refunds with Stripe as the payments provider, against the fake Stripe
 * (test/support/fake-stripe.ts): the seller's refunds go through Stripe's Refunds API with the
 * transfer to the seller reversed and our refund's id as the idempotency key; Stripe down leaves a
 * refund pending until the settler gets through, once; a refund Stripe is still working on
 * follows its events; and `charge.refunded` for a refund made in Stripe's dashboard records it
 * once, while a refund we made ourselves is never counted twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutSession, OrderRefunds, Refund } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  readySeller,
  verify,
  type Org,
} from '../../../test/support/checkout.js';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from '../../../test/support/fake-stripe.js';
import type { AppContext } from '../../lib/context.js';
import { createStripePayments } from '../../providers/payments/index.js';
import { recordProviderRefundEvent } from './provider-events.js';

const WEBHOOK_SECRET = 'whsec_cratebaseStripeRefundsTest0123456789';

let h: Harness;
let stripe: FakeStripe;
/** What the app's webhook hands our handler: the same Stripe adapter, on the app's database. */
let ctx: AppContext;

beforeAll(async () => {
  stripe = await startFakeStripe();
  h = await createHarness({
    LOG_LEVEL: 'error',
    ...fakeStripeEnv(stripe, WEBHOOK_SECRET),
  });
  // Only the tests run rounds: a round would take a failure meant for the call under test.
  await h.app.checkoutReconciler.stop();
  await h.app.refundSettler.stop();
  const payments = createStripePayments({
    secretKey: stripe.secretKey,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: stripe.url,
    maxNetworkRetries: 0,
  });
  ctx = {
    db: h.testDb.database.db,
    config: h.config,
    providers: { payments } as unknown as AppContext['providers'],
    log: h.app.log,
  };
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await h.testDb.database.db.execute(query)).rows as T[];
}

interface StripeOrder {
  seller: Org;
  buyer: Org;
  orderId: string;
  paid: number;
  intentId: string;
}

/** A seller taking cards at Stripe, and a customer who paid an order in Stripe's embedded checkout. */
async function stripeOrder(): Promise<StripeOrder> {
  const seller = await readySeller(h, { payments: false });
  const base = `/api/stripe/organization/${seller.orgId}`;
  const { account } = await ok<{ account: string }>(
    h.call('POST', `${base}/create-connect-account`, { token: seller.token }),
  );
  stripe.updateAccount(account, { details_submitted: true, charges_enabled: true });
  await ok(h.call('GET', `${base}/account-status`, { token: seller.token }));
  const buyer = await customerOf(h, seller);
  const productId = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_250 });
  const { cart } = await atPayment(h, seller, buyer, { [productId]: 4 });
  const session = CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
  const paid = stripe.completeSession(session.session_id);
  await ok(verify(h, seller, buyer, session.session_id));
  const intent = paid.payment_intent as { id: string };
  return { seller, buyer, orderId: cart.order.id, paid: session.amount_cents, intentId: intent.id };
}

function refund(o: StripeOrder, body: unknown, key?: string) {
  return h.call('POST', `/api/organization/${o.seller.orgId}/orders/${o.orderId}/refunds`, {
    token: o.seller.token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

const readRefunds = async (o: StripeOrder) =>
  OrderRefunds.parse(await ok(h.call('GET', `/api/order/${o.orderId}/refunds`, { token: o.seller.token })));

const refundPosts = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

/** Stripe posting an event about the payment: verified by the adapter, then handed to our handler. */
async function deliverChargeEvent(o: StripeOrder, type = 'charge.refunded') {
  const body = stripe.chargeEventBody(type, o.intentId);
  const event = ctx.providers.payments.verifyWebhook!(Buffer.from(body), stripe.signWebhook(body, WEBHOOK_SECRET));
  expect(event).toMatchObject({ type: 'charge.refunded', paymentId: o.intentId, sessionId: null });
  return recordProviderRefundEvent(ctx, event);
}

describe('refunds through Stripe', () => {
  it('refunds through the Refunds API: the transfer reversed, our refund id as the idempotency key, in part and in full', async () => {
    const o = await stripeOrder();
    const part = Refund.parse(await ok(refund(o, { amount_cents: 1_000, reason: 'retailer_request' })));
    expect(part).toMatchObject({ status: 'succeeded', method: 'card', card: { brand: 'visa', last4: '4242' } });
    const [sent] = refundPosts();
    expect(sent!.idempotencyKey).toBe(part.id);
    expect(sent!.body).toMatchObject({
      payment_intent: o.intentId,
      amount: '1000',
      reverse_transfer: 'true',
      reason: 'requested_by_customer',
      metadata: { refund_id: part.id, order_id: o.orderId, credit_note: part.credit_note_number },
    });
    const made = stripe.refunds.get(
      (await rows<{ id: string }>(sql`select provider_refund_id as id from refunds where id = ${part.id}`))[0]!.id,
    )!;
    expect(made).toMatchObject({
      amount: 1_000,
      payment_intent: o.intentId,
      transfer_reversal: expect.stringMatching(/^trr_/),
    });

    const rest = Refund.parse(await ok(refund(o, { full: true, reason: 'damaged' })));
    expect(rest.amount_cents).toBe(o.paid - 1_000);
    expect([...stripe.refunds.values()].reduce((n, r) => n + Number(r.amount), 0)).toBe(o.paid);
    expect((await readRefunds(o)).refundable_cents).toBe(0);
  });

  it('Stripe down: the refund stays pending (no second refund at Stripe), the settler gets it through once', async () => {
    const o = await stripeOrder();
    stripe.failNext(3, 500);
    const pending = Refund.parse(await ok(refund(o, { amount_cents: 2_000, reason: 'other' }, 'down-1')));
    expect(pending.status).toBe('pending');
    expect(pending.failure_message).toBe('The payments provider could not be reached; trying again.');
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === o.intentId)).toHaveLength(0);
    // The lists count it already: it is the seller's to give back.
    expect((await readRefunds(o)).refunded_cents).toBe(2_000);
    // The retried request drives it as well; both use the refund's id with Stripe.
    const retried = Refund.parse(await ok(refund(o, { amount_cents: 2_000, reason: 'other' }, 'down-1')));
    expect(retried).toMatchObject({ id: pending.id, status: 'succeeded' });
    expect(await h.app.refundSettler.runOnce({ olderThanMs: 0 })).toEqual({ settled: 0, failed: 0, pending: 0 });
    // Three failed tries (the SDK's two retries included), then the retried request's: one key.
    expect(refundPosts().filter((r) => r.idempotencyKey === pending.id).length).toBe(4);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === o.intentId)).toHaveLength(1);

    // Down again, and this time nobody retries: the settler's round does it.
    stripe.failNext(3, 500);
    const second = Refund.parse(await ok(refund(o, { amount_cents: 500, reason: 'other' })));
    expect(second.status).toBe('pending');
    await rows(sql`update refunds set created_at = now() - interval '1 minute' where id = ${second.id}`);
    expect(await h.app.refundSettler.runOnce()).toEqual({ settled: 1, failed: 0, pending: 0 });
    expect((await readRefunds(o)).refunds.find((r) => r.id === second.id)!.status).toBe('succeeded');
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === o.intentId)).toHaveLength(2);
  });

  it('a refund Stripe is still working on follows its events: succeeded, or failed and released', async () => {
    const o = await stripeOrder();
    stripe.refundStatus = 'pending';
    const slow = Refund.parse(await ok(refund(o, { amount_cents: 1_500, reason: 'other' })));
    const failing = Refund.parse(await ok(refund(o, { amount_cents: 700, reason: 'other' })));
    stripe.refundStatus = 'succeeded';
    expect([slow.status, failing.status]).toEqual(['pending', 'pending']);
    const ids = await rows<{ id: string; provider_refund_id: string }>(
      sql`select id, provider_refund_id from refunds where order_id = ${o.orderId} order by created_at`,
    );
    stripe.setRefundStatus(ids[0]!.provider_refund_id, 'succeeded');
    stripe.setRefundStatus(ids[1]!.provider_refund_id, 'failed');
    expect(await deliverChargeEvent(o, 'charge.refund.updated')).toEqual({ recorded: 2 });
    const state = await readRefunds(o);
    expect(state.refunds.map((r) => [r.id, r.status])).toEqual([
      [failing.id, 'failed'],
      [slow.id, 'succeeded'],
    ]);
    expect(state.refunded_cents).toBe(1_500);
    // Delivered again: nothing changes.
    expect(await deliverChargeEvent(o)).toEqual({ recorded: 0 });
    const mails = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where kind = 'refund' and to_email = ${o.buyer.email}`,
    );
    expect(mails[0]!.n).toBe(1);
  });

  it('charge.refunded for a refund made in Stripe’s dashboard records it once; our own refunds are not counted twice', async () => {
    const o = await stripeOrder();
    const ours = Refund.parse(await ok(refund(o, { amount_cents: 1_000, reason: 'damaged' })));
    stripe.refundInDashboard(o.intentId, 1_500);
    expect(await deliverChargeEvent(o)).toEqual({ recorded: 1 });
    // Stripe delivers it again, and a second event comes for the same change.
    expect(await deliverChargeEvent(o)).toEqual({ recorded: 0 });
    expect(await deliverChargeEvent(o, 'refund.created')).toEqual({ recorded: 0 });

    const state = await readRefunds(o);
    expect(state.refunded_cents).toBe(2_500);
    expect(state.refunds).toHaveLength(2);
    const fromStripe = state.refunds.find((r) => r.id !== ours.id)!;
    expect(fromStripe).toMatchObject({
      amount_cents: 1_500,
      method: 'card',
      status: 'succeeded',
      source: 'provider',
      note: 'Refunded in the Stripe Dashboard.',
      card: { brand: 'visa', last4: '4242' },
      created_by: null,
    });
    const listed = await ok(
      h.call('GET', `/api/order/organization/${o.seller.orgId}/selling`, { token: o.seller.token }),
    );
    expect(listed.find((x: { id: string }) => x.id === o.orderId).refunded_cents).toBe(2_500);
    const mails = await rows<{ subject: string }>(
      sql`select subject from mail_outbox where kind = 'refund' and to_email = ${o.buyer.email} order by created_at`,
    );
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/refunded \$10\.00 of order/),
      expect.stringMatching(/refunded \$15\.00 of order/),
    ]);
    // What is left is all a new refund may take.
    const tooMuch = await refund(o, { amount_cents: o.paid - 2_500 + 1, reason: 'other' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toBe('refund_exceeds_payment');
  });

  it('through the app’s own webhook endpoint: a signed charge.refunded records the dashboard refund once', async () => {
    const o = await stripeOrder();
    stripe.refundInDashboard(o.intentId, 700);
    const post = () => {
      const body = stripe.chargeEventBody('charge.refunded', o.intentId);
      return h.call('POST', '/api/stripe/webhook', {
        body,
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.signWebhook(body, WEBHOOK_SECRET) },
      });
    };
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const state = await readRefunds(o);
    expect(state.refunds).toHaveLength(1);
    expect(state.refunds[0]).toMatchObject({ amount_cents: 700, source: 'provider', status: 'succeeded' });
    // A forged event changes nothing.
    const forged = await h.call('POST', '/api/stripe/webhook', {
      body: stripe.chargeEventBody('charge.refunded', o.intentId),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(forged.status).toBe(400);
    expect((await readRefunds(o)).refunded_cents).toBe(700);
  });

  it('a refund we recorded but whose answer we never stored (a crash) is matched by its metadata, not recorded again', async () => {
    const o = await stripeOrder();
    const [session] = await rows<{ provider_session_id: string }>(
      sql`select provider_session_id from checkout_sessions where order_id = ${o.orderId} and status = 'complete'`,
    );
    const [row] = await rows<{ id: string }>(sql`
      with r as (
        insert into refunds (order_id, seller_organization_id, purchaser_organization_id, amount_cents, reason, method,
                             status, provider, provider_session_id, provider_payment_id, card_brand, card_last4,
                             credit_note_number, idempotency_key, request_hash)
        values (${o.orderId}, ${o.seller.orgId}, ${o.buyer.orgId}, 800, 'returned', 'card', 'pending', 'stripe',
                ${session!.provider_session_id}, ${o.intentId}, 'visa', '4242',
                'CN-' || lpad(nextval('credit_note_number_seq')::text, 6, '0'), 'crashed', 'x')
        returning id
      ), o as (update orders set refunded_cents = refunded_cents + 800 where id = ${o.orderId})
      select id from r`);
    // The process asked Stripe, then died before recording the answer.
    await ctx.providers.payments.refundPayment({
      sessionId: session!.provider_session_id,
      paymentId: o.intentId,
      amountCents: 800,
      reason: 'returned',
      idempotencyKey: row!.id,
      metadata: { order_id: o.orderId, refund_id: row!.id },
    });
    expect(await deliverChargeEvent(o)).toEqual({ recorded: 1 });
    const state = await readRefunds(o);
    expect(state.refunds).toHaveLength(1);
    expect(state.refunds[0]).toMatchObject({ id: row!.id, status: 'succeeded', source: 'seller' });
    expect(state.refunded_cents).toBe(800);
    // The settler has nothing left to ask, so Stripe holds one refund.
    expect(await h.app.refundSettler.runOnce({ olderThanMs: 0 })).toEqual({ settled: 0, failed: 0, pending: 0 });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === o.intentId)).toHaveLength(1);
  });
});
