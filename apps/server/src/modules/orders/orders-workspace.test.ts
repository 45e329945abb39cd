/**
 * The seller's Orders workspace through the API (issue 23 section 6): the list's tabs (view),
 * customer and date filters with the order-number / PO search and keyset paging; the tabs'
 * counts following shipments and cancels; one PDF of packing slips for several orders; the CSV
 * export; and who may do any of it (another seller's order id is 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CheckoutSession,
  NEXT_CURSOR_HEADER,
  TEST_CARDS,
  type OrderSummary,
  type SellerOrderCounts,
} from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readySeller,
  type Org,
} from '../../../test/support/checkout.js';
import { pdfPages } from '../../../test/support/pdf.js';
import { touchOrderLists } from './list-version.js';

let h: Harness;
let seller: Org;
let alpha: Org;
let beta: Org;
let jam: string;
/** The orders, oldest first: a, b (Alpha, card), c (Beta, card), d (Beta, on terms). */
const ids: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };
const numbers: Record<string, string> = {};

const db = () => h.testDb.database.db;
const key = () => crypto.randomUUID();
const UPS = (n: number) => `1Z999AA1${String(n).padStart(10, '0')}`;

async function placeOrder(buyer: Org, opts: { terms?: boolean; po?: string } = {}): Promise<string> {
  const { cart } = await atPayment(h, seller, buyer, { [jam]: 2 });
  if (opts.po) {
    await ok(
      h.call('POST', `/api/order/${cart.order.id}/po_number`, { token: buyer.token, body: { po_number: opts.po } }),
    );
  }
  if (opts.terms) {
    await ok(h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: buyer.token }));
  } else {
    const session = CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
    await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
  }
  return cart.order.id;
}

const listUrl = (query = '') => `/api/order/organization/${seller.orgId}/selling${query ? `?${query}` : ''}`;
async function listed(query = '', token = seller.token): Promise<string[]> {
  const list = await ok<OrderSummary[]>(h.call('GET', listUrl(query), { token }));
  return list.map((o) => o.id);
}
/** The tabs' counts (the pre-order ship windows beside them are preorders.test.ts's). */
const counts = async (token = seller.token) => {
  const { ship_windows: _windows, ...tabs } = await ok<SellerOrderCounts>(
    h.call('GET', `/api/organization/${seller.orgId}/orders/counts`, { token }),
  );
  return tabs;
};
const ship = (orderId: string, body: Record<string, unknown>) =>
  ok(
    h.call('POST', `/api/organization/${seller.orgId}/orders/${orderId}/shipments`, {
      token: seller.token,
      body,
      headers: { 'idempotency-key': key() },
    }),
  );
const cancel = (orderId: string) =>
  ok(
    h.call('POST', `/api/organization/${seller.orgId}/orders/${orderId}/cancel`, {
      token: seller.token,
      body: { reason: 'out_of_stock' },
      headers: { 'idempotency-key': key() },
    }),
  );

async function packingSlips(orderIds: string[], token = seller.token, orgId = seller.orgId) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/organization/${orgId}/orders/packing-slips`,
    headers: { authorization: `Bearer ${token}` },
    payload: { order_ids: orderIds },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
}

beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
  seller = await readySeller(h);
  alpha = await customerOf(h, seller, 'Alpha Jams Co');
  beta = await customerOf(h, seller, 'Beta Honey Shop');
  jam = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_250 });
  await ok(
    h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${beta.orgId}/payment_terms`, {
      token: seller.token,
      body: { net_days: 30 },
    }),
  );
  ids.a = await placeOrder(alpha, { po: 'PO-ALPHA-1' });
  ids.b = await placeOrder(alpha);
  ids.c = await placeOrder(beta, { po: 'PO-BETA-7' });
  ids.d = await placeOrder(beta, { terms: true });
  // Placed on four days in March 2026 (UTC), a day apart, a at 23:30 on the 1st.
  const days = {
    a: '2026-03-01T23:30:00Z',
    b: '2026-03-02T00:30:00Z',
    c: '2026-03-03T12:00:00Z',
    d: '2026-03-04T12:00:00Z',
  };
  for (const [name, at] of Object.entries(days)) {
    await db().execute(
      sql`update orders set completed_on = ${at}::timestamptz where id = ${ids[name as keyof typeof ids]}`,
    );
  }
  await touchOrderLists(db(), [seller.orgId, alpha.orgId, beta.orgId]);
  for (const o of await ok<OrderSummary[]>(h.call('GET', listUrl(), { token: seller.token }))) {
    numbers[o.id] = o.order_number!;
  }
}, 120_000);
afterAll(async () => h?.close());

