/**
 * Payment terms and invoices paid later (issue 13 item 1), through the API: the seller's terms
 * per customer, an order placed by invoice through the same completion as a card order, the seller's invoice list, mark paid and void, overdue from a
 * clock, reminders once each with two processes racing, and the buyer paying an OPEN invoice by
 * card later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NO_PAYMENT_TERMS_MESSAGE, TEST_CARDS, isoDay, type Cart, type SubmittedOrder } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import {
  CARD,
  atPayment,
  customerOf,
  liveProduct,
  ok,
  readCart,
  readySeller,
  setStock,
  verify,
  type Org,
} from '../../../test/support/checkout.js';
import { createBuiltinPayments } from '../../providers/payments/index.js';
import { openDatabase } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import { listInvoices } from './invoices.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => h?.close());

const db = () => h.testDb.database.db;
const DAY = 24 * 60 * 60 * 1000;
const dayFromNow = (days: number) => isoDay(new Date(Date.now() + days * DAY));

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db().execute(query)).rows as T[];
}

const termsUrl = (seller: Org, buyer: Org) =>
  `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`;

const giveTerms = (seller: Org, buyer: Org, netDays: number) =>
  ok(h.call('PUT', termsUrl(seller, buyer), { token: seller.token, body: { net_days: netDays } }));

const submitOnTerms = (buyer: Org, orderId: string) =>
  h.call('POST', `/api/order/${orderId}/submit-on-terms`, { token: buyer.token });

/** A seller, a customer with Net `netDays` (none for 0) and a cart at the billing page. */
async function ready(opts: { netDays?: number; stock?: number; quantity?: number } = {}) {
  const seller = await readySeller(h);
  const buyer = await customerOf(h, seller);
  const productId = await liveProduct(h, seller, { unit_price_in_cents: 2_500 });
  if (opts.stock !== undefined) await setStock(h, seller, productId, opts.stock);
  if (opts.netDays) await giveTerms(seller, buyer, opts.netDays);
  const { cart } = await atPayment(h, seller, buyer, { [productId]: opts.quantity ?? 4 });
  return { seller, buyer, productId, cart };
}

/** A placed order on terms: its id and invoice id. */
async function placeOnTerms(netDays = 30) {
  const r = await ready({ netDays });
  const placed = await ok<SubmittedOrder>(submitOnTerms(r.buyer, r.cart.order.id));
  const [invoice] = await rows<{ id: string }>(sql`select id from invoices where order_id = ${placed.id}`);
  return { ...r, placed, invoiceId: invoice!.id };
}

const sellerList = (seller: Org) =>
  ok<{ id: string; invoice: { stripe_status: string } | null }[]>(
    h.call('GET', `/api/order/organization/${seller.orgId}/selling`, { token: seller.token }),
  );

