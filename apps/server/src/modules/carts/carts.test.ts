import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CART_LIMITS,
  EMPTY_CART_MESSAGE,
  PREVIEW_CHECKOUT_MESSAGE,
  UNAVAILABLE_LINES_MESSAGE,
  minimumCentsMessage,
  minimumItemsMessage,
  type Cart,
  type LineItem,
} from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';

let h: Harness;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-carts-test-'));
  h = await createHarness({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Org = TestUser & { orgId: string };
const db = () => h.testDb.database.db;

// ─── Set-up through the API, as sellers and buyers do it ─────────────────────────────
/** The seller invites the buyer, the buyer accepts: the buyer's organization buys from the seller. */
async function makeCustomer(seller: Org, buyer: Org) {
  const inv = await h.call('POST', '/api/invite/purchaser', {
    token: seller.token,
    body: { to_organization_id: seller.orgId, to_emails: [buyer.email] },
  });
  expect(inv.status).toBe(200);
  const res = await h.call('POST', `/api/invite/purchaser/accept/${inv.body[0].id}`, { token: buyer.token });
  expect(res.status).toBe(200);
}

/** A seller with one customer. */
async function sellerAndBuyer(sellerName?: string) {
  const seller = await h.newOrgUser('Merchant', sellerName);
  const buyer = await h.newOrgUser('Buyer');
  await makeCustomer(seller, buyer);
  return { seller, buyer };
}

async function uploadPhoto(s: Org): Promise<string> {
  const mp = multipartBody([{ filename: 'p.png', contentType: 'image/png', data: await makeImage(64, 64) }]);
  const res = await h.call('POST', `/api/media/${s.orgId}/upload`, {
    token: s.token,
    body: mp.body,
    headers: mp.headers,
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function putProduct(s: Org, body: Record<string, unknown>) {
  const res = await h.call('PUT', '/api/product', { token: s.token, body: { organization: { id: s.orgId }, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; name: string };
}

/** A product of the seller, Live unless told otherwise. */
async function product(
  s: Org,
  opts: { name?: string; price?: number; state?: 'Live' | 'Draft' | 'Archived'; photos?: string[] } = {},
) {
  return putProduct(s, {
    name: opts.name ?? `Product ${randomUUID().slice(0, 8)}`,
    state: opts.state ?? 'Live',
    unit_price_in_cents: opts.price ?? 1_000,
    msrp_in_cents: 2_000,
    ...(opts.photos ? { media: opts.photos.map((id) => ({ media: { id } })) } : {}),
  });
}

/** Turns on stock tracking with `count` units left (the product form's switch and an inventory count). */
async function trackStock(productId: string, count: number) {
  await db().execute(
    sql`update products set track_inventory = true, inventory_count = ${count} where id = ${productId}`,
  );
}

/** What the checkout will do when the order is submitted: the order completes and the cart closes. */
async function submitOrder(cartId: string) {
  await db().execute(sql`update orders set status = 'submitted', completed_on = now() where cart_id = ${cartId}`);
  await db().execute(sql`update carts set status = 'ordered' where id = ${cartId}`);
}

const pairUrl = (sellerId: string, purchaserId: string) =>
  `/api/cart/selling_organization/${sellerId}/purchasing_organization/${purchaserId}`;

async function getCart(seller: Org, buyer: Org, token = buyer.token) {
  return h.call('GET', pairUrl(seller.orgId, buyer.orgId), { token });
}

async function readCart(seller: Org, buyer: Org): Promise<Cart> {
  const res = await getCart(seller, buyer);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function setLine(cartId: string, token: string, body: unknown, method: 'POST' | 'PUT' = 'PUT') {
  return h.call(method, `/api/cart/${cartId}/line_item`, { token, body });
}

async function setLineOk(cartId: string, token: string, productId: string, quantity: number): Promise<Cart> {
  const res = await setLine(cartId, token, { product_id: productId, quantity });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

// ─── Reading and changing a cart ─────────────────────────────────────────────────────
describe('GET /api/cart/selling_organization/{seller}/purchasing_organization/{buyer}', () => {
  it('opens the empty cart with its draft order on first read, and answers the same cart afterwards', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const first = await readCart(seller, buyer);
    expect(first).toEqual({
      id: expect.any(String),
      selling_organization_id: seller.orgId,
      purchasing_organization_id: buyer.orgId,
      line_items: [],
      total_cents: 0,
      item_count: 0,
      min_items: 0,
      min_cents: 0,
      is_returning: false,
      meets_minimum: true,
      is_preview: false,
      can_checkout: false,
      seller_payments_active: false,
      checkout_issues: [{ code: 'empty', message: EMPTY_CART_MESSAGE }],
      order: { id: expect.any(String), is_net_30: false, status: 'draft' },
    });
    const again = await readCart(seller, buyer);
    expect(again.id).toBe(first.id);
    expect(again.order.id).toBe(first.order.id);
  });

  it('gives an open cart found without its draft order one on the next read', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const made = await db().execute<{ id: string }>(sql`
      insert into carts (selling_organization_id, purchasing_organization_id) values (${seller.orgId}, ${buyer.orgId})
      returning id`);
    const cart = await readCart(seller, buyer);
    expect(cart.id).toBe(made.rows[0]!.id);
    expect(cart.order).toEqual({ id: expect.any(String), is_net_30: false, status: 'draft' });
    expect((await readCart(seller, buyer)).order.id).toBe(cart.order.id);
  });

  it('opens exactly one cart and one draft order when 20 first reads race', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => getCart(seller, buyer)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.body.id));
    const orderIds = new Set(answers.map((a) => a.body.order.id));
    expect(ids.size).toBe(1);
    expect(orderIds.size).toBe(1);
    const rows = await db().execute<{ carts: number; orders: number }>(sql`
      select (select count(*)::int from carts where selling_organization_id = ${seller.orgId}
                                              and purchasing_organization_id = ${buyer.orgId}) as carts,
             (select count(*)::int from orders where selling_organization_id = ${seller.orgId}
                                               and purchasing_organization_id = ${buyer.orgId}) as orders`);
    expect(rows.rows[0]).toEqual({ carts: 1, orders: 1 });
  });
});

describe('POST|PUT /api/cart/{cartId}/line_item and DELETE /api/cart/line_item/{id}', () => {
  it('sets quantities (one line per product, in the order added), removes lines at 0 or by id, and totals the lines', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const [p1, p2] = [await uploadPhoto(seller), await uploadPhoto(seller)];
    const soap = await product(seller, { name: 'Lavender Soap', price: 450, photos: [p1, p2] });
    const candle = await product(seller, { name: 'Beeswax Candle', price: 1_275 });
    const cart = await readCart(seller, buyer);

    const added = await setLine(cart.id, buyer.token, { product_id: soap.id, quantity: 3 }, 'POST');
    expect(added.status).toBe(200);
    expect(added.body.line_items.map((l: LineItem) => [l.product.name, l.quantity])).toEqual([['Lavender Soap', 3]]);
    expect([added.body.total_cents, added.body.item_count]).toEqual([1_350, 3]);
    await setLineOk(cart.id, buyer.token, candle.id, 2);
    let c = await setLineOk(cart.id, buyer.token, soap.id, 5);
    expect(c.line_items.map((l) => [l.product.name, l.quantity, l.line_total_cents, l.available])).toEqual([
      ['Lavender Soap', 5, 2_250, true],
      ['Beeswax Candle', 2, 2_550, true],
    ]);
    expect(c.total_cents).toBe(4_800);
    expect(c.item_count).toBe(7);
    expect(c.checkout_issues).toEqual([]);
    expect(c.can_checkout).toBe(true);
    const soapLine = c.line_items[0]!;
    expect(soapLine).toMatchObject({
      product: {
        id: soap.id,
        unit_price_in_cents: 450,
        msrp_in_cents: 2_000,
        track_inventory: false,
        inventory_count: null,
      },
      unavailable_reason: null,
    });
    // The first photo only, in the products' media shape.
    expect(soapLine.product.media).toHaveLength(1);
    expect(soapLine.product.media[0]).toMatchObject({
      display_order: 0,
      product_id: soap.id,
      media: { id: p1, cloudinary_url: expect.stringMatching(/^http:\/\/localhost:3999\/media\//) },
    });
    expect(c.line_items[1]!.product.media).toEqual([]);
    expect(await readCart(seller, buyer)).toEqual(c);

    c = await setLineOk(cart.id, buyer.token, candle.id, 0);
    expect(c.line_items.map((l) => l.product.name)).toEqual(['Lavender Soap']);
    // Setting 0 on a product that has no line changes nothing.
    expect(await setLineOk(cart.id, buyer.token, candle.id, 0)).toEqual(c);

    const del = await h.call('DELETE', `/api/cart/line_item/${soapLine.id}`, { token: buyer.token });
    expect(del.status).toBe(200);
    expect(del.body.line_items).toEqual([]);
    expect(del.body.total_cents).toBe(0);
    // The line is gone: deleting it again is a 404.
    const again = await h.call('DELETE', `/api/cart/line_item/${soapLine.id}`, { token: buyer.token });
    expect(again.status).toBe(404);
  });

  it('says what a line is priced per: its order unit and the retail units in one (issue 27)', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const soap = await putProduct(seller, {
      name: 'Case Soap',
      state: 'Live',
      unit_price_in_cents: 450,
      msrp_in_cents: 900,
      order_unit: 'Case',
      quantity_per_unit: 12,
    });
    const candle = await product(seller, { name: 'Loose Candle' });
    const cart = await readCart(seller, buyer);
    await setLineOk(cart.id, buyer.token, soap.id, 2);
    const c = await setLineOk(cart.id, buyer.token, candle.id, 1);
    expect(c.line_items.map((l) => [l.product.name, l.product.order_unit?.unit ?? null, l.product.quantity_per_unit])).toEqual([
      ['Case Soap', 'Case', 12],
      ['Loose Candle', null, null],
    ]);
    expect(await readCart(seller, buyer)).toEqual(c);
  });

  it('shows a price change at once', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const soap = await product(seller, { name: 'Oat Soap', price: 500 });
    const cart = await readCart(seller, buyer);
    await setLineOk(cart.id, buyer.token, soap.id, 4);
    await putProduct(seller, { id: soap.id, name: 'Oat Soap', unit_price_in_cents: 650 });
    const c = await readCart(seller, buyer);
    expect(c.line_items[0]!.product.unit_price_in_cents).toBe(650);
    expect(c.line_items[0]!.line_total_cents).toBe(2_600);
    expect(c.total_cents).toBe(2_600);
  });

  it('refuses bad changes with a message naming the field and the product, and leaves the cart unchanged', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const other = await h.newOrgUser('Merchant');
    const theirs = await product(other, { name: 'Their Tea' });
    const soap = await product(seller, { name: 'Lavender Soap' });
    const draft = await product(seller, { name: 'Draft Jam', state: 'Draft' });
    const archived = await product(seller, { name: 'Old Honey', state: 'Archived' });
    const removed = await product(seller, { name: 'Gone Salt' });
    expect((await h.call('DELETE', `/api/product/${removed.id}`, { token: seller.token })).status).toBe(200);
    const tracked = await product(seller, { name: 'Rose Balm' });
    await trackStock(tracked.id, 3);
    const soldOut = await product(seller, { name: 'Fig Butter' });
    await trackStock(soldOut.id, 0);

    const cart = await readCart(seller, buyer);
    await setLineOk(cart.id, buyer.token, soap.id, 2);
    const before = await readCart(seller, buyer);

    const cases: [string, unknown, number, string, string, RegExp][] = [
      [
        'another seller’s product',
        { product_id: theirs.id, quantity: 1 },
        404,
        'not_found',
        'product_id',
        /^product_id: /,
      ],
      [
        'an unknown product',
        { product_id: randomUUID(), quantity: 1 },
        404,
        'not_found',
        'product_id',
        /^product_id: /,
      ],
      [
        'a Draft product',
        { product_id: draft.id, quantity: 1 },
        409,
        'product_unavailable',
        'product_id',
        /"Draft Jam" is not for sale/,
      ],
      [
        'an Archived product',
        { product_id: archived.id, quantity: 1 },
        409,
        'product_unavailable',
        'product_id',
        /"Old Honey"/,
      ],
      [
        'a deleted product',
        { product_id: removed.id, quantity: 1 },
        409,
        'product_deleted',
        'product_id',
        /"Gone Salt" was removed/,
      ],
      [
        'more than the stock',
        { product_id: tracked.id, quantity: 4 },
        409,
        'insufficient_inventory',
        'quantity',
        /^quantity: only 3 of "Rose Balm" left$/,
      ],
      [
        'an out-of-stock product',
        { product_id: soldOut.id, quantity: 1 },
        409,
        'insufficient_inventory',
        'quantity',
        /^quantity: "Fig Butter" is out of stock$/,
      ],
      ['quantity -1', { product_id: soap.id, quantity: -1 }, 400, 'validation_error', 'quantity', /quantity/],
      [
        'quantity 1.5',
        { product_id: soap.id, quantity: 1.5 },
        400,
        'validation_error',
        'quantity',
        /quantity: must be a whole number/,
      ],
      [
        'quantity over the limit',
        { product_id: soap.id, quantity: CART_LIMITS.lineQuantity + 1 },
        400,
        'validation_error',
        'quantity',
        /at most/,
      ],
      ['quantity as text', { product_id: soap.id, quantity: '3' }, 400, 'validation_error', 'quantity', /quantity/],
      ['no product_id', { quantity: 1 }, 400, 'validation_error', 'product_id', /product_id/],
      [
        'a product_id that is not an id',
        { product_id: 'soap', quantity: 1 },
        400,
        'validation_error',
        'product_id',
        /product_id/,
      ],
    ];
    for (const [what, body, status, code, field, message] of cases) {
      const res = await setLine(cart.id, buyer.token, body);
      expect([what, res.status, res.body.error], JSON.stringify(res.body)).toEqual([what, status, code]);
      expect(res.body.message, what).toMatch(message);
      expect(res.body.issues?.[0]?.path, what).toBe(field);
    }
    // Another seller's product is not named: its name is none of this buyer's business.
    expect(
      JSON.stringify((await setLine(cart.id, buyer.token, { product_id: theirs.id, quantity: 1 })).body),
    ).not.toContain('Their Tea');
    // Within the stock is fine.
    expect((await setLineOk(cart.id, buyer.token, tracked.id, 3)).line_items).toHaveLength(2);
    await setLineOk(cart.id, buyer.token, tracked.id, 0);
    expect(await readCart(seller, buyer)).toEqual(before);
  });

  it(`refuses a line beyond ${CART_LIMITS.lines} products, but still changes the lines it has`, async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const cart = await readCart(seller, buyer);
    const state = await h.call('GET', '/api/product/state', { token: seller.token });
    const live = state.body.find((s: { state: string }) => s.state === 'Live').id as number;
    // A full cart, written directly: 500 products through the API would only slow the test down.
    await db().execute(sql`
      with made as (
        insert into products (organization_id, name, state_id, unit_price_in_cents)
        select ${seller.orgId}, 'Bulk ' || n, ${live}, 100 from generate_series(1, ${CART_LIMITS.lines}) n
        returning id)
      insert into line_items (cart_id, product_id, quantity) select ${cart.id}, id, 1 from made`);
    const extra = await product(seller, { name: 'One Too Many' });
    const full = await readCart(seller, buyer);
    expect(full.line_items).toHaveLength(CART_LIMITS.lines);

    const res = await setLine(cart.id, buyer.token, { product_id: extra.id, quantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('too_many_lines');
    expect(res.body.message).toBe(
      `product_id: a cart holds at most ${CART_LIMITS.lines} different products; remove one to add "One Too Many"`,
    );
    expect(await readCart(seller, buyer)).toEqual(full);

    const first = full.line_items[0]!;
    const changed = await setLineOk(cart.id, buyer.token, first.product.id, 7);
    expect(changed.line_items[0]!.quantity).toBe(7);
    expect(changed.item_count).toBe(CART_LIMITS.lines + 6);
  });

  it('keeps the lines of products unpublished, removed or sold out after adding: marked, left out of the total, blocking checkout, removable', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const keep = await product(seller, { name: 'Keeper', price: 1_000 });
    const unpublished = await product(seller, { name: 'Seasonal Jam', price: 700 });
    const removed = await product(seller, { name: 'Discontinued Tea', price: 900 });
    const scarce = await product(seller, { name: 'Rare Honey', price: 2_000 });
    const cart = await readCart(seller, buyer);
    for (const [p, q] of [
      [keep, 1],
      [unpublished, 2],
      [removed, 3],
      [scarce, 5],
    ] as const) {
      await setLineOk(cart.id, buyer.token, p.id, q);
    }
    expect((await readCart(seller, buyer)).total_cents).toBe(1_000 + 1_400 + 2_700 + 10_000);

    await putProduct(seller, { id: unpublished.id, name: 'Seasonal Jam', state: 'Draft' });
    expect((await h.call('DELETE', `/api/product/${removed.id}`, { token: seller.token })).status).toBe(200);
    await trackStock(scarce.id, 3);

    let c = await readCart(seller, buyer);
    expect(
      c.line_items.map((l) => [l.product.name, l.quantity, l.available, l.unavailable_reason, l.line_total_cents]),
    ).toEqual([
      ['Keeper', 1, true, null, 1_000],
      ['Seasonal Jam', 2, false, 'No longer for sale', 0],
      ['Discontinued Tea', 3, false, 'Removed from the catalog', 0],
      ['Rare Honey', 5, false, 'Only 3 left', 0],
    ]);
    expect(c.total_cents).toBe(1_000);
    expect(c.item_count).toBe(1);
    expect(c.can_checkout).toBe(false);
    expect(c.checkout_issues).toEqual([{ code: 'unavailable_lines', message: UNAVAILABLE_LINES_MESSAGE }]);
    expect(c.line_items[3]!.product).toMatchObject({ track_inventory: true, inventory_count: 3 });

    // More of a product that left the catalogue is refused; less stock than asked is refused.
    const more = await setLine(cart.id, buyer.token, { product_id: removed.id, quantity: 4 });
    expect([more.status, more.body.error]).toEqual([409, 'product_deleted']);
    const unpublishedMore = await setLine(cart.id, buyer.token, { product_id: unpublished.id, quantity: 1 });
    expect([unpublishedMore.status, unpublishedMore.body.error]).toEqual([409, 'product_unavailable']);
    expect(await readCart(seller, buyer)).toEqual(c);

    // Removing them is always allowed: by quantity 0, by line id, or by lowering to the stock.
    await setLineOk(cart.id, buyer.token, unpublished.id, 0);
    const del = await h.call('DELETE', `/api/cart/line_item/${c.line_items[2]!.id}`, { token: buyer.token });
    expect(del.status).toBe(200);
    c = await setLineOk(cart.id, buyer.token, scarce.id, 3);
    expect(c.line_items.map((l) => [l.product.name, l.available])).toEqual([
      ['Keeper', true],
      ['Rare Honey', true],
    ]);
    expect(c.total_cents).toBe(7_000);
    expect(c.can_checkout).toBe(true);
  });

  it('refuses changes to a cart whose order was submitted, and opens a new cart on the next read', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const soap = await product(seller);
    const cart = await readCart(seller, buyer);
    const withLine = await setLineOk(cart.id, buyer.token, soap.id, 2);
    await submitOrder(cart.id);

    const set = await setLine(cart.id, buyer.token, { product_id: soap.id, quantity: 3 });
    expect([set.status, set.body.error]).toEqual([409, 'cart_closed']);
    expect(set.body.message).toMatch(/^cartId: /);
    const zero = await setLine(cart.id, buyer.token, { product_id: soap.id, quantity: 0 });
    expect([zero.status, zero.body.error]).toEqual([409, 'cart_closed']);
    const del = await h.call('DELETE', `/api/cart/line_item/${withLine.line_items[0]!.id}`, { token: buyer.token });
    expect([del.status, del.body.error]).toEqual([409, 'cart_closed']);
    const lines = await db().execute<{ quantity: number }>(
      sql`select quantity from line_items where cart_id = ${cart.id}`,
    );
    expect(lines.rows).toEqual([{ quantity: 2 }]);

    const next = await readCart(seller, buyer);
    expect(next.id).not.toBe(cart.id);
    expect(next.order.id).not.toBe(cart.order.id);
    expect(next.order).toMatchObject({ status: 'draft', is_net_30: false });
    expect(next.line_items).toEqual([]);
  });

  it('ends with one line holding one of the quantities when 20 sets of one product race', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const soap = await product(seller);
    const cart = await readCart(seller, buyer);
    const quantities = Array.from({ length: 20 }, (_, i) => i + 1);
    const answers = await Promise.all(
      quantities.map((q) =>
        setLine(cart.id, buyer.token, { product_id: soap.id, quantity: q }, q % 2 ? 'POST' : 'PUT'),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const c = await readCart(seller, buyer);
    expect(c.line_items).toHaveLength(1);
    expect(quantities).toContain(c.line_items[0]!.quantity);
    const rows = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from line_items where cart_id = ${cart.id}`,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });
});

// ─── Minimums and the checkout gate ──────────────────────────────────────────────────
describe('the checkout gate', () => {
  it('applies the first-order minimums, then the returning ones once the buyer has a completed order', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const terms = await h.call('PUT', `/api/organization/${seller.orgId}`, {
      token: seller.token,
      body: {
        order_terms: {
          new_customer_min: 10,
          new_customer_min_cents: 50_000,
          returning_customer_min: 2,
          returning_customer_min_cents: 1_500,
        },
      },
    });
    expect(terms.status).toBe(200);
    const jam = await product(seller, { price: 1_000 });
    const cart = await readCart(seller, buyer);
    let c = await setLineOk(cart.id, buyer.token, jam.id, 3);
    expect(c).toMatchObject({
      item_count: 3,
      total_cents: 3_000,
      min_items: 10,
      min_cents: 50_000,
      is_returning: false,
      meets_minimum: false,
      can_checkout: false,
    });
    expect(c.checkout_issues).toEqual([
      { code: 'min_items', message: minimumItemsMessage(10) },
      { code: 'min_cents', message: minimumCentsMessage(50_000) },
    ]);
    // Enough items, not enough money: only the amount blocks.
    c = await setLineOk(cart.id, buyer.token, jam.id, 10);
    expect(c.checkout_issues.map((i) => i.code)).toEqual(['min_cents']);
    expect(c.meets_minimum).toBe(false);
    c = await setLineOk(cart.id, buyer.token, jam.id, 50);
    expect([c.meets_minimum, c.can_checkout, c.checkout_issues]).toEqual([true, true, []]);

    await submitOrder(cart.id);
    const next = await readCart(seller, buyer);
    expect(next).toMatchObject({ is_returning: true, min_items: 2, min_cents: 1_500, meets_minimum: false });
    expect(next.checkout_issues).toEqual([
      { code: 'empty', message: EMPTY_CART_MESSAGE },
      { code: 'min_items', message: minimumItemsMessage(2) },
      { code: 'min_cents', message: minimumCentsMessage(1_500) },
    ]);
    c = await setLineOk(next.id, buyer.token, jam.id, 2);
    expect([c.meets_minimum, c.can_checkout, c.checkout_issues]).toEqual([true, true, []]);
  });

  it('lets the seller fill a preview cart in its own store, which never checks out', async () => {
    const seller = await h.newOrgUser('Merchant');
    const soap = await product(seller, { price: 800 });
    const draft = await product(seller, { state: 'Draft' });
    const preview = await readCart(seller, seller);
    expect(preview).toMatchObject({
      selling_organization_id: seller.orgId,
      purchasing_organization_id: seller.orgId,
      is_preview: true,
    });
    const c = await setLineOk(preview.id, seller.token, soap.id, 2);
    expect(c).toMatchObject({ total_cents: 1_600, meets_minimum: true, can_checkout: false });
    expect(c.checkout_issues).toEqual([{ code: 'preview', message: PREVIEW_CHECKOUT_MESSAGE }]);
    // The preview shows what buyers see: a Draft product cannot be added there either.
    expect((await setLine(preview.id, seller.token, { product_id: draft.id, quantity: 1 })).status).toBe(409);
  });
});

// ─── Who may read and change a cart ──────────────────────────────────────────────────
describe('cart access', () => {
  it('refuses anonymous callers, strangers, other buyers and the seller’s members, and nothing changes', async () => {
    const { seller, buyer } = await sellerAndBuyer('Access Seller');
    const soap = await product(seller);
    const cart = await readCart(seller, buyer);
    const withLine = await setLineOk(cart.id, buyer.token, soap.id, 2);
    const line = withLine.line_items[0]!;

    const otherBuyer = await h.newOrgUser('Buyer');
    await makeCustomer(seller, otherBuyer);
    const stranger = await h.newUser();
    const strangerOrg = await h.newOrgUser('Buyer');
    // A second member of the buyer's organization may use the cart too (it is the organization's).
    const colleague = await h.newUser();
    await db().execute(sql`insert into memberships (user_id, organization_id, role)
      select id, ${buyer.orgId}, 'staff' from users where auth_subject = ${colleague.sub}`);

    const callers: [string, string | undefined][] = [
      ['anonymous', undefined],
      ['a user without an organization', stranger.token],
      ['a buyer of no relation', strangerOrg.token],
      ['another buyer of the same seller', otherBuyer.token],
      ['the seller’s member', seller.token],
    ];
    for (const [who, token] of callers) {
      const read = await h.call('GET', pairUrl(seller.orgId, buyer.orgId), { token });
      const set = await setLine(cart.id, token as string, { product_id: soap.id, quantity: 9 });
      const post = await setLine(cart.id, token as string, { product_id: soap.id, quantity: 0 }, 'POST');
      const del = await h.call('DELETE', `/api/cart/line_item/${line.id}`, { token });
      const expected = token ? [403, 404, 404, 404] : [401, 401, 401, 401];
      expect([who, read.status, set.status, post.status, del.status]).toEqual([who, ...expected]);
      expect(JSON.stringify([read.body, set.body, post.body, del.body])).not.toContain(soap.name);
    }
    expect(await readCart(seller, buyer)).toEqual(withLine);

    const mine = await h.call('GET', pairUrl(seller.orgId, buyer.orgId), { token: colleague.token });
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(cart.id);
  });

  it('opens a cart only with a seller the organization buys from, or its own store', async () => {
    const { seller, buyer } = await sellerAndBuyer();
    const unrelated = await h.newOrgUser('Merchant');
    // Its own organization, with a seller it does not buy from.
    expect((await h.call('GET', pairUrl(unrelated.orgId, buyer.orgId), { token: buyer.token })).status).toBe(403);
    // The seller's own preview cart is the seller's, not the buyer's.
    expect((await h.call('GET', pairUrl(seller.orgId, seller.orgId), { token: buyer.token })).status).toBe(403);
    // A buyer organization is nobody's seller… but the ids must be ids.
    const bad = await h.call('GET', pairUrl('nope', buyer.orgId), { token: buyer.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/selling_organization_id/);
    // The other buyer's own cart with the seller is its own, not this buyer's.
    const other = await h.newOrgUser('Buyer');
    await makeCustomer(seller, other);
    const theirs = await h.call('GET', pairUrl(seller.orgId, other.orgId), { token: other.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe((await readCart(seller, buyer)).id);
    const rows = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from carts where selling_organization_id = ${unrelated.orgId}`,
    );
    expect(rows.rows[0]!.n).toBe(0);
  });
});
