import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AUTHENTICATION_FAILED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  CheckoutSession,
  INSUFFICIENT_FUNDS_MESSAGE,
  SELLER_PAYMENTS_NOT_ACTIVE,
  TEST_CARDS,
  VerifyPayment,
  type Cart,
} from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import {
  CARD,
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readCart,
  readySeller,
  setStock,
  verify,
  type Org,
} from '../../../test/support/checkout.js';
import { createBuiltinPayments } from '../../providers/payments/index.js';
import { openDatabase } from '../../db/client.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => h?.close());

const db = () => h.testDb.database.db;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db().execute(query)).rows as T[];
}

/** A seller with one Live product and a customer at the billing page with `quantity` of it. */
async function ready(opts: { quantity?: number; price?: number; stock?: number } = {}) {
  const seller = await readySeller(h);
  const buyer = await customerOf(h, seller);
  const productId = await liveProduct(h, seller, { unit_price_in_cents: opts.price ?? 1_250 });
  if (opts.stock !== undefined) await setStock(h, seller, productId, opts.stock);
  const { cart, rate } = await atPayment(h, seller, buyer, { [productId]: opts.quantity ?? 4 });
  return { seller, buyer, productId, cart, rate };
}

async function session(seller: Org, buyer: Org, cart: { id: string }): Promise<CheckoutSession> {
  return CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
}

const outbox = (orderKindTo: string) =>
  rows<{ kind: string; to_email: string; subject: string; text: string }>(
    sql`select kind, to_email, subject, text from mail_outbox where to_email = ${orderKindTo} order by created_at`,
  );

describe('create-checkout-session', () => {
  it('charges the cart’s lines and the chosen rate from the database, whatever the body says', async () => {
    const { seller, buyer, cart, rate } = await ready({ quantity: 4, price: 1_250 });
    // A total the buyer says it was shown that is not the cart's is refused, never charged.
    const lower = await createSession(h, seller, buyer, { ...cart, total_cents: 1 });
    expect(lower.status).toBe(409);
    expect(lower.body.error).toBe('cart_changed');
    const forged = { ...cart, amount_cents: 1, line_items: [] };
    const s = await session(seller, buyer, forged);
    expect(s.subtotal_cents).toBe(5_000);
    expect(s.shipping_cents).toBe(rate.amount_cents);
    expect(s.amount_cents).toBe(5_000 + rate.amount_cents);
    expect(s.provider).toBe('builtin');
    expect(s.clientSecret).toMatch(/^cs_[a-f0-9]+_secret_/);
    expect(s.session_id).toBe(s.clientSecret.split('_secret_')[0]);
  });

  it('refuses what must be fixed first, with a sentence for the buyer and the field', async () => {
    // No shipping rate chosen yet.
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const productId = await liveProduct(h, seller);
    const cart = await readCart(h, seller, buyer);
    await ok(
      h.call('PUT', `/api/cart/${cart.id}/line_item`, {
        token: buyer.token,
        body: { product_id: productId, quantity: 2 },
      }),
    );
    const noAddress = await createSession(h, seller, buyer, cart);
    expect(noAddress.status).toBe(409);
    expect(noAddress.body.issues[0].path).toBe('shipping_address');

    // The seller's payments are not active.
    const inactive = await readySeller(h, { payments: false });
    const b2 = await customerOf(h, inactive);
    const p2 = await liveProduct(h, inactive);
    const { cart: c2 } = await atPayment(h, inactive, b2, { [p2]: 1 });
    const refused = await createSession(h, inactive, b2, c2);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'seller_payments_inactive', message: SELLER_PAYMENTS_NOT_ACTIVE });
  });

  it('refuses a rate quoted for another cart (the cart changed after the rate was chosen)', async () => {
    const { seller, buyer, cart, productId } = await ready({ quantity: 2 });
    await ok(
      h.call('PUT', `/api/cart/${cart.id}/line_item`, {
        token: buyer.token,
        body: { product_id: productId, quantity: 9 },
      }),
    );
    const res = await createSession(h, seller, buyer, cart);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('quote_stale');
    expect(res.body.message).toMatch(/reload the shipping options/);
  });

  it('answers 404 to another organization, the seller, and for a store that is not the cart’s', async () => {
    const { seller, buyer, cart } = await ready();
    const stranger = await h.newOrgUser('Buyer');
    const asStranger = await h.call('POST', `/api/stripe/organization/${seller.orgId}/create-checkout-session`, {
      token: stranger.token,
      body: { cart: { id: cart.id } },
    });
    expect(asStranger.status).toBe(404);
    const asSeller = await h.call('POST', `/api/stripe/organization/${seller.orgId}/create-checkout-session`, {
      token: seller.token,
      body: { cart: { id: cart.id } },
    });
    expect(asSeller.status).toBe(404);
    const otherStore = await readySeller(h);
    const wrongStore = await createSession(h, otherStore, buyer, cart);
    expect(wrongStore.status).toBe(404);
    expect(wrongStore.body.issues[0].path).toBe('cart.id');
  });
});