describe('payment terms per customer', () => {
  it('are card only until the seller sets Net 15/30/60, for its customers only, by its members only', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    expect(await ok(h.call('GET', termsUrl(seller, buyer), { token: seller.token }))).toEqual({ net_days: 0 });
    expect(await giveTerms(seller, buyer, 30)).toEqual({ net_days: 30 });
    expect(await ok(h.call('GET', termsUrl(seller, buyer), { token: seller.token }))).toEqual({ net_days: 30 });
    expect(await giveTerms(seller, buyer, 0)).toEqual({ net_days: 0 });

    const bad = await h.call('PUT', termsUrl(seller, buyer), { token: seller.token, body: { net_days: 45 } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('net_days');

    const stranger = await h.newOrgUser('Buyer', 'Not A Customer');
    const notCustomer = await h.call('PUT', termsUrl(seller, stranger), {
      token: seller.token,
      body: { net_days: 30 },
    });
    expect(notCustomer.status).toBe(404);
    // The buyer cannot give itself terms.
    const self = await h.call('PUT', termsUrl(seller, buyer), { token: buyer.token, body: { net_days: 60 } });
    expect([403, 404]).toContain(self.status);
    expect(await ok(h.call('GET', termsUrl(seller, buyer), { token: seller.token }))).toEqual({ net_days: 0 });
  });
});

describe('an order placed by invoice', () => {
  it('is refused without terms, at the choice and at submission', async () => {
    const { buyer, cart } = await ready();
    expect(await ok(h.call('GET', `/api/order/${cart.order.id}/payment_terms`, { token: buyer.token }))).toEqual({
      net_days: 0,
      is_net_30: false,
    });
    const choice = await h.call('POST', `/api/order/${cart.order.id}/payment_terms`, {
      token: buyer.token,
      body: { is_net_30: true },
    });
    expect(choice.status).toBe(409);
    expect(choice.body).toMatchObject({ error: 'no_payment_terms', message: NO_PAYMENT_TERMS_MESSAGE });
    expect(choice.body.issues[0].path).toBe('is_net_30');
    const submit = await submitOnTerms(buyer, cart.order.id);
    expect(submit.status).toBe(409);
    expect(submit.body.error).toBe('no_payment_terms');
    expect((await rows(sql`select 1 from invoices where order_id = ${cart.order.id}`)).length).toBe(0);
  });

  it('is refused, not invoiced, when the total the buyer was shown is not the cart’s', async () => {
    const { buyer, cart } = await ready({ netDays: 30 });
    const stale = await h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, {
      token: buyer.token,
      body: { cart: { total_cents: cart.total_cents - 1 } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('cart_changed');
    expect((await rows(sql`select 1 from invoices where order_id = ${cart.order.id}`)).length).toBe(0);
    const shown = await h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, {
      token: buyer.token,
      body: { cart: { total_cents: cart.total_cents } },
    });
    expect(shown.status).toBe(200);
    const [invoice] = await rows<{ amount_cents: number; status: string }>(
      sql`select amount_cents, status from invoices where order_id = ${cart.order.id}`,
    );
    expect(invoice).toMatchObject({ status: 'OPEN' });
  });

  it('completes without a card: stock sold, an OPEN invoice due in 30 days, e-mails, both order lists', async () => {
    const { seller, buyer, productId, cart } = await ready({ netDays: 30, stock: 10 });
    expect(await ok(h.call('GET', `/api/order/${cart.order.id}/payment_terms`, { token: buyer.token }))).toEqual({
      net_days: 30,
      is_net_30: false,
    });
    const chosen = await ok(
      h.call('POST', `/api/order/${cart.order.id}/payment_terms`, { token: buyer.token, body: { is_net_30: true } }),
    );
    expect(chosen.is_net_30).toBe(true);
    const before = await sellerList(seller); // the list page is cached under its version
    expect(before).toEqual([]);

    const placed = await ok<SubmittedOrder>(submitOnTerms(buyer, cart.order.id));
    expect(placed).toMatchObject({
      id: cart.order.id,
      status: 'submitted',
      total_cents: cart.order.shipping_cost_in_cents! + 10_000,
    });
    expect(placed.invoice).toMatchObject({ stripe_status: 'OPEN', due_on: dayFromNow(30) });

    const [order] = await rows<{ is_net_30: boolean; net_days: number }>(
      sql`select is_net_30, net_days from orders where id = ${cart.order.id}`,
    );
    expect(order).toEqual({ is_net_30: true, net_days: 30 });
    const [product] = await rows<{ stock: number }>(
      sql`select inventory_count as stock from products where id = ${productId}`,
    );
    expect(product!.stock).toBe(6);
    // The cart closed: the next read is a new, empty cart.
    const next = await readCart(h, seller, buyer);
    expect(next.id).not.toBe(cart.id);
    const mails = await rows<{ kind: string }>(
      sql`select kind from mail_outbox where to_email in (${buyer.email}, ${seller.email})
             and kind in ('order_confirmation', 'new_order') order by kind`,
    );
    expect(mails.map((m) => m.kind)).toEqual(['new_order', 'order_confirmation']);

    const after = await sellerList(seller);
    expect(after.map((o) => [o.id, o.invoice?.stripe_status])).toEqual([[cart.order.id, 'OPEN']]);
    const bought = await ok<{ invoice: { stripe_status: string } }[]>(
      h.call('GET', `/api/order/organization/${buyer.orgId}/purchasing`, { token: buyer.token }),
    );
    expect(bought[0]!.invoice.stripe_status).toBe('OPEN');
  });

  it('answers the same order to a retried and to 8 concurrent submits: one invoice, one pair of e-mails', async () => {
    const { seller, buyer, cart } = await ready({ netDays: 15 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => submitOnTerms(buyer, cart.order.id)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => a.body.invoice.number)).size).toBe(1);
    const retried = await ok<SubmittedOrder>(submitOnTerms(buyer, cart.order.id));
    expect(retried.invoice.number).toBe(answers[0]!.body.invoice.number);
    expect(retried.invoice.due_on).toBe(dayFromNow(15));
    const [counts] = await rows<{ invoices: number; mails: number }>(sql`
      select (select count(*)::int from invoices where order_id = ${cart.order.id}) as invoices,
             (select count(*)::int from mail_outbox where to_email in (${buyer.email}, ${seller.email})
                 and kind in ('order_confirmation', 'new_order')) as mails`);
    expect(counts).toEqual({ invoices: 1, mails: 2 });
  });

  it('races for the last units like card checkouts: one order, the other refused before any invoice', async () => {
    const seller = await readySeller(h);
    const productId = await liveProduct(h, seller, { unit_price_in_cents: 2_500 });
    await setStock(h, seller, productId, 5);
    const buyers = [await customerOf(h, seller), await customerOf(h, seller)];
    const carts: Cart[] = [];
    for (const buyer of buyers) {
      await giveTerms(seller, buyer, 30);
      carts.push((await atPayment(h, seller, buyer, { [productId]: 4 })).cart);
    }
    const answers = await Promise.all(buyers.map((b, i) => submitOnTerms(b, carts[i]!.order.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    // Refused before any invoice: the units are sold (the line is no longer available) or held.
    expect(['insufficient_inventory', 'cart_changed']).toContain(answers.find((a) => a.status === 409)!.body.error);
    expect(
      (await rows(sql`select 1 from invoices where order_id in (${carts[0]!.order.id}, ${carts[1]!.order.id})`)).length,
    ).toBe(1);
    const [product] = await rows<{ stock: number }>(
      sql`select inventory_count as stock from products where id = ${productId}`,
    );
    expect(product!.stock).toBe(1);
  });
});

describe('the seller’s invoices', () => {
  it('mark paid and void only OPEN invoices, and every change shows in the cached order list', async () => {
    const a = await placeOnTerms(30);
    const base = `/api/organization/${a.seller.orgId}/invoices`;
    expect((await sellerList(a.seller))[0]!.invoice!.stripe_status).toBe('OPEN');

    const future = await h.call('POST', `${base}/${a.invoiceId}/mark-paid`, {
      token: a.seller.token,
      body: { method: 'check', paid_on: dayFromNow(2) },
    });
    expect(future.status).toBe(400);
    expect(future.body.issues[0].path).toBe('paid_on');
    const badMethod = await h.call('POST', `${base}/${a.invoiceId}/mark-paid`, {
      token: a.seller.token,
      body: { method: 'barter', paid_on: dayFromNow(0) },
    });
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.issues[0].path).toBe('method');

    const paid = await ok(
      h.call('POST', `${base}/${a.invoiceId}/mark-paid`, {
        token: a.seller.token,
        body: { method: 'check', paid_on: dayFromNow(0) },
      }),
    );
    expect(paid).toMatchObject({ status: 'PAID', paid_method: 'check', overdue: false });
    expect(paid.paid_at.slice(0, 10)).toBe(dayFromNow(0));
    expect((await sellerList(a.seller))[0]!.invoice!.stripe_status).toBe('PAID');

    const again = await h.call('POST', `${base}/${a.invoiceId}/mark-paid`, {
      token: a.seller.token,
      body: { method: 'cash', paid_on: dayFromNow(0) },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('invoice_not_open');
    expect((await h.call('POST', `${base}/${a.invoiceId}/void`, { token: a.seller.token })).status).toBe(409);

    // Void: the second invoice of another customer.
    const b = await placeOnTerms(60);
    const voided = await ok(
      h.call('POST', `/api/organization/${b.seller.orgId}/invoices/${b.invoiceId}/void`, { token: b.seller.token }),
    );
    expect(voided.status).toBe('VOID');
    expect(voided.voided_at).not.toBeNull();
    expect((await sellerList(b.seller))[0]!.invoice!.stripe_status).toBe('VOID');
    const payVoid = await h.call('POST', `/api/organization/${b.seller.orgId}/invoices/${b.invoiceId}/mark-paid`, {
      token: b.seller.token,
      body: { method: 'check', paid_on: dayFromNow(0) },
    });
    expect(payVoid.status).toBe(409);

    // Another seller names it through its own organization: not found.
    const other = await readySeller(h, { payments: false });
    const foreign = await h.call('POST', `/api/organization/${other.orgId}/invoices/${b.invoiceId}/void`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    // The buyer cannot mark its own invoice paid.
    const byBuyer = await h.call('POST', `/api/organization/${a.seller.orgId}/invoices/${a.invoiceId}/void`, {
      token: a.buyer.token,
    });
    expect([403, 404]).toContain(byBuyer.status);
  });

  it('lists by status with totals; overdue is OPEN past its due day, from the clock', async () => {
    const seller = await readySeller(h);
    const placed: { invoiceId: string; total: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await customerOf(h, seller);
      await giveTerms(seller, buyer, 15);
      const productId = await liveProduct(h, seller, { unit_price_in_cents: 1_000 * (i + 1) });
      const { cart } = await atPayment(h, seller, buyer, { [productId]: 2 });
      const order = await ok<SubmittedOrder>(submitOnTerms(buyer, cart.order.id));
      const [inv] = await rows<{ id: string }>(sql`select id from invoices where order_id = ${order.id}`);
      placed.push({ invoiceId: inv!.id, total: order.total_cents });
    }
    const base = `/api/organization/${seller.orgId}/invoices`;
    await ok(
      h.call('POST', `${base}/${placed[0]!.invoiceId}/mark-paid`, {
        token: seller.token,
        body: { method: 'ach', paid_on: dayFromNow(0) },
      }),
    );
    // One open invoice's due day passed (as if placed 20 days ago).
    await db().execute(sql`update invoices set due_on = ${dayFromNow(-5)}::date where id = ${placed[1]!.invoiceId}`);

    const list = (status: string) =>
      ok<{ id: string; overdue: boolean }[]>(h.call('GET', `${base}?status=${status}`, { token: seller.token }));
    expect((await list('open')).map((i) => [i.id, i.overdue])).toEqual([
      [placed[2]!.invoiceId, false],
      [placed[1]!.invoiceId, true],
    ]);
    expect((await list('overdue')).map((i) => i.id)).toEqual([placed[1]!.invoiceId]);
    expect((await list('paid')).map((i) => i.id)).toEqual([placed[0]!.invoiceId]);
    expect(await list('void')).toEqual([]);
    const paged = await h.call('GET', `${base}?status=open&limit=1`, { token: seller.token });
    expect(paged.body).toHaveLength(1);
    const nextPage = await ok(
      h.call('GET', `${base}?status=open&limit=1&cursor=${paged.headers['x-next-cursor']}`, { token: seller.token }),
    );
    expect(nextPage.map((i: { id: string }) => i.id)).toEqual([placed[1]!.invoiceId]);
    expect((await h.call('GET', `${base}?status=late`, { token: seller.token })).status).toBe(400);

    expect(await ok(h.call('GET', `${base}/totals`, { token: seller.token }))).toEqual({
      open: { count: 2, amount_cents: placed[1]!.total + placed[2]!.total },
      overdue: { count: 1, amount_cents: placed[1]!.total },
      paid: { count: 1, amount_cents: placed[0]!.total },
      void: { count: 0, amount_cents: 0 },
    });

    // The clock moved 16 days on: the other open invoice (Net 15) is overdue too.
    const ctx = { db: db(), config: h.config } as Pick<AppContext, 'db' | 'config'>;
    const later = await listInvoices(
      ctx as AppContext,
      seller.orgId,
      { status: 'overdue' },
      new Date(Date.now() + 16 * DAY),
    );
    expect(later.items.map((i) => i.id).sort()).toEqual([placed[1]!.invoiceId, placed[2]!.invoiceId].sort());
  });
});

describe('reminders', () => {
  it('go out once before the due day and once when overdue, with two processes racing', async () => {
    const a = await placeOnTerms(30);
    const url = h.testDb.url;
    const pool = url ? await openDatabase({ databaseUrl: url, poolSize: 5 }) : h.testDb.database;
    const other = await createHarness(
      {},
      {
        testDb: {
          database: pool,
          url,
          drop: async () => {
            if (url) await pool.close();
          },
        },
      },
    );
    const reminders = () =>
      rows<{ kind: string; subject: string }>(
        sql`select kind, subject from mail_outbox where to_email = ${a.buyer.email} and kind like 'invoice_%' order by created_at`,
      );
    try {
      const race = async (now: Date) => {
        const runs = await Promise.all([
          h.app.invoiceReminders.runOnce(now),
          other.app.invoiceReminders.runOnce(now),
          h.app.invoiceReminders.runOnce(now),
          other.app.invoiceReminders.runOnce(now),
        ]);
        return runs.length;
      };
      await race(new Date(Date.now() + 20 * DAY));
      expect(await reminders()).toEqual([]);
      await race(new Date(Date.now() + 28 * DAY));
      await race(new Date(Date.now() + 29 * DAY));
      expect((await reminders()).map((m) => m.kind)).toEqual(['invoice_due_soon']);
      await race(new Date(Date.now() + 31 * DAY));
      await race(new Date(Date.now() + 40 * DAY));
      const sent = await reminders();
      expect(sent.map((m) => m.kind)).toEqual(['invoice_due_soon', 'invoice_overdue']);
      expect(sent[1]!.subject).toContain('is overdue');
      // A paid invoice is reminded of nothing more.
      const [count] = await rows<{ n: number }>(
        sql`select count(*)::int as n from invoice_reminders where invoice_id = ${a.invoiceId}`,
      );
      expect(count!.n).toBe(2);
    } finally {
      await other.close();
    }
  });
});

describe('paying an OPEN invoice by card later', () => {
  it('marks it PAID (card) once under concurrent verifies; a PAID invoice cannot be paid or marked again', async () => {
    const a = await placeOnTerms(30);
    const path = `/api/invoice/${a.invoiceId}/checkout-session`;
    // The seller cannot start the buyer's payment.
    expect((await h.call('POST', path, { token: a.seller.token })).status).toBe(404);
    const session = await ok(h.call('POST', path, { token: a.buyer.token }));
    expect(session).toMatchObject({ amount_cents: a.placed.total_cents, invoice_number: a.placed.invoice.number });
    await createBuiltinPayments(db()).embeddedCheckout!.payWithCard(session.clientSecret, {
      ...CARD,
      number: TEST_CARDS.succeeds,
    });

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => verify(h, a.seller, a.buyer, session.session_id)),
    );
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [invoice] = await rows<{ status: string; paid_method: string; paid_at: Date | null }>(
      sql`select status, paid_method, paid_at from invoices where id = ${a.invoiceId}`,
    );
    expect(invoice).toMatchObject({ status: 'PAID', paid_method: 'card' });
    const [sessions] = await rows<{ n: number }>(
      sql`select count(*)::int as n from checkout_sessions where order_id = ${a.placed.id} and purpose = 'invoice' and status = 'complete'`,
    );
    expect(sessions!.n).toBe(1);
    expect((await sellerList(a.seller))[0]!.invoice!.stripe_status).toBe('PAID');

    const payAgain = await h.call('POST', path, { token: a.buyer.token });
    expect(payAgain.status).toBe(409);
    expect(payAgain.body.error).toBe('invoice_not_open');
    const mark = await h.call('POST', `/api/organization/${a.seller.orgId}/invoices/${a.invoiceId}/mark-paid`, {
      token: a.seller.token,
      body: { method: 'check', paid_on: dayFromNow(0) },
    });
    expect(mark.status).toBe(409);
  });

  it('through the built-in card form: paid at once, back to the orders page', async () => {
    const a = await placeOnTerms(15);
    const session = await ok(h.call('POST', `/api/invoice/${a.invoiceId}/checkout-session`, { token: a.buyer.token }));
    const paid = await ok(
      h.call('POST', '/api/payments/checkout/pay', {
        token: a.buyer.token,
        body: { client_secret: session.clientSecret, card: { ...CARD, number: TEST_CARDS.succeeds } },
      }),
    );
    expect(paid.status).toBe('complete');
    expect(paid.return_url).toMatch(
      new RegExp(`/storefront/${a.seller.orgId}/orders\\?paid_session=${session.session_id}$`),
    );
    const [invoice] = await rows<{ status: string }>(sql`select status from invoices where id = ${a.invoiceId}`);
    expect(invoice!.status).toBe('PAID');
  });
});
