/**
 * Price lists (issue 25 part 1) through the API: a seller's lists (a percentage off, fixed prices
 * per variant with their own breaks, hidden products), customers on them, and what each buyer
 * sees and pays — on every read (grid tiles, sheet rows, full products, the product page, the
 * cart) and at checkout — never another list's price, kept pages included; a list changed between
 * the cart and payment gives cart_changed, never a different charge. Bad input and access.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CheckoutSession,
  Order,
  PriceList,
  PriceListProductList,
  ProductSheetRowList,
  ProductTileList,
  TEST_CARDS,
  discountedCents,
  type Cart,
  type Product,
} from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readCart,
  readySeller,
  sizedTee,
  type Org,
} from '../../../test/support/checkout.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => h?.close());

const lists = (seller: Org) => `/api/organization/${seller.orgId}/price_lists`;
const createList = (seller: Org, body: Record<string, unknown>) =>
  ok<PriceList>(h.call('POST', lists(seller), { token: seller.token, body }));
const setPrices = (seller: Org, listId: string, prices: unknown[]) =>
  h.call('PUT', `${lists(seller)}/${listId}/prices`, { token: seller.token, body: { prices } });
const assign = (seller: Org, buyer: Org, listId: string | null) =>
  h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/price_list`, {
    token: seller.token,
    body: { price_list_id: listId },
  });
const tiles = async (seller: Org, viewer: Org) =>
  ProductTileList.parse(
    await ok(h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=tile`, { token: viewer.token })),
  );
const sheet = async (seller: Org, viewer: Org) =>
  ProductSheetRowList.parse(
    await ok(h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=sheet`, { token: viewer.token })),
  );
const full = async (seller: Org, viewer: Org) =>
  ok<Product[]>(h.call('GET', `/api/product/organization/${seller.orgId}/for-sale`, { token: viewer.token }));
const page = (viewer: Org, productId: string) => h.call('GET', `/api/product/${productId}`, { token: viewer.token });

/**
 * A seller with a tee in two sizes ($20.00, with a break at 12 → $18.00), a mug ($10.00) and a
 * candle ($30.00); "Distributor" (20 % off), "Key accounts" (the M tee fixed at $15.00 with a
 * break at 24 → $14.00, the candle hidden); three customers: one on each list, one on none.
 */
async function world() {
  const seller = await readySeller(h);
  const tee = await sizedTee(h, seller);
  const { small, medium } = tee;
  const mug = await liveProduct(h, seller, { name: 'Mug', unit_price_in_cents: 1_000 });
  const candle = await liveProduct(h, seller, { name: 'Candle', unit_price_in_cents: 3_000 });
  const distributor = await createList(seller, { name: 'Distributor', percent_off: 20 });
  const key = await createList(seller, { name: 'Key accounts' });
  await ok(
    setPrices(seller, key.id, [
      {
        product_id: medium,
        unit_price_in_cents: 1_500,
        price_breaks: [{ min_quantity: 24, unit_price_in_cents: 1_400 }],
      },
    ]),
  );
  await ok(
    h.call('PUT', `${lists(seller)}/${key.id}/hidden_products`, {
      token: seller.token,
      body: { products: [{ product_id: candle, hidden: true }] },
    }),
  );
  const onDistributor = await customerOf(h, seller, 'Distributor Co');
  const onKey = await customerOf(h, seller, 'Key Account Co');
  const onNone = await customerOf(h, seller, 'Boutique Co');
  await ok(assign(seller, onDistributor, distributor.id));
  await ok(assign(seller, onKey, key.id));
  return { seller, tee: tee.id, small, medium, mug, candle, distributor, key, onDistributor, onKey, onNone };
}

