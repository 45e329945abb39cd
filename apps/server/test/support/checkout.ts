/**
 * Checkout scenarios through the API, as the screens make them: a seller ready to take orders
 * (ship-from address, package template, card payments active) and customers of it with a cart,
 * a ship-to address and a chosen shipping rate — one step before paying.
 */
import { expect } from 'vitest';
import type { Cart, CheckoutSession, Product, ShippingEstimate } from '@cratebase/contract';
import type { Harness, TestUser } from './harness.js';
import { BOX, CARD, ONBOARDING_FORM, SHIP_FROM, SHIP_TO } from './checkout-fixtures.js';

export { CARD, ONBOARDING_FORM, SHIP_FROM, SHIP_TO };

export type Org = TestUser & { orgId: string };

export async function ok<T = any>(res: Promise<{ status: number; body: any }>): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as T;
}

/** Set Up Payments through the built-in onboarding: the account can take charges afterwards. */
export async function activatePayments(h: Harness, seller: Org): Promise<string> {
  const base = `/api/stripe/organization/${seller.orgId}`;
  const { account } = await ok(h.call('POST', `${base}/create-connect-account`, { token: seller.token }));
  const { client_secret } = await ok(
    h.call('POST', `${base}/refresh-connect-account`, { token: seller.token, body: { account } }),
  );
  const status = await ok(
    h.call('POST', `${base}/onboarding`, { token: seller.token, body: { ...ONBOARDING_FORM, client_secret } }),
  );
  expect(status.charges_enabled).toBe(true);
  return account;
}

/** A seller with a ship-from address, a box and (unless told otherwise) card payments active. */
export async function readySeller(h: Harness, opts: { payments?: boolean } = {}): Promise<Org> {
  const seller = await h.newOrgUser('Merchant');
  await ok(h.call('POST', `/api/organization/${seller.orgId}/address`, { token: seller.token, body: SHIP_FROM }));
  await ok(
    h.call('POST', '/api/package_template', { token: seller.token, body: { ...BOX, organization_id: seller.orgId } }),
  );
  if (opts.payments !== false) await activatePayments(h, seller);
  return seller;
}

/** A Live product of the seller; `body` overrides (price, weight, tracked stock…). */
export async function liveProduct(h: Harness, seller: Org, body: Record<string, unknown> = {}): Promise<string> {
  const p = await ok(
    h.call('PUT', '/api/product', {
      token: seller.token,
      body: {
        organization: { id: seller.orgId },
        name: 'Jam',
        state: 'Live',
        unit_price_in_cents: 1_000,
        product_physical_measurements: { weight: 2, weight_unit: 'lb' },
        ...body,
      },
    }),
  );
  return p.id;
}

/** A Live tee in sizes S and M at $20.00 with a 12+ break at $18.00: its id and its two variants' ids. */
export async function sizedTee(h: Harness, seller: Org): Promise<{ id: string; small: string; medium: string }> {
  const tee = await ok<Product>(
    h.call('PUT', '/api/product', {
      token: seller.token,
      body: {
        organization: { id: seller.orgId },
        name: 'Tee',
        state: 'Live',
        unit_price_in_cents: 2_000,
        price_breaks: [{ min_quantity: 12, unit_price_in_cents: 1_800 }],
        product_physical_measurements: { weight: 1, weight_unit: 'lb' },
        options: [{ name: 'Size', values: ['S', 'M'] }],
      },
    }),
  );
  const [small, medium] = tee.variants.map((v) => v.id) as [string, string];
  return { id: tee.id, small, medium };
}

/** Sets the product's stock to `count` and tracks it (inventory API). */
export async function setStock(h: Harness, seller: Org, productId: string, count: number): Promise<void> {
  await ok(
    h.call('POST', '/api/inventory/transaction', {
      token: seller.token,
      body: { product: { id: productId }, inventory_transaction_type: 'set', count },
    }),
  );
}

/** A customer of the seller (invited and accepted). */
export async function customerOf(h: Harness, seller: Org, name?: string): Promise<Org> {
  const buyer = await h.newOrgUser('Buyer', name);
  const invites = await ok(
    h.call('POST', '/api/invite/purchaser', {
      token: seller.token,
      body: { to_organization_id: seller.orgId, to_emails: [buyer.email] },
    }),
  );
  await ok(h.call('POST', `/api/invite/purchaser/accept/${invites[0].id}`, { token: buyer.token }));
  return buyer;
}

export const pairUrl = (seller: Org, buyer: Org) =>
  `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`;

export const readCart = (h: Harness, seller: Org, buyer: Org) =>
  ok<Cart>(h.call('GET', pairUrl(seller, buyer), { token: buyer.token }));

/**
 * The buyer's cart filled with `lines` (product id → quantity), shipping to SHIP_TO at the
 * first shipping estimate: the billing page just before Pay.
 */
export async function atPayment(
  h: Harness,
  seller: Org,
  buyer: Org,
  lines: Record<string, number>,
): Promise<{ cart: Cart; rate: ShippingEstimate }> {
  const cart = await readCart(h, seller, buyer);
  for (const [productId, quantity] of Object.entries(lines)) {
    await ok(
      h.call('PUT', `/api/cart/${cart.id}/line_item`, {
        token: buyer.token,
        body: { product_id: productId, quantity },
      }),
    );
  }
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
  const rates = await ok<ShippingEstimate[]>(
    h.call('GET', `/api/shipping/order/${cart.order.id}/estimates`, { token: buyer.token }),
  );
  const rate = rates[0]!;
  await ok(
    h.call('POST', `/api/shipping/order/${cart.order.id}/rate`, {
      token: buyer.token,
      body: { rate_id: rate.object_id },
    }),
  );
  return { cart: await readCart(h, seller, buyer), rate };
}

export const createSession = (h: Harness, seller: Org, buyer: Org, cart: { id: string } & Record<string, unknown>) =>
  h.call('POST', `/api/stripe/organization/${seller.orgId}/create-checkout-session`, {
    token: buyer.token,
    body: { cart },
  });

export const payWith = (h: Harness, buyer: Org, session: CheckoutSession, number: string) =>
  h.call('POST', '/api/payments/checkout/pay', {
    token: buyer.token,
    body: { client_secret: session.clientSecret, card: { ...CARD, number } },
  });

export const verify = (h: Harness, seller: Org, buyer: Org, sessionId: string) =>
  h.call('GET', `/api/stripe/organization/${seller.orgId}/verify-payment/${sessionId}`, { token: buyer.token });
