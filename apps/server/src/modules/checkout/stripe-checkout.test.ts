/**
 * The money path with Stripe as the payments provider, end to end through the API: the app is
 * booted with STRIPE_* pointing at a local fake Stripe (test/support/fake-stripe.ts), a seller
 * sets up payments there, a buyer checks out in Stripe's embedded checkout, and Stripe's signed
 * webhook (or the return page's verify-payment, whichever comes first) completes the order once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutSession, VerifyPayment, type Cart } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import {
  ONBOARDING_FORM,
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  readySeller,
  setStock,
  verify,
  type Org,
} from '../../../test/support/checkout.js';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from '../../../test/support/fake-stripe.js';

const WEBHOOK_SECRET = 'whsec_cratebaseStripeFlowTest0123456789';

let h: Harness;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  h = await createHarness({
    LOG_LEVEL: 'error',
    ...fakeStripeEnv(stripe, WEBHOOK_SECRET),
  });
  // Here only the webhook, the return page and submit complete orders; the minute reconciler
  // (tested in checkout.test.ts) would also ask the fake about older open sessions and could
  // take a failure meant for the call under test.
  await h.app.checkoutReconciler.stop();
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

const db = () => h.testDb.database.db;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db().execute(query)).rows as T[];
}

const base = (seller: Org) => `/api/stripe/organization/${seller.orgId}`;

/** Stripe posting an event to our endpoint: the raw JSON body and its signature header. */
function postWebhook(body: string, signature: string | undefined) {
  return h.call('POST', '/api/stripe/webhook', {
    body,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
  });
}

/** A signed event about one of the fake's sessions, as Stripe sends it. */
const sendEvent = (type: string, sessionId: string) => {
  const body = stripe.eventBody(type, sessionId);
  return postWebhook(body, stripe.signWebhook(body, WEBHOOK_SECRET));
};

/** Set Up Payments with Stripe: Get Started, then Stripe's review enables charges. */
async function activateAtStripe(seller: Org): Promise<string> {
  const { account } = await ok<{ account: string }>(
    h.call('POST', `${base(seller)}/create-connect-account`, { token: seller.token }),
  );
  stripe.updateAccount(account, { details_submitted: true, charges_enabled: true });
  const status = await ok(h.call('GET', `${base(seller)}/account-status`, { token: seller.token }));
  expect(status).toEqual({ account_id: account, details_submitted: true, charges_enabled: true });
  return account;
}

/** A seller with Stripe payments active and one Live product; a customer at the billing page. */
async function ready(opts: { quantity?: number; price?: number; stock?: number } = {}) {
  const seller = await readySeller(h, { payments: false });
  const account = await activateAtStripe(seller);
  const buyer = await customerOf(h, seller);
  const productId = await liveProduct(h, seller, { unit_price_in_cents: opts.price ?? 1_250 });
  if (opts.stock !== undefined) await setStock(h, seller, productId, opts.stock);
  const { cart, rate } = await atPayment(h, seller, buyer, { [productId]: opts.quantity ?? 4 });
  return { seller, account, buyer, productId, cart, rate };
}

async function session(seller: Org, buyer: Org, cart: { id: string }): Promise<CheckoutSession> {
  return CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
}

/** What a completion leaves behind for the order: its status, invoices, cart and order e-mails. */
async function orderState(cart: Cart, buyer: Org, seller: Org) {
  const [order] = await rows<{ status: string; total_cents: number | null }>(
    sql`select status, total_cents from orders where id = ${cart.order.id}`,
  );
  const invoices = await rows<{
    number: string;
    status: string;
    amount_cents: number;
    provider_invoice_id: string | null;
  }>(sql`select number, status, amount_cents, provider_invoice_id from invoices where order_id = ${cart.order.id}`);
  const [closed] = await rows<{ status: string }>(sql`select status from carts where id = ${cart.id}`);
  const mails = await rows<{ kind: string; to_email: string }>(sql`
    select kind, to_email from mail_outbox
     where kind in ('order_confirmation', 'new_order') and to_email in (${buyer.email}, ${seller.email})
     order by kind`);
  const sessions = await rows<{ status: string }>(
    sql`select status from checkout_sessions where order_id = ${cart.order.id} order by created_at`,
  );
  return { order: order!, invoices, cart: closed!.status, mails, sessions: sessions.map((s) => s.status) };
}