describe('paying and completing the order', () => {
  it('4242 pays; the order completes once with captured prices, stock, invoice, closed cart and two e-mails', async () => {
    const { seller, buyer, cart, productId } = await ready({ quantity: 3, price: 2_000, stock: 10 });
    const s = await session(seller, buyer, cart);

    // The seller changes the price after the session was made: the session amount wins.
    await ok(
      h.call('PUT', '/api/product', {
        token: seller.token,
        body: { id: productId, organization: { id: seller.orgId }, unit_price_in_cents: 9_999 },
      }),
    );

    const paid = await ok(payWith(h, buyer, s, TEST_CARDS.succeeds));
    expect(paid).toMatchObject({ status: 'complete', card: { brand: 'visa', last4: '4242' } });
    expect(paid.return_url).toBe(
      `http://localhost:3999/storefront/${seller.orgId}/checkout/return?session_id=${s.session_id}`,
    );

    // The order was completed by the payment itself: the buyer's tab may already be closed.
    const [order] = await rows<{
      status: string;
      subtotal_cents: number;
      total_cents: number;
      completed_on: Date | null;
    }>(sql`select status, subtotal_cents, total_cents, completed_on from orders where id = ${cart.order.id}`);
    expect(order).toMatchObject({ status: 'submitted', subtotal_cents: 6_000, total_cents: s.amount_cents });
    expect(order!.completed_on).not.toBeNull();
    const lines = await rows<{ quantity: number; unit_price_in_cents: number }>(
      sql`select quantity, unit_price_in_cents from line_items where cart_id = ${cart.id}`,
    );
    expect(lines).toEqual([{ quantity: 3, unit_price_in_cents: 2_000 }]);
    const [stock] = await rows<{ inventory_count: number }>(
      sql`select inventory_count from products where id = ${productId}`,
    );
    expect(stock!.inventory_count).toBe(7);
    // The seller's inventory history shows the sale, with the order.
    const history = await rows<{ count: number; inventory_transaction_type: string; order_id: string | null }>(
      sql`select count, inventory_transaction_type, order_id from inventory_transactions
           where product_id = ${productId} order by created_at desc limit 1`,
    );
    expect(history).toEqual([{ count: 3, inventory_transaction_type: 'remove', order_id: cart.order.id }]);

    // verify-payment (the return page) answers the same order, as often as it is asked.
    const first = VerifyPayment.parse(await ok(verify(h, seller, buyer, s.session_id)));
    const again = VerifyPayment.parse(await ok(verify(h, seller, buyer, s.session_id)));
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      order_id: cart.order.id,
      amount_cents: s.amount_cents,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(first.invoice_number).toMatch(/^CB-\d{6}$/);
    const invoices = await rows<{ status: string; number: string; amount_cents: number }>(
      sql`select status, number, amount_cents from invoices where order_id = ${cart.order.id}`,
    );
    expect(invoices).toEqual([{ status: 'PAID', number: first.invoice_number, amount_cents: s.amount_cents }]);

    // The next read opens a new, empty cart; the seller now counts the buyer as returning.
    const next = await readCart(h, seller, buyer);
    expect(next.id).not.toBe(cart.id);
    expect(next.line_items).toEqual([]);
    expect(next.is_returning).toBe(true);

    // One confirmation to the buyer, one notice to the seller.
    const toBuyer = await outbox(buyer.email);
    expect(toBuyer.map((m) => m.kind).filter((k) => k !== 'invite')).toEqual(['order_confirmation']);
    const confirmation = toBuyer.find((m) => m.kind === 'order_confirmation')!;
    expect(confirmation.subject).toContain(first.invoice_number);
    expect(confirmation.text).toContain('Jam');
    const toSeller = await outbox(seller.email);
    expect(toSeller.filter((m) => m.kind === 'new_order')).toHaveLength(1);

    // Paying again is refused; nothing is charged twice.
    const twice = await payWith(h, buyer, s, TEST_CARDS.succeeds);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('session_complete');
  });

  it('a declined card, then insufficient funds, then 4242: one payment; only brand and last four are kept', async () => {
    const { seller, buyer, cart } = await ready();
    const s = await session(seller, buyer, cart);
    const declined = await payWith(h, buyer, s, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'card_declined', message: CARD_DECLINED_MESSAGE });
    const poor = await payWith(h, buyer, s, TEST_CARDS.insufficientFunds);
    expect(poor.status).toBe(402);
    expect(poor.body).toMatchObject({ error: 'insufficient_funds', message: INSUFFICIENT_FUNDS_MESSAGE });
    const [order] = await rows<{ status: string }>(sql`select status from orders where id = ${cart.order.id}`);
    expect(order!.status).toBe('draft');

    await ok(payWith(h, buyer, s, TEST_CARDS.succeeds));
    const attempts = await rows<{ card_last4: string; outcome: string }>(
      sql`select card_last4, outcome from builtin_card_attempts where session_id = ${s.session_id} order by created_at, id`,
    );
    expect(attempts).toEqual([
      { card_last4: '0002', outcome: 'card_declined' },
      { card_last4: '9995', outcome: 'insufficient_funds' },
      { card_last4: '4242', outcome: 'succeeded' },
    ]);
    // No full card number (nor the CVC) anywhere the payment touched.
    const stored = await rows<{ row: string }>(sql`
      select row_to_json(x)::text as row from builtin_checkout_sessions x
      union all select row_to_json(y)::text from builtin_card_attempts y
      union all select row_to_json(z)::text from checkout_sessions z`);
    for (const { row } of stored) {
      expect(row).not.toContain(TEST_CARDS.succeeds);
      expect(row).not.toContain(TEST_CARDS.declined);
    }
  });

  it('a card that asks for authentication: failing it declines, completing it pays', async () => {
    const { seller, buyer, cart } = await ready();
    const s = await session(seller, buyer, cart);
    const first = await ok(payWith(h, buyer, s, TEST_CARDS.authentication));
    expect(first).toMatchObject({ status: 'requires_action', card: { last4: '3184' } });
    const failed = await h.call('POST', '/api/payments/checkout/challenge', {
      token: buyer.token,
      body: { client_secret: s.clientSecret, challenge_id: first.challenge_id, outcome: 'fail' },
    });
    expect(failed.status).toBe(402);
    expect(failed.body.message).toBe(AUTHENTICATION_FAILED_MESSAGE);
    // The answered challenge cannot be answered again.
    const stale = await h.call('POST', '/api/payments/checkout/challenge', {
      token: buyer.token,
      body: { client_secret: s.clientSecret, challenge_id: first.challenge_id, outcome: 'complete' },
    });
    expect(stale.status).toBe(404);

    const second = await ok(payWith(h, buyer, s, TEST_CARDS.authentication));
    const done = await ok(
      h.call('POST', '/api/payments/checkout/challenge', {
        token: buyer.token,
        body: { client_secret: s.clientSecret, challenge_id: second.challenge_id, outcome: 'complete' },
      }),
    );
    expect(done.status).toBe('complete');
    expect((await ok(verify(h, seller, buyer, s.session_id))).order_id).toBe(cart.order.id);
  });

  it('the card form checks the card: bad number, past expiry, short CVC, ZIP — naming the field', async () => {
    const { seller, buyer, cart } = await ready();
    const s = await session(seller, buyer, cart);
    const res = await h.call('POST', '/api/payments/checkout/pay', {
      token: buyer.token,
      body: {
        client_secret: s.clientSecret,
        card: { ...CARD, number: '4242 4242 4242 4241', expiry: '01 / 20', cvc: '12', postal_code: '941' },
      },
    });
    expect(res.status).toBe(400);
    const paths = (res.body.issues as { path: string }[]).map((i) => i.path).sort();
    expect(paths).toEqual(['card.cvc', 'card.expiry', 'card.number', 'card.postal_code']);
  });

  it('a session paid at the provider whose completion never ran (a crash): verify completes it, submit too', async () => {
    const { seller, buyer, cart } = await ready();
    const s = await session(seller, buyer, cart);
    // The provider records the payment; our server never hears of it.
    const provider = createBuiltinPayments(db());
    const outcome = await provider.embeddedCheckout!.payWithCard(s.clientSecret, {
      ...CARD,
      number: TEST_CARDS.succeeds,
    });
    expect(outcome.status).toBe('complete');
    const [before] = await rows<{ status: string }>(sql`select status from orders where id = ${cart.order.id}`);
    expect(before!.status).toBe('draft');

    const submitted = await ok(h.call('POST', `/api/order/${cart.order.id}/submit`, { token: buyer.token }));
    expect(submitted).toMatchObject({ id: cart.order.id, status: 'submitted', invoice: { stripe_status: 'PAID' } });
    const verified = await ok(verify(h, seller, buyer, s.session_id));
    expect(verified.invoice_number).toBe(submitted.invoice.number);
    const again = await ok(h.call('POST', `/api/order/${cart.order.id}/submit`, { token: buyer.token }));
    expect(again).toEqual(submitted);
  });

  it('a paid session nobody came back for (tab closed, server stopped): the reconciler completes it', async () => {
    const { seller, buyer, cart } = await ready();
    const s = await session(seller, buyer, cart);
    const unpaid = await ready();
    await session(unpaid.seller, unpaid.buyer, unpaid.cart);
    const provider = createBuiltinPayments(db());
    await provider.embeddedCheckout!.payWithCard(s.clientSecret, { ...CARD, number: TEST_CARDS.succeeds });

    const round = await h.app.checkoutReconciler.runOnce({ olderThanMs: 0 });
    expect(round.completed).toBeGreaterThanOrEqual(1);
    const states = await rows<{ id: string; status: string }>(
      sql`select id, status from orders where id in (${cart.order.id}, ${unpaid.cart.order.id})`,
    );
    expect(Object.fromEntries(states.map((o) => [o.id, o.status]))).toEqual({
      [cart.order.id]: 'submitted',
      [unpaid.cart.order.id]: 'draft',
    });
    // The buyer's return page later reads the same order.
    expect((await ok(verify(h, seller, buyer, s.session_id))).order_id).toBe(cart.order.id);
  });

  it('submit before payment and verify of an unpaid session are refused; nothing completes', async () => {
    const { seller, buyer, cart } = await ready();
    const unpaidSubmit = await h.call('POST', `/api/order/${cart.order.id}/submit`, { token: buyer.token });
    expect(unpaidSubmit.status).toBe(409);
    expect(unpaidSubmit.body.error).toBe('payment_required');
    const s = await session(seller, buyer, cart);
    const unpaid = await verify(h, seller, buyer, s.session_id);
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.error).toBe('payment_incomplete');
    const foreign = await verify(h, seller, buyer, 'cs_0000000000000000');
    expect(foreign.status).toBe(404);
    const stranger = await h.newOrgUser('Buyer');
    expect((await verify(h, seller, stranger, s.session_id)).status).toBe(404);
  });

  it('a new session ends the order’s previous one: the old secret can no longer pay', async () => {
    const { seller, buyer, cart } = await ready();
    const old = await session(seller, buyer, cart);
    const fresh = await session(seller, buyer, cart);
    expect(fresh.session_id).not.toBe(old.session_id);
    const res = await payWith(h, buyer, old, TEST_CARDS.succeeds);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('session_expired');
    await ok(payWith(h, buyer, fresh, TEST_CARDS.succeeds));
  });
});

