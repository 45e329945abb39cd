import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER, Order, OrderSummary, OrderSummaryList, TEST_CARDS, type Cart } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { DEFAULT_PAGE_CACHE } from '../../lib/page-cache.js';
import { createOrderLists, ORDER_PAGE_PERIOD_MS } from './queries.js';
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
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

/** The buyer pays for `lines` at the seller's store with 4242; answers the placed order's id. */
async function placeOrder(seller: Org, buyer: Org, lines: Record<string, number>): Promise<string> {
  const { cart } = await atPayment(h, seller, buyer, lines);
  const session = await ok(createSession(h, seller, buyer, cart));
  await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
  return cart.order.id;
}

const selling = (seller: Org, query = '') =>
  h.call('GET', `/api/order/organization/${seller.orgId}/selling${query}`, { token: seller.token });
const track = (method: 'POST' | 'PUT', orderId: string, token: string, body: unknown) =>
  h.call(method, `/api/order/${orderId}/shipping`, { token, body });
const mails = (to: string, kind: string) =>
  h.testDb.database.db
    .execute<{ subject: string; text: string }>(
      sql`select subject, text from mail_outbox where to_email = ${to} and kind = ${kind} order by created_at`,
    )
    .then((r) => r.rows);

describe('order lists and the order', () => {
  it('the seller lists placed orders newest first (not drafts), by page; the buyer sees its own', async () => {
    const seller = await readySeller(h);
    const jam = await liveProduct(h, seller, {
      name: 'Fig Jam',
      unit_price_in_cents: 1_200,
      stock_keeping_unit: 'FIG-1',
    });
    const a = await customerOf(h, seller, 'Alpha Grocer');
    const b = await customerOf(h, seller, 'Beta Deli');
    const first = await placeOrder(seller, a, { [jam]: 2 });
    const second = await placeOrder(seller, b, { [jam]: 5 });
    // A cart still being filled is nobody's order yet.
    const draft: Cart = await readCart(h, seller, a);
    await ok(
      h.call('PUT', `/api/cart/${draft.id}/line_item`, { token: a.token, body: { product_id: jam, quantity: 1 } }),
    );

    const all = OrderSummaryList.parse(await ok(selling(seller)));
    expect(all.map((o) => o.id)).toEqual([second, first]);
    const newest = all[0]!;
    expect(newest).toMatchObject({
      organization: { id: b.orgId, name: 'Beta Deli' },
      subtotal_cents: 6_000,
      cart: { item_count: 5 },
      shipping_information: null,
      invoice: { stripe_status: 'PAID' },
    });
    expect(newest.total_cents).toBe(6_000 + newest.shipping_cost_in_cents);
    expect(newest.shipping_address).toMatchObject({ line1: '5 Elm St', postal_code: '94105' });

    const page1 = await selling(seller, '?limit=1');
    expect(page1.body.map((o: { id: string }) => o.id)).toEqual([second]);
    const cursor = page1.headers[NEXT_CURSOR_HEADER] as string;
    const page2 = await selling(seller, `?limit=1&cursor=${cursor}`);
    expect(page2.body.map((o: { id: string }) => o.id)).toEqual([first]);
    expect(page2.headers[NEXT_CURSOR_HEADER]).toBeUndefined();

    const mine = await ok(
      h.call('GET', `/api/order/organization/${a.orgId}/purchasing?selling_organization_id=${seller.orgId}`, {
        token: a.token,
      }),
    );
    expect(mine.map((o: { id: string }) => o.id)).toEqual([first]);
    // Another organization gets nothing.
    const stranger = await h.newOrgUser('Merchant');
    expect(
      (await h.call('GET', `/api/order/organization/${seller.orgId}/selling`, { token: stranger.token })).status,
    ).toBe(403);
  });

  it('an order shows what was bought at the price paid, after the product changed or was deleted', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const jam = await liveProduct(h, seller, {
      name: 'Fig Jam',
      unit_price_in_cents: 1_200,
      stock_keeping_unit: 'FIG-1',
    });
    const orderId = await placeOrder(seller, buyer, { [jam]: 3 });
    await ok(
      h.call('PUT', '/api/product', {
        token: seller.token,
        body: { id: jam, organization: { id: seller.orgId }, unit_price_in_cents: 5_000 },
      }),
    );
    await ok(h.call('DELETE', `/api/product/${jam}`, { token: seller.token }));

    for (const who of [seller, buyer]) {
      const order = Order.parse(await ok(h.call('GET', `/api/order/${orderId}`, { token: who.token })));
      expect(order.cart.line_items).toEqual([
        expect.objectContaining({
          name: 'Fig Jam',
          stock_keeping_unit: 'FIG-1',
          quantity: 3,
          unit_price_in_cents: 1_200,
          line_total_cents: 3_600,
        }),
      ]);
      expect(order.subtotal_cents).toBe(3_600);
    }
    const stranger = await h.newOrgUser('Buyer');
    expect((await h.call('GET', `/api/order/${orderId}`, { token: stranger.token })).status).toBe(404);
    // The buyer's next (draft) order is not something the seller can read.
    const draft = await readCart(h, seller, buyer);
    expect((await h.call('GET', `/api/order/${draft.order.id}`, { token: seller.token })).status).toBe(404);
  });
});

