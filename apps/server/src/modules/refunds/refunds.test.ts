/**
 * Refunds by the seller through the API (issue 21 part 2), with the built-in payments provider:
 * card refunds at the provider in part and in full, credit notes for invoices paid by other
 * means, what may not be refunded (with sentences naming the field), two refunds at once never
 * giving back more than was paid, a retried refund applied once, a crash between the record and
 * the provider settled by the settler, stock returned only when asked, and everywhere it shows:
 * both order lists, the dashboard's net sales, the customer page, the invoice and credit note
 * PDFs, the buyer's e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutSession, OrderRefunds, Refund, TEST_CARDS, type Cart, type OrderSummary } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readySeller,
  setStock,
  type Org,
} from '../../../test/support/checkout.js';
import { pdfPages } from '../../../test/support/pdf.js';
import { builtinPaymentsOfOrder, createBuiltinCheckout } from '../../providers/payments/builtin-checkout.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
  // Rounds are run by the tests that need them (a round would settle what a test left pending on purpose).
  await h.app.refundSettler.stop();
});
afterAll(async () => h?.close());

const db = () => h.testDb.database.db;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db().execute(query)).rows as T[];
}

interface CardOrder {
  seller: Org;
  buyer: Org;
  cart: Cart;
  orderId: string;
  jam: string;
  honey: string;
  /** What the card paid: 4 × $12.50 + 2 × $20.00 + shipping. */
  paid: number;
  shipping: number;
  jamLine: string;
  honeyLine: string;
}

/** A seller with two products (Jam's stock tracked at 10) and a customer who paid by card. */
async function cardOrder(): Promise<CardOrder> {
  const seller = await readySeller(h);
  const buyer = await customerOf(h, seller);
  const jam = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_250 });
  const honey = await liveProduct(h, seller, { name: 'Wild Honey', unit_price_in_cents: 2_000 });
  await setStock(h, seller, jam, 10);
  const { cart, rate } = await atPayment(h, seller, buyer, { [jam]: 4, [honey]: 2 });
  const session = CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
  await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
  const lines = cart.line_items;
  return {
    seller,
    buyer,
    cart,
    orderId: cart.order.id,
    jam,
    honey,
    paid: 5_000 + 4_000 + rate.amount_cents,
    shipping: rate.amount_cents,
    jamLine: lines.find((l) => l.product.id === jam)!.id,
    honeyLine: lines.find((l) => l.product.id === honey)!.id,
  };
}

const refundUrl = (o: { seller: Org; orderId: string }) =>
  `/api/organization/${o.seller.orgId}/orders/${o.orderId}/refunds`;

function refund(o: { seller: Org; orderId: string }, body: unknown, opts: { key?: string; token?: string } = {}) {
  return h.call('POST', refundUrl(o), {
    token: opts.token ?? o.seller.token,
    body,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });
}

const readRefunds = (orderId: string, token: string) =>
  ok<OrderRefunds>(h.call('GET', `/api/order/${orderId}/refunds`, { token })).then((r) => OrderRefunds.parse(r));

const stockOf = async (productId: string) =>
  (await rows<{ n: number }>(sql`select inventory_count as n from products where id = ${productId}`))[0]!.n;

async function listed(org: Org, side: 'selling' | 'purchasing', orderId: string): Promise<OrderSummary> {
  const list = await ok<OrderSummary[]>(
    h.call('GET', `/api/order/organization/${org.orgId}/${side}`, { token: org.token }),
  );
  return list.find((o) => o.id === orderId)!;
}

