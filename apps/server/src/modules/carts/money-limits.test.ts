/**
 * Money columns hold any amount the API accepts (issue 21 part 5, review L1; money-rules.ts,
 * docs/decisions/007): a money input above MONEY_LIMITS.amountCents is 400 naming the field, and
 * an order above MONEY_LIMITS.orderTotalCents — goods, and shipping once chosen — is a cart
 * checkout issue, which card checkout and net terms refuse with 409 and its sentence. Never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_LIMITS, orderTooLargeMessage, type Cart } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  pairUrl,
  readCart,
  readySeller,
  SHIP_TO,
  type Org,
} from '../../../test/support/checkout.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const INT4_MAX = 2_147_483_647;

const putProduct = (seller: Org, body: Record<string, unknown>) =>
  h.call('PUT', '/api/product', {
    token: seller.token,
    body: { organization: { id: seller.orgId }, name: 'Gold Bar', state: 'Live', ...body },
  });

const giveTerms = (seller: Org, buyer: Org) =>
  ok(
    h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`, {
      token: seller.token,
      body: { net_days: 30 },
    }),
  );

/** The answer's issue paths: every 400 names its field. */
const paths = (res: { body: { issues?: { path: string }[] } }) => (res.body.issues ?? []).map((i) => i.path);

describe('money inputs have the limit their columns hold', () => {
  it('refuses a price, an MSRP or a price break above $9,999,999.99 with 400 naming the field, and keeps one at it', async () => {
    const seller = await readySeller(h, { payments: false });
    for (const [body, field] of [
      [{ unit_price_in_cents: MONEY_LIMITS.amountCents + 1 }, 'unit_price_in_cents'],
      [{ unit_price_in_cents: INT4_MAX + 1 }, 'unit_price_in_cents'],
      [{ unit_price_in_cents: 1_000, msrp_in_cents: 3_000_000_000 }, 'msrp_in_cents'],
      [
        { unit_price_in_cents: 1_000, price_breaks: [{ min_quantity: 10, unit_price_in_cents: INT4_MAX + 1 }] },
        'price_breaks.0.unit_price_in_cents',
      ],
    ] as const) {
      const res = await putProduct(seller, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(paths(res)).toContain(field);
    }
    const atLimit = await ok(
      putProduct(seller, { unit_price_in_cents: MONEY_LIMITS.amountCents, msrp_in_cents: MONEY_LIMITS.amountCents }),
    );
    expect(atLimit).toMatchObject({
      unit_price_in_cents: MONEY_LIMITS.amountCents,
      msrp_in_cents: MONEY_LIMITS.amountCents,
    });
  });

  it('refuses an order-terms minimum of 2,147,483,648 cents with 400 naming it (it was a 500), and keeps one at the limit', async () => {
    const seller = await readySeller(h, { payments: false });
    const url = `/api/organization/${seller.orgId}`;
    for (const field of ['new_customer_min_cents', 'returning_customer_min_cents']) {
      const res = await h.call('PUT', url, {
        token: seller.token,
        body: { order_terms: { [field]: 2_147_483_648 } },
      });
      expect(res.status).toBe(400);
      expect(paths(res)).toEqual([`order_terms.${field}`]);
    }
    const saved = await ok(
      h.call('PUT', url, {
        token: seller.token,
        body: { order_terms: { new_customer_min_cents: MONEY_LIMITS.amountCents } },
      }),
    );
    expect(saved.order_terms.new_customer_min_cents).toBe(MONEY_LIMITS.amountCents);
  });
});

describe('an order above the order maximum', () => {
  it('9,999 units of a $2,500 item: the cart shows $24,997,500.00 with the issue, and card and net-terms checkout answer 409 with its sentence', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    await giveTerms(seller, buyer);
    const bar = await liveProduct(h, seller, { unit_price_in_cents: 250_000 });
    const goods = 9_999 * 250_000; // 2,499,750,000: more than a 32-bit integer holds
    expect(goods).toBeGreaterThan(INT4_MAX);

    const { cart } = await atPayment(h, seller, buyer, { [bar]: 9_999 });
    expect(cart.total_cents).toBe(goods);
    expect(cart.line_items[0]).toMatchObject({ quantity: 9_999, line_total_cents: goods, available: true });
    const shipping = cart.order.shipping_cost_in_cents!;
    expect(shipping).toBeGreaterThan(0);
    const issue = { code: 'order_too_large', message: orderTooLargeMessage(goods + shipping, true) };
    expect(cart.checkout_issues).toEqual([issue]);
    expect(cart.can_checkout).toBe(false);
    expect(issue.message).toContain('$9,999,999.99');

    const card = await createSession(h, seller, buyer, cart);
    expect(card.status).toBe(409);
    expect(card.body).toMatchObject({ error: 'order_too_large', message: issue.message });
    const terms = await h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: buyer.token });
    expect(terms.status).toBe(409);
    expect(terms.body).toMatchObject({ error: 'order_too_large', message: issue.message });

    // Nothing was placed; the cart is still there as it was.
    const again = await ok<Cart>(h.call('GET', pairUrl(seller, buyer), { token: buyer.token }));
    expect(again).toMatchObject({ id: cart.id, total_cents: goods, order: { status: 'draft' } });
    expect(await ok(h.call('GET', `/api/order/organization/${seller.orgId}/selling`, { token: seller.token }))).toEqual(
      [],
    );
  });

  it('counts the shipping once a rate is chosen: goods at the limit pass until shipping is added', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const bar = await liveProduct(h, seller, { unit_price_in_cents: MONEY_LIMITS.orderTotalCents });

    const before = await readCart(h, seller, buyer);
    await ok(
      h.call('PUT', `/api/cart/${before.id}/line_item`, { token: buyer.token, body: { product_id: bar, quantity: 1 } }),
    );
    const goodsOnly = await readCart(h, seller, buyer);
    expect(goodsOnly.total_cents).toBe(MONEY_LIMITS.orderTotalCents);
    expect(goodsOnly.checkout_issues).toEqual([]);

    const { cart } = await atPayment(h, seller, buyer, { [bar]: 1 });
    const shipping = cart.order.shipping_cost_in_cents!;
    expect(cart.checkout_issues).toEqual([
      { code: 'order_too_large', message: orderTooLargeMessage(MONEY_LIMITS.orderTotalCents + shipping, true) },
    ]);
    expect(cart.checkout_issues[0]!.message).toContain('with shipping');
    const card = await createSession(h, seller, buyer, cart);
    expect(card.status).toBe(409);
    expect(card.body.error).toBe('order_too_large');
  });

  it('a quote whose every rate costs more than an order may is 409 naming the cart, not a 500', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    // 9,999 units of a 1,000,000 lb crate: shipping alone would cost billions of dollars.
    const crate = await liveProduct(h, seller, {
      unit_price_in_cents: 100,
      product_physical_measurements: { weight: 1_000_000, weight_unit: 'lb' },
    });
    const cart = await readCart(h, seller, buyer);
    await ok(
      h.call('PUT', `/api/cart/${cart.id}/line_item`, {
        token: buyer.token,
        body: { product_id: crate, quantity: 9_999 },
      }),
    );
    const saved = await ok(
      h.call('POST', '/api/address/organization', {
        token: buyer.token,
        body: { organization: { id: buyer.orgId }, address: SHIP_TO },
      }),
    );
    await ok(
      h.call('POST', `/api/order/${cart.order.id}/shipping_address?address_id=${saved.address.id}`, {
        token: buyer.token,
      }),
    );
    const res = await h.call('GET', `/api/shipping/order/${cart.order.id}/estimates`, { token: buyer.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('order_too_large');
    expect(paths(res)).toEqual(['cart']);
    expect(res.body.message).toContain('$9,999,999.99');
  });

  it('an order just under the limit with its shipping is placed, and every answer carries its total', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    await giveTerms(seller, buyer);
    // $9,999,000.00 of goods and a few dollars of shipping: above $21,474,836.47 / 2, under the limit.
    const bar = await liveProduct(h, seller, { unit_price_in_cents: 99_990_000 });
    const { cart } = await atPayment(h, seller, buyer, { [bar]: 10 });
    expect(cart.checkout_issues).toEqual([]);
    const placed = await ok(h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: buyer.token }));
    expect(placed.total_cents).toBe(999_900_000 + cart.order.shipping_cost_in_cents!);
    const [row] = await ok(h.call('GET', `/api/order/organization/${seller.orgId}/selling`, { token: seller.token }));
    expect(row).toMatchObject({ subtotal_cents: 999_900_000, total_cents: placed.total_cents });
    const dashboard = await ok(h.call('GET', `/api/organization/${seller.orgId}/dashboard`, { token: seller.token }));
    expect(dashboard.totals.sales_in_cents).toBe(999_900_000);
    expect(dashboard.open_invoices.amount_in_cents).toBe(placed.total_cents);
  });
});