describe('the list rows (written by PostgreSQL as JSON text)', () => {
  it('each row is the order as its own read shows it, without the lines, and has exactly the contract’s fields', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller, 'Gamma "Quoted" Café\\');
    const jam = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_200 });
    const shipped = await placeOrder(seller, buyer, { [jam]: 2 });
    const open = await placeOrder(seller, buyer, { [jam]: 1 });
    await ok(track('POST', shipped, seller.token, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' }));

    const withoutQuery = (link: string) => link.split('?')[0];
    const comparable = (o: Record<string, unknown>) => ({
      ...o,
      invoice: o.invoice && { ...(o.invoice as object), link: withoutQuery((o.invoice as { link: string }).link) },
    });
    for (const [who, list] of [
      [seller, `/api/order/organization/${seller.orgId}/selling`],
      [buyer, `/api/order/organization/${buyer.orgId}/purchasing`],
      [buyer, `/api/order/organization/${buyer.orgId}/purchasing?selling_organization_id=${seller.orgId}`],
    ] as const) {
      const rows: Record<string, unknown>[] = await ok(h.call('GET', list, { token: who.token }));
      expect(rows.map((r) => r.id)).toEqual([open, shipped]);
      for (const row of rows) {
        expect(Object.keys(row).sort()).toEqual(Object.keys(OrderSummary.shape).sort());
        expect(OrderSummary.strict().parse(row)).toEqual(row);
        const order = await ok(h.call('GET', `/api/order/${row.id}`, { token: who.token }));
        const { line_items: lines, ...cart } = order.cart;
        expect(lines).toHaveLength(1);
        // The single order adds its shipments, its timeline and its claims (issue 23) to the row's fields.
        const { shipments, timeline, claims, ...rest } = order;
        expect(claims).toEqual([]);
        expect(timeline[0]).toMatchObject({ kind: 'placed' });
        expect(shipments).toHaveLength(row.id === shipped ? 1 : 0);
        expect(comparable(row)).toEqual(comparable({ ...rest, cart }));
      }
      expect(rows[1]).toMatchObject({
        organization: { name: 'Gamma "Quoted" Café\\' },
        shipping_information: { carrier: 'UPS', status: 'SHIPPED', tracking_url: expect.stringContaining('1Z999AA10123456784') },
      });
      // The placing user has not set a name: the order still says who placed it (issue 27).
      expect(rows[1]!.created_by_user).toEqual({ name: null, email: expect.stringContaining('@'), phone: null });
      expect(rows[0]!.shipping_information).toBeNull();
    }
  });
});

