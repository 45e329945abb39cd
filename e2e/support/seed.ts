/**
 * Setting the scene through the public API, for journeys that test what comes after it: a
 * seller with Live products, photos and minimums, and a retailer who accepted its invite. Every
 * call is one a client of the API could make (bearer tokens from the built-in sign-up page).
 */
import { expect } from 'vitest';
import sharp from 'sharp';
import { signUpAndGetTokens } from '../../apps/server/test/support/test-login.js';
import { multipartBody } from '../../apps/server/test/support/media.js';
import { CARD, ONBOARDING_FORM } from '../../apps/server/test/support/checkout-fixtures.js';
import { TEST_CARDS } from '@cratebase/contract';

export interface ApiUser {
  email: string;
  password: string;
  token: string;
  call: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
}

/** Signs up through the built-in provider and creates the user's organization. */
export async function apiUser(baseUrl: string, email: string, password = 'wholesale-pass-1'): Promise<ApiUser> {
  const tokens = await signUpAndGetTokens(baseUrl, { email, password });
  const token = tokens.access_token;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  await call('POST', '/api/user/create');
  // Issue 27: a person has a name (sign-up asks it); "maya.maker@…" is Maya Maker.
  const name = email
    .split('@')[0]!
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
  await call('PUT', '/api/user/me', { name: name || 'Test Person' });
  return { email, password, token, call };
}

/**
 * Uploads an image of one colour with a mark on it — a square product photo unless told
 * otherwise (a logo, or a wide cover) — and returns its media id.
 */
