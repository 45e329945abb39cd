/**
 * Pre-orders with ship windows through the API (issue 25 part 4; docs/decisions/012-pre-orders.md):
 * a window set on a product and read back (its variants follow it), refused when its days do
 * not hold; a pre-order sold without stock, in one order with an in-stock product, paid by card
 * in full; the order's lines carry their windows; after the order-by day it can be neither added
 * nor checked out (409 preorder_closed); net terms run from the end of the latest window; the
 * seller's Orders workspace filters by window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  Cart,
  CheckoutSession,
  Order,
  Product,
  ProductSheetRowList,
  ProductTileList,
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
  setStock,
  type Org,
} from '../../../test/support/checkout.js';

let h: Harness;
let seller: Org;
let buyer: Org;
let termsBuyer: Org;
/** In stock, tracked (5 left). */
let jam: string;
/** A pre-order: tracked with 0 in stock, ships Mar 1 – 15, 2027, order by Feb 1, 2027. */
let honey: string;

const WINDOW = { ships_from: '2027-03-01', ships_until: '2027-03-15', order_by: '2027-02-01' };
const db = () => h.testDb.database.db;

const putProduct = (body: Record<string, unknown>) =>
  h.call('PUT', '/api/product', { token: seller.token, body: { organization: { id: seller.orgId }, ...body } });

async function placeByCard(of: Org, lines: Record<string, number>): Promise<string> {
  const { cart } = await atPayment(h, seller, of, lines);
  const session = CheckoutSession.parse(await ok(createSession(h, seller, of, cart)));
  await ok(payWith(h, of, session, TEST_CARDS.succeeds));
  return cart.order.id;
}

const order = async (id: string, token = seller.token) =>
  Order.parse(await ok(h.call('GET', `/api/order/${id}`, { token })));

beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
  seller = await readySeller(h);
  buyer = await customerOf(h, seller, 'Corner Deli');
  termsBuyer = await customerOf(h, seller, 'Terms Grocer');
  jam = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_000 });
  await setStock(h, seller, jam, 5);
  honey = await liveProduct(h, seller, { name: 'Spring Honey', unit_price_in_cents: 2_000, preorder: WINDOW });
  await setStock(h, seller, honey, 0);
  await ok(
    h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${termsBuyer.orgId}/payment_terms`, {
      token: seller.token,
      body: { net_days: 30 },
    }),
  );
});

afterAll(async () => {
  await h?.close();
});

describe('a pre-order window on a product', () => {
  it('is saved and read back, copied to its variants, shown on the tile; null ends it', async () => {
    const read = Product.parse(await ok(h.call('GET', `/api/product/${honey}`, { token: seller.token })));
    expect(read.preorder).toEqual(WINDOW);

    const tee = Product.parse(
      await ok(
        putProduct({
          name: 'Tee',
          state: 'Live',
          unit_price_in_cents: 900,
          options: [{ name: 'Size', values: ['S', 'M'] }],
          preorder: WINDOW,
        }),
      ),
    );
    const variants = await db().execute<{ ships_from: string; order_by: string }>(
      sql`select preorder_ships_from::text as ships_from, preorder_order_by::text as order_by from products where parent_id = ${tee.id}`,
    );
    expect(variants.rows).toEqual([
      { ships_from: '2027-03-01', order_by: '2027-02-01' },
      { ships_from: '2027-03-01', order_by: '2027-02-01' },
    ]);
    const ended = Product.parse(await ok(putProduct({ id: tee.id, preorder: null })));
    expect(ended.preorder).toBeNull();
    const after = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from products where parent_id = ${tee.id} and preorder_ships_from is not null`,
    );
    expect(after.rows[0]!.n).toBe(0);

    const tiles = ProductTileList.parse(
      await ok(h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=tile`, { token: buyer.token })),
    );
    const tile = tiles.find((t) => t.id === honey)!;
    expect(tile.preorder).toEqual(WINDOW);
    // Stock does not limit a pre-order: the tile does not show it as out of stock.
    expect(tile.track_inventory).toBe(false);
    expect(tile.inventory_count).toBeNull();
    // The quick-order sheet's row too.
    const rows = ProductSheetRowList.parse(
      await ok(h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=sheet`, { token: buyer.token })),
    );
    expect(rows.find((r) => r.id === honey)).toMatchObject({ preorder: WINDOW, track_inventory: false, inventory_count: null });
  });

  it('is refused with a 400 naming the field when its days do not hold', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...WINDOW, ships_until: '2027-02-28' }, 'preorder.ships_until'],
      [{ ...WINDOW, order_by: '2027-03-20' }, 'preorder.order_by'],
      [{ ...WINDOW, ships_from: '2027-02-30' }, 'preorder.ships_from'],
      [{ ships_from: '2027-03-01', ships_until: '2027-03-15' }, 'preorder.order_by'],
    ];
    for (const [preorder, path] of cases) {
      const res = await putProduct({ id: honey, preorder });
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body)).toContain(path);
    }
    const read = Product.parse(await ok(h.call('GET', `/api/product/${honey}`, { token: seller.token })));
    expect(read.preorder).toEqual(WINDOW);
  });
});