const sessionPosts = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

describe('seller payment set-up with Stripe', () => {
  it('Get Started creates the account at Stripe; the onboarding is Stripe’s; charges enabled make the store active', async () => {
    const seller = await readySeller(h, { payments: false });
    const created = await ok<{ account: string }>(
      h.call('POST', `${base(seller)}/create-connect-account`, { token: seller.token }),
    );
    expect(created.account).toMatch(/^acct_/);
    expect(stripe.accounts.has(created.account)).toBe(true);
    const accountPosts = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');
    const ours = accountPosts.filter((r) => r.idempotencyKey === `organization:${seller.orgId}`);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.authorization).toBe(`Bearer ${stripe.secretKey}`);
    // Pressed again: the same account, no second one at Stripe.
    const again = await ok(h.call('POST', `${base(seller)}/create-connect-account`, { token: seller.token }));
    expect(again.account).toBe(created.account);
    expect(stripe.requests.filter((r) => r.idempotencyKey === `organization:${seller.orgId}`)).toHaveLength(1);

    // The embedded onboarding is authorised by Stripe's account session.
    const refreshed = await ok<{ client_secret: string }>(
      h.call('POST', `${base(seller)}/refresh-connect-account`, {
        token: seller.token,
        body: { account: created.account },
      }),
    );
    expect(refreshed.client_secret).toMatch(/^accs_secret__/);
    const accountSession = stripe.requests.filter((r) => r.path === '/v1/account_sessions').at(-1)!;
    expect(accountSession.body).toMatchObject({
      account: created.account,
      components: { account_onboarding: { enabled: 'true' } },
    });

    // The built-in form is not for Stripe accounts.
    const builtinForm = await h.call('POST', `${base(seller)}/onboarding`, {
      token: seller.token,
      body: { ...ONBOARDING_FORM, client_secret: refreshed.client_secret },
    });
    expect(builtinForm.status).toBe(409);
    expect(builtinForm.body.error).toBe('onboarding_hosted_by_provider');

    // Before Stripe's review: not active, and a buyer cannot pay yet.
    expect(await ok(h.call('GET', `${base(seller)}/account-status`, { token: seller.token }))).toEqual({
      account_id: created.account,
      details_submitted: false,
      charges_enabled: false,
    });
    const before = await ok(h.call('GET', `/api/organization/${seller.orgId}`, { token: seller.token }));
    expect(before).toMatchObject({ stripe_connect_status: 'onboarding', has_payment_info: false });

    // Stripe reviews the details and enables charges: account-status reads it.
    stripe.updateAccount(created.account, { details_submitted: true, charges_enabled: true });
    expect(await ok(h.call('GET', `${base(seller)}/account-status`, { token: seller.token }))).toEqual({
      account_id: created.account,
      details_submitted: true,
      charges_enabled: true,
    });
    const after = await ok(h.call('GET', `/api/organization/${seller.orgId}`, { token: seller.token }));
    expect(after).toMatchObject({ stripe_connect_status: 'active', has_payment_info: true, has_stripe_connect: true });
  });
});

