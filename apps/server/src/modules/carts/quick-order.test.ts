/**
 * The quick-order sheet's server side (issue 13 item 4): its rows (`for-sale?view=sheet`) and
 * PUT /api/cart/{cartId}/line_items — many lines at once, by product id or SKU, refused line by
 * line, in one transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CART_LIMITS, type Cart, type ProductSheetRow, type SetLineItemsResult } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { ok, type Org } from '../../../test/support/checkout.js';
import { inviteAndAccept } from '../../../test/support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.testDb.database.db;

async function store(label: string) {
  const seller = await h.newOrgUser('Merchant', `${label} Goods`);
  const buyer = await h.newOrgUser('Buyer', `${label} Shop`);
  await inviteAndAccept(h, seller, buyer);
  return { seller, buyer };
}

/** A product of the seller (Live unless told otherwise); answers its id. */
async function product(seller: Org, body: Record<string, unknown>): Promise<string> {
  const made = await ok(
    h.call('PUT', '/api/product', {
      token: seller.token,
      body: { organization: { id: seller.orgId }, state: { id: 2 }, unit_price_in_cents: 500, ...body },
    }),
  );
  return made.id;
}

async function cartOf(seller: Org, buyer: Org): Promise<Cart> {
  return ok(
    h.call('GET', `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`, {
      token: buyer.token,
    }),
  );
}

const setLines = (cartId: string, token: string | undefined, lines: unknown) =>
  h.call('PUT', `/api/cart/${cartId}/line_items`, { token, body: { lines } });

const quantities = (cart: Cart) => Object.fromEntries(cart.line_items.map((l) => [l.product.name, l.quantity]));