describe('price lists: what each buyer sees', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });

  it('prices the grid, the sheet, full products and the product page under each buyer’s list, kept pages included', async () => {
    // Twice round, buyers interleaved: the second round is served from kept pages.
    for (let round = 0; round < 2; round++) {
      for (const [viewer, expected] of [
        [w.onNone, { tee: [2_000, 2_000], mug: 1_000, candle: true, mBreaks: [[12, 1_800]] }],
        [w.onDistributor, { tee: [1_600, 1_600], mug: 800, candle: true, mBreaks: [[12, 1_440]] }],
        [w.onKey, { tee: [1_500, 2_000], mug: 1_000, candle: false, mBreaks: [[24, 1_400]] }],
        [w.seller, { tee: [2_000, 2_000], mug: 1_000, candle: true, mBreaks: [[12, 1_800]] }],
      ] as const) {
        const grid = await tiles(w.seller, viewer);
        const tee = grid.find((t) => t.id === w.tee)!;
        expect(tee.price_range, viewer.email).toEqual({ min: expected.tee[0], max: expected.tee[1] });
        expect(grid.find((t) => t.id === w.mug)!.unit_price_in_cents).toBe(expected.mug);
        expect(grid.some((t) => t.id === w.candle)).toBe(expected.candle);

        const rows = await sheet(w.seller, viewer);
        const m = rows.find((r) => r.id === w.medium)!;
        expect(m.price_breaks.map((b) => [b.min_quantity, b.unit_price_in_cents])).toEqual(expected.mBreaks);
        expect(rows.find((r) => r.id === w.mug)!.unit_price_in_cents).toBe(expected.mug);

        const products = await full(w.seller, viewer);
        expect(products.find((p) => p.id === w.mug)!.unit_price_in_cents).toBe(expected.mug);
        const teeFull = products.find((p) => p.id === w.tee)!;
        expect(teeFull.variants.find((v) => v.id === w.medium)!.price_breaks.map((b) => b.min_quantity)).toEqual(
          expected.mBreaks.map((b) => b[0]),
        );

        const product = await page(viewer, w.tee);
        expect(product.status).toBe(200);
        expect((product.body as Product).price_range).toEqual({ min: expected.tee[0], max: expected.tee[1] });
        expect((await page(viewer, w.candle)).status).toBe(expected.candle ? 200 : 404);
      }
    }
  });

  it('never puts another list’s price in a buyer’s answers', async () => {
    const texts = async (viewer: Org) =>
      [
        JSON.stringify(await tiles(w.seller, viewer)),
        JSON.stringify(await sheet(w.seller, viewer)),
        JSON.stringify(await full(w.seller, viewer)),
        JSON.stringify((await page(viewer, w.tee)).body),
      ].join('\n');
    // 1500 and 1400 exist only on Key accounts; 1600, 800 and 1440 only on Distributor.
    const none = await texts(w.onNone);
    const distributor = await texts(w.onDistributor);
    const key = await texts(w.onKey);
    for (const price of [1_500, 1_400, 1_600, 800, 1_440])
      expect(none).not.toMatch(new RegExp(`"unit_price_in_cents":${price}\\b`));
    for (const price of [1_500, 1_400]) expect(distributor).not.toMatch(new RegExp(`:${price}\\b`));
    for (const price of [1_600, 1_440]) expect(key).not.toMatch(new RegExp(`:${price}\\b`));
    expect(key).not.toContain('Candle');
  });

  it('prices cart lines under the buyer’s list and refuses the products it hides', async () => {
    const cart = await readCart(h, w.seller, w.onKey);
    const put = (productId: string, quantity: number) =>
      h.call('PUT', `/api/cart/${cart.id}/line_item`, {
        token: w.onKey.token,
        body: { product_id: productId, quantity },
      });
    let now = await ok<Cart>(put(w.medium, 24));
    expect(now.line_items[0]).toMatchObject({ unit_price_in_cents: 1_400, line_total_cents: 24 * 1_400 });
    expect(now.line_items[0]!.product).toMatchObject({ unit_price_in_cents: 1_500 });
    now = await ok<Cart>(put(w.medium, 2));
    expect(now.total_cents).toBe(2 * 1_500);
    const hidden = await put(w.candle, 1);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ error: 'not_found' });
    const bulk = await ok<{ results: { status: string; code?: string }[] }>(
      h.call('PUT', `/api/cart/${cart.id}/line_items`, {
        token: w.onKey.token,
        body: { lines: [{ product_id: w.candle, quantity: 1 }] },
      }),
    );
    expect(bulk.results[0]).toMatchObject({ code: 'not_found' });

    const other = await readCart(h, w.seller, w.onDistributor);
    const theirs = await ok<Cart>(
      h.call('PUT', `/api/cart/${other.id}/line_item`, {
        token: w.onDistributor.token,
        body: { product_id: w.medium, quantity: 12 },
      }),
    );
    expect(theirs.line_items[0]).toMatchObject({ unit_price_in_cents: discountedCents(1_800, 2_000) });
  });
});

