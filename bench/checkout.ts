/**
 * Card checkout benchmark, for bench/run.ts (issue 9): on a running production server with the
 * built-in test payments, a seller is made ready to take card orders the way its screens do it
 * (Set Up Payments' onboarding form, ship-from address, box, a Live product with tracked stock)
 * and invites its buyers; each buyer accepts, fills its cart and picks a shipping rate — the
 * billing page just before Pay. Then:
 *
 * 1. create-checkout-session under autocannon: one buyer's order, every call a new session that
 *    ends the previous one and holds the stock again (few connections: they all replace the same
 *    order's session; on PostgreSQL a call overtaken by a newer one is refused 409
 *    checkout_superseded, as a second browser window would be, and counts as an error);
 * 2. verify-payment of a completed order under autocannon (the return page's idempotent read);
 * 3. the whole submit, timed here without autocannon: N buyers (BENCH_CHECKOUT_ORDERS, default
 *    40) each create a session, pay with 4242 (which completes the order in one transaction) and
 *    verify it — one buyer at a time, then 8 at a time; p50/p99 of each buyer's total, req/s
 *    being orders per second.
 */
import {
  TEST_CARDS,
  type Cart,
  type CheckoutSession,
  type ShippingEstimate,
  type VerifyPayment,
} from '@cratebase/contract';
import { signUpAndGetTokens } from '../apps/server/test/support/test-login.js';
import type { LoadResult } from './catalog.js';
import { inBatches } from '../apps/server/test/support/concurrency.js';
import {
  BOX,
  CARD as CARD_REST,
  ONBOARDING_FORM,
  SHIP_FROM,
  SHIP_TO,
} from '../apps/server/test/support/checkout-fixtures.js';

/** What autocannon needs for one run; `connections` overrides the benchmark's default. */
export interface CheckoutLoadOptions {
  url: string;
  headers?: Record<string, string>;
  requests?: { method: string; body?: string; headers?: Record<string, string> }[];
  connections?: number;
}

/** Warms up, then measures (bench/run.ts's load, taking autocannon's options). */
export type CheckoutLoad = (options: CheckoutLoadOptions) => Promise<LoadResult>;

export interface CheckoutRow extends LoadResult {
  endpoint: string;
}

/** Connections for create-checkout-session: every call replaces the one order's session. */
export const SESSION_CONNECTIONS = 10;
/** Buyers paying at once in the concurrent pass of the whole submit. */
export const SUBMIT_CONCURRENCY = 8;
/** Issue 9's aim for the whole submit on PostgreSQL, the payment provider being built in. */
export const WHOLE_SUBMIT_TARGET_P99_MS = 150;
export const WHOLE_SUBMIT_ENDPOINT = 'whole submit (create session + pay + verify)';

const CARD = { ...CARD_REST, number: TEST_CARDS.succeeds };

export interface Account {
  email: string;
  headers: Record<string, string>;
  orgId: string;
}

/** A buyer of the seller with a saved ship-to address. */
export interface Buyer extends Account {
  addressId: string;
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return (await res.json()) as T;
}

