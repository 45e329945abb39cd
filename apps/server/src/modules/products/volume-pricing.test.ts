/**
 * Volume pricing and quantity rules (issue 13 item 3), end to end through the API: the seller's
 * price breaks, order increment and minimum (saved, checked, shown on the storefront with the
 * page cache following every change), the cart pricing each line at its quantity and refusing
 * quantities the rules forbid, and the checkout charging exactly the cart's total, captured on
 * the order and its invoice — or refusing when the prices moved after the buyer saw them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CheckoutSession,
  Order,
  ProductTileList,
  QUANTITY_RULES_MESSAGE,
  TEST_CARDS,
  unitPriceForQuantity,
  type Cart,
  type PriceBreak,
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
  type Org,
} from '../../../test/support/checkout.js';
import { pdfPages } from '../../../test/support/pdf.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => h?.close());

const BREAKS: PriceBreak[] = [
  { min_quantity: 12, unit_price_in_cents: 410 },
  { min_quantity: 24, unit_price_in_cents: 390 },
];

const putProduct = (seller: Org, body: Record<string, unknown>) =>
  h.call('PUT', '/api/product', { token: seller.token, body: { organization: { id: seller.orgId }, ...body } });

const getProduct = (seller: Org, id: string) =>
  ok<Product>(h.call('GET', `/api/product/${id}`, { token: seller.token }));

const tiles = async (buyer: Org, seller: Org) =>
  ProductTileList.parse(
    await ok(h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=tile`, { token: buyer.token })),
  );

const setLine = (buyer: Org, cart: Cart, productId: string, quantity: number) =>
  h.call('PUT', `/api/cart/${cart.id}/line_item`, { token: buyer.token, body: { product_id: productId, quantity } });

const lineOf = (cart: Cart, productId: string) => cart.line_items.find((l) => l.product.id === productId)!;

describe('price breaks and order rules on the product', () => {
  it('saves, sorts, keeps and removes price breaks and the order increment', async () => {
    const seller = await readySeller(h, { payments: false });
    const created = await ok<Product>(
      putProduct(seller, {
        name: 'Olive oil',
        unit_price_in_cents: 500,
        minimum_order_quantity: 12,
        order_increment: 6,
        price_breaks: BREAKS,
      }),
    );
    expect(created).toMatchObject({ minimum_order_quantity: 12, order_increment: 6, price_breaks: BREAKS });
    expect(await getProduct(seller, created.id)).toMatchObject({ price_breaks: BREAKS });

    // Left out: kept. A new list: replaces. [] or null: none.
    await ok(putProduct(seller, { id: created.id, name: 'Olive oil, extra virgin' }));
    expect((await getProduct(seller, created.id)).price_breaks).toEqual(BREAKS);
    const replaced = [{ min_quantity: 36, unit_price_in_cents: 350 }];
    expect((await ok<Product>(putProduct(seller, { id: created.id, price_breaks: replaced }))).price_breaks).toEqual(
      replaced,
    );
    expect((await ok<Product>(putProduct(seller, { id: created.id, price_breaks: [] }))).price_breaks).toEqual([]);
    await ok(putProduct(seller, { id: created.id, price_breaks: replaced }));
    expect((await ok<Product>(putProduct(seller, { id: created.id, price_breaks: null }))).price_breaks).toEqual([]);

    // A product made without them sells any quantity at one price.
    const plain = await ok<Product>(putProduct(seller, { name: 'Plain', unit_price_in_cents: 100 }));
    expect(plain).toMatchObject({ minimum_order_quantity: 1, order_increment: 1, price_breaks: [] });
  });

  it('refuses rules that do not fit together, naming the field, and changes nothing', async () => {
    const seller = await readySeller(h, { payments: false });
    const base = { name: 'Rice', unit_price_in_cents: 500, order_increment: 6, minimum_order_quantity: 12 };
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { price_breaks: [BREAKS[1], BREAKS[0]] },
        'price_breaks.1.min_quantity',
        'must be more than the break above (24)',
      ],
      [
        {
          order_increment: 1,
          minimum_order_quantity: 1,
          price_breaks: [{ min_quantity: 1, unit_price_in_cents: 400 }],
        },
        'price_breaks.0.min_quantity',
        'must be more than 1',
      ],
      [
        { price_breaks: [{ min_quantity: 15, unit_price_in_cents: 400 }] },
        'price_breaks.0.min_quantity',
        'must be a multiple of the order increment (6)',
      ],
      [
        { minimum_order_quantity: 24, price_breaks: [{ min_quantity: 18, unit_price_in_cents: 400 }] },
        'price_breaks.0.min_quantity',
        'must be at least the minimum order (24)',
      ],
      [
        { price_breaks: [{ min_quantity: 12, unit_price_in_cents: 500 }] },
        'price_breaks.0.unit_price_in_cents',
        'must be less than the unit price ($5.00)',
      ],
      [
        {
          price_breaks: [
            { min_quantity: 12, unit_price_in_cents: 400 },
            { min_quantity: 24, unit_price_in_cents: 400 },
          ],
        },
        'price_breaks.1.unit_price_in_cents',
        'must be less than the break above ($4.00)',
      ],
      [{ minimum_order_quantity: 10 }, 'minimum_order_quantity', 'must be a multiple of the order increment (6)'],
      [
        { unit_price_in_cents: null, price_breaks: BREAKS },
        'unit_price_in_cents',
        'is required when the product has price breaks',
      ],
      [
        { price_breaks: [12, 18, 24, 30, 36, 42].map((q, i) => ({ min_quantity: q, unit_price_in_cents: 400 - i })) },
        'price_breaks',
        'must have at most 5 price breaks',
      ],
      [{ order_increment: 0 }, 'order_increment', 'must be at least 1'],
    ];
    for (const [change, path, message] of cases) {
      const res = await putProduct(seller, { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.issues, JSON.stringify(change)).toContainEqual({ path, message });
    }
    const listed = await ok<Product[]>(
      h.call('GET', `/api/product/organization/${seller.orgId}`, { token: seller.token }),
    );
    expect(listed).toEqual([]);

    // A change of the unit price alone that the saved breaks no longer fit is refused too.
    const saved = await ok<Product>(putProduct(seller, { ...base, price_breaks: BREAKS }));
    const cheaper = await putProduct(seller, { id: saved.id, unit_price_in_cents: 400 });
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.issues).toContainEqual({
      path: 'price_breaks.0.unit_price_in_cents',
      message: 'must be less than the unit price ($4.00)',
    });
    expect(await getProduct(seller, saved.id)).toMatchObject({ unit_price_in_cents: 500, price_breaks: BREAKS });
  });
});

describe('the storefront', () => {
  it('shows the breaks and rules on tiles, and any change to the breaks on the next request', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const id = await liveProduct(h, seller, {
      unit_price_in_cents: 500,
      order_increment: 6,
      minimum_order_quantity: 12,
    });
    expect((await tiles(buyer, seller))[0]).toMatchObject({
      minimum_order_quantity: 12,
      order_increment: 6,
      price_breaks: [],
    });
    expect(await tiles(buyer, seller)).toHaveLength(1); // cached now

    await ok(putProduct(seller, { id, price_breaks: BREAKS }));
    expect((await tiles(buyer, seller))[0]!.price_breaks).toEqual(BREAKS);

    // A write to the breaks alone (not through the product) bumps the catalogue version too.
    await h.testDb.database.db.execute(
      sql`update product_price_breaks set unit_price_in_cents = 380 where product_id = ${id} and min_quantity = 24`,
    );
    expect((await tiles(buyer, seller))[0]!.price_breaks[1]).toEqual({ min_quantity: 24, unit_price_in_cents: 380 });
    await h.testDb.database.db.execute(
      sql`delete from product_price_breaks where product_id = ${id} and min_quantity = 24`,
    );
    expect((await tiles(buyer, seller))[0]!.price_breaks).toEqual([BREAKS[0]]);
    await h.testDb.database.db.execute(
      sql`insert into product_price_breaks (product_id, min_quantity, unit_price_in_cents) values (${id}, 48, 300)`,
    );
    expect((await tiles(buyer, seller))[0]!.price_breaks).toEqual([
      BREAKS[0],
      { min_quantity: 48, unit_price_in_cents: 300 },
    ]);
  });
});

describe('the cart', () => {
  it('prices each line at the break its quantity reaches, on the line and in the total', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const id = await liveProduct(h, seller, { unit_price_in_cents: 500, price_breaks: BREAKS });
    const cart = await readCart(h, seller, buyer);
    // The same cases as the contract's unit test of unitPriceForQuantity.
    for (const [quantity, unit] of [
      [1, 500],
      [11, 500],
      [12, 410],
      [13, 410],
      [23, 410],
      [24, 390],
      [25, 390],
      [11, 500],
    ] as const) {
      const answer = await ok<Cart>(setLine(buyer, cart, id, quantity));
      const line = lineOf(answer, id);
      expect(line.unit_price_in_cents, `quantity ${quantity}`).toBe(unit);
      expect(unitPriceForQuantity(500, BREAKS, quantity)).toBe(unit);
      expect(line.product.unit_price_in_cents).toBe(500);
      expect(line.line_total_cents).toBe(quantity * unit);
      expect(answer.total_cents).toBe(quantity * unit);
      expect(line.quantity_issue).toBeNull();
    }
  });

  it('refuses quantities below the minimum or off the increment, naming quantity, and keeps the line', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const id = await liveProduct(h, seller, {
      unit_price_in_cents: 500,
      minimum_order_quantity: 12,
      order_increment: 6,
      price_breaks: [{ min_quantity: 24, unit_price_in_cents: 450 }],
    });
    const cart = await readCart(h, seller, buyer);
    for (const [quantity, code, message] of [
      [6, 'below_minimum', 'Minimum order is 12'],
      [1, 'below_minimum', 'Minimum order is 12'],
      [15, 'not_a_multiple', 'Sold in multiples of 6'],
    ] as const) {
      const res = await setLine(buyer, cart, id, quantity);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: code, issues: [{ path: 'quantity', message }] });
    }
    expect((await readCart(h, seller, buyer)).line_items).toEqual([]);
    // At the threshold, one increment below it and one above it.
    for (const [quantity, unit] of [
      [12, 500],
      [18, 500],
      [24, 450],
      [30, 450],
    ] as const) {
      expect(lineOf(await ok<Cart>(setLine(buyer, cart, id, quantity)), id).unit_price_in_cents).toBe(unit);
    }
    expect((await setLine(buyer, cart, id, 31)).status).toBe(409);
    expect(lineOf(await readCart(h, seller, buyer), id).quantity).toBe(30);
    // 0 removes the line, whatever the rules.
    expect((await ok<Cart>(setLine(buyer, cart, id, 0))).line_items).toEqual([]);
  });

  it('flags a line the seller’s new rules no longer allow, blocks checkout, and never changes its quantity', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const id = await liveProduct(h, seller, { unit_price_in_cents: 500 });
    const { cart } = await atPayment(h, seller, buyer, { [id]: 18 });
    expect(cart.can_checkout).toBe(true);

    await ok(putProduct(seller, { id, order_increment: 12, minimum_order_quantity: 24 }));
    const flagged = await readCart(h, seller, buyer);
    const line = lineOf(flagged, id);
    expect(line).toMatchObject({ quantity: 18, available: true, quantity_issue: 'Minimum order is 24' });
    expect(flagged.checkout_issues).toContainEqual({ code: 'quantity_rules', message: QUANTITY_RULES_MESSAGE });
    expect(flagged.can_checkout).toBe(false);
    const refused = await createSession(h, seller, buyer, { id: flagged.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'quantity_rules', message: QUANTITY_RULES_MESSAGE });

    await ok(putProduct(seller, { id, minimum_order_quantity: 12 }));
    expect(lineOf(await readCart(h, seller, buyer), id).quantity_issue).toBe('Sold in multiples of 12');
    // The buyer fixes it: the cart can check out again.
    const fixed = await ok<Cart>(setLine(buyer, flagged, id, 24));
    expect(lineOf(fixed, id).quantity_issue).toBeNull();
    expect(fixed.checkout_issues.map((i) => i.code)).not.toContain('quantity_rules');
  });
});

describe('checkout with volume prices', () => {
  it('charges exactly the cart total, and the order and its invoice record the break prices', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const oil = await liveProduct(h, seller, { name: 'Olive oil', unit_price_in_cents: 500, price_breaks: BREAKS });
    const salt = await liveProduct(h, seller, { name: 'Sea salt', unit_price_in_cents: 250, order_increment: 6 });
    const { cart } = await atPayment(h, seller, buyer, { [oil]: 24, [salt]: 6 });
    expect(cart.total_cents).toBe(24 * 390 + 6 * 250);

    const session = CheckoutSession.parse(
      await ok(createSession(h, seller, buyer, { id: cart.id, total_cents: cart.total_cents })),
    );
    expect(session.subtotal_cents).toBe(cart.total_cents);
    expect(session.amount_cents).toBe(cart.total_cents + (cart.order.shipping_cost_in_cents ?? 0));
    await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));

    const order = Order.parse(await ok(h.call('GET', `/api/order/${cart.order.id}`, { token: buyer.token })));
    expect(order.subtotal_cents).toBe(cart.total_cents);
    expect(order.cart.line_items.map((l) => [l.name, l.quantity, l.unit_price_in_cents, l.line_total_cents])).toEqual([
      ['Olive oil', 24, 390, 9_360],
      ['Sea salt', 6, 250, 1_500],
    ]);
    const url = new URL(order.invoice!.link);
    const pdf = await h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).flat();
    expect(text).toContain('Olive oil 24 $3.90 $93.60');
    expect(text).toContain('Subtotal $108.60');

    // A later change of the breaks does not touch the order placed.
    await ok(putProduct(seller, { id: oil, price_breaks: [] }));
    const again = Order.parse(await ok(h.call('GET', `/api/order/${cart.order.id}`, { token: buyer.token })));
    expect(again.cart.line_items[0]!.unit_price_in_cents).toBe(390);
  });

  it('refuses to charge when the seller changed a break after the buyer saw the cart', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const oil = await liveProduct(h, seller, { unit_price_in_cents: 500, price_breaks: BREAKS });
    const { cart } = await atPayment(h, seller, buyer, { [oil]: 12 });
    expect(cart.total_cents).toBe(12 * 410);

    await ok(putProduct(seller, { id: oil, price_breaks: [{ min_quantity: 12, unit_price_in_cents: 450 }] }));
    const refused = await createSession(h, seller, buyer, { id: cart.id, total_cents: cart.total_cents });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'cart_changed', issues: [{ path: 'cart' }] });
    const sessions = await h.testDb.database.db.execute(
      sql`select count(*)::int as n from checkout_sessions where order_id = ${cart.order.id}`,
    );
    expect(sessions.rows[0]).toEqual({ n: 0 });

    // The buyer reads the cart again (the new price) and pays exactly that.
    const now = await readCart(h, seller, buyer);
    expect(now.total_cents).toBe(12 * 450);
    const session = CheckoutSession.parse(
      await ok(createSession(h, seller, buyer, { id: now.id, total_cents: now.total_cents })),
    );
    expect(session.subtotal_cents).toBe(12 * 450);
  });
});
