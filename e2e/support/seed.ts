/**
 * Setting the scene through the public API, for journeys that test what comes after it: a
 * seller with Live products, photos and minimums, and a retailer who accepted its invite. Every
 * call is one a client of the API could make (bearer tokens from the built-in sign-up page).
 */
import { expect } from 'vitest';
import sharp from 'sharp';
import { signUpAndGetTokens } from '../../apps/server/test/support/test-login.js';
import { multipartBody } from '../../apps/server/test/support/media.js';

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
  return { email, password, token, call };
}

/** Uploads a square product photo of one colour with a mark on it; returns its media id. */
export async function uploadPhoto(baseUrl: string, user: ApiUser, orgId: string, colour: string): Promise<string> {
  const mark = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect x="220" y="180" width="360" height="440" rx="40" fill="#ffffff" fill-opacity="0.85"/></svg>',
  );
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: colour } })
    .composite([{ input: mark }])
    .png()
    .toBuffer();
  const { body, headers } = multipartBody([{ filename: 'photo.png', contentType: 'image/png', data: png }]);
  const res = await fetch(`${baseUrl}/api/media/${orgId}/upload?purpose=product`, {
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