describe('kept list pages', () => {
  it('serves a kept page until an order or its tracking changes it; names and links renew each period', async () => {
    const db = h.testDb.database.db;
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller, 'Alpha Grocer');
    const jam = await liveProduct(h, seller);
    const first = await placeOrder(seller, buyer, { [jam]: 1 });
    let clock = Math.floor(Date.now() / ORDER_PAGE_PERIOD_MS) * ORDER_PAGE_PERIOD_MS + 1_000;
    const lists = createOrderLists({ db, config: h.config }, DEFAULT_PAGE_CACHE, () => clock);
    const read = async (): Promise<OrderSummary[]> => {
      // The route reads the version with its access check; here, on its own.
      const stamp = await db.execute<{ v: string }>(sql`select ${lists.stampSql(seller.orgId)} as v`);
      const { page } = await lists.page({ side: 'selling', organizationId: seller.orgId }, {}, stamp.rows[0]!.v);
      return OrderSummaryList.parse(JSON.parse(page.json));
    };
    const rename = (name: string) =>
      ok(h.call('PUT', `/api/organization/${buyer.orgId}`, { token: buyer.token, body: { name } }));

    const before = await read();
    await rename('Alpha Renamed');
    // Kept: the same text (a rename is not an order change) and the same signed links.
    expect(await read()).toEqual(before);

    await ok(track('POST', first, seller.token, { carrier: 'USPS', tracking_number: '9400111899223197428490' }));
    const tracked = await read();
    expect(tracked[0]).toMatchObject({ id: first, organization: { name: 'Alpha Renamed' }, shipping_information: { status: 'SHIPPED' } });

    const second = await placeOrder(seller, buyer, { [jam]: 2 });
    expect((await read()).map((o) => o.id)).toEqual([second, first]);

    await rename('Alpha Again');
    const kept = await read();
    expect(kept[0]!.organization.name).toBe('Alpha Renamed');
    clock += ORDER_PAGE_PERIOD_MS;
    const renewed = await read();
    expect(renewed[0]!.organization.name).toBe('Alpha Again');
    const expires = (o: OrderSummary) => Number(new URL(o.invoice!.link).searchParams.get('expires'));
    expect(expires(renewed[0]!)).toBe(expires(kept[0]!) + ORDER_PAGE_PERIOD_MS / 1000);
    // A kept page's link still opens the invoice.
    const link = new URL(renewed[0]!.invoice!.link);
    const pdf = await h.call('GET', `${link.pathname}${link.search}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });
});

describe('tracking', () => {
  it('validates the carrier’s format, marks SHIPPED, e-mails the buyer once, and again when corrected', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const jam = await liveProduct(h, seller);
    const orderId = await placeOrder(seller, buyer, { [jam]: 1 });

    const badCarrier = await track('POST', orderId, seller.token, { carrier: 'DHL', tracking_number: '123' });
    expect(badCarrier.status).toBe(400);
    expect(badCarrier.body.issues[0].path).toBe('carrier');
    const badNumber = await track('POST', orderId, seller.token, { carrier: 'UPS', tracking_number: '12345' });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.issues[0]).toMatchObject({ path: 'tracking_number' });
    expect(badNumber.body.issues[0].message).toMatch(/not a UPS tracking number/);
    expect(await mails(buyer.email, 'tracking')).toEqual([]);

    const saved = Order.parse(
      await ok(
        track('POST', orderId, seller.token, { carrier: 'usps', tracking_number: '9400 1000 0000 0000 0000 00' }),
      ),
    );
    expect(saved.shipping_information).toMatchObject({
      carrier: 'USPS',
      tracking_number: '9400100000000000000000',
      status: 'SHIPPED',
      tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    });
    // The same again (a double click): nothing new is sent.
    await ok(
      track('PUT', orderId, seller.token, {
        ...saved.shipping_information,
        carrier: 'USPS',
        tracking_number: '9400100000000000000000',
      }),
    );
    let sent = await mails(buyer.email, 'tracking');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/has shipped/);
    expect(sent[0]!.text).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000');

    await ok(track('PUT', orderId, seller.token, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' }));
    sent = await mails(buyer.email, 'tracking');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toMatch(/^Updated tracking/);
    expect(sent[1]!.text).toContain('https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784');

    const list = await ok(selling(seller));
    expect(list[0].shipping_information.status).toBe('SHIPPED');
  });

  it('refuses the buyer, another seller, and an order not placed yet', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const jam = await liveProduct(h, seller);
    const orderId = await placeOrder(seller, buyer, { [jam]: 1 });
    const body = { carrier: 'FEDEX', tracking_number: '123456789012' };
    expect((await track('POST', orderId, buyer.token, body)).status).toBe(404);
    const other = await readySeller(h);
    expect((await track('POST', orderId, other.token, body)).status).toBe(404);
    const draft = await readCart(h, seller, buyer);
    const notPlaced = await track('POST', draft.order.id, seller.token, body);
    expect(notPlaced.status).toBe(409);
    expect(notPlaced.body.error).toBe('order_not_submitted');
  });
});
