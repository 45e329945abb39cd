import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CartOrder,
  SHIPPING_ESTIMATES_ERROR,
  ShippingEstimateList,
  type Cart,
  type ShippingEstimate,
} from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';
import { quoteBuiltin, type QuoteRequest } from '../../providers/shipping/index.js';
import { BOX, SHIP_FROM, SHIP_TO } from '../../../test/support/checkout-fixtures.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Org = TestUser & { orgId: string };
const db = () => h.testDb.database.db;


async function ok<T = any>(res: Promise<{ status: number; body: any }>): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as T;
}

async function product(seller: Org, body: Record<string, unknown>): Promise<string> {
  const p = await ok(
    h.call('PUT', '/api/product', {
      token: seller.token,
      body: { organization: { id: seller.orgId }, state: 'Live', unit_price_in_cents: 1_000, ...body },
    }),
  );
  return p.id;
}

const pairUrl = (seller: Org, buyer: Org) =>
  `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`;

/**
 * A seller with (unless told otherwise) a ship-from address and a package template; its customer
 * with a cart of 3 × 2 lb jam, 4 × 8 oz tea and a line of a product taken off sale; the
 * customer's draft order shipping to SHIP_TO.
 */
async function checkout(opts: { sellerAddress?: boolean; box?: boolean; lines?: boolean; shipTo?: boolean } = {}) {
  const seller = await h.newOrgUser('Merchant');
  const buyer = await h.newOrgUser('Buyer');
  const invites = await ok(
    h.call('POST', '/api/invite/purchaser', {
      token: seller.token,
      body: { to_organization_id: seller.orgId, to_emails: [buyer.email] },
    }),
  );
  await ok(h.call('POST', `/api/invite/purchaser/accept/${invites[0].id}`, { token: buyer.token }));
  if (opts.sellerAddress !== false) {
    await ok(h.call('POST', `/api/organization/${seller.orgId}/address`, { token: seller.token, body: SHIP_FROM }));
  }
  if (opts.box !== false) {
    await ok(
      h.call('POST', '/api/package_template', { token: seller.token, body: { ...BOX, organization_id: seller.orgId } }),
    );
  }
  const cart = await ok<Cart>(h.call('GET', pairUrl(seller, buyer), { token: buyer.token }));
  if (opts.lines !== false) {
    const jam = await product(seller, { name: 'Jam', product_physical_measurements: { weight: 2, weight_unit: 'lb' } });
    const tea = await product(seller, { name: 'Tea', product_physical_measurements: { weight: 8, weight_unit: 'oz' } });
    const gone = await product(seller, {
      name: 'Anvil',
      product_physical_measurements: { weight: 90, weight_unit: 'lb' },
    });
    for (const [id, quantity] of [
      [jam, 3],
      [tea, 4],
      [gone, 1],
    ] as const) {
      await ok(
        h.call('PUT', `/api/cart/${cart.id}/line_item`, { token: buyer.token, body: { product_id: id, quantity } }),
      );
    }
    // Taken off sale after it was added: the cart shows it unavailable, and it does not ship.
    await ok(
      h.call('PUT', '/api/product', {
        token: seller.token,
        body: { id: gone, organization: { id: seller.orgId }, state: 'Draft' },
      }),
    );
  }
  const orderId = cart.order.id;
  if (opts.shipTo !== false) {
    const saved = await ok(
      h.call('POST', '/api/address/organization', {
        token: buyer.token,
        body: { organization: { id: buyer.orgId }, address: SHIP_TO },
      }),
    );
    await ok(
      h.call('POST', `/api/order/${orderId}/shipping_address?address_id=${saved.address.id}`, { token: buyer.token }),
    );
  }
  return { seller, buyer, orderId, cartId: cart.id };
}

const estimates = (orderId: string, token?: string) =>
  h.call('GET', `/api/shipping/order/${orderId}/estimates`, token ? { token } : {});
const chooseRate = (orderId: string, body: unknown, token?: string) =>
  h.call('POST', `/api/shipping/order/${orderId}/rate`, token ? { token, body } : { body });
