/**
 * The buyer's purchase order number (issue 13 item 2): set on the draft order at checkout,
 * frozen once the order is placed, shown on the order, both order lists, the packing slip, the
 * invoice and the order e-mails, and the seller's list searched by its prefix in any case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER, Order, OrderSummaryList, TEST_CARDS, type Cart } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { pdfPages } from '../../../test/support/pdf.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readCart,
  readySeller,
  type Org,
} from '../../../test/support/checkout.js';

let h: Harness;
let seller: Org;
let buyer: Org;
let jam: string;
beforeAll(async () => {
  h = await createHarness();
  seller = await readySeller(h);
  buyer = await customerOf(h, seller, 'Corner Grocery');
  jam = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_200 });
});
afterAll(async () => h?.close());

const setPo = (orderId: string, body: unknown, token?: string) =>
  h.call('POST', `/api/order/${orderId}/po_number`, token ? { token, body } : { body });

const selling = (org: Org, query = '') =>
  h.call('GET', `/api/order/organization/${org.orgId}/selling${query}`, { token: org.token });

const search = async (prefix: string, extra = '') =>
  OrderSummaryList.parse(await ok(selling(seller, `?po_number=${encodeURIComponent(prefix)}${extra}`))).map(
    (o) => o.po_number,
  );

/** The buyer fills its cart, sets the PO number (none when null) and pays; answers the order's id. */
async function placeOrder(po: string | null, who: Org = buyer): Promise<string> {
  const { cart } = await atPayment(h, seller, who, { [jam]: 1 });
  if (po !== null) await ok(setPo(cart.order.id, { po_number: po }, who.token));
  const session = await ok(createSession(h, seller, who, cart));
  await ok(payWith(h, who, session, TEST_CARDS.succeeds));
  return cart.order.id;
}

describe('POST /api/order/{order_id}/po_number', () => {
  it('sets the draft order’s PO number, trimmed, shows it on the cart’s order, and clears it with "" or null', async () => {
    const cart: Cart = await readCart(h, seller, buyer);
    const orderId = cart.order.id;
    expect(cart.order.po_number).toBeUndefined();

    const set = await setPo(orderId, { po_number: '  PO-4500/17 #B.2_x  ' }, buyer.token);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ id: orderId, status: 'draft', po_number: 'PO-4500/17 #B.2_x' });
    expect((await readCart(h, seller, buyer)).order.po_number).toBe('PO-4500/17 #B.2_x');

    for (const empty of ['', '   ', null]) {
      await ok(setPo(orderId, { po_number: 'X-1' }, buyer.token));
      const cleared = await setPo(orderId, { po_number: empty }, buyer.token);
      expect(cleared.status).toBe(200);
      expect(cleared.body.po_number).toBeUndefined();
      expect((await readCart(h, seller, buyer)).order.po_number).toBeUndefined();
    }
  });

  it.each([
    [{ po_number: 'x'.repeat(65) }, /po_number: must be at most 64 characters/],
    [{ po_number: 'PO%1' }, /po_number: may contain only letters, digits, spaces and - _ \/ # \./],
    [{ po_number: 'PO\n1' }, /po_number/],
    [{ po_number: 12 }, /po_number/],
    [{}, /po_number/],
    [{ po_number: 'A', is_net_30: true }, /is_net_30|body/],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const orderId = (await readCart(h, seller, buyer)).order.id;
    const res = await setPo(orderId, body, buyer.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    if (!('is_net_30' in body)) expect(res.body.issues.map((i: { path: string }) => i.path)).toContain('po_number');
  });

  it('accepts exactly 64 characters', async () => {
    const orderId = (await readCart(h, seller, buyer)).order.id;
    const res = await setPo(orderId, { po_number: 'A'.repeat(64) }, buyer.token);
    expect(res.status).toBe(200);
    expect(res.body.po_number).toBe('A'.repeat(64));
    await ok(setPo(orderId, { po_number: null }, buyer.token));
  });

  it('refuses anonymous (401), the seller, a stranger and another customer (404)', async () => {
    const orderId = (await readCart(h, seller, buyer)).order.id;
    expect((await setPo(orderId, { po_number: 'A1' })).status).toBe(401);
    const stranger = await readySeller(h);
    const other = await customerOf(h, seller, 'Other Buyer');
    for (const who of [seller, stranger, other]) {
      expect((await setPo(orderId, { po_number: 'A1' }, who.token)).status).toBe(404);
    }
    expect((await readCart(h, seller, buyer)).order.po_number).toBeUndefined();
  });

  it('is frozen once the order is placed (409), and the new cart’s order starts without one', async () => {
    const orderId = await placeOrder('FROZEN-1');
    const res = await setPo(orderId, { po_number: 'CHANGED' }, buyer.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'order_submitted' });
    const order = Order.parse(await ok(h.call('GET', `/api/order/${orderId}`, { token: buyer.token })));
    expect(order.po_number).toBe('FROZEN-1');
    expect((await readCart(h, seller, buyer)).order.po_number).toBeUndefined();
  });
});