describe('GET …/selling with the workspace filters', () => {
  it('lists newest first; every tab, the customer, the dates and q narrow it, also combined', async () => {
    expect(await listed()).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(await listed('view=to_ship')).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(await listed('view=unpaid')).toEqual([ids.d]);
    expect(await listed('view=shipped')).toEqual([]);
    expect(await listed('customer=alpha')).toEqual([ids.b, ids.a]);
    expect(await listed('customer=HONEY')).toEqual([ids.d, ids.c]);
    expect(await listed('customer=nobody')).toEqual([]);
    // UTC days, both ends included: a (23:30 on the 1st) is not on the 2nd.
    expect(await listed('from=2026-03-02&to=2026-03-03')).toEqual([ids.c, ids.b]);
    expect(await listed('from=2026-03-03')).toEqual([ids.d, ids.c]);
    expect(await listed('to=2026-03-01')).toEqual([ids.a]);
    expect(await listed('customer=beta&view=unpaid')).toEqual([ids.d]);
    expect(await listed('customer=alpha&to=2026-03-01')).toEqual([ids.a]);
    // q: the order's number or a PO number's start, with the other filters.
    expect(await listed(`q=${numbers[ids.c]}`)).toEqual([ids.c]);
    expect(await listed(`q=${numbers[ids.c]}&customer=alpha`)).toEqual([]);
    expect(await listed('q=po-&view=to_ship')).toEqual([ids.c, ids.a]);
    expect(await listed('q=po-&customer=beta')).toEqual([ids.c]);
    expect(await listed('q=po-&from=2026-03-02')).toEqual([ids.c]);
  });

  it('pages every filter by its keyset cursor', async () => {
    const first = await h.call('GET', listUrl('view=to_ship&customer=a&limit=1'), { token: seller.token });
    expect(first.body.map((o: OrderSummary) => o.id)).toEqual([ids.d]);
    const seen = [ids.d];
    let cursor = first.headers[NEXT_CURSOR_HEADER] as string | undefined;
    while (cursor) {
      const next = await h.call('GET', listUrl(`view=to_ship&customer=a&limit=1&cursor=${cursor}`), {
        token: seller.token,
      });
      seen.push(...next.body.map((o: OrderSummary) => o.id));
      cursor = next.headers[NEXT_CURSOR_HEADER] as string | undefined;
    }
    // "a" is in Alpha Jams Co and in Beta Honey Shop.
    expect(seen).toEqual([ids.d, ids.c, ids.b, ids.a]);
  });

  it('refuses a bad day or a range the wrong way round with 400 naming the field', async () => {
    for (const [query, field] of [
      ['from=2026-02-30', 'from'],
      ['to=03/01/2026', 'to'],
      ['from=2026-03-04&to=2026-03-01', 'from'],
      ['view=later', 'view'],
    ] as const) {
      const res = await h.call('GET', listUrl(query), { token: seller.token });
      expect(res.status, query).toBe(400);
      expect(
        res.body.issues.map((i: { path: string }) => i.path),
        query,
      ).toContain(field);
    }
  });
});

describe('GET /api/organization/{org_id}/orders/counts', () => {
  it('counts each tab, and follows a shipment, a part shipment and a cancel at once', async () => {
    expect(await counts()).toEqual({ to_ship: 4, partially_shipped: 0, shipped: 0, unpaid: 1, cancelled: 0, all: 4 });
    // Kept: the same answer again, without a change.
    expect(await counts()).toEqual({ to_ship: 4, partially_shipped: 0, shipped: 0, unpaid: 1, cancelled: 0, all: 4 });

    await ship(ids.a, { carrier: 'UPS', tracking_number: UPS(1) });
    const lineOfB = (await ok(h.call('GET', `/api/order/${ids.b}`, { token: seller.token }))).cart.line_items[0].id;
    await ship(ids.b, { carrier: 'UPS', tracking_number: UPS(2), lines: [{ line_item_id: lineOfB, quantity: 1 }] });
    await cancel(ids.c);
    expect(await counts()).toEqual({ to_ship: 2, partially_shipped: 1, shipped: 1, unpaid: 1, cancelled: 1, all: 4 });

    expect(await listed('view=to_ship')).toEqual([ids.d, ids.b]);
    expect(await listed('view=partially_shipped')).toEqual([ids.b]);
    expect(await listed('view=shipped')).toEqual([ids.a]);
    expect(await listed('view=cancelled')).toEqual([ids.c]);
    expect(await listed('view=shipped&customer=beta')).toEqual([]);
  });

  it('is for the seller’s members only', async () => {
    const stranger = await h.newOrgUser('Merchant');
    expect(
      (await h.call('GET', `/api/organization/${seller.orgId}/orders/counts`, { token: stranger.token })).status,
    ).toBe(403);
    expect(
      (await h.call('GET', `/api/organization/${seller.orgId}/orders/counts`, { token: alpha.token })).status,
    ).toBe(403);
  });
});