export async function uploadPhoto(
  baseUrl: string,
  user: ApiUser,
  orgId: string,
  colour: string,
  {
    purpose = 'product',
    width = 800,
    height = 800,
  }: { purpose?: 'product' | 'logo' | 'splash'; width?: number; height?: number } = {},
): Promise<string> {
  const mark = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${Math.round(width * 0.28)}" y="${Math.round(height * 0.22)}" width="${Math.round(width * 0.44)}" height="${Math.round(height * 0.56)}" rx="40" fill="#ffffff" fill-opacity="0.85"/></svg>`,
  );
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: mark }])
    .png()
    .toBuffer();
  const { body, headers } = multipartBody([{ filename: 'photo.png', contentType: 'image/png', data: png }]);
  const res = await fetch(`${baseUrl}/api/media/${orgId}/upload?purpose=${purpose}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, ...headers },
    body,
  });
  const text = await res.text();
  expect(res.ok, `upload: ${res.status} ${text}`).toBe(true);
  return (JSON.parse(text) as { id: string }).id;
}

export interface SeededProduct {
  name: string;
  priceCents: number;
  msrpCents: number;
  photos?: string[];
  description?: string;
  trackInventory?: boolean;
}

/** Creates Live products (with their photos, in order) and returns their ids. */
export async function liveProducts(user: ApiUser, orgId: string, products: SeededProduct[]): Promise<string[]> {
  const ids: string[] = [];
  for (const p of products) {
    const created = await user.call<{ id: string }>('PUT', '/api/product', {
      name: p.name,
      description: p.description ?? null,
      organization: { id: orgId },
      state: 'Live',
      order_unit: 'Case',
      quantity_per_unit: 6,
      unit_price_in_cents: p.priceCents,
      msrp_in_cents: p.msrpCents,
      product_physical_measurements: {
        weight: 2.5,
        weight_unit: 'lb',
        length: 10,
        width: 8,
        height: 6,
        dimension_unit: 'in',
      },
      media: (p.photos ?? []).map((id, i) => ({ display_order: i, media: { id } })),
      track_inventory: p.trackInventory ?? false,
    });
    ids.push(created.id);
  }
  return ids;
}

/**
 * A retailer who accepts the seller's invite the way /details-buyer does (accept, then create
 * the Buyer organization). Returns the buyer and its organization id.
 */
export async function invitedRetailer(
  baseUrl: string,
  seller: ApiUser,
  sellerOrgId: string,
  email: string,
  businessName: string,
): Promise<{ buyer: ApiUser; buyerOrgId: string }> {
  await seller.call('POST', '/api/invite/purchaser', { to_organization_id: sellerOrgId, to_emails: [email] });
  const invites = await seller.call<Array<{ id: string; send_to_email: string }>>(
    'GET',
    `/api/invite/organization/${sellerOrgId}`,
  );
  const invite = invites.find((i) => i.send_to_email.toLowerCase() === email.toLowerCase());
  expect(invite, `invite for ${email}`).toBeTruthy();
  const buyer = await apiUser(baseUrl, email);
  await buyer.call('POST', `/api/invite/purchaser/accept/${invite!.id}`);
  const org = await buyer.call<{ id: string }>('POST', '/api/organization', {
    selected_type: 'Buyer',
    name: businessName,
  });
  return { buyer, buyerOrgId: org.id };
}

/** A seller's store that ships (an address in Austin, a box), as its screens would make it. */
export async function shippingStore(seller: ApiUser, name: string): Promise<{ id: string }> {
  const store = await seller.call<{ id: string }>('POST', '/api/organization', { selected_type: 'Merchant', name });
  await seller.call('POST', `/api/organization/${store.id}/address`, {
    line1: '400 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
  });
  await seller.call('POST', '/api/package_template', {
    height: 10,
    width: 12,
    length: 16,
    dimension_unit: 'in',
    organization_id: store.id,
  });
  return store;
}

/** A shipping store that takes cards: Set Up Payments done with the built-in form. */
export async function cardReadyStore(seller: ApiUser, name: string): Promise<{ id: string }> {
  const store = await shippingStore(seller, name);
  const payments = `/api/stripe/organization/${store.id}`;
  const { account } = await seller.call<{ account: string }>('POST', `${payments}/create-connect-account`);
  const { client_secret } = await seller.call<{ client_secret: string }>(
    'POST',
    `${payments}/refresh-connect-account`,
    {
      account,
    },
  );
  await seller.call('POST', `${payments}/onboarding`, { ...ONBOARDING_FORM, client_secret });
  return store;
}

/**
 * The buyer's cart at the store with `lines` (product id → quantity), shipping to Portland at the
 * first rate: what the checkout pages have done when the card form opens. Returns the cart.
 */
export async function cartAtBilling(
  buyer: ApiUser,
  buyerOrgId: string,
  storeId: string,
  lines: Record<string, number>,
): Promise<{ id: string; order: { id: string } }> {
  const cart = await buyer.call<{ id: string; order: { id: string } }>(
    'GET',
    `/api/cart/selling_organization/${storeId}/purchasing_organization/${buyerOrgId}`,
  );
  for (const [productId, quantity] of Object.entries(lines)) {
    await buyer.call('PUT', `/api/cart/${cart.id}/line_item`, { product_id: productId, quantity });
  }
  const saved = await buyer.call<{ address: { id: string } }>('POST', '/api/address/organization', {
    organization: { id: buyerOrgId },
    address: {
      first_name: 'Rosa',
      last_name: 'Pantry',
      line1: '12 Market Street',
      city: 'Portland',
      state: 'OR',
      postal_code: '97205',
    },
  });
  await buyer.call('POST', `/api/order/${cart.order.id}/shipping_address?address_id=${saved.address.id}`);
  const rates = await buyer.call<{ object_id: string }[]>('GET', `/api/shipping/order/${cart.order.id}/estimates`);
  await buyer.call('POST', `/api/shipping/order/${cart.order.id}/rate`, { rate_id: rates[0]!.object_id });
  return cart;
}

/**
 * The buyer pays for `lines` (product id → quantity) at the store with the 4242 card, through
 * the API the checkout pages call: ship-to address, first rate, checkout session, card.
 * Returns the placed order's id.
 */
export async function paidOrder(
  buyer: ApiUser,
  buyerOrgId: string,
  storeId: string,
  lines: Record<string, number>,
): Promise<string> {
  const cart = await cartAtBilling(buyer, buyerOrgId, storeId, lines);
  const session = await buyer.call<{ clientSecret: string }>(
    'POST',
    `/api/stripe/organization/${storeId}/create-checkout-session`,
    { cart: { id: cart.id } },
  );
  await buyer.call('POST', '/api/payments/checkout/pay', {
    client_secret: session.clientSecret,
    card: { ...CARD, number: TEST_CARDS.succeeds },
  });
  return cart.order.id;
}