describe('refunding a card order', () => {
  it('gives back chosen lines, then the rest in full, at the provider: stock only when asked, lists, e-mails, credit notes', async () => {
    const o = await cardOrder();
    expect(await stockOf(o.jam)).toBe(6);

    const before = await readRefunds(o.orderId, o.seller.token);
    expect(before).toMatchObject({
      paid_cents: o.paid,
      refunded_cents: 0,
      refundable_cents: o.paid,
      method: 'card',
      card: { brand: 'visa', last4: '4242' },
      not_refundable: null,
      shipping_cents: o.shipping,
      refunds: [],
    });
    expect(before.lines.map((l) => [l.name, l.quantity, l.unit_price_in_cents, l.track_inventory])).toEqual([
      ['Fig Jam', 4, 1_250, true],
      ['Wild Honey', 2, 2_000, false],
    ]);

    // One jar came broken: returned to stock, with the shipping of it not refunded.
    const first = Refund.parse(
      await ok(
        refund(o, {
          lines: [{ line_item_id: o.jamLine, quantity: 1 }],
          reason: 'damaged',
          note: 'Jar broken in transit',
          restock: true,
        }),
      ),
    );
    expect(first).toMatchObject({
      amount_cents: 1_250,
      shipping_cents: 0,
      method: 'card',
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
      restock: true,
      reason: 'damaged',
      note: 'Jar broken in transit',
      source: 'seller',
      lines: [{ line_item_id: o.jamLine, product_id: o.jam, name: 'Fig Jam', quantity: 1, amount_cents: 1_250 }],
    });
    expect(first.credit_note_number).toMatch(/^CN-\d{6}$/);
    expect(await builtinPaymentsOfOrder(db(), o.orderId)).toEqual({
      charges: 1,
      chargedCents: o.paid,
      refunds: 1,
      refundedCents: 1_250,
    });
    expect(await stockOf(o.jam)).toBe(7);
    const history = await rows<{ type: string; count: number; order_id: string }>(sql`
      select inventory_transaction_type as type, count, order_id from inventory_transactions
       where product_id = ${o.jam} order by created_at`);
    expect(history.at(-1)).toEqual({ type: 'add', count: 1, order_id: o.orderId });

    // Both order lists show it at once (their caches are keyed by the order-list version).
    expect((await listed(o.seller, 'selling', o.orderId)).refunded_cents).toBe(1_250);
    expect((await listed(o.buyer, 'purchasing', o.orderId)).refunded_cents).toBe(1_250);
    const order = await ok(h.call('GET', `/api/order/${o.orderId}`, { token: o.buyer.token }));
    expect(order.refunded_cents).toBe(1_250);

    // The rest, in full: what is left of every line and the shipping; nothing goes back to stock.
    const rest = Refund.parse(await ok(refund(o, { full: true, reason: 'retailer_request' })));
    expect(rest).toMatchObject({
      amount_cents: o.paid - 1_250,
      shipping_cents: o.shipping,
      status: 'succeeded',
      restock: false,
    });
    expect(rest.lines.map((l) => [l.name, l.quantity, l.amount_cents])).toEqual([
      ['Fig Jam', 3, 3_750],
      ['Wild Honey', 2, 4_000],
    ]);
    expect(await stockOf(o.jam)).toBe(7);
    expect((await builtinPaymentsOfOrder(db(), o.orderId)).refundedCents).toBe(o.paid);
    expect((await listed(o.seller, 'selling', o.orderId)).refunded_cents).toBe(o.paid);

    const after = await readRefunds(o.orderId, o.buyer.token);
    expect(after).toMatchObject({
      refunded_cents: o.paid,
      refundable_cents: 0,
      not_refundable: 'This order was refunded in full.',
    });
    expect(after.refunds.map((r) => r.id)).toEqual([rest.id, first.id]);
    expect(after.lines.map((l) => l.refunded_quantity)).toEqual([4, 2]);

    const more = await refund(o, { amount_cents: 1, reason: 'other' });
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ error: 'already_refunded', message: 'This order was already refunded in full.' });

    // The buyer's members got one e-mail per refund, saying how the money comes back.
    const mails = await rows<{ subject: string; text: string }>(sql`
      select subject, text from mail_outbox where kind = 'refund' and to_email = ${o.buyer.email} order by created_at`);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toMatch(/refunded \$12\.50 of order CB-\d{6}$/);
    expect(mails[0]!.text).toContain('Reason: Damaged (Jar broken in transit)');
    expect(mails[0]!.text).toContain('To your Visa ending 4242');
    expect(mails[0]!.text).toContain(`Credit note: ${first.credit_note_number}`);
  });

  it('serves each refund’s credit note and lists the refunds on the invoice PDF', async () => {
    const o = await cardOrder();
    const given = Refund.parse(
      await ok(
        refund(o, { lines: [{ line_item_id: o.honeyLine, quantity: 1 }], shipping_cents: 300, reason: 'returned' }),
      ),
    );
    const link = new URL(given.credit_note_link);
    const pdf = await h.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).flat().join('\n');
    expect(text).toContain(`Credit note ${given.credit_note_number}`);
    expect(text).toContain('REFUNDED');
    expect(text).toContain('Wild Honey 1 $20.00');
    expect(text).toContain('Shipping $3.00');
    expect(text).toContain('Total credited $23.00');
    expect(text).toContain('Refunded to Visa •••• 4242');
    expect(text).toContain('Returned');
    // A forged signature opens nothing.
    const forged = await h.app.inject({
      method: 'GET',
      url: `${link.pathname}?expires=${link.searchParams.get('expires')}&signature=${'0'.repeat(64)}`,
    });
    expect(forged.statusCode).toBe(404);

    const [invoice] = await rows<{ id: string }>(sql`select id from invoices where order_id = ${o.orderId}`);
    const { link: invoiceLink } = await ok(h.call('GET', `/api/invoice/${invoice!.id}`, { token: o.buyer.token }));
    const invoiceUrl = new URL(invoiceLink);
    const invoicePdf = await h.app.inject({ method: 'GET', url: `${invoiceUrl.pathname}${invoiceUrl.search}` });
    const invoiceText = (await pdfPages(invoicePdf.rawPayload)).flat().join('\n');
    expect(invoiceText).toMatch(new RegExp(`Refund ${given.credit_note_number}, .* -\\$23\\.00`));
    expect(invoiceText).toContain(`Net paid $${((o.paid - 2_300) / 100).toFixed(2)}`);
  });

  it('refuses what may not be given back, with a sentence naming the field', async () => {
    const o = await cardOrder();
    const cases: [unknown, number, string, string][] = [
      [{ amount_cents: o.paid + 1, reason: 'other' }, 409, 'refund_exceeds_payment', 'amount_cents'],
      [
        { lines: [{ line_item_id: o.jamLine, quantity: 5 }], reason: 'returned' },
        409,
        'refund_exceeds_quantity',
        'lines.0.quantity',
      ],
      [{ shipping_cents: o.shipping + 1, reason: 'other' }, 409, 'refund_exceeds_shipping', 'shipping_cents'],
      [
        { lines: [{ line_item_id: o.cart.id, quantity: 1 }], reason: 'other' },
        400,
        'validation_error',
        'lines.0.line_item_id',
      ],
      [{ amount_cents: 100 }, 400, 'validation_error', 'reason'],
      [{ reason: 'other' }, 400, 'validation_error', 'amount_cents'],
      [{ amount_cents: 100, full: true, reason: 'other' }, 400, 'validation_error', 'full'],
      [{ amount_cents: 100, reason: 'other', restock: true }, 400, 'validation_error', 'restock'],
      [{ amount_cents: 0, reason: 'other' }, 400, 'validation_error', 'amount_cents'],
      [{ amount_cents: 1.5, reason: 'other' }, 400, 'validation_error', 'amount_cents'],
      [{ amount_cents: 100, reason: 'because' }, 400, 'validation_error', 'reason'],
      [{ amount_cents: 100, reason: 'other', note: 'x'.repeat(501) }, 400, 'validation_error', 'note'],
      [
        {
          lines: [
            { line_item_id: o.jamLine, quantity: 1 },
            { line_item_id: o.jamLine, quantity: 1 },
          ],
          reason: 'other',
        },
        400,
        'validation_error',
        'lines.1.line_item_id',
      ],
    ];
    for (const [body, status, error, field] of cases) {
      const res = await refund(o, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error, JSON.stringify(res.body)).toBe(error);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
      expect(res.body.message.length).toBeGreaterThan(10);
    }
    const exceeds = await refund(o, { amount_cents: o.paid + 1, reason: 'other' });
    expect(exceeds.body.message).toBe(
      `This refund of $${((o.paid + 1) / 100).toFixed(2)} is more than is left: only $${(o.paid / 100).toFixed(2)} of the $${(o.paid / 100).toFixed(2)} paid can still be refunded.`,
    );
    expect(
      (await refund(o, { lines: [{ line_item_id: o.jamLine, quantity: 5 }], reason: 'returned' })).body.message,
    ).toBe('Only 4 units of “Fig Jam” are left to refund.');
    // Nothing moved.
    expect((await builtinPaymentsOfOrder(db(), o.orderId)).refunds).toBe(0);
    expect((await readRefunds(o.orderId, o.seller.token)).refunded_cents).toBe(0);
  });

  it('is the seller’s owners’ and admins’: Staff get 403 with the role’s sentence; the buyer and strangers get 404', async () => {
    const o = await cardOrder();
    const staff = await h.newUser();
    const invite = await ok(
      h.call('POST', `/api/organization/${o.seller.orgId}/members/invites`, {
        token: o.seller.token,
        body: { email: staff.email, role: 'staff' },
      }),
    );
    await ok(h.call('POST', `/api/team/invite/${invite.id}/accept`, { token: staff.token, body: {} }));
    const asStaff = await refund(o, { amount_cents: 100, reason: 'other' }, { token: staff.token });
    expect(asStaff.status).toBe(403);
    expect(asStaff.body.message).toBe('Only an owner or admin can refund orders.');
    // Staff still read the refunds; so does the buyer.
    expect((await readRefunds(o.orderId, staff.token)).refunds).toEqual([]);
    expect((await readRefunds(o.orderId, o.buyer.token)).paid_cents).toBe(o.paid);
    // The buyer cannot refund itself; another seller cannot name this order (even through its own org).
    const asBuyer = await h.call('POST', `/api/organization/${o.buyer.orgId}/orders/${o.orderId}/refunds`, {
      token: o.buyer.token,
      body: { amount_cents: 100, reason: 'other' },
    });
    expect([403, 404]).toContain(asBuyer.status);
    const other = await h.newOrgUser('Merchant', 'Other Seller');
    const asOther = await h.call('POST', `/api/organization/${other.orgId}/orders/${o.orderId}/refunds`, {
      token: other.token,
      body: { amount_cents: 100, reason: 'other' },
    });
    expect(asOther.status).toBe(404);
    expect((await h.call('GET', `/api/order/${o.orderId}/refunds`, { token: other.token })).status).toBe(404);
    expect((await builtinPaymentsOfOrder(db(), o.orderId)).refunds).toBe(0);
  });
});