describe('checkout with Stripe', () => {
  it('create-checkout-session makes an embedded Stripe session for the server’s amount, paid to the seller', async () => {
    const { seller, account, buyer, cart, rate } = await ready({ quantity: 3, price: 1_500 });
    // Fields the body adds beside the cart's are ignored: the server prices the cart itself.
    const forged = { ...cart, amount_cents: 1 };
    const s = await session(seller, buyer, forged);
    expect(s.provider).toBe('stripe');
    expect(s.account_id).toBe(account);
    expect(s.subtotal_cents).toBe(4_500);
    expect(s.shipping_cents).toBe(rate.amount_cents);
    expect(s.amount_cents).toBe(4_500 + rate.amount_cents);

    const atStripe = stripe.sessions.get(s.session_id);
    expect(atStripe).toBeDefined();
    expect(s.clientSecret).toBe(atStripe!.client_secret);
    expect(atStripe).toMatchObject({
      status: 'open',
      ui_mode: 'embedded_page',
      amount_total: s.amount_cents,
      currency: 'usd',
    });

    const post = sessionPosts().at(-1)!;
    expect(post.idempotencyKey).toMatch(/^checkout-session:/);
    expect(post.body).toMatchObject({
      mode: 'payment',
      ui_mode: 'embedded_page',
      line_items: [{ price_data: { unit_amount: String(4_500 + rate.amount_cents), currency: 'usd' }, quantity: '1' }],
      payment_intent_data: { transfer_data: { destination: account }, metadata: { order_id: cart.order.id } },
      return_url: `http://localhost:3999/storefront/${seller.orgId}/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
    });
  });

  it('the signed checkout.session.completed webhook completes the order once, however often it comes', async () => {
    const { seller, buyer, cart } = await ready({ quantity: 2, price: 2_000 });
    const s = await session(seller, buyer, cart);
    expect((await orderState(cart, buyer, seller)).order.status).toBe('draft');

    stripe.completeSession(s.session_id, { brand: 'mastercard', last4: '4444' });
    const delivered = await sendEvent('checkout.session.completed', s.session_id);
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body).toEqual({ received: true });

    const done = await orderState(cart, buyer, seller);
    expect(done.order).toEqual({ status: 'submitted', total_cents: s.amount_cents });
    expect(done.invoices).toHaveLength(1);
    expect(done.invoices[0]).toMatchObject({ status: 'PAID', amount_cents: s.amount_cents });
    expect(done.invoices[0]!.provider_invoice_id).toMatch(/^pi_/);
    expect(done.cart).toBe('ordered');
    expect(done.mails).toEqual([
      { kind: 'new_order', to_email: seller.email },
      { kind: 'order_confirmation', to_email: buyer.email },
    ]);
    expect(done.sessions).toEqual(['complete']);

    // Stripe delivers the same event again (it retries until it hears 200): nothing more happens.
    const body = stripe.eventBody('checkout.session.completed', s.session_id);
    const signature = stripe.signWebhook(body, WEBHOOK_SECRET);
    const redelivered = await postWebhook(body, signature);
    expect(redelivered.status).toBe(200);
    expect(redelivered.body).toEqual({ received: true });
    expect(await postWebhook(body, signature)).toMatchObject({ status: 200 });
    expect(await orderState(cart, buyer, seller)).toEqual(done);

    // The return page, after the webhook: the same order and invoice, with the card Stripe charged.
    const verified = VerifyPayment.parse(await ok(verify(h, seller, buyer, s.session_id)));
    expect(verified).toMatchObject({
      order_id: cart.order.id,
      invoice_number: done.invoices[0]!.number,
      amount_cents: s.amount_cents,
      card: { brand: 'mastercard', last4: '4444' },
    });
    expect(await orderState(cart, buyer, seller)).toEqual(done);
  });

  it('refuses a bad or stale signature with 400, and changes nothing', async () => {
    const { seller, buyer, cart } = await ready();
    const s = await session(seller, buyer, cart);
    stripe.completeSession(s.session_id);
    const before = await orderState(cart, buyer, seller);
    const body = stripe.eventBody('checkout.session.completed', s.session_id);

    const forged = await postWebhook(body, stripe.signWebhook(body, 'whsec_someoneElsesSecret'));
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('invalid_signature');
    const unsigned = await postWebhook(body, undefined);
    expect(unsigned.status).toBe(400);
    // Signed for another body (the event altered on the way).
    const altered = await postWebhook(
      body.replace('checkout.session.completed', 'checkout.session.expired'),
      stripe.signWebhook(body, WEBHOOK_SECRET),
    );
    expect(altered.status).toBe(400);
    // A replay of an old delivery, past Stripe's five-minute tolerance.
    const oldTimestamp = Math.floor(Date.now() / 1000) - 3_600;
    const replayed = await postWebhook(body, stripe.signWebhook(body, WEBHOOK_SECRET, oldTimestamp));
    expect(replayed.status).toBe(400);

    const after = await orderState(cart, buyer, seller);
    expect(after).toEqual(before);
    expect(after.order.status).toBe('draft');
    expect(after.sessions).toEqual(['open']);
  });

  it('a webhook that cannot reach Stripe answers 503, so Stripe delivers it again; the redelivery completes', async () => {
    const { seller, buyer, cart } = await ready();
    const s = await session(seller, buyer, cart);
    stripe.completeSession(s.session_id);
    const body = stripe.eventBody('checkout.session.completed', s.session_id);
    const signature = stripe.signWebhook(body, WEBHOOK_SECRET);

    // Reading the session back fails on the first try and the SDK's two retries.
    stripe.failNext(3, 500);
    const failed = await postWebhook(body, signature);
    expect(failed.status).toBe(503);
    expect((await orderState(cart, buyer, seller)).order.status).toBe('draft');

    const redelivered = await postWebhook(body, signature);
    expect(redelivered.status).toBe(200);
    const done = await orderState(cart, buyer, seller);
    expect(done.order.status).toBe('submitted');
    expect(done.invoices).toHaveLength(1);
    expect(done.mails).toHaveLength(2);
  });

  it('acknowledges an event for a session that is not ours, or not paid, and changes nothing', async () => {
    const { seller, buyer, cart } = await ready();
    const s = await session(seller, buyer, cart);
    const before = await orderState(cart, buyer, seller);
    const requestsBefore = stripe.requests.length;

    // Another platform's session on a shared account: acknowledged, not looked up at Stripe.
    const foreign = JSON.stringify({
      id: 'evt_foreign0001',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: 'cs_test_notours0001', object: 'checkout.session', payment_status: 'paid', status: 'complete' },
      },
    });
    const unknown = await postWebhook(foreign, stripe.signWebhook(foreign, WEBHOOK_SECRET));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ received: true });
    expect(stripe.requests.length).toBe(requestsBefore);

    // An event about another kind of object: acknowledged.
    const other = JSON.stringify({
      id: 'evt_other0001',
      object: 'event',
      type: 'account.updated',
      data: { object: { id: 'acct_x', object: 'account' } },
    });
    expect((await postWebhook(other, stripe.signWebhook(other, WEBHOOK_SECRET))).status).toBe(200);

    // A completed-event for our session that Stripe says is not paid: acknowledged, no order.
    const unpaid = await sendEvent('checkout.session.completed', s.session_id);
    expect(unpaid.status).toBe(200);
    expect(await orderState(cart, buyer, seller)).toEqual(before);
    expect(before.order.status).toBe('draft');
  });

  it('a payment Stripe reports for another amount never completes the order', async () => {
    const { seller, buyer, cart } = await ready();
    const s = await session(seller, buyer, cart);
    // The session at Stripe charged less than the server asked (tampered with, or a bug).
    Object.assign(stripe.sessions.get(s.session_id)!, { amount_total: 1 });
    stripe.completeSession(s.session_id);
    const before = await orderState(cart, buyer, seller);

    const delivered = await sendEvent('checkout.session.completed', s.session_id);
    expect(delivered.status).toBe(200);
    const after = await orderState(cart, buyer, seller);
    expect(after.order).toEqual(before.order);
    // Never used: what Stripe took (1 cent) is refunded, with the transfer to the seller reversed.
    expect(after.sessions).toEqual(['refunded']);
    const refunds = [...stripe.refunds.values()];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1, status: 'succeeded' });
    expect(refunds[0]!.transfer_reversal).toBeTruthy();
    const verified = await verify(h, seller, buyer, s.session_id);
    expect(verified.status).toBe(409);
    expect(verified.body.error).toBe('payment_mismatch');
    expect(before.order.status).toBe('draft');
  });

  it('checkout.session.expired ends the session and frees its stock for another buyer', async () => {
    const seller = await readySeller(h, { payments: false });
    await activateAtStripe(seller);
    const productId = await liveProduct(h, seller, { name: 'Small batch' });
    await setStock(h, seller, productId, 2);
    const first = await customerOf(h, seller);
    const second = await customerOf(h, seller);
    const { cart: firstCart } = await atPayment(h, seller, first, { [productId]: 2 });
    const { cart: secondCart } = await atPayment(h, seller, second, { [productId]: 2 });

    const held = await session(seller, first, firstCart);
    const soldOut = await createSession(h, seller, second, secondCart);
    expect(soldOut.status).toBe(409);
    expect(soldOut.body).toMatchObject({
      error: 'insufficient_inventory',
      message: '"Small batch" just sold out. Please update your cart.',
    });

    // The buyer walked away: Stripe expires the session and tells us.
    stripe.expireSession(held.session_id);
    const expired = await sendEvent('checkout.session.expired', held.session_id);
    expect(expired.status).toBe(200);
    expect(expired.body).toEqual({ received: true });
    expect((await orderState(firstCart, first, seller)).sessions).toEqual(['expired']);
    const late = await verify(h, seller, first, held.session_id);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('session_expired');

    // The two units are free again: the other buyer can take them.
    const taken = await session(seller, second, secondCart);
    expect(taken.amount_cents).toBeGreaterThan(0);

    // That one expires too; the first buyer starts again with a new session, and our record
    // already knew the old one ended (no expire call to Stripe for it).
    stripe.expireSession(taken.session_id);
    expect((await sendEvent('checkout.session.expired', taken.session_id)).status).toBe(200);
    const expireCallsBefore = stripe.requests.filter((r) => r.path.endsWith('/expire')).length;
    const fresh = await session(seller, first, firstCart);
    expect(fresh.session_id).not.toBe(held.session_id);
    expect(stripe.requests.filter((r) => r.path.endsWith('/expire')).length).toBe(expireCallsBefore);
    expect((await orderState(firstCart, first, seller)).sessions).toEqual(['expired', 'open']);
  });

  it('the return page’s verify-payment can beat the webhook; the webhook afterwards changes nothing', async () => {
    const { seller, buyer, cart } = await ready({ quantity: 1, price: 3_000, stock: 5 });
    const s = await session(seller, buyer, cart);

    // Before the buyer pays: not complete yet.
    const early = await verify(h, seller, buyer, s.session_id);
    expect(early.status).toBe(402);
    expect(early.body.error).toBe('payment_incomplete');

    stripe.completeSession(s.session_id);
    const verified = VerifyPayment.parse(await ok(verify(h, seller, buyer, s.session_id)));
    expect(verified).toMatchObject({
      order_id: cart.order.id,
      amount_cents: s.amount_cents,
      card: { brand: 'visa', last4: '4242' },
    });
    const done = await orderState(cart, buyer, seller);
    expect(done.order.status).toBe('submitted');
    expect(done.invoices.map((i) => i.number)).toEqual([verified.invoice_number]);
    expect(done.cart).toBe('ordered');
    expect(done.mails).toHaveLength(2);
    const [stock] = await rows<{ inventory_count: number }>(
      sql`select inventory_count from products where id = ${cart.line_items[0]!.product.id}`,
    );
    expect(stock!.inventory_count).toBe(4);

    const late = await sendEvent('checkout.session.completed', s.session_id);
    expect(late.status).toBe(200);
    expect(await orderState(cart, buyer, seller)).toEqual(done);
    const [stockAfter] = await rows<{ inventory_count: number }>(
      sql`select inventory_count from products where id = ${cart.line_items[0]!.product.id}`,
    );
    expect(stockAfter!.inventory_count).toBe(4);
    // Submit answers the same order too.
    const submitted = await ok(h.call('POST', `/api/order/${cart.order.id}/submit`, { token: buyer.token }));
    expect(submitted).toMatchObject({
      id: cart.order.id,
      status: 'submitted',
      invoice: { number: verified.invoice_number, stripe_status: 'PAID' },
    });
  });

  it('Stripe failing on session create: 503 with a clear message, and no stock held', async () => {
    const seller = await readySeller(h, { payments: false });
    await activateAtStripe(seller);
    const productId = await liveProduct(h, seller, { name: 'Last jar' });
    await setStock(h, seller, productId, 1);
    const buyer = await customerOf(h, seller);
    const other = await customerOf(h, seller);
    const { cart } = await atPayment(h, seller, buyer, { [productId]: 1 });
    const { cart: otherCart } = await atPayment(h, seller, other, { [productId]: 1 });

    const postsBefore = sessionPosts().length;
    const sessionsBefore = stripe.sessions.size;
    // The first try and the SDK's two retries all fail.
    stripe.failNext(3, 500);
    const res = await createSession(h, seller, buyer, cart);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('The payments provider cannot be reached right now. Please try again shortly.');
    expect(sessionPosts().length - postsBefore).toBe(3);
    expect(stripe.sessions.size).toBe(sessionsBefore);
    expect((await orderState(cart, buyer, seller)).sessions).toEqual(['failed']);

    // The jar was not held by the failed checkout: another buyer can take it.
    const taken = await session(seller, other, otherCart);
    expect(taken.provider).toBe('stripe');
  });

  /** Charges Stripe took for one of our orders (payment intents of sessions with its order id), and refunds. */
  function stripeMoney(orderId: string) {
    const sessions = [...stripe.sessions.values()].filter(
      (x) => (x.metadata as Record<string, string> | undefined)?.order_id === orderId,
    );
    const intents = new Set(sessions.map((x) => x.payment_intent).filter(Boolean));
    const refunds = [...stripe.refunds.values()].filter((r) => intents.has(r.payment_intent));
    return { charges: intents.size, refunds: refunds.length };
  }

  it('10 checkouts of one cart at once, each paid in Stripe as it opens, 10 rounds: one charge per order', async () => {
    const { seller, buyer, productId } = await ready();
    for (let round = 0; round < 10; round++) {
      const { cart } = await atPayment(h, seller, buyer, { [productId]: 1 });
      let paid = 0;
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const created = await createSession(h, seller, buyer, cart);
          if (created.status !== 200) {
            expect(created.status, JSON.stringify(created.body)).toBe(409);
            return;
          }
          // The buyer pays in Stripe's form — if Stripe still lets the session be paid.
          if (stripe.sessions.get(created.body.session_id)?.status !== 'open') return;
          stripe.completeSession(created.body.session_id);
          paid += 1;
          const verified = await verify(h, seller, buyer, created.body.session_id);
          expect([200, 409]).toContain(verified.status);
        }),
      );
      // The last session opened is the only one Stripe still lets be paid: one charge, nothing to refund.
      expect(paid).toBe(1);
      expect(stripeMoney(cart.order.id)).toEqual({ charges: 1, refunds: 0 });
      expect((await orderState(cart, buyer, seller)).order.status).toBe('submitted');
    }
  });

  it('a Pay now left open while the seller marks the invoice paid: Stripe can no longer take the card', async () => {
    const { seller, buyer, cart } = await ready();
    await ok(
      h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`, {
        token: seller.token,
        body: { net_days: 30 },
      }),
    );
    const placed = await ok(h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: buyer.token }));
    const [invoice] = await rows<{ id: string }>(sql`select id from invoices where order_id = ${placed.id}`);
    const dialog = await ok(h.call('POST', `/api/invoice/${invoice!.id}/checkout-session`, { token: buyer.token }));
    expect(stripe.sessions.get(dialog.session_id)?.status).toBe('open');
    const marked = await h.call('POST', `/api/organization/${seller.orgId}/invoices/${invoice!.id}/mark-paid`, {
      token: seller.token,
      body: { method: 'check', paid_on: new Date().toISOString().slice(0, 10) },
    });
    expect(marked.status).toBe(200);
    expect(stripe.sessions.get(dialog.session_id)?.status).toBe('expired');
    expect(() => stripe.completeSession(dialog.session_id)).toThrow(/expired/);
    expect(stripeMoney(placed.id)).toEqual({ charges: 0, refunds: 0 });
  });

  it('an order above what one Stripe payment takes ($999,999.99) is refused before Stripe is asked', async () => {
    const { seller, buyer, cart } = await ready({ price: 500_000_00, quantity: 2 });
    const before = stripe.sessions.size;
    const res = await createSession(h, seller, buyer, cart);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('amount_above_card_limit');
    expect(res.body.message).toMatch(/more than the \$999,999\.99 one card payment can take/);
    expect(res.body.issues[0].path).toBe('cart');
    expect(stripe.sessions.size).toBe(before);
    expect((await orderState(cart, buyer, seller)).sessions).toEqual([]);
  });
});
