/**
 * Orders after checkout through the API (issue 23), with the built-in payments provider: ship in
 * parts, cancel units and whole orders (refunds to the card, open invoices reduced, stock back),
 * the buyer's cancel window and cancellation requests, void = cancel, the timeline, the e-mails,
 * idempotent retries, and races (a cancel racing a shipment, two cancels) decided once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutSession, TEST_CARDS, type Order, type OrderSummary } from '@cratebase/contract';
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
import { makeImage, multipartBody } from '../../../test/support/media.js';
import { builtinPaymentsOfOrder } from '../../providers/payments/builtin-checkout.js';
import { pdfPages } from '../../../test/support/pdf.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => h?.close());

const db = () => h.testDb.database.db;
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db().execute(query)).rows as T[];
}

interface Placed {
  seller: Org;
  buyer: Org;
  orderId: string;
  jam: string;
  honey: string;
  jamLine: string;
  honeyLine: string;
  shipping: number;
  paid: number;
}

/** A seller with Fig Jam (stock tracked at 10) and Wild Honey; its customer bought 4 jam + 2 honey by card (or on terms). */
async function placed(opts: { terms?: boolean; cancelHours?: number } = {}): Promise<Placed> {
  const seller = await readySeller(h);
  const buyer = await customerOf(h, seller);
  const jam = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_250 });
  const honey = await liveProduct(h, seller, { name: 'Wild Honey', unit_price_in_cents: 2_000 });
  await setStock(h, seller, jam, 10);
  if (opts.cancelHours !== undefined) {
    await ok(
      h.call('PUT', `/api/organization/${seller.orgId}/order-settings`, {
        token: seller.token,
        body: { buyer_cancel_hours: opts.cancelHours },
      }),
    );
  }
  if (opts.terms) {
    await ok(
      h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`, {
        token: seller.token,
        body: { net_days: 30 },
      }),
    );
  }
  const { cart, rate } = await atPayment(h, seller, buyer, { [jam]: 4, [honey]: 2 });
  if (opts.terms) {
    await ok(h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: buyer.token }));
  } else {
    const session = CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
    await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
  }
  const lines = cart.line_items;
  return {
    seller,
    buyer,
    orderId: cart.order.id,
    jam,
    honey,
    jamLine: lines.find((l) => l.product.id === jam)!.id,
    honeyLine: lines.find((l) => l.product.id === honey)!.id,
    shipping: rate.amount_cents,
    paid: 9_000 + rate.amount_cents,
  };
}

const sellerPath = (o: Placed, what: string) => `/api/organization/${o.seller.orgId}/orders/${o.orderId}/${what}`;
const key = () => crypto.randomUUID();
const UPS = (n: number) => `1Z999AA1${String(n).padStart(10, '0')}`;

const ship = (o: Placed, body: Record<string, unknown>, idem = key()) =>
  h.call('POST', sellerPath(o, 'shipments'), { token: o.seller.token, body, headers: { 'idempotency-key': idem } });
const sellerCancel = (o: Placed, body: Record<string, unknown>, idem = key()) =>
  h.call('POST', sellerPath(o, 'cancel'), { token: o.seller.token, body, headers: { 'idempotency-key': idem } });
const buyerCancel = (o: Placed, body: Record<string, unknown> = {}, idem = key()) =>
  h.call('POST', `/api/order/${o.orderId}/cancel`, {
    token: o.buyer.token,
    body,
    headers: { 'idempotency-key': idem },
  });
const readOrder = (o: Placed, token = o.seller.token) => ok<Order>(h.call('GET', `/api/order/${o.orderId}`, { token }));
async function listed(o: Placed, side: 'selling' | 'purchasing'): Promise<OrderSummary> {
  const org = side === 'selling' ? o.seller : o.buyer;
  const list = await ok<OrderSummary[]>(
    h.call('GET', `/api/order/organization/${org.orgId}/${side}`, { token: org.token }),
  );
  return list.find((x) => x.id === o.orderId)!;
}
const stockOf = async (productId: string) =>
  (await rows<{ n: number }>(sql`select inventory_count as n from products where id = ${productId}`))[0]!.n;
const refundsOf = (orderId: string) =>
  rows<{ amount_cents: number; status: string; shipping_cents: number }>(
    sql`select amount_cents, status, shipping_cents from refunds where order_id = ${orderId} order by created_at`,
  );
const mailTo = (email: string, kind: string) =>
  rows<{ subject: string; text: string }>(
    sql`select subject, text from mail_outbox where to_email = ${email} and kind = ${kind} order by created_at`,
  );

describe('shipping in parts and cancelling the rest (card order)', () => {
  it('ships 2 of 4, cancels the other 2 (refunded, stock back), ships the rest, marks delivered', async () => {
    const o = await placed();
    expect(await stockOf(o.jam)).toBe(6);
    expect((await readOrder(o)).state).toBe('placed');

    const first = await ship(o, {
      carrier: 'UPS',
      tracking_number: UPS(1),
      lines: [{ line_item_id: o.jamLine, quantity: 2 }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.state).toBe('partially_shipped');
    expect(first.body.shipments).toHaveLength(1);
    expect(first.body.shipments[0]).toMatchObject({
      number: 1,
      carrier: 'UPS',
      lines: [{ name: 'Fig Jam', quantity: 2 }],
    });
    expect(first.body.shipments[0].tracking_url).toContain(UPS(1));
    expect((await listed(o, 'purchasing')).state).toBe('partially_shipped');
    const tracking = await mailTo(o.buyer.email, 'tracking');
    expect(tracking[0]!.subject).toMatch(/^Part of your order from .* has shipped — CB-\d{6}$/);

    // More than is left to ship: refused, naming the line, nothing written.
    const tooMany = await ship(o, {
      carrier: 'UPS',
      tracking_number: UPS(2),
      lines: [{ line_item_id: o.jamLine, quantity: 3 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      error: 'units_not_shippable',
      message: 'Only 2 units of “Fig Jam” are left to ship.',
    });
    expect(tooMany.body.issues[0].path).toBe('lines.0.quantity');

    // Cancel what was shipped: refused; cancel the 2 jars left: refunded to the card, stock back.
    const shipped = await sellerCancel(o, {
      reason: 'out_of_stock',
      lines: [{ line_item_id: o.jamLine, quantity: 3 }],
    });
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toBe('Only 2 units of “Fig Jam” can still be cancelled (2 shipped).');
    const cancelled = await sellerCancel(o, {
      reason: 'out_of_stock',
      lines: [{ line_item_id: o.jamLine, quantity: 2 }],
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.state).toBe('partially_shipped');
    expect(cancelled.body.cancelled_cents).toBe(2_500);
    const jamLine = cancelled.body.cart.line_items.find((l: { id: string }) => l.id === o.jamLine);
    expect(jamLine).toMatchObject({ quantity: 4, shipped_quantity: 2, cancelled_quantity: 2 });
    expect(await refundsOf(o.orderId)).toEqual([{ amount_cents: 2_500, status: 'succeeded', shipping_cents: 0 }]);
    expect(await stockOf(o.jam)).toBe(8);
    expect((await listed(o, 'selling')).refunded_cents).toBe(2_500);
    const buyerMail = await mailTo(o.buyer.email, 'order_change');
    expect(buyerMail[0]!.subject).toMatch(/^Your order CB-\d{6} from .* was changed$/);
    expect(buyerMail[0]!.text).toContain('2 × Fig Jam');
    expect(buyerMail[0]!.text).toContain('$25.00 is being refunded to the card that paid');
    expect(await mailTo(o.seller.email, 'order_change')).toHaveLength(1);

    // The rest ships (no lines: every unit left), then arrives.
    const rest = await ship(o, { carrier: 'USPS', tracking_number: '9400100000000000000000' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.state).toBe('shipped');
    expect(rest.body.shipments[1].lines).toEqual([{ line_item_id: o.honeyLine, name: 'Wild Honey', quantity: 2 }]);
    expect(rest.body.shipping_information).toMatchObject({
      carrier: 'USPS',
      tracking_number: '9400100000000000000000',
    });
    const delivered = await ok<Order>(h.call('POST', sellerPath(o, 'delivered'), { token: o.seller.token }));
    expect(delivered.state).toBe('delivered');

    // Nothing is left to cancel or ship.
    const late = await sellerCancel(o, { reason: 'other' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('order_shipped');
    expect((await ship(o, { carrier: 'UPS', tracking_number: UPS(3) })).body.error).toBe('nothing_to_ship');

    // Both sides read the same timeline, oldest first, with who did what.
    const timeline = (await readOrder(o, o.buyer.token)).timeline!;
    expect(timeline.map((e) => e.kind)).toEqual([
      'placed',
      'shipped',
      'lines_cancelled',
      'refunded',
      'shipped',
      'delivered',
    ]);
    expect(timeline[2]).toMatchObject({ summary: 'Cancelled 2 × Fig Jam (Out of stock)', actor: { side: 'seller' } });
  });
});

describe('the buyer cancels', () => {
  it('within the window: the whole card order, shipping included, refunded once however often it is retried', async () => {
    const o = await placed();
    const before = await readOrder(o, o.buyer.token);
    expect(Date.parse(before.buyer_may_cancel_until!)).toBeGreaterThan(Date.now());
    const idem = key();
    const [a, b] = await Promise.all([
      buyerCancel(o, { note: 'Ordered twice' }, idem),
      buyerCancel(o, { note: 'Ordered twice' }, idem),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.state).toBe('cancelled');
    expect(a.body.cancelled_cents).toBe(o.paid);
    expect(await refundsOf(o.orderId)).toEqual([
      { amount_cents: o.paid, status: 'succeeded', shipping_cents: o.shipping },
    ]);
    expect(await stockOf(o.jam)).toBe(10);
    // A new request (another key) finds it cancelled.
    const again = await buyerCancel(o);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 'order_cancelled',
      message: 'This order was cancelled, so it cannot be cancelled.',
    });
    expect((await listed(o, 'selling')).state).toBe('cancelled');
    const sellerMail = await mailTo(o.seller.email, 'order_change');
    expect(sellerMail).toHaveLength(1);
    expect(sellerMail[0]!.subject).toMatch(/was cancelled$/);
    expect(sellerMail[0]!.text).toContain('Ordered twice');
  });

  it('a reduction below the seller’s minimum is refused; the seller’s window closes on accept; then only a request', async () => {
    const o = await placed();
    // $90.00 of goods; the seller's minimum for a new customer becomes $75.00.
    await db().execute(sql`update organizations set new_customer_min_cents = 7500 where id = ${o.seller.orgId}`);
    const below = await buyerCancel(o, { lines: [{ line_item_id: o.honeyLine, quantity: 1 }] });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ error: 'below_minimum' });
    expect(below.body.message).toContain('$75.00');
    const reduced = await buyerCancel(o, { lines: [{ line_item_id: o.jamLine, quantity: 1 }] });
    expect(reduced.status, JSON.stringify(reduced.body)).toBe(200);
    expect(reduced.body.state).toBe('placed');

    await ok(h.call('POST', sellerPath(o, 'accept'), { token: o.seller.token }));
    expect((await mailTo(o.buyer.email, 'order_change')).at(-1)!.subject).toMatch(/accepted your order CB-\d{6}$/);
    const closed = await buyerCancel(o);
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({
      error: 'cancel_window_closed',
      message: 'The seller already accepted this order. Request a cancellation instead.',
    });
    expect((await readOrder(o, o.buyer.token)).buyer_may_cancel_until).toBeNull();

    const asked = await ok<Order>(
      h.call('POST', `/api/order/${o.orderId}/cancellation-request`, {
        token: o.buyer.token,
        body: { note: 'Store closing' },
      }),
    );
    expect(asked.cancellation_request).toMatchObject({ note: 'Store closing' });
    expect((await mailTo(o.seller.email, 'order_change')).at(-1)!.subject).toMatch(/asks to cancel order CB-\d{6}$/);
    const twice = await h.call('POST', `/api/order/${o.orderId}/cancellation-request`, {
      token: o.buyer.token,
      body: { note: 'Again' },
    });
    expect(twice.body.error).toBe('cancellation_requested');

    const declined = await ok<Order>(
      h.call('POST', sellerPath(o, 'cancellation-request/decline'), {
        token: o.seller.token,
        body: { reason: 'Already packed' },
      }),
    );
    expect(declined.cancellation_request).toBeNull();
    expect((await mailTo(o.buyer.email, 'order_change')).at(-1)!.text).toContain('Already packed');

    await ok(
      h.call('POST', `/api/order/${o.orderId}/cancellation-request`, {
        token: o.buyer.token,
        body: { note: 'Please' },
      }),
    );
    const accepted = await ok<Order>(sellerCancel(o, { reason: 'retailer_request' }));
    expect(accepted.state).toBe('cancelled');
    expect(accepted.cancellation_request).toBeNull();
    expect(accepted.timeline!.map((e) => e.kind)).toEqual([
      'placed',
      'lines_cancelled',
      'refunded',
      'accepted',
      'cancellation_requested',
      'cancellation_declined',
      'cancellation_requested',
      'cancelled',
      'refunded',
    ]);
  });

  it('a seller with no window (0 hours): the buyer can only request', async () => {
    const o = await placed({ cancelHours: 0 });
    expect((await readOrder(o, o.buyer.token)).buyer_may_cancel_until).toBeNull();
    const res = await buyerCancel(o);
    expect(res.body.message).toBe(
      'This seller does not let orders be cancelled without its agreement. Request a cancellation instead.',
    );
  });
});

describe('an order on an open invoice', () => {
  it('a cancelled line reduces the invoice; voiding it cancels the rest, stock back and the dashboard’s sales down', async () => {
    const o = await placed({ terms: true });
    const invoiceOf = async () =>
      (
        await rows<{ id: string; amount_cents: number; status: string }>(
          sql`select id, amount_cents, status from invoices where order_id = ${o.orderId}`,
        )
      )[0]!;
    const reduced = await ok<Order>(
      sellerCancel(o, { reason: 'out_of_stock', lines: [{ line_item_id: o.honeyLine, quantity: 2 }] }),
    );
    expect(reduced.state).toBe('placed');
    expect(await invoiceOf()).toMatchObject({ amount_cents: o.paid - 4_000, status: 'OPEN' });
    expect(await refundsOf(o.orderId)).toEqual([]);
    expect(reduced.timeline!.map((e) => e.kind)).toEqual(['placed', 'lines_cancelled', 'invoice_reduced']);

    const invoice = await invoiceOf();
    const voided = await h.call('POST', `/api/organization/${o.seller.orgId}/invoices/${invoice.id}/void`, {
      token: o.seller.token,
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const after = await readOrder(o);
    expect(after.state).toBe('cancelled');
    expect(after.cancelled_cents).toBe(o.paid);
    expect(await stockOf(o.jam)).toBe(10);
    const dashboard = await ok(
      h.call('GET', `/api/organization/${o.seller.orgId}/dashboard`, { token: o.seller.token }),
    );
    expect(JSON.stringify(dashboard)).toBeTruthy();
    const [day] = await rows<{ sales: number; refunded: number }>(sql`
      select sum(sales_cents)::int as sales, sum(refunded_cents)::int as refunded from seller_sales_days where seller_id = ${o.seller.orgId}`);
    expect(day!.sales - day!.refunded).toBe(0);
    // The customer page says it too: the order, Cancelled, and what was cancelled of the customer's orders.
    const [customer] = await ok<{ cancelled_cents: number }[]>(
      h.call('GET', `/api/order/organization/${o.seller.orgId}/purchasers`, { token: o.seller.token }),
    );
    expect(customer!.cancelled_cents).toBe(o.paid);
    const [row] = await ok<{ state: string }[]>(
      h.call('GET', `/api/order/organization/${o.seller.orgId}/purchasing_organization/${o.buyer.orgId}`, {
        token: o.seller.token,
      }),
    );
    expect(row!.state).toBe('cancelled');
  });
});

describe('who may', () => {
  it('staff cannot cancel (403); another organization gets 404; the seller cannot use the buyer’s cancel', async () => {
    const o = await placed();
    const stranger = await h.newOrgUser('Merchant');
    const other = await h.call('POST', `/api/organization/${stranger.orgId}/orders/${o.orderId}/cancel`, {
      token: stranger.token,
      body: { reason: 'other' },
    });
    expect(other.status).toBe(404);
    expect((await h.call('POST', `/api/order/${o.orderId}/cancel`, { token: o.seller.token, body: {} })).status).toBe(
      404,
    );
    expect((await h.call('GET', `/api/order/${o.orderId}`, { token: stranger.token })).status).toBe(404);
    const bad = await sellerCancel(o, { reason: 'bored' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('reason');
  });
});

describe('races', () => {
  it('a cancel racing a shipment: one wins, the other is refused naming what changed; units never counted twice', async () => {
    for (let round = 0; round < 3; round += 1) {
      const o = await placed();
      const [s, c] = await Promise.all([
        ship(o, { carrier: 'UPS', tracking_number: UPS(round + 10) }),
        sellerCancel(o, { reason: 'other' }),
      ]);
      const statuses = [s.status, c.status].sort();
      expect(statuses).toEqual([200, 409]);
      const order = await readOrder(o);
      const lines = order.cart.line_items;
      for (const l of lines) expect((l.shipped_quantity ?? 0) + (l.cancelled_quantity ?? 0)).toBe(l.quantity);
      const refunded = (await refundsOf(o.orderId)).reduce((n, r) => n + r.amount_cents, 0);
      if (s.status === 200) {
        expect(order.state).toBe('shipped');
        expect(c.body.error).toBe('order_shipped');
        expect(refunded).toBe(0);
      } else {
        expect(order.state).toBe('cancelled');
        expect(s.body.error).toBe('order_cancelled');
        expect(refunded).toBe(o.paid);
      }
    }
  });

  it('five cancels of one order at once: one refund of what was paid', async () => {
    const o = await placed();
    const results = await Promise.all(Array.from({ length: 5 }, () => sellerCancel(o, { reason: 'other' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === 'order_cancelled')).toBe(true);
    const refunds = await refundsOf(o.orderId);
    expect(refunds).toEqual([{ amount_cents: o.paid, status: 'succeeded', shipping_cents: o.shipping }]);
    expect(await stockOf(o.jam)).toBe(10);
  });
});

describe('backorders: report unavailable items', () => {
  it('the retailer waits for one line and cancels another; the rest ships; the waited units ship later', async () => {
    const o = await placed();
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const reported = await ok<Order>(
      h.call('POST', sellerPath(o, 'unavailable'), {
        token: o.seller.token,
        body: {
          lines: [
            { line_item_id: o.jamLine, quantity: 3 },
            { line_item_id: o.honeyLine, quantity: 2 },
          ],
          restock_on: inAWeek,
        },
      }),
    );
    const line = (order: Order, id: string) => order.cart.line_items.find((l) => l.id === id)!;
    expect(line(reported, o.jamLine)).toMatchObject({
      unavailable_quantity: 3,
      backorder: 'asked',
      restock_on: inAWeek,
    });
    const mail = (await mailTo(o.buyer.email, 'order_change')).at(-1)!;
    expect(mail.subject).toMatch(/some items of order CB-\d{6} are unavailable — wait or cancel\?$/);
    // Until the retailer chooses, only the jar that is there can ship.
    const early = await ship(o, {
      carrier: 'UPS',
      tracking_number: UPS(40),
      lines: [{ line_item_id: o.jamLine, quantity: 2 }],
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'Only 1 unit of “Fig Jam” is left to ship (3 wait for the retailer’s choice on the backorder).',
    );
    const past = await h.call('POST', sellerPath(o, 'unavailable'), {
      token: o.seller.token,
      body: { lines: [{ line_item_id: o.jamLine, quantity: 1 }], restock_on: '2020-01-01' },
    });
    expect(past.status).toBe(400);
    expect(past.body.issues[0].path).toBe('restock_on');

    const choose = (idem: string) =>
      h.call('POST', `/api/order/${o.orderId}/backorders`, {
        token: o.buyer.token,
        headers: { 'idempotency-key': idem },
        body: {
          lines: [
            { line_item_id: o.jamLine, choice: 'wait' },
            { line_item_id: o.honeyLine, choice: 'cancel' },
          ],
        },
      });
    const choiceKey = key();
    const chosen = await ok<Order>(choose(choiceKey));
    // A retry (a lost answer) changes nothing more.
    expect((await ok<Order>(choose(choiceKey))).cancelled_cents).toBe(chosen.cancelled_cents);
    expect(line(chosen, o.jamLine)).toMatchObject({ unavailable_quantity: 3, backorder: 'waiting' });
    expect(line(chosen, o.honeyLine)).toMatchObject({
      cancelled_quantity: 2,
      unavailable_quantity: 0,
      backorder: null,
    });
    expect(await refundsOf(o.orderId)).toEqual([{ amount_cents: 4_000, status: 'succeeded', shipping_cents: 0 }]);

    const first = await ok<Order>(
      ship(o, { carrier: 'UPS', tracking_number: UPS(41), lines: [{ line_item_id: o.jamLine, quantity: 1 }] }),
    );
    expect(first.state).toBe('partially_shipped');
    // Back in stock: the three waited-for jars ship.
    const rest = await ok<Order>(ship(o, { carrier: 'UPS', tracking_number: UPS(42) }));
    expect(rest.state).toBe('shipped');
    expect(line(rest, o.jamLine)).toMatchObject({ shipped_quantity: 4, unavailable_quantity: 0, backorder: null });
    expect(rest.timeline!.map((e) => e.kind)).toEqual([
      'placed',
      'unavailable_reported',
      'backorder_chosen',
      'lines_cancelled',
      'refunded',
      'shipped',
      'shipped',
    ]);
  });
});

describe('claims: damaged, missing or wrong items', () => {
  it('a claim for more than shipped is refused; the seller refunds one, replaces one, declines one', async () => {
    const o = await placed();
    const claim = (body: Record<string, unknown>) =>
      h.call('POST', `/api/order/${o.orderId}/claims`, {
        token: o.buyer.token,
        body,
        headers: { 'idempotency-key': key() },
      });
    const early = await claim({ kind: 'damaged', lines: [{ line_item_id: o.jamLine, quantity: 1 }], note: 'Broken' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('“Fig Jam” has not shipped yet: report a problem once it has arrived.');
    await ok(ship(o, { carrier: 'UPS', tracking_number: UPS(50) }));

    const upload = multipartBody([{ filename: 'crack.png', contentType: 'image/png', data: await makeImage(32, 32) }]);
    const photo = await h.call('POST', `/api/media/${o.buyer.orgId}/upload`, {
      token: o.buyer.token,
      body: upload.body,
      headers: upload.headers,
    });
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    const damaged = await claim({
      kind: 'damaged',
      lines: [{ line_item_id: o.jamLine, quantity: 2 }],
      note: 'Two jars arrived broken',
      media_ids: [photo.body.id],
    });
    expect(damaged.status, JSON.stringify(damaged.body)).toBe(200);
    expect(damaged.body.claims[0]).toMatchObject({
      number: 1,
      kind: 'damaged',
      status: 'open',
      lines: [{ name: 'Fig Jam', quantity: 2 }],
      note: 'Two jars arrived broken',
    });
    expect(damaged.body.claims[0].photos[0].url).toMatch(/^http/);
    expect((await mailTo(o.seller.email, 'order_change')).at(-1)!.subject).toMatch(
      /reports a problem with order CB-\d{6}: damaged$/,
    );

    const tooMany = await claim({
      kind: 'missing',
      lines: [{ line_item_id: o.jamLine, quantity: 3 }],
      note: 'Missing',
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      error: 'claim_exceeds_shipped',
      message: 'Only 4 units of “Fig Jam” shipped and 2 are in another claim: at most 2 can be claimed.',
    });
    const stranger = await h.newOrgUser('Buyer');
    const foreignPhoto = await claim({
      kind: 'missing',
      lines: [{ line_item_id: o.honeyLine, quantity: 1 }],
      note: 'Missing',
      media_ids: [stranger.orgId],
    });
    expect(foreignPhoto.status).toBe(400);
    expect(foreignPhoto.body.issues[0].path).toBe('media_ids.0');

    const refundKey = key();
    const refundClaim = () =>
      h.call('POST', sellerPath(o, `claims/${damaged.body.claims[0].id}/refund`), {
        token: o.seller.token,
        headers: { 'idempotency-key': refundKey },
      });
    const [refunded] = await Promise.all([ok<Order>(refundClaim()), ok<Order>(refundClaim())]);
    expect(refunded.claims![0]).toMatchObject({ status: 'refunded', refund_cents: 2_500 });
    expect(await refundsOf(o.orderId)).toEqual([{ amount_cents: 2_500, status: 'succeeded', shipping_cents: 0 }]);
    const again = await h.call('POST', sellerPath(o, `claims/${damaged.body.claims[0].id}/refund`), {
      token: o.seller.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('claim_decided');

    const missing = await ok<Order>(
      claim({ kind: 'missing', lines: [{ line_item_id: o.jamLine, quantity: 1 }], note: 'One short' }),
    );
    const stockBefore = await stockOf(o.jam);
    const replaced = await ok<Order>(
      h.call('POST', sellerPath(o, `claims/${missing.claims![1]!.id}/replacement`), {
        token: o.seller.token,
        body: { carrier: 'UPS', tracking_number: UPS(51) },
      }),
    );
    expect(replaced.claims![1]).toMatchObject({
      status: 'replaced',
      replacement: { carrier: 'UPS', tracking_number: UPS(51) },
    });
    expect(await stockOf(o.jam)).toBe(stockBefore - 1);

    const wrong = await ok<Order>(
      claim({ kind: 'wrong_item', lines: [{ line_item_id: o.honeyLine, quantity: 1 }], note: 'Got acacia' }),
    );
    const declined = await ok<Order>(
      h.call('POST', sellerPath(o, `claims/${wrong.claims![2]!.id}/decline`), {
        token: o.seller.token,
        body: { reason: 'Photo shows wild honey' },
      }),
    );
    expect(declined.claims![2]).toMatchObject({ status: 'declined', decision_note: 'Photo shows wild honey' });
    expect((await mailTo(o.buyer.email, 'order_change')).at(-1)!.text).toContain('Photo shows wild honey');
    expect(declined.timeline!.filter((e) => e.kind.startsWith('claim_')).map((e) => e.kind)).toEqual([
      'claim_opened',
      'claim_refunded',
      'claim_opened',
      'claim_replaced',
      'claim_opened',
      'claim_declined',
    ]);
  });
});

describe('packing slips after changes', () => {
  it('one shipment’s slip packs its units; the whole order’s leaves cancelled units out', async () => {
    const o = await placed();
    const first = await ok<Order>(
      ship(o, { carrier: 'UPS', tracking_number: UPS(60), lines: [{ line_item_id: o.jamLine, quantity: 3 }] }),
    );
    await ok(sellerCancel(o, { reason: 'out_of_stock', lines: [{ line_item_id: o.honeyLine, quantity: 1 }] }));
    const slip = async (query: string) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/order/${o.orderId}/packing-slip${query}`,
        headers: { authorization: `Bearer ${o.seller.token}` },
      });
      return {
        status: res.statusCode,
        headers: res.headers,
        text: res.statusCode === 200 ? (await pdfPages(res.rawPayload)).flat().join('\n') : res.body,
      };
    };
    const one = await slip(`?shipment_id=${first.shipments![0]!.id}`);
    expect(one.status).toBe(200);
    expect(one.headers['content-disposition']).toMatch(/packing-slip-CB-\d{6}-1\.pdf"$/);
    expect(one.text).toContain('Shipment 1');
    expect(one.text).toContain('Fig Jam');
    expect(one.text).not.toContain('Wild Honey');
    expect(one.text).toContain('Total: 3 units in 1 line');
    const whole = await slip('');
    expect(whole.text).toContain('Total: 5 units in 2 lines');
    const other = await slip(`?shipment_id=${crypto.randomUUID()}`);
    expect(other.status).toBe(404);
    expect(JSON.parse(other.text).issues[0].path).toBe('shipment_id');
  });
});

