/**
 * Cart benchmark, for bench/run.ts: on a running production server, a seller with one Live
 * product invites buyers, each accepts and opens its cart, then the load sets cart lines over
 * and over (`PUT /api/cart/{id}/line_item`), alternating the quantity between two values so
 * every request changes the line (an upsert under the cart's lock) and answers the whole cart —
 * what the storefront's quantity control does. Two rows:
 * - many buyers: each request goes to the next of BENCH_CART_BUYERS (default 50) buyers' carts,
 *   as when that many retailers shop the store at once (requests for one cart still queue);
 * - one cart: every connection changes the same line of one cart, so all requests queue on that
 *   cart's row lock — the worst case, one buyer clicking 50 times at once.
 */
import { signUpAndGetTokens } from '../apps/server/test/support/test-login.js';
import type { LoadResult } from './catalog.js';
import { inBatches } from '../apps/server/test/support/concurrency.js';

/** What autocannon needs for one run: the URL, headers, and the requests each connection cycles through. */
export interface CartLoadOptions {
  url: string;
  headers?: Record<string, string>;
  requests?: CartLoadRequest[];
}

/** One of the requests a connection cycles through; `setupRequest` may rewrite it (autocannon). */
export interface CartLoadRequest {
  method: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: CartLoadRequest) => CartLoadRequest;
}

/** Warms up, then measures (bench/run.ts's `load`, taking autocannon's options). */
export type CartLoad = (options: CartLoadOptions) => Promise<LoadResult>;

export interface CartRow extends LoadResult {
  endpoint: string;
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return (await res.json()) as T;
}

/** A signed-up user with a user row and an organization of the given type. */
async function accountWithOrganization(
  baseUrl: string,
  email: string,
  type: 'Merchant' | 'Buyer',
  name: string,
): Promise<{ headers: Record<string, string>; orgId: string }> {
  const tokens = await signUpAndGetTokens(baseUrl, { email, password: 'bench-password-1' });
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/user/create`, { method: 'POST', headers });
  if (!created.ok) throw new Error(`user/create: ${created.status} ${await created.text()}`);
  const org = await json<{ id: string }>(
    await fetch(`${baseUrl}/api/organization`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ selected_type: type, name }),
    }),
    `organization ${name}`,
  );
  return { headers, orgId: org.id };
}

/** Seeds a seller, a Live product and a buyer with an open cart; then loads the cart line. */
export async function benchCart(baseUrl: string, load: CartLoad): Promise<CartRow[]> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const seller = await accountWithOrganization(baseUrl, `bench-cart-seller-${stamp}@example.com`, 'Merchant', 'Bench Cart Seller');
  const product = await json<{ id: string }>(
    await fetch(`${baseUrl}/api/product`, {
      method: 'PUT',
      headers: seller.headers,
      body: JSON.stringify({
        name: 'Bench Lavender Soap',
        organization: { id: seller.orgId },
        state: 'Live',
        unit_price_in_cents: 450,
        msrp_in_cents: 900,
      }),
    }),
    'product',
  );

  const buyerCount = Number(process.env.BENCH_CART_BUYERS ?? 50);
  const carts = await inBatches(
    Array.from({ length: buyerCount }, (_, n) => n),
    8,
    (n) => buyerWithLine(baseUrl, seller, product.id, `bench-cart-buyer-${stamp}-${n}@example.com`),
  );
  const body = (quantity: number) => JSON.stringify({ product_id: product.id, quantity });
  const path = (cartId: string) => `/api/cart/${cartId}/line_item`;

  // Many buyers: the next request goes to the next buyer's cart, with that buyer's token.
  let next = 0;
  const manyBuyers = await load({
    url: `${baseUrl}${path(carts[0]!.cartId)}`,
    requests: [
      {
        method: 'PUT',
        setupRequest: (request) => {
          const turn = next++;
          const cart = carts[turn % carts.length]!;
          return { ...request, path: path(cart.cartId), headers: cart.headers, body: body(2 - (Math.floor(turn / carts.length) % 2)) };
        },
      },
    ],
  });

  // One cart: every connection changes the same line.
  const one = carts[0]!;
  const oneCart = await load({
    url: `${baseUrl}${path(one.cartId)}`,
    headers: one.headers,
    requests: [
      { method: 'PUT', body: body(2) },
      { method: 'PUT', body: body(1) },
    ],
  });
  return [
    { endpoint: `PUT /api/cart/{id}/line_item, ${carts.length} buyers' carts (quantity alternating, answers the cart)`, ...manyBuyers },
    { endpoint: 'PUT /api/cart/{id}/line_item, one cart (every connection on one line)', ...oneCart },
  ];
}

/** A buyer who accepted the seller's invite, with an open cart holding one line of the product. */
async function buyerWithLine(
  baseUrl: string,
  seller: { headers: Record<string, string>; orgId: string },
  productId: string,
  buyerEmail: string,
): Promise<{ headers: Record<string, string>; cartId: string }> {
  const [invite] = await json<{ id: string }[]>(
    await fetch(`${baseUrl}/api/invite/purchaser`, {
      method: 'POST',
      headers: seller.headers,
      body: JSON.stringify({ to_organization_id: seller.orgId, to_emails: [buyerEmail] }),
    }),
    'invite',
  );
  const buyer = await accountWithOrganization(baseUrl, buyerEmail, 'Buyer', 'Bench Cart Buyer');
  await json(
    await fetch(`${baseUrl}/api/invite/purchaser/accept/${invite!.id}`, {
      method: 'POST',
      headers: buyer.headers,
      body: JSON.stringify({ organization_id: buyer.orgId }),
    }),
    'accept invite',
  );

  const cart = await json<{ id: string }>(
    await fetch(`${baseUrl}/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`, {
      headers: buyer.headers,
    }),
    'cart',
  );
  const lineUrl = `${baseUrl}/api/cart/${cart.id}/line_item`;
  // The line exists before the run: the load measures changing it, not adding it.
  await json(
    await fetch(lineUrl, {
      method: 'PUT',
      headers: buyer.headers,
      body: JSON.stringify({ product_id: productId, quantity: 1 }),
    }),
    'first line',
  );

  return { headers: buyer.headers, cartId: cart.id };
}