describe('at once and again', () => {
  it('ten refunds at once never give back more than was paid', async () => {
    const o = await cardOrder();
    const third = Math.floor(o.paid / 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refund(o, { amount_cents: third, reason: 'other' }, { key: `parallel-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error).toBe('refund_exceeds_payment');
    expect(await builtinPaymentsOfOrder(db(), o.orderId)).toMatchObject({ refunds: 3, refundedCents: 3 * third });
    const state = await readRefunds(o.orderId, o.seller.token);
    expect(state.refunded_cents).toBe(3 * third);
    expect(state.refunds.filter((r) => r.status === 'succeeded')).toHaveLength(3);
    // Full and lines at once: together they never pass the payment either.
    const p = await cardOrder();
    const both = await Promise.all([
      refund(p, { full: true, reason: 'other' }, { key: 'full' }),
      refund(
        p,
        { lines: [{ line_item_id: p.jamLine, quantity: 4 }], reason: 'returned', restock: true },
        { key: 'lines' },
      ),
      refund(p, { amount_cents: p.paid, reason: 'duplicate' }, { key: 'amount' }),
    ]);
    expect(both.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    const given = await builtinPaymentsOfOrder(db(), p.orderId);
    expect(given.refundedCents).toBeLessThanOrEqual(p.paid);
    expect((await readRefunds(p.orderId, p.seller.token)).refunded_cents).toBe(given.refundedCents);
  });

  it('a retried refund (same Idempotency-Key) is applied once and answers the same refund, also when the retries race', async () => {
    const o = await cardOrder();
    const body = { amount_cents: 500, reason: 'retailer_request' };
    const first = await ok<Refund>(refund(o, body, { key: 'retry-me' }));
    const again = await ok<Refund>(refund(o, body, { key: 'retry-me' }));
    expect(again.id).toBe(first.id);
    const raced = await Promise.all(
      Array.from({ length: 6 }, () => refund(o, { ...body, amount_cents: 700 }, { key: 'race' })),
    );
    expect(raced.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(raced.map((r) => r.body.id)).size).toBe(1);
    expect(await builtinPaymentsOfOrder(db(), o.orderId)).toMatchObject({ refunds: 2, refundedCents: 1_200 });
    // The same key for another refund is refused, naming the header.
    const reused = await refund(o, { amount_cents: 900, reason: 'other' }, { key: 'retry-me' });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ error: 'idempotency_key_reused', issues: [{ path: 'idempotency-key' }] });
    // Only one e-mail per refund.
    const mails = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where kind = 'refund' and to_email = ${o.buyer.email}`,
    );
    expect(mails[0]!.n).toBe(2);
  });

  it('a crash between the record and the provider: the settler asks again with the same key, once', async () => {
    const o = await cardOrder();
    const [session] = await rows<{ provider_session_id: string; payment_id: string }>(sql`
      select provider_session_id, payment_id from checkout_sessions where order_id = ${o.orderId} and status = 'complete'`);
    // Two refunds recorded as the first transaction leaves them, never sent (the process died);
    // the provider made the second before the crash, so asking again must not make another.
    const pending = async (amount: number) =>
      (
        await rows<{ id: string }>(sql`
          with r as (
            insert into refunds (order_id, seller_organization_id, purchaser_organization_id, amount_cents, reason, method,
                                 status, provider, provider_session_id, provider_payment_id, card_brand, card_last4,
                                 credit_note_number, idempotency_key, request_hash, created_at)
            values (${o.orderId}, ${o.seller.orgId}, ${o.buyer.orgId}, ${amount}, 'other', 'card', 'pending', 'builtin',
                    ${session!.provider_session_id}, ${session!.payment_id}, 'visa', '4242',
                    'CN-' || lpad(nextval('credit_note_number_seq')::text, 6, '0'), ${`crash-${amount}`}, 'x',
                    now() - interval '1 minute')
            returning id
          ), o as (update orders set refunded_cents = refunded_cents + ${amount} where id = ${o.orderId})
          select id from r`)
      )[0]!.id;
    await pending(1_000);
    const sent = await pending(2_000);
    await createBuiltinCheckout(db(), () => new Date()).refundPayment({
      sessionId: session!.provider_session_id,
      paymentId: session!.payment_id,
      amountCents: 2_000,
      reason: 'other',
      idempotencyKey: sent,
      metadata: {},
    });
    expect(await builtinPaymentsOfOrder(db(), o.orderId)).toMatchObject({ refunds: 1, refundedCents: 2_000 });

    expect(await h.app.refundSettler.runOnce({ olderThanMs: 0 })).toEqual({ settled: 2, failed: 0, pending: 0 });
    expect(await builtinPaymentsOfOrder(db(), o.orderId)).toMatchObject({ refunds: 2, refundedCents: 3_000 });
    const state = await readRefunds(o.orderId, o.seller.token);
    expect(state.refunds.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(state.refunded_cents).toBe(3_000);
    // A second round finds nothing to do.
    expect(await h.app.refundSettler.runOnce({ olderThanMs: 0 })).toEqual({ settled: 0, failed: 0, pending: 0 });
  });

  it('a refund the provider refuses fails, frees its amount, and answers 409 with a sentence', async () => {
    const o = await cardOrder();
    const [session] = await rows<{ provider_session_id: string; payment_id: string }>(sql`
      select provider_session_id, payment_id from checkout_sessions where order_id = ${o.orderId} and status = 'complete'`);
    // Money given back at the provider behind our back leaves less there than our records say.
    await createBuiltinCheckout(db(), () => new Date()).refundPayment({
      sessionId: session!.provider_session_id,
      paymentId: session!.payment_id,
      amountCents: o.paid - 100,
      reason: 'other',
      idempotencyKey: 'outside',
      metadata: {},
    });
    const refused = await refund(o, { amount_cents: 500, reason: 'other' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('refund_refused');
    expect(refused.body.message).toMatch(/^The payments provider refused the refund/);
    const state = await readRefunds(o.orderId, o.seller.token);
    expect(state.refunded_cents).toBe(0);
    expect(state.refunds[0]).toMatchObject({ status: 'failed', amount_cents: 500 });
    expect((await listed(o.seller, 'selling', o.orderId)).refunded_cents).toBe(0);
  });
});

describe('an order paid by invoice', () => {
  async function onTerms() {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const product = await liveProduct(h, seller, { name: 'Oat Crackers', unit_price_in_cents: 2_500 });
    await ok(
      h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`, {
        token: seller.token,
        body: { net_days: 30 },
      }),
    );
    const { cart, rate } = await atPayment(h, seller, buyer, { [product]: 4 });
    await ok(h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: buyer.token }));
    const [invoice] = await rows<{ id: string; number: string }>(
      sql`select id, number from invoices where order_id = ${cart.order.id}`,
    );
    return { seller, buyer, orderId: cart.order.id, invoice: invoice!, total: 10_000 + rate.amount_cents };
  }

  it('is not refunded while its invoice is open or void; once paid by check, refunds are credit notes', async () => {
    const o = await onTerms();
    const open = await refund(o, { amount_cents: 100, reason: 'other' });
    expect(open.status).toBe(409);
    expect(open.body).toMatchObject({
      error: 'invoice_not_paid',
      message: `This order’s invoice ${o.invoice.number} is not paid yet, so there is nothing to refund. Void the invoice instead, or refund it once it is paid.`,
    });
    expect((await readRefunds(o.orderId, o.seller.token)).not_refundable).toBe(open.body.message);

    await ok(
      h.call('POST', `/api/organization/${o.seller.orgId}/invoices/${o.invoice.id}/mark-paid`, {
        token: o.seller.token,
        body: { method: 'check', paid_on: new Date().toISOString().slice(0, 10) },
      }),
    );
    const state = await readRefunds(o.orderId, o.seller.token);
    expect(state).toMatchObject({ paid_cents: o.total, method: 'credit_note', card: null, not_refundable: null });
    const note = await ok<Refund>(refund(o, { amount_cents: 2_500, reason: 'out_of_stock', note: 'One case short' }));
    expect(note).toMatchObject({ method: 'credit_note', status: 'succeeded', card: null, amount_cents: 2_500 });
    expect((await listed(o.buyer, 'purchasing', o.orderId)).refunded_cents).toBe(2_500);
    const [mail] = await rows<{ text: string }>(
      sql`select text from mail_outbox where kind = 'refund' and to_email = ${o.buyer.email}`,
    );
    expect(mail!.text).toContain(`As credit note ${note.credit_note_number}`);
    const full = await ok<Refund>(refund(o, { full: true, reason: 'other' }));
    expect(full.amount_cents).toBe(o.total - 2_500);
    expect(await refund(o, { amount_cents: 1, reason: 'other' })).toMatchObject({ status: 409 });

    const voided = await onTerms();
    await ok(
      h.call('POST', `/api/organization/${voided.seller.orgId}/invoices/${voided.invoice.id}/void`, {
        token: voided.seller.token,
      }),
    );
    const refusedVoid = await refund(voided, { amount_cents: 100, reason: 'other' });
    expect(refusedVoid.status).toBe(409);
    expect(refusedVoid.body.error).toBe('invoice_void');
  });
});

describe('where refunds show', () => {
  it('the dashboard counts refunded goods against sales (net sales); refunded shipping is not sales', async () => {
    const o = await cardOrder();
    const dashboard = () =>
      ok(h.call('GET', `/api/organization/${o.seller.orgId}/dashboard`, { token: o.seller.token }));
    const before = await dashboard();
    expect(before.totals).toMatchObject({ sales_in_cents: 9_000, refunded_in_cents: 0, net_sales_in_cents: 9_000 });
    await ok(
      refund(o, {
        lines: [{ line_item_id: o.honeyLine, quantity: 1 }],
        shipping_cents: o.shipping,
        reason: 'returned',
      }),
    );
    await ok(refund(o, { amount_cents: 1_000, reason: 'other' }));
    const after = await dashboard();
    expect(after.totals).toMatchObject({ sales_in_cents: 9_000, refunded_in_cents: 3_000, net_sales_in_cents: 6_000 });
    const week = after.weeks.at(-1);
    expect(week).toMatchObject({ sales_in_cents: 9_000, refunded_in_cents: 3_000, net_sales_in_cents: 6_000 });
  });

  it('the customer page totals what the customer paid and what was refunded', async () => {
    const o = await cardOrder();
    await ok(refund(o, { amount_cents: 1_500, reason: 'other' }));
    const customer = await ok(
      h.call('GET', `/api/order/organization/${o.seller.orgId}/purchasers/${o.buyer.orgId}`, { token: o.seller.token }),
    );
    expect(customer).toMatchObject({ count: 1, total_cents: o.paid, refunded_cents: 1_500 });
    const orders = await ok(
      h.call('GET', `/api/order/organization/${o.seller.orgId}/purchasing_organization/${o.buyer.orgId}`, {
        token: o.seller.token,
      }),
    );
    expect(orders[0]).toMatchObject({ id: o.orderId, refunded_cents: 1_500 });
  });
});