describe('GET …/for-sale?view=sheet', () => {
  it('lists Live products as sheet rows (SKU, unit, price, rules, stock when tracked), filtered by SKU or name', async () => {
    const { seller, buyer } = await store('Sheet');
    await product(seller, { name: 'Draft Jam', stock_keeping_unit: 'JAM-0', state: { id: 1 } });
    const jam = await product(seller, {
      name: 'Fig Jam',
      stock_keeping_unit: 'JAM-1',
      order_unit: { id: 2 },
      quantity_per_unit: 12,
      unit_price_in_cents: 450,
      minimum_order_quantity: 2,
      order_increment: 2,
      price_breaks: [{ min_quantity: 10, unit_price_in_cents: 400 }],
    });
    const honey = await product(seller, { name: 'Clover Honey', stock_keeping_unit: 'HON-1', unit_price_in_cents: 900 });
    await db().execute(sql`update products set track_inventory = true, inventory_count = 7 where id = ${honey}`);

    const url = `/api/product/organization/${seller.orgId}/for-sale?view=sheet&limit=10`;
    const rows = (await ok(h.call('GET', url, { token: buyer.token }))) as ProductSheetRow[];
    expect(rows.map((r) => r.name)).toEqual(['Clover Honey', 'Fig Jam']);
    expect(rows[1]).toEqual({
      id: jam,
      product_id: jam,
      name: 'Fig Jam',
      variant_title: null,
      stock_keeping_unit: 'JAM-1',
      order_unit: 'Case',
      quantity_per_unit: 12,
      unit_price_in_cents: 450,
      minimum_order_quantity: 2,
      order_increment: 2,
      price_breaks: [{ min_quantity: 10, unit_price_in_cents: 400 }],
      track_inventory: false,
      inventory_count: null,
      preorder: null,
    });
    expect(rows[0]).toMatchObject({ id: honey, track_inventory: true, inventory_count: 7 });

    const bySku = (await ok(h.call('GET', `${url}&q=hon-`, { token: buyer.token }))) as ProductSheetRow[];
    expect(bySku.map((r) => r.stock_keeping_unit)).toEqual(['HON-1']);
    const byName = (await ok(h.call('GET', `${url}&q=fig`, { token: buyer.token }))) as ProductSheetRow[];
    expect(byName.map((r) => r.id)).toEqual([jam]);

    // A stock change shows on the next read (the page cache follows the catalogue's stamp).
    await ok(
      h.call('POST', '/api/inventory/transaction', { token: seller.token, body: { product: { id: honey }, count: 3 } }),
    );
    const after = (await ok(h.call('GET', url, { token: buyer.token }))) as ProductSheetRow[];
    expect(after[0]).toMatchObject({ id: honey, inventory_count: 10 });

    const stranger = await h.newOrgUser('Buyer', 'Sheet Stranger');
    expect((await h.call('GET', url, { token: stranger.token })).status).toBe(403);
    const bad = await h.call('GET', url.replace('view=sheet', 'view=grid'), { token: buyer.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/view/);
  });
});

describe('PUT /api/cart/{cartId}/line_items', () => {
  it('sets many lines by id or SKU, removes at 0, and answers every line and the cart', async () => {
    const { seller, buyer } = await store('Bulk');
    const tea = await product(seller, { name: 'Green Tea', stock_keeping_unit: 'TEA-1', unit_price_in_cents: 300 });
    const mug = await product(seller, { name: 'Mug', stock_keeping_unit: 'MUG-1', unit_price_in_cents: 800 });
    const pot = await product(seller, { name: 'Teapot', stock_keeping_unit: 'POT-1', unit_price_in_cents: 2_500 });
    const cart = await cartOf(seller, buyer);

    const first = (await ok(
      setLines(cart.id, buyer.token, [
        { product_id: tea, quantity: 10 },
        { stock_keeping_unit: 'MUG-1', quantity: 4 },
        { stock_keeping_unit: ' POT-1 ', quantity: 1 },
      ]),
    )) as SetLineItemsResult;
    expect(first.results).toEqual([
      { index: 0, product_id: tea, name: 'Green Tea', stock_keeping_unit: 'TEA-1', quantity: 10, status: 'set', code: null, message: null },
      { index: 1, product_id: mug, name: 'Mug', stock_keeping_unit: 'MUG-1', quantity: 4, status: 'set', code: null, message: null },
      { index: 2, product_id: pot, name: 'Teapot', stock_keeping_unit: 'POT-1', quantity: 1, status: 'set', code: null, message: null },
    ]);
    expect(quantities(first.cart)).toEqual({ 'Green Tea': 10, Mug: 4, Teapot: 1 });
    expect(first.cart.total_cents).toBe(10 * 300 + 4 * 800 + 2_500);

    // A retry of the same change is harmless: quantities are set, not added.
    const again = (await ok(
      setLines(cart.id, buyer.token, [
        { product_id: tea, quantity: 10 },
        { stock_keeping_unit: 'MUG-1', quantity: 4 },
        { stock_keeping_unit: 'POT-1', quantity: 1 },
      ]),
    )) as SetLineItemsResult;
    expect(again.cart).toEqual(first.cart);

    const second = (await ok(
      setLines(cart.id, buyer.token, [
        { product_id: pot, quantity: 0 },
        { stock_keeping_unit: 'TEA-1', quantity: 12 },
      ]),
    )) as SetLineItemsResult;
    expect(second.results.map((r) => [r.name, r.status])).toEqual([
      ['Teapot', 'removed'],
      ['Green Tea', 'set'],
    ]);
    // Lines keep the order they were added in.
    expect(second.cart.line_items.map((l) => [l.product.name, l.quantity])).toEqual([
      ['Green Tea', 12],
      ['Mug', 4],
    ]);
  });

  it('refuses line by line with the reason, writes the others, and names the line for a repeated product', async () => {
    const { seller, buyer } = await store('Refusals');
    const other = await h.newOrgUser('Merchant', 'Refusals Elsewhere');
    const foreign = await product(other, { name: 'Not Theirs', stock_keeping_unit: 'ELSE-1' });
    const good = await product(seller, { name: 'Oat Bar', stock_keeping_unit: 'OAT-1' });
    const draft = await product(seller, { name: 'Secret Bar', stock_keeping_unit: 'SEC-1', state: { id: 1 } });
    const removed = await product(seller, { name: 'Old Bar', stock_keeping_unit: 'OLD-1' });
    await ok(h.call('DELETE', `/api/product/${removed}`, { token: seller.token }));
    await product(seller, { name: 'Case Bar', stock_keeping_unit: 'CASE-6', minimum_order_quantity: 6, order_increment: 6 });
    const scarce = await product(seller, { name: 'Rare Bar', stock_keeping_unit: 'RARE-1' });
    await db().execute(sql`update products set track_inventory = true, inventory_count = 2 where id = ${scarce}`);
    const cart = await cartOf(seller, buyer);

    const res = (await ok(
      setLines(cart.id, buyer.token, [
        { stock_keeping_unit: 'OAT-1', quantity: 3 },
        { stock_keeping_unit: 'NOPE-9', quantity: 1 },
        { product_id: foreign, quantity: 1 },
        { stock_keeping_unit: 'ELSE-1', quantity: 1 },
        { product_id: draft, quantity: 1 },
        { product_id: removed, quantity: 1 },
        { stock_keeping_unit: 'OLD-1', quantity: 1 },
        { stock_keeping_unit: 'CASE-6', quantity: 4 },
        { stock_keeping_unit: 'CASE-6', quantity: 12 },
        { stock_keeping_unit: 'RARE-1', quantity: 3 },
        { product_id: good, quantity: 5 },
      ]),
    )) as SetLineItemsResult;
    expect(res.results.map((r) => [r.index, r.status, r.code, r.message])).toEqual([
      [0, 'set', null, null],
      [1, 'refused', 'not_found', 'this store has no product with SKU "NOPE-9"'],
      [2, 'refused', 'not_found', 'this store has no product with this id'],
      [3, 'refused', 'not_found', 'this store has no product with SKU "ELSE-1"'],
      [4, 'refused', 'product_unavailable', '"Secret Bar" is not for sale'],
      [5, 'refused', 'product_deleted', '"Old Bar" was removed from the catalog'],
      [6, 'refused', 'not_found', 'this store has no product with SKU "OLD-1"'],
      [7, 'refused', 'below_minimum', 'Minimum order is 6'],
      [8, 'refused', 'duplicate_line', '"Case Bar" is already on line 8 of this list'],
      [9, 'refused', 'insufficient_inventory', 'only 2 of "Rare Bar" left'],
      [10, 'refused', 'duplicate_line', '"Oat Bar" is already on line 1 of this list'],
    ]);
    // A foreign product's name never shows.
    expect(JSON.stringify(res)).not.toContain('Not Theirs');
    expect(quantities(res.cart)).toEqual({ 'Oat Bar': 3 });
  });

  it(`keeps a cart at ${CART_LIMITS.lines} products: removals make room first, then lines in order until it is full`, async () => {
    const { seller, buyer } = await store('Full');
    const cart = await cartOf(seller, buyer);
    await db().execute(sql`
      with made as (
        insert into products (organization_id, name, stock_keeping_unit, state_id, unit_price_in_cents)
        select ${seller.orgId}, 'Bulk ' || n, 'B-' || n, 2, 100 from generate_series(1, ${CART_LIMITS.lines}) n
        returning id)
      insert into line_items (cart_id, product_id, quantity) select ${cart.id}, id, 1 from made`);
    await product(seller, { name: 'Extra One', stock_keeping_unit: 'X-1' });
    await product(seller, { name: 'Extra Two', stock_keeping_unit: 'X-2' });

    const res = (await ok(
      setLines(cart.id, buyer.token, [
        { stock_keeping_unit: 'X-1', quantity: 1 },
        { stock_keeping_unit: 'X-2', quantity: 1 },
        { stock_keeping_unit: 'B-1', quantity: 0 },
        { stock_keeping_unit: 'B-2', quantity: 5 },
      ]),
    )) as SetLineItemsResult;
    expect(res.results.map((r) => [r.stock_keeping_unit, r.status, r.code])).toEqual([
      ['X-1', 'set', null],
      ['X-2', 'refused', 'too_many_lines'],
      ['B-1', 'removed', null],
      ['B-2', 'set', null],
    ]);
    expect(res.cart.line_items).toHaveLength(CART_LIMITS.lines);
    expect(quantities(res.cart)).toMatchObject({ 'Extra One': 1, 'Bulk 2': 5 });
    expect(quantities(res.cart)['Bulk 1']).toBeUndefined();
  });

  it('refuses bad bodies naming the field, a closed cart, and callers who do not own the cart; nothing changes', async () => {
    const { seller, buyer } = await store('Guard');
    const soap = await product(seller, { name: 'Guard Soap', stock_keeping_unit: 'G-1' });
    const cart = await cartOf(seller, buyer);
    const bodies: [unknown, RegExp][] = [
      [[], /lines: must hold at least one line/],
      [[{ quantity: 1 }], /lines\.0\.product_id: give either product_id or stock_keeping_unit/],
      [[{ product_id: soap, stock_keeping_unit: 'G-1', quantity: 1 }], /give either product_id or stock_keeping_unit/],
      [[{ product_id: soap, quantity: 1.5 }], /lines\.0\.quantity: must be a whole number/],
      [[{ product_id: soap, quantity: -1 }], /lines\.0\.quantity: must not be negative/],
      [[{ stock_keeping_unit: '', quantity: 1 }], /lines\.0\.stock_keeping_unit/],
      [[{ stock_keeping_unit: 'A\u0007B', quantity: 1 }], /lines\.0\.stock_keeping_unit/],
      [Array.from({ length: CART_LIMITS.lines + 1 }, () => ({ product_id: soap, quantity: 1 })), /lines: must hold at most/],
    ];
    for (const [lines, message] of bodies) {
      const res = await setLines(cart.id, buyer.token, lines);
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    const stranger = await h.newOrgUser('Buyer', 'Guard Stranger');
    expect((await setLines(cart.id, stranger.token, [{ product_id: soap, quantity: 1 }])).status).toBe(404);
    expect((await setLines(cart.id, seller.token, [{ product_id: soap, quantity: 1 }])).status).toBe(404);
    expect((await setLines(cart.id, undefined, [{ product_id: soap, quantity: 1 }])).status).toBe(401);
    expect((await cartOf(seller, buyer)).line_items).toEqual([]);

    await db().execute(sql`update carts set status = 'ordered' where id = ${cart.id}`);
    const closed = await setLines(cart.id, buyer.token, [{ product_id: soap, quantity: 1 }]);
    expect([closed.status, closed.body.error]).toEqual([409, 'cart_closed']);
  });

  it('applies racing bulk changes of one cart one after the other', async () => {
    const { seller, buyer } = await store('Race');
    const ids = await Promise.all(
      ['A', 'B', 'C'].map((n) => product(seller, { name: `Race ${n}`, stock_keeping_unit: `R-${n}` })),
    );
    const cart = await cartOf(seller, buyer);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        setLines(cart.id, buyer.token, ids.map((id) => ({ product_id: id, quantity: i + 1 }))),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const final = await cartOf(seller, buyer);
    expect(final.line_items).toHaveLength(3);
    // Every line holds the quantity of the same (last applied) change.
    expect(new Set(final.line_items.map((l) => l.quantity)).size).toBe(1);
  });
});