const chooseRateType = (orderId: string, body: unknown, token?: string) =>
  h.call('POST', `/api/shipping/order/${orderId}/rate-type`, token ? { token, body } : { body });

async function quoted(orderId: string, token: string): Promise<ShippingEstimate[]> {
  const res = await estimates(orderId, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ShippingEstimateList.parse(res.body);
}

describe('GET /api/shipping/order/{order_id}/estimates', () => {
  it('prices the cart’s available lines from the seller’s address and box to the order’s address', async () => {
    const { buyer, orderId } = await checkout();
    const rates = await quoted(orderId, buyer.token);

    // What the rate engine gives for the request the database describes: the Draft product's
    // line is left out, the tea's ounces are kept as they are.
    const request: QuoteRequest = {
      reference: orderId,
      origin: { postal_code: SHIP_FROM.postal_code },
      destination: { postal_code: SHIP_TO.postal_code },
      items: [
        { weight: 2, weight_unit: 'lb', quantity: 3 },
        { weight: 8, weight_unit: 'oz', quantity: 4 },
      ],
      package: { length: 14, width: 12, height: 10, dimension_unit: 'in' },
    };
    const expected = quoteBuiltin(request, new Date()).rates.map(({ object_id, amount_cents, servicelevel }) => ({
      object_id,
      amount_cents,
      token: servicelevel.token,
    }));
    expect(
      rates.map((r) => ({ object_id: r.object_id, amount_cents: r.amount_cents, token: r.servicelevel.token })),
    ).toEqual(expected);

    expect(rates.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rates.map((r) => r.provider))).toEqual(new Set(['USPS', 'UPS', 'FedEx']));
    for (const r of rates) {
      expect(r.amount_cents).toBeGreaterThan(0);
      expect(r.amount).toBe((r.amount_cents / 100).toFixed(2));
      expect(r.currency).toBe('USD');
      expect(r.provider_image_200).toMatch(/^data:image\//);
    }
    const amounts = rates.map((r) => r.amount_cents);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(rates[0]!.attributes).toContain('CHEAPEST');
    for (const attribute of ['CHEAPEST', 'FASTEST', 'BESTVALUE']) {
      expect(rates.filter((r) => r.attributes.includes(attribute))).toHaveLength(1);
    }
    const fastest = rates.find((r) => r.attributes.includes('FASTEST'))!;
    expect(fastest.estimated_days).toBe(Math.min(...rates.map((r) => r.estimated_days ?? Infinity)));

    // The same cart gives the same ids.
    expect((await quoted(orderId, buyer.token)).map((r) => r.object_id)).toEqual(rates.map((r) => r.object_id));
  });

  it('refuses an order without a shipping address with 409 naming shipping_address', async () => {
    const { buyer, orderId } = await checkout({ shipTo: false });
    const res = await estimates(orderId, buyer.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('shipping_address');
    expect(res.body.issues).toEqual([{ path: 'shipping_address', message: expect.any(String) }]);
  });

  it('refuses an empty cart with 409 naming line_items', async () => {
    const { buyer, orderId } = await checkout({ lines: false });
    const res = await estimates(orderId, buyer.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('line_items');
  });

  it.each([
    ['ship-from address', { sellerAddress: false }, 'The seller has not added a shipping address yet.', 'origin'],
    ['package template', { box: false }, 'The seller has not added package dimensions yet.', 'package'],
  ])('says what the seller must fix when it has no %s (409)', async (_what, opts, message, field) => {
    const { buyer, orderId } = await checkout(opts);
    const res = await estimates(orderId, buyer.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'seller_not_ready', message, issues: [{ path: field, message }] });
  });

  it('answers 502 with the estimates error when the shipping provider fails', async () => {
    const { buyer, orderId } = await checkout();
    const down = http.createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"detail":"maintenance"}');
    });
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const { port } = down.address() as AddressInfo;
    const shippo = await createHarness(
      { SHIPPO_API_TOKEN: 'shippo_test_abc123', SHIPPO_API_URL: `http://127.0.0.1:${port}` },
      // The same database (not dropped when this app closes); its own signing key.
      { testDb: { ...h.testDb, drop: async () => {} } },
    );
    try {
      const token = await shippo.token({ sub: buyer.sub, email: buyer.email });
      const res = await shippo.call('GET', `/api/shipping/order/${orderId}/estimates`, { token });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe(SHIPPING_ESTIMATES_ERROR);
      expect(res.body.issues[0]).toMatchObject({ path: 'provider', message: expect.stringContaining('Shippo') });
    } finally {
      await shippo.close();
      await new Promise((resolve) => down.close(resolve));
    }
  });
});