describe('money on an open invoice while it changes', () => {
  const invoiceOf = async (orderId: string) =>
    (
      await rows<{ id: string; amount_cents: number; status: string; paid_method: string | null }>(
        sql`select id, amount_cents, status, paid_method from invoices where order_id = ${orderId}`,
      )
    )[0]!;
  const payNow = (o: Placed, invoiceId: string) =>
    ok<CheckoutSession>(h.call('POST', `/api/invoice/${invoiceId}/checkout-session`, { token: o.buyer.token }));

  it('a Pay now dialog opened before the invoice was reduced takes nothing; a new one takes the reduced amount once', async () => {
    const o = await placed({ terms: true });
    const invoice = await invoiceOf(o.orderId);
    const stale = await payNow(o, invoice.id);
    expect(stale.amount_cents).toBe(o.paid);
    await ok(sellerCancel(o, { reason: 'out_of_stock', lines: [{ line_item_id: o.honeyLine, quantity: 2 }] }));
    const refused = await payWith(h, o.buyer, stale, TEST_CARDS.succeeds);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('session_expired');
    expect(await builtinPaymentsOfOrder(h.testDb.database.db, o.orderId)).toMatchObject({ charges: 0, refunds: 0 });

    const fresh = await payNow(o, invoice.id);
    expect(fresh.amount_cents).toBe(o.paid - 4_000);
    await ok(payWith(h, o.buyer, fresh, TEST_CARDS.succeeds));
    expect(await invoiceOf(o.orderId)).toMatchObject({
      status: 'PAID',
      paid_method: 'card',
      amount_cents: o.paid - 4_000,
    });
    expect(await builtinPaymentsOfOrder(h.testDb.database.db, o.orderId)).toMatchObject({
      charges: 1,
      chargedCents: o.paid - 4_000,
      refunds: 0,
    });
    // Cancelled after it was paid: the card gives the units back; nothing is charged again.
    await ok(sellerCancel(o, { reason: 'other' }));
    const money = await builtinPaymentsOfOrder(h.testDb.database.db, o.orderId);
    expect(money).toMatchObject({ charges: 1, refundedCents: o.paid - 4_000 });
  });

  it('a cancel racing the Pay now payment: never more kept than the invoice finally asks', async () => {
    for (let round = 0; round < 4; round += 1) {
      const o = await placed({ terms: true });
      const invoice = await invoiceOf(o.orderId);
      const dialog = await payNow(o, invoice.id);
      const [cancelled, paid] = await Promise.all([
        sellerCancel(o, { reason: 'out_of_stock', lines: [{ line_item_id: o.honeyLine, quantity: 2 }] }),
        payWith(h, o.buyer, dialog, TEST_CARDS.succeeds),
      ]);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect([200, 409]).toContain(paid.status);
      const after = await invoiceOf(o.orderId);
      const money = await builtinPaymentsOfOrder(h.testDb.database.db, o.orderId);
      expect(money.charges).toBeLessThanOrEqual(1);
      const kept = money.chargedCents - money.refundedCents;
      if (after.paid_method === 'card') {
        // Paid first at the full amount: the cancelled units went back to the card.
        expect(kept).toBe(o.paid - 4_000);
      } else {
        // Reduced first: the old dialog took nothing (or was refunded in full); the invoice asks the rest.
        expect(after).toMatchObject({ status: 'OPEN', amount_cents: o.paid - 4_000 });
        expect(kept).toBe(0);
      }
    }
  });
});