describe('price lists at checkout', () => {
  it('charges the list’s prices, captured on the order; a list changed after the buyer saw the cart gives cart_changed', async () => {
    const w = await world();
    const { cart } = await atPayment(h, w.seller, w.onDistributor, { [w.mug]: 3, [w.medium]: 12 });
    const subtotal = 3 * 800 + 12 * 1_440;
    expect(cart.total_cents).toBe(subtotal);

    // The seller changes the list between the cart and the payment: no session, no charge.
    await ok(
      h.call('PATCH', `${lists(w.seller)}/${w.distributor.id}`, { token: w.seller.token, body: { percent_off: 25 } }),
    );
    const refused = await createSession(h, w.seller, w.onDistributor, { id: cart.id, total_cents: cart.total_cents });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'cart_changed' });
    const sessions = await h.testDb.database.db.execute(
      sql`select count(*)::int as n from checkout_sessions where order_id = ${cart.order.id}`,
    );
    expect(sessions.rows[0]).toEqual({ n: 0 });

    const seen = await readCart(h, w.seller, w.onDistributor);
    const newSubtotal = 3 * 750 + 12 * 1_350;
    expect(seen.total_cents).toBe(newSubtotal);
    const session = CheckoutSession.parse(
      await ok(createSession(h, w.seller, w.onDistributor, { id: seen.id, total_cents: seen.total_cents })),
    );
    expect(session.subtotal_cents).toBe(newSubtotal);
    await ok(payWith(h, w.onDistributor, session, TEST_CARDS.succeeds));
    const order = Order.parse(await ok(h.call('GET', `/api/order/${cart.order.id}`, { token: w.onDistributor.token })));
    expect(order.subtotal_cents).toBe(newSubtotal);
    expect(order.cart.line_items.map((l) => [l.name, l.unit_price_in_cents])).toEqual([
      ['Mug', 750],
      ['Tee — M', 1_350],
    ]);
    // A later change of the list does not touch the order placed.
    expect((await h.call('DELETE', `${lists(w.seller)}/${w.distributor.id}`, { token: w.seller.token })).status).toBe(
      204,
    );
    const again = Order.parse(await ok(h.call('GET', `/api/order/${cart.order.id}`, { token: w.onDistributor.token })));
    expect(again.subtotal_cents).toBe(newSubtotal);
    expect((await tiles(w.seller, w.onDistributor)).find((t) => t.id === w.mug)!.unit_price_in_cents).toBe(1_000);
  });
});