describe('choosing a shipping rate', () => {
  it('sets the order’s cost, carrier, service level and rate id from the stored estimate', async () => {
    const { seller, buyer, orderId } = await checkout();
    const rates = await quoted(orderId, buyer.token);
    const pick = rates[2]!;
    const res = await chooseRate(orderId, { rate_id: pick.object_id }, buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = CartOrder.parse(res.body);
    expect(order).toMatchObject({
      id: orderId,
      status: 'draft',
      shipping_cost_in_cents: pick.amount_cents,
      shippo_provider: pick.provider,
      shippo_service_level_token: pick.servicelevel.token,
      shipping_rate_id: pick.object_id,
    });
    const cart = await ok<Cart>(h.call('GET', pairUrl(seller, buyer), { token: buyer.token }));
    expect(cart.order).toEqual(res.body);

    // By carrier and service level: the same stored estimate.
    const other = rates.find((r) => r.provider === 'FedEx')!;
    const byType = await chooseRateType(
      orderId,
      { provider: 'fedex', service_level_token: other.servicelevel.token },
      buyer.token,
    );
    expect(byType.status, JSON.stringify(byType.body)).toBe(200);
    expect(byType.body).toMatchObject({
      shipping_cost_in_cents: other.amount_cents,
      shippo_provider: 'FedEx',
      shippo_service_level_token: other.servicelevel.token,
      shipping_rate_id: other.object_id,
    });
    const stored = await db().execute<{ provider: string; carrier: string }>(
      sql`select shipping_rate_provider as provider, shipping_carrier as carrier from orders where id = ${orderId}`,
    );
    expect(stored.rows[0]).toEqual({ provider: 'builtin', carrier: 'FedEx' });
  });

  it('refuses a rate id of another order, or one never quoted, with 404 naming rate_id', async () => {
    const mine = await checkout();
    const theirs = await checkout();
    await quoted(mine.orderId, mine.buyer.token);
    const foreign = (await quoted(theirs.orderId, theirs.buyer.token))[0]!;
    for (const rateId of [foreign.object_id, 'no-such-rate']) {
      const res = await chooseRate(mine.orderId, { rate_id: rateId }, mine.buyer.token);
      expect(res.status).toBe(404);
      expect(res.body.message).toContain('rate_id');
    }
    const res = await chooseRateType(
      mine.orderId,
      { provider: 'DHL', service_level_token: 'dhl_express' },
      mine.buyer.token,
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('service_level_token');
    expect(
      (await ok<Cart>(h.call('GET', pairUrl(mine.seller, mine.buyer), { token: mine.buyer.token }))).order
        .shipping_cost_in_cents,
    ).toBeUndefined();
  });

  it('refuses an expired quote with 409 asking to reload the options', async () => {
    const { buyer, orderId } = await checkout();
    const [rate] = await quoted(orderId, buyer.token);
    await db().execute(
      sql`update shipping_quotes set expires_at = now() - interval '1 minute' where order_id = ${orderId}`,
    );
    for (const res of [
      await chooseRate(orderId, { rate_id: rate!.object_id }, buyer.token),
      await chooseRateType(
        orderId,
        { provider: rate!.provider, service_level_token: rate!.servicelevel.token },
        buyer.token,
      ),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('quote_expired');
      expect(res.body.message).toContain('reload the shipping options');
    }
    // Quoting again makes the rate choosable.
    const [fresh] = await quoted(orderId, buyer.token);
    expect((await chooseRate(orderId, { rate_id: fresh!.object_id }, buyer.token)).status).toBe(200);
  });

  it('refuses a rate quoted for another cart (409 quote_stale) and drops the rate when the address changes', async () => {
    const { seller, buyer, orderId, cartId } = await checkout();
    const [rate] = await quoted(orderId, buyer.token);
    const cart = await ok<Cart>(h.call('GET', pairUrl(seller, buyer), { token: buyer.token }));
    const jam = cart.line_items.find((l) => l.product.name === 'Jam')!;
    await ok(
      h.call('PUT', `/api/cart/${cartId}/line_item`, {
        token: buyer.token,
        body: { product_id: jam.product.id, quantity: 30 },
      }),
    );
    const stale = await chooseRate(orderId, { rate_id: rate!.object_id }, buyer.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('quote_stale');
    expect(stale.body.message).toContain('rate_id');

    const [heavier] = await quoted(orderId, buyer.token);
    expect(heavier!.amount_cents).toBeGreaterThan(rate!.amount_cents);
    expect((await chooseRate(orderId, { rate_id: heavier!.object_id }, buyer.token)).status).toBe(200);
    const office = await ok(
      h.call('POST', '/api/address/organization', {
        token: buyer.token,
        body: { organization: { id: buyer.orgId }, address: { ...SHIP_TO, line1: '9 Pine Rd', postal_code: '10002' } },
      }),
    );
    const moved = await ok(
      h.call('POST', `/api/order/${orderId}/shipping_address?address_id=${office.address.id}`, { token: buyer.token }),
    );
    expect(moved.shipping_cost_in_cents).toBeUndefined();
    expect(moved.shipping_rate_id).toBeUndefined();
    expect((await chooseRate(orderId, { rate_id: heavier!.object_id }, buyer.token)).status).toBe(409);
  });

  it('refuses a body without rate_id with 400 naming it', async () => {
    const { buyer, orderId } = await checkout({ lines: false });
    const res = await chooseRate(orderId, {}, buyer.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('rate_id');
  });
});

describe('who may quote and choose', () => {
  it('answers 404 to a stranger, another buyer of the seller and the seller’s own member', async () => {
    const { seller, buyer, orderId } = await checkout();
    const [rate] = await quoted(orderId, buyer.token);
    const stranger = await h.newOrgUser('Buyer');
    const otherBuyer = await h.newOrgUser('Buyer');
    const inv = await ok(
      h.call('POST', '/api/invite/purchaser', {
        token: seller.token,
        body: { to_organization_id: seller.orgId, to_emails: [otherBuyer.email] },
      }),
    );
    await ok(h.call('POST', `/api/invite/purchaser/accept/${inv[0].id}`, { token: otherBuyer.token }));
    for (const who of [stranger, otherBuyer, seller]) {
      expect((await estimates(orderId, who.token)).status).toBe(404);
      expect((await chooseRate(orderId, { rate_id: rate!.object_id }, who.token)).status).toBe(404);
      const byType = await chooseRateType(
        orderId,
        { provider: rate!.provider, service_level_token: rate!.servicelevel.token },
        who.token,
      );
      expect(byType.status).toBe(404);
    }
    expect((await estimates(orderId)).status).toBe(401);
    const order = await db().execute<{ cost: number | null }>(
      sql`select shipping_cost_in_cents as cost from orders where id = ${orderId}`,
    );
    expect(order.rows[0]).toEqual({ cost: null });
  });

  it('refuses a submitted order with 409', async () => {
    const { buyer, orderId, cartId } = await checkout();
    const [rate] = await quoted(orderId, buyer.token);
    await db().execute(sql`update orders set status = 'submitted', completed_on = now() where id = ${orderId}`);
    await db().execute(sql`update carts set status = 'ordered' where id = ${cartId}`);
    for (const res of [
      await estimates(orderId, buyer.token),
      await chooseRate(orderId, { rate_id: rate!.object_id }, buyer.token),
      await chooseRateType(
        orderId,
        { provider: rate!.provider, service_level_token: rate!.servicelevel.token },
        buyer.token,
      ),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('order_submitted');
    }
  });
});