describe('POST /api/organization/{org_id}/orders/packing-slips', () => {
  it('answers one PDF with a slip per order, in the order given', async () => {
    const res = await packingSlips([ids.c, ids.a]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(res.bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.join('\n')).toContain(`Order ${numbers[ids.c]}`);
    expect(pages[0]!.join('\n')).toContain(`Packing slip ${numbers[ids.c]} · Page 1 of 1`);
    expect(pages[1]!.join('\n')).toContain(`Order ${numbers[ids.a]}`);
    expect(pages[1]!.join('\n')).toContain('Alpha Jams Co');
  });

  it('refuses another seller’s order: 404 naming order_ids.N for the seller, 404 for anyone else', async () => {
    const other = await readySeller(h);
    const otherBuyer = await customerOf(h, other);
    const otherJam = await liveProduct(h, other, { name: 'Other Jam', unit_price_in_cents: 900 });
    const { cart } = await atPayment(h, other, otherBuyer, { [otherJam]: 1 });
    const session = CheckoutSession.parse(await ok(createSession(h, other, otherBuyer, cart)));
    await ok(payWith(h, otherBuyer, session, TEST_CARDS.succeeds));
    const foreign = cart.order.id;

    const mixed = await packingSlips([ids.a, foreign]);
    expect(mixed.status).toBe(404);
    expect(mixed.json().issues).toEqual([{ path: 'order_ids.1', message: 'order_ids.1: Order not found.' }]);
    expect((await packingSlips([crypto.randomUUID()])).json().issues[0].path).toBe('order_ids.0');
    // The other seller, through its own org id, cannot print ours; nor can our customer.
    expect((await packingSlips([ids.a], other.token, other.orgId)).status).toBe(404);
    const asOther = await packingSlips([ids.a], other.token);
    expect(asOther.status).toBe(404);
    expect(asOther.json().issues).toBeUndefined();
    expect((await packingSlips([ids.a], alpha.token)).status).toBe(404);
    // A bad body is 400 naming the field.
    const empty = await packingSlips([]);
    expect(empty.status).toBe(400);
    expect(empty.json().issues[0].path).toBe('order_ids');
  });
});

describe('GET /api/organization/{org_id}/orders/export.csv', () => {
  const csv = (query = '', token = seller.token) =>
    h.call('GET', `/api/organization/${seller.orgId}/orders/export.csv${query ? `?${query}` : ''}`, { token });

  it('writes every matching order, newest first, with the list’s filters', async () => {
    const res = await csv();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (res.body as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order number,Placed at,Customer,PO number,State,Payment status,Items,Subtotal,Shipping,Total,Refunded,Cancelled,Tracking',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(
      new RegExp(`^${numbers[ids.d]},2026-03-04T12:00:00.000Z,Beta Honey Shop,,Placed,OPEN,2,25.00,`),
    );
    expect(lines[4]).toMatch(
      new RegExp(
        `^${numbers[ids.a]},2026-03-01T23:30:00.000Z,Alpha Jams Co,PO-ALPHA-1,Shipped,PAID,2,25.00,.*,UPS ${UPS(1)}$`,
      ),
    );
    const cancelled = lines.find((l) => l.startsWith(`${numbers[ids.c]},`))!;
    expect(cancelled).toContain(',Cancelled,');
    expect(cancelled).not.toMatch(/,0\.00,\s*$/);

    const alphaOnly = (await csv('customer=alpha&view=to_ship')).body as string;
    expect(alphaOnly.trimEnd().split('\r\n')).toHaveLength(2);
    expect(alphaOnly).toContain(`${numbers[ids.b]},`);
    expect(
      (await csv('from=2026-03-05')).body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('reads page by page past the first 200 orders', async () => {
    // 450 more placed orders of Alpha's, copied from order b in SQL (the export's pages are 200).
    await db().execute(sql`
      with src as (select * from orders where id = ${ids.b}),
      carts_made as (
        insert into carts (selling_organization_id, purchasing_organization_id, status)
        select s.selling_organization_id, s.purchasing_organization_id, 'ordered' from src s, generate_series(1, 450)
        returning id)
      insert into orders (cart_id, selling_organization_id, purchasing_organization_id, status, subtotal_cents,
                          shipping_cost_in_cents, total_cents, completed_on)
      select c.id, s.selling_organization_id, s.purchasing_organization_id, 'submitted', 100, 0, 100,
             '2025-01-01T00:00:00Z'::timestamptz - (row_number() over ()) * interval '1 minute'
        from carts_made c, src s`);
    await touchOrderLists(db(), [seller.orgId]);
    const lines = ((await csv('customer=alpha')).body as string).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 2 + 450);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.at(-1)).toMatch(/^[^,]*,2024-12-31T16:30:00.000Z,Alpha Jams Co,/);
  });

  it('is for the seller’s members only, and refuses bad filters with 400', async () => {
    const stranger = await h.newOrgUser('Merchant');
    expect((await csv('', stranger.token)).status).toBe(403);
    const bad = await csv('from=2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('from');
  });
});