describe('price lists: the seller’s side, bad input and access', () => {
  it('lists, counts, edits and shows each row’s wholesale and list price', async () => {
    const w = await world();
    const all = await ok<PriceList[]>(h.call('GET', lists(w.seller), { token: w.seller.token }));
    expect(
      all.map((l) => [l.name, l.percent_off, l.customer_count, l.fixed_price_count, l.hidden_product_count]),
    ).toEqual([
      ['Distributor', 20, 1, 0, 0],
      ['Key accounts', 0, 1, 1, 1],
    ]);
    const products = PriceListProductList.parse(
      await ok(h.call('GET', `${lists(w.seller)}/${w.key.id}/products?q=tee`, { token: w.seller.token })),
    );
    expect(products).toHaveLength(1);
    expect(
      products[0]!.rows.map((r) => [
        r.variant_title,
        r.wholesale_price_in_cents,
        r.fixed_price_in_cents,
        r.list_price_in_cents,
      ]),
    ).toEqual([
      ['S', 2_000, null, 2_000],
      ['M', 2_000, 1_500, 1_500],
    ]);
    const candle = PriceListProductList.parse(
      await ok(h.call('GET', `${lists(w.seller)}/${w.key.id}/products?q=candle`, { token: w.seller.token })),
    );
    expect(candle[0]).toMatchObject({ hidden: true });
    // Removing the fixed price: the percentage (0 %) applies again.
    await ok(setPrices(w.seller, w.key.id, [{ product_id: w.medium, unit_price_in_cents: null }]));
    const m = (await sheet(w.seller, w.onKey)).find((r) => r.id === w.medium)!;
    expect(m).toMatchObject({
      unit_price_in_cents: 2_000,
      price_breaks: [{ min_quantity: 12, unit_price_in_cents: 1_800 }],
    });
    expect(
      await ok(
        h.call('GET', `/api/order/organization/${w.seller.orgId}/purchasers/${w.onKey.orgId}/price_list`, {
          token: w.seller.token,
        }),
      ),
    ).toEqual({
      price_list: { id: w.key.id, name: 'Key accounts', percent_off: 0 },
    });
    await ok(assign(w.seller, w.onKey, null));
    expect((await tiles(w.seller, w.onKey)).some((t) => t.id === w.candle)).toBe(true);
  });

  it('refuses bad input with the field named, and other sellers’ lists and products', async () => {
    const w = await world();
    const other = await readySeller(h, { payments: false });
    const theirs = await liveProduct(h, other, { name: 'Theirs' });
    const theirList = await createList(other, { name: 'Theirs' });
    const expectIssue = async (res: Promise<{ status: number; body: any }>, status: number, path: string) => {
      const r = await res;
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.issues?.[0]?.path ?? r.body.issues).toBe(path);
    };
    await expectIssue(
      h.call('POST', lists(w.seller), { token: w.seller.token, body: { name: 'Half', percent_off: 100 } }),
      400,
      'percent_off',
    );
    await expectIssue(
      h.call('POST', lists(w.seller), { token: w.seller.token, body: { name: 'Odd', percent_off: 12.345 } }),
      400,
      'percent_off',
    );
    await expectIssue(
      h.call('POST', lists(w.seller), { token: w.seller.token, body: { name: ' ', percent_off: 5 } }),
      400,
      'name',
    );
    await expectIssue(
      h.call('POST', lists(w.seller), { token: w.seller.token, body: { name: 'distributor' } }),
      409,
      'name',
    );
    await expectIssue(
      setPrices(w.seller, w.key.id, [{ product_id: theirs, unit_price_in_cents: 1 }]),
      400,
      'prices.0.product_id',
    );
    await expectIssue(
      setPrices(w.seller, w.key.id, [{ product_id: w.tee, unit_price_in_cents: 1 }]),
      400,
      'prices.0.product_id',
    );
    await expectIssue(
      setPrices(w.seller, w.key.id, [
        { product_id: w.mug, unit_price_in_cents: 900 },
        {
          product_id: w.small,
          unit_price_in_cents: 900,
          price_breaks: [{ min_quantity: 12, unit_price_in_cents: 950 }],
        },
      ]),
      400,
      'prices.1.price_breaks.0.unit_price_in_cents',
    );
    // All or nothing: the mug's valid price was not written either.
    expect((await sheet(w.seller, w.onKey)).find((r) => r.id === w.mug)!.unit_price_in_cents).toBe(1_000);
    await expectIssue(
      setPrices(w.seller, w.key.id, [{ product_id: w.mug, unit_price_in_cents: -1 }]),
      400,
      'prices.0.unit_price_in_cents',
    );
    await expectIssue(
      h.call('PUT', `${lists(w.seller)}/${w.key.id}/hidden_products`, {
        token: w.seller.token,
        body: { products: [{ product_id: w.small, hidden: true }] },
      }),
      400,
      'products.0.product_id',
    );
    // Another seller's list: not found, whether read, changed or given to a customer.
    expect((await h.call('GET', `${lists(w.seller)}/${theirList.id}`, { token: w.seller.token })).status).toBe(404);
    expect((await setPrices(w.seller, theirList.id, [{ product_id: w.mug, unit_price_in_cents: 1 }])).status).toBe(404);
    await expectIssue(assign(w.seller, w.onNone, theirList.id), 404, 'price_list_id');
    const strangerRead = await h.call('GET', `${lists(other)}/${theirList.id}/products`, { token: w.onKey.token });
    expect(strangerRead.status).toBe(404);
  });
});