describe('a placed order’s PO number', () => {
  it('shows on the order, both lists, the packing slip, the invoice and the order e-mails', async () => {
    const orderId = await placeOrder('PO-7788/Q');
    const plain = await placeOrder(null);

    for (const who of [seller, buyer]) {
      const order = Order.parse(await ok(h.call('GET', `/api/order/${orderId}`, { token: who.token })));
      expect(order.po_number).toBe('PO-7788/Q');
      const none = Order.parse(await ok(h.call('GET', `/api/order/${plain}`, { token: who.token })));
      expect(none.po_number).toBeNull();
    }
    const sellerList = OrderSummaryList.parse(await ok(selling(seller)));
    expect(sellerList.find((o) => o.id === orderId)?.po_number).toBe('PO-7788/Q');
    expect(sellerList.find((o) => o.id === plain)?.po_number).toBeNull();
    const buyerList = OrderSummaryList.parse(
      await ok(h.call('GET', `/api/order/organization/${buyer.orgId}/purchasing`, { token: buyer.token })),
    );
    expect(buyerList.find((o) => o.id === orderId)?.po_number).toBe('PO-7788/Q');

    const slip = await h.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}/packing-slip`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(slip.statusCode).toBe(200);
    expect((await pdfPages(slip.rawPayload)).flat().join('\n')).toContain('PO number: PO-7788/Q');

    const invoiceLink = sellerList.find((o) => o.id === orderId)!.invoice!.link;
    const url = new URL(invoiceLink);
    const invoice = await h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(invoice.statusCode).toBe(200);
    expect((await pdfPages(invoice.rawPayload)).flat().join('\n')).toContain('PO number: PO-7788/Q');

    const mails = await h.testDb.database.db.execute<{ kind: string; text: string }>(
      sql`select kind, text from mail_outbox where text like ${'%PO number: PO-7788/Q%'}`,
    );
    expect(new Set(mails.rows.map((m) => m.kind))).toEqual(new Set(['order_confirmation', 'new_order']));
  });
});

describe('GET …/selling?po_number=', () => {
  it('finds orders by the PO number’s prefix in any case; % and _ match only themselves; paging keeps the search', async () => {
    const s = await readySeller(h);
    const b = await customerOf(h, s, 'Search Grocer');
    const fig = await liveProduct(h, s, { name: 'Fig', unit_price_in_cents: 500 });
    const place = async (po: string | null) => {
      const { cart } = await atPayment(h, s, b, { [fig]: 1 });
      if (po !== null) await ok(setPo(cart.order.id, { po_number: po }, b.token));
      const session = await ok(createSession(h, s, b, cart));
      await ok(payWith(h, b, session, TEST_CARDS.succeeds));
    };
    for (const po of ['ACME-100', 'acme-200', 'ACME-300', 'AC_ME-1', 'ACXME-2', 'Beta-1', null]) await place(po);
    const find = async (prefix: string, extra = '') =>
      OrderSummaryList.parse(await ok(selling(s, `?po_number=${encodeURIComponent(prefix)}${extra}`))).map(
        (o) => o.po_number,
      );

    // Newest first, any case.
    expect(await find('acme-')).toEqual(['ACME-300', 'acme-200', 'ACME-100']);
    expect(await find('ACME-2')).toEqual(['acme-200']);
    // "_" is a character, not a wildcard; "%" matches nothing.
    expect(await find('ac_')).toEqual(['AC_ME-1']);
    expect(await find('%')).toEqual([]);
    expect(await find('A%')).toEqual([]);
    expect(await find('nothing')).toEqual([]);
    // Empty: every order, with and without a PO number.
    expect(await find('')).toHaveLength(7);
    expect(await find('  ')).toHaveLength(7);

    // Pages of a search.
    const page1 = await selling(s, '?po_number=acme&limit=2');
    expect(page1.body.map((o: { po_number: string }) => o.po_number)).toEqual(['ACME-300', 'acme-200']);
    const cursor = page1.headers[NEXT_CURSOR_HEADER] as string;
    expect(await find('acme', `&limit=2&cursor=${cursor}`)).toEqual(['ACME-100']);

    // Another seller's orders never match; a stranger cannot search.
    expect(await search('acme')).toEqual([]);
    const stranger = await readySeller(h);
    expect(
      (await h.call('GET', `/api/order/organization/${s.orgId}/selling?po_number=acme`, { token: stranger.token }))
        .status,
    ).toBe(403);
  });

  it('refuses a search over 64 characters naming po_number', async () => {
    const res = await selling(seller, `?po_number=${'a'.repeat(65)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/po_number/);
  });

  it('a kept page of the unsearched list does not answer a search, and a new order shows in both', async () => {
    const before = await search('KEEP-');
    expect(before).toEqual([]);
    const all = OrderSummaryList.parse(await ok(selling(seller)));
    await placeOrder('KEEP-1');
    expect(await search('keep-')).toEqual(['KEEP-1']);
    const after = OrderSummaryList.parse(await ok(selling(seller)));
    expect(after).toHaveLength(all.length + 1);
    expect(after[0]!.po_number).toBe('KEEP-1');
  });
});