describe('a cart mixing in-stock and pre-order items', () => {
  let orderId = '';

  it('orders a pre-order with no stock and pays the whole order by card, in one order', async () => {
    orderId = await placeByCard(buyer, { [jam]: 2, [honey]: 3 });
    const placed = await order(orderId, buyer.token);
    expect(placed.total_cents).toBe(2 * 1_000 + 3 * 2_000 + placed.shipping_cost_in_cents);
    expect(placed.invoice?.stripe_status).toBe('PAID');
    const lines = placed.cart.line_items!;
    const byName = Object.fromEntries(lines.map((l) => [l.name, l]));
    expect(byName['Fig Jam']).toMatchObject({ quantity: 2, ships_from: null, ships_until: null });
    expect(byName['Spring Honey']).toMatchObject({ quantity: 3, ships_from: '2027-03-01', ships_until: '2027-03-15' });
    // Stock: the in-stock product's was taken, the pre-order's untouched (and none held).
    const stock = await db().execute<{ id: string; inventory_count: number }>(
      sql`select id, inventory_count from products where id in (${jam}, ${honey})`,
    );
    expect(Object.fromEntries(stock.rows.map((r) => [r.id, r.inventory_count]))).toEqual({ [jam]: 3, [honey]: 0 });
  });

  it('keeps the window it was sold under when the product changes later', async () => {
    await ok(putProduct({ id: honey, preorder: { ...WINDOW, ships_from: '2027-03-05' } }));
    const placed = await order(orderId);
    expect(placed.cart.line_items!.find((l) => l.name === 'Spring Honey')!.ships_from).toBe('2027-03-01');
    await ok(putProduct({ id: honey, preorder: WINDOW }));
  });

  it('on net terms, is due 30 days after the last ship window ends', async () => {
    const { cart } = await atPayment(h, seller, termsBuyer, { [jam]: 1, [honey]: 1 });
    await ok(h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: termsBuyer.token }));
    const placed = await order(cart.order.id, termsBuyer.token);
    expect(placed.invoice?.stripe_status).toBe('OPEN');
    expect(placed.invoice?.due_on).toBe('2027-04-14');
  });

  it('is filtered by ship window in the seller’s Orders workspace', async () => {
    const counts = await ok<SellerOrderCounts>(
      h.call('GET', `/api/organization/${seller.orgId}/orders/counts`, { token: seller.token }),
    );
    expect(counts.ship_windows).toEqual([{ ships_from: '2027-03-01', ships_until: '2027-03-15' }]);
    // An order without pre-orders is not in the window.
    const plain = await placeByCard(buyer, { [jam]: 1 });
    const list = (query: string) =>
      ok<OrderSummary[]>(h.call('GET', `/api/order/organization/${seller.orgId}/selling?${query}`, { token: seller.token }));
    const inWindow = await list('ship_window=2027-03-01..2027-03-15');
    expect(inWindow.map((o) => o.id)).toContain(orderId);
    expect(inWindow.map((o) => o.id)).not.toContain(plain);
    expect(inWindow).toHaveLength(2);
    expect(await list('ship_window=2027-04-01..2027-04-15')).toEqual([]);
    const unpaid = await list('ship_window=2027-03-01..2027-03-15&view=unpaid');
    expect(unpaid).toHaveLength(1);
    const bad = await h.call('GET', `/api/order/organization/${seller.orgId}/selling?ship_window=March`, {
      token: seller.token,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('ship_window');
  });
});

describe('cancelling a pre-order line', () => {
  it('gives back no stock for it (none was taken), and the in-stock units as ever', async () => {
    const id = await placeByCard(buyer, { [jam]: 1, [honey]: 2 });
    const before = await db().execute<{ id: string; inventory_count: number }>(
      sql`select id, inventory_count from products where id in (${jam}, ${honey})`,
    );
    const stockBefore = Object.fromEntries(before.rows.map((r) => [r.id, r.inventory_count]));
    await ok(
      h.call('POST', `/api/organization/${seller.orgId}/orders/${id}/cancel`, {
        token: seller.token,
        body: { reason: 'out_of_stock' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    );
    const after = await db().execute<{ id: string; inventory_count: number }>(
      sql`select id, inventory_count from products where id in (${jam}, ${honey})`,
    );
    expect(Object.fromEntries(after.rows.map((r) => [r.id, r.inventory_count]))).toEqual({
      [jam]: stockBefore[jam]! + 1,
      [honey]: 0,
    });
  });
});

describe('after the order-by day', () => {
  it('cannot be added (409 preorder_closed naming the product) nor checked out', async () => {
    const late = await customerOf(h, seller, 'Late Shop');
    const cart = Cart.parse(
      await ok(h.call('GET', `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${late.orgId}`, { token: late.token })),
    );
    await ok(h.call('PUT', `/api/cart/${cart.id}/line_item`, { token: late.token, body: { product_id: honey, quantity: 2 } }));
    // The order-by day passes (moved into the past: the rule compares with today, UTC).
    await db().execute(
      sql`update products set preorder_order_by = current_date - 1, preorder_ships_from = current_date, preorder_ships_until = current_date + 10 where id = ${honey}`,
    );
    const add = await h.call('PUT', `/api/cart/${cart.id}/line_item`, {
      token: late.token,
      body: { product_id: honey, quantity: 4 },
    });
    expect(add.status).toBe(409);
    expect(add.body.error).toBe('preorder_closed');
    expect(add.body.message).toContain('Spring Honey');
    const now = Cart.parse(
      await ok(h.call('GET', `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${late.orgId}`, { token: late.token })),
    );
    expect(now.can_checkout).toBe(false);
    expect(now.checkout_issues[0]).toMatchObject({ code: 'preorder_closed' });
    expect(now.checkout_issues[0]!.message).toContain('Spring Honey');
    const terms = await h.call('POST', `/api/order/${now.order.id}/submit-on-terms`, { token: late.token });
    expect(terms.status).toBe(409);
    await db().execute(
      sql`update products set preorder_ships_from = '2027-03-01', preorder_ships_until = '2027-03-15', preorder_order_by = '2027-02-01' where id = ${honey}`,
    );
  });
});