export function api(baseUrl: string, account: { headers: Record<string, string> }) {
  return async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> =>
    json<T>(
      await fetch(`${baseUrl}${path}`, {
        method,
        headers: account.headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
      `${method} ${path}`,
    );
}

/** Signs up through the built-in sign-in, makes the user row and an organization of `type`. */
async function signUp(baseUrl: string, email: string, type: 'Merchant' | 'Buyer', name: string): Promise<Account> {
  const tokens = await signUpAndGetTokens(baseUrl, { email, password: 'bench-password-1' });
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/user/create`, { method: 'POST', headers });
  if (!created.ok) throw new Error(`user/create: ${created.status} ${await created.text()}`);
  const org = await api(baseUrl, { headers })<{ id: string }>('POST', '/api/organization', {
    selected_type: type,
    name,
  });
  return { email, headers, orgId: org.id };
}

/** A seller ready for card orders, and a Live product whose tracked stock never runs out here. */
export async function readySeller(baseUrl: string, stamp: string): Promise<{ seller: Account; productId: string }> {
  const seller = await signUp(
    baseUrl,
    `bench-checkout-seller-${stamp}@example.com`,
    'Merchant',
    'Bench Checkout Seller',
  );
  const call = api(baseUrl, seller);
  await call('POST', `/api/organization/${seller.orgId}/address`, SHIP_FROM);
  await call('POST', '/api/package_template', { ...BOX, organization_id: seller.orgId });

  const payments = `/api/stripe/organization/${seller.orgId}`;
  const { account } = await call<{ account: string }>('POST', `${payments}/create-connect-account`);
  const { client_secret } = await call<{ client_secret: string }>('POST', `${payments}/refresh-connect-account`, {
    account,
  });
  const status = await call<{ charges_enabled: boolean }>('POST', `${payments}/onboarding`, {
    ...ONBOARDING_FORM,
    client_secret,
  });
  if (!status.charges_enabled) throw new Error('onboarding: the payment account cannot take charges');

  const product = await call<{ id: string }>('PUT', '/api/product', {
    organization: { id: seller.orgId },
    name: 'Bench Apricot Jam',
    state: 'Live',
    unit_price_in_cents: 1_250,
    product_physical_measurements: { weight: 2, weight_unit: 'lb' },
  });
  await call('POST', '/api/inventory/transaction', {
    product: { id: product.id },
    inventory_transaction_type: 'set',
    count: 1_000_000,
  });
  return { seller, productId: product.id };
}

/** `count` buyers invited by the seller (one invite call per 50), accepted, with a saved address. */
export async function customersOf(baseUrl: string, seller: Account, stamp: string, count: number): Promise<Buyer[]> {
  const emails = Array.from({ length: count }, (_, i) => `bench-checkout-buyer-${stamp}-${i}@example.com`);
  const invites = new Map<string, string>();
  for (let i = 0; i < emails.length; i += 50) {
    const sent = await api(baseUrl, seller)<{ id: string; send_to_email: string }[]>('POST', '/api/invite/purchaser', {
      to_organization_id: seller.orgId,
      to_emails: emails.slice(i, i + 50),
    });
    for (const invite of sent) invites.set(invite.send_to_email.toLowerCase(), invite.id);
  }
  return inBatches(emails, 4, async (email, i) => {
    const account = await signUp(baseUrl, email, 'Buyer', `Bench Checkout Buyer ${i}`);
    const call = api(baseUrl, account);
    const inviteId = invites.get(email);
    if (!inviteId) throw new Error(`no invite for ${email}`);
    await call('POST', `/api/invite/purchaser/accept/${inviteId}`, { organization_id: account.orgId });
    const saved = await call<{ address: { id: string } }>('POST', '/api/address/organization', {
      organization: { id: account.orgId },
      address: SHIP_TO,
    });
    return { ...account, addressId: saved.address.id };
  });
}

/** The buyer's open cart with one jar, shipping to its address at the first rate: ready to pay. */
export async function atPayment(baseUrl: string, seller: Account, buyer: Buyer, productId: string): Promise<Cart> {
  const call = api(baseUrl, buyer);
  const cart = await call<Cart>(
    'GET',
    `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`,
  );
  await call('PUT', `/api/cart/${cart.id}/line_item`, { product_id: productId, quantity: 1 });
  const orderId = cart.order.id;
  await call('POST', `/api/order/${orderId}/shipping_address?address_id=${buyer.addressId}`);
  const rates = await call<ShippingEstimate[]>('GET', `/api/shipping/order/${orderId}/estimates`);
  if (!rates[0]) throw new Error(`no shipping estimate for order ${orderId}`);
  await call('POST', `/api/shipping/order/${orderId}/rate`, { rate_id: rates[0].object_id });
  return cart;
}

const sessionPath = (seller: Account) => `/api/stripe/organization/${seller.orgId}/create-checkout-session`;
const verifyPath = (seller: Account, sessionId: string) =>
  `/api/stripe/organization/${seller.orgId}/verify-payment/${sessionId}`;

/** Create session → pay 4242 → verify, as the billing page, the card form and the return page call them. */
export async function submit(baseUrl: string, seller: Account, buyer: Buyer, cart: Cart): Promise<VerifyPayment> {
  const call = api(baseUrl, buyer);
  const session = await call<CheckoutSession>('POST', sessionPath(seller), { cart: { id: cart.id } });
  const paid = await call<{ status: string }>('POST', '/api/payments/checkout/pay', {
    client_secret: session.clientSecret,
    card: CARD,
  });
  if (paid.status !== 'complete') throw new Error(`pay: ${paid.status}, expected complete`);
  const verified = await call<VerifyPayment>('GET', verifyPath(seller, session.session_id));
  if (verified.order_id !== cart.order.id || verified.amount_cents !== session.amount_cents) {
    throw new Error(`verify-payment answered another order or amount: ${JSON.stringify(verified)}`);
  }
  return verified;
}

/** The value below which `q` of the sorted samples fall (nearest rank). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** Each buyer's whole submit timed, `concurrency` buyers at a time; failures counted as errors. */
async function timeSubmits(
  baseUrl: string,
  seller: Account,
  orders: { buyer: Buyer; cart: Cart }[],
  concurrency: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const started = performance.now();
  await inBatches(orders, concurrency, async ({ buyer, cart }) => {
    const t0 = performance.now();
    try {
      await submit(baseUrl, seller, buyer, cart);
      latencies.push(performance.now() - t0);
    } catch (error) {
      errors++;
      firstError ??= error;
    }
  });
  const elapsed = (performance.now() - started) / 1000;
  if (firstError)
    console.warn(`whole submit, ${concurrency} at a time: ${errors} failed; first: ${String(firstError)}`);
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), errors };
}

/** Seeds a ready seller and its buyers, then measures the three checkout rows. */
export async function benchCheckout(baseUrl: string, load: CheckoutLoad): Promise<CheckoutRow[]> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const orderCount = Math.max(1, Number(process.env.BENCH_CHECKOUT_ORDERS ?? 40));
  const { seller, productId } = await readySeller(baseUrl, stamp);
  // One buyer whose order takes session after session, one whose order is complete, and the
  // buyers of the whole submit (each pays twice: one at a time, then 8 at a time).
  const [sessionBuyer, paidBuyer, ...submitBuyers] = await customersOf(baseUrl, seller, stamp, orderCount + 2);
  const rows: CheckoutRow[] = [];

  // 1. create-checkout-session: the same order, a new session each call.
  const sessionCart = await atPayment(baseUrl, seller, sessionBuyer!, productId);
  rows.push({
    endpoint: `POST …/create-checkout-session (one order, each call replaces its session and holds stock; ${SESSION_CONNECTIONS} connections; overlapping calls may be refused 409 superseded)`,
    ...(await load({
      url: `${baseUrl}${sessionPath(seller)}`,
      headers: sessionBuyer!.headers,
      requests: [{ method: 'POST', body: JSON.stringify({ cart: { id: sessionCart.id } }) }],
      connections: SESSION_CONNECTIONS,
    })),
  });

  // 2. verify-payment of a completed order.
  const paidCart = await atPayment(baseUrl, seller, paidBuyer!, productId);
  const session = await api(baseUrl, paidBuyer!)<CheckoutSession>('POST', sessionPath(seller), {
    cart: { id: paidCart.id },
  });
  await api(baseUrl, paidBuyer!)('POST', '/api/payments/checkout/pay', {
    client_secret: session.clientSecret,
    card: CARD,
  });
  rows.push({
    endpoint: 'GET …/verify-payment/{session_id} (completed order)',
    ...(await load({ url: `${baseUrl}${verifyPath(seller, session.session_id)}`, headers: paidBuyer!.headers })),
  });

  // 3. The whole submit: one buyer at a time, then SUBMIT_CONCURRENCY at a time (new carts).
  for (const concurrency of [1, SUBMIT_CONCURRENCY]) {
    const orders = await inBatches(submitBuyers, 4, async (buyer) => ({
      buyer,
      cart: await atPayment(baseUrl, seller, buyer, productId),
    }));
    const pace = concurrency === 1 ? 'one at a time' : `${concurrency} at a time`;
    rows.push({
      endpoint: `${WHOLE_SUBMIT_ENDPOINT}, ${orders.length} orders ${pace}; req/s = orders/s`,
      ...(await timeSubmits(baseUrl, seller, orders, concurrency)),
    });
  }
  return rows;
}