describe('concurrency', () => {
  it('50 checkouts of the last 10 units: 10 sessions and 10 paid orders, 40 clear refusals before payment', async () => {
    const seller = await readySeller(h);
    const productId = await liveProduct(h, seller, { name: 'Last batch' });
    await setStock(h, seller, productId, 10);
    const buyers: Org[] = [];
    for (let i = 0; i < 50; i++) buyers.push(await customerOf(h, seller));
    const carts: Cart[] = [];
    for (const buyer of buyers) carts.push((await atPayment(h, seller, buyer, { [productId]: 1 })).cart);

    const results = await Promise.all(buyers.map((buyer, i) => createSession(h, seller, buyer, carts[i]!)));
    const made = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(made).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('insufficient_inventory');
      expect(r.body.message).toMatch(/Last batch/);
    }
    const paid = await Promise.all(
      results.map((r, i) => (r.status === 200 ? payWith(h, buyers[i]!, r.body, TEST_CARDS.succeeds) : null)),
    );
    expect(paid.filter((p) => p?.status === 200)).toHaveLength(10);
    const [stock] = await rows<{ inventory_count: number }>(
      sql`select inventory_count from products where id = ${productId}`,
    );
    expect(stock!.inventory_count).toBe(0);
    const [orders] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where selling_organization_id = ${seller.orgId} and status = 'submitted'`,
    );
    expect(orders!.n).toBe(10);
    // 50 buyers' checkouts at once: on an embedded database on a busy machine this takes a while.
  }, 120_000);

  it('the same paid session verified 20 times at once, through two app instances: one order, one invoice, two e-mails', async () => {
    const { seller, buyer, cart } = await ready();
    const s = await session(seller, buyer, cart);
    const provider = createBuiltinPayments(db());
    await provider.embeddedCheckout!.payWithCard(s.clientSecret, { ...CARD, number: TEST_CARDS.succeeds });

    // A second server on the same database, with its own connection pool.
    const url = h.testDb.url;
    const pool = await openDatabase({ databaseUrl: url, poolSize: 5 });
    const other = await createHarness(
      {},
      {
        testDb: {
          database: pool,
          url,
          drop: async () => {
            await pool.close();
          },
        },
      },
    );
    try {
      const otherToken = await other.token({ sub: buyer.sub, email: buyer.email });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? verify(h, seller, buyer, s.session_id)
            : other.call('GET', `/api/stripe/organization/${seller.orgId}/verify-payment/${s.session_id}`, {
                token: otherToken,
              }),
        ),
      );
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(new Set(answers.map((a) => a.body.invoice_number)).size).toBe(1);
    } finally {
      await other.close();
    }
    const [counts] = await rows<{ invoices: number; mails: number }>(sql`
      select (select count(*)::int from invoices where order_id = ${cart.order.id}) as invoices,
             (select count(*)::int from mail_outbox where kind in ('order_confirmation', 'new_order')
                and (to_email = ${buyer.email} or to_email = ${seller.email})) as mails`);
    expect(counts).toEqual({ invoices: 1, mails: 2 });
  });
});
