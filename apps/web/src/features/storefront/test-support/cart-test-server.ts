// Test support for the storefront's tests (cart, checkout, billing, payment, orders, quick order):
// an in-memory cart API behind a fetch double, answering as the contract says
// (packages/contract/src/carts.ts, its gate from cart-rules.ts checkoutIssues). Not imported by the app.
import {
  checkoutIssues,
  meetsMinimum,
  quantityRuleMessage,
  unitPriceForQuantity,
  type Cart,
  type CartProduct,
  type CurrentUser,
  type LineItem,
} from '@cratebase/contract';
import { ids } from '../../../test/fixtures';

export const cartId = '00000000-0000-4000-8000-0000000000ca';

/** A product as a cart line shows it. */
export function cartProduct(id: string, name: string, priceCents: number, overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id,
    name,
    parent_product_id: null,
    variant_title: null,
    unit_price_in_cents: priceCents,
    msrp_in_cents: priceCents * 2,
    order_unit: null,
    stock_keeping_unit: null,
    media: [],
    track_inventory: false,
    inventory_count: null,
    minimum_order_quantity: 1,
    order_increment: 1,
    price_breaks: [],
    ...overrides,
  };
}

export const widget = cartProduct('00000000-0000-4000-8000-0000000000a1', 'Widget', 1200);
export const gadget = cartProduct('00000000-0000-4000-8000-0000000000a2', 'Gadget', 550);

export interface StoredLine {
  id: string;
  product: CartProduct;
  quantity: number;
  /** Why the line is unavailable (the product was unpublished, …); null when it is available. */
  unavailable?: string | null;
}

export interface CartTerms {
  min_items?: number;
  min_cents?: number;
  is_preview?: boolean;
}

/** The cart the server would answer for these lines (totals, minimums and issues, in the server's order). */
export function makeCart(lines: StoredLine[], terms: CartTerms = {}): Cart {
  const lineItems: LineItem[] = lines.map((line) => {
    const unit = unitPriceForQuantity(line.product.unit_price_in_cents, line.product.price_breaks, line.quantity);
    return {
      id: line.id,
      quantity: line.quantity,
      product: line.product,
      available: !line.unavailable,
      unavailable_reason: line.unavailable ?? null,
      unit_price_in_cents: unit,
      line_total_cents: line.unavailable ? 0 : line.quantity * unit,
      quantity_issue: line.unavailable ? null : quantityRuleMessage(line.quantity, line.product),
    };
  });
  const available = lineItems.filter((line) => line.available);
  const itemCount = available.reduce((sum, line) => sum + line.quantity, 0);
  const totalCents = available.reduce((sum, line) => sum + line.line_total_cents, 0);
  const minItems = terms.min_items ?? 0;
  const minCents = terms.min_cents ?? 0;
  const gate = { lines: lineItems, itemCount, totalCents, minItems, minCents };
  const issues = checkoutIssues({ ...gate, isPreview: terms.is_preview ?? false, shippingCents: null });
  return {
    id: cartId,
    selling_organization_id: ids.sellerX,
    purchasing_organization_id: ids.buyer,
    line_items: lineItems,
    total_cents: totalCents,
    item_count: itemCount,
    min_items: minItems,
    min_cents: minCents,
    is_returning: false,
    meets_minimum: meetsMinimum(gate),
    is_preview: terms.is_preview ?? false,
    can_checkout: issues.length === 0,
    checkout_issues: issues,
    order: { id: '00000000-0000-4000-8000-0000000000d0', is_net_30: false, status: 'Draft' },
  };
}

export const cartPathFor = (sellerId: string, buyerId: string) =>
  `/api/cart/selling_organization/${sellerId}/purchasing_organization/${buyerId}`;

type Refusal = { status: number; body: { error: string; message: string; issues?: Array<{ path: string; message: string }> } };

export interface FakeCartServerOptions {
  user: CurrentUser;
  products?: CartProduct[];
  lines?: StoredLine[];
  terms?: CartTerms;
  /** A refusal for a change (e.g. too little stock), or null to accept it. */
  refuse?: (productId: string, quantity: number) => Refusal | null;
}

interface Held {
  release: () => void;
}

/**
 * GET /api/user/me and the cart calls over an in-memory cart. Changes can be held (answered only
 * when released) to look at the screen while requests are in flight; the server records the
 * most requests that were in flight together for one product.
 */
export function fakeCartServer(options: FakeCartServerOptions) {
  const products = new Map((options.products ?? [widget, gadget]).map((product) => [product.id, product]));
  let lines: StoredLine[] = [...(options.lines ?? [])];
  let nextLine = 1;
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const inFlight = new Map<string, number>();
  let maxInFlightPerProduct = 0;
  let holding = false;
  const held: Held[] = [];
  let failReads = 0;
  let holdReads = false;
  const heldReads: Held[] = [];

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const cart = () => makeCart(lines, options.terms);

  function setLine(productId: string, quantity: number): Response {
    const refusal = options.refuse?.(productId, quantity);
    if (refusal) return json(refusal.status, refusal.body);
    const product = products.get(productId);
    if (!product) return json(404, { error: 'not_found', message: 'That product is not for sale in this store.' });
    const existing = lines.find((line) => line.product.id === productId);
    if (quantity === 0) lines = lines.filter((line) => line !== existing);
    else if (existing) existing.quantity = quantity;
    else {
      const id = `10000000-0000-4000-8000-${String(nextLine++).padStart(12, '0')}`;
      lines.push({ id, product, quantity });
    }
    return json(200, cart());
  }

  /** PUT /api/cart/{id}/line_items: each line as setLine would answer it, by id or by SKU. */
  function setLines(body: { lines: Array<{ product_id?: string; stock_keeping_unit?: string; quantity: number }> }) {
    const results = body.lines.map((line, index) => {
      const product =
        line.product_id !== undefined
          ? products.get(line.product_id)
          : [...products.values()].find((candidate) => candidate.stock_keeping_unit === line.stock_keeping_unit);
      const base = {
        index,
        product_id: product?.id ?? null,
        name: product?.name ?? null,
        stock_keeping_unit: product?.stock_keeping_unit ?? line.stock_keeping_unit ?? null,
        quantity: line.quantity,
      };
      if (!product) {
        const message =
          line.product_id !== undefined
            ? 'this store has no product with this id'
            : `this store has no product with SKU "${line.stock_keeping_unit}"`;
        return { ...base, status: 'refused', code: 'not_found', message };
      }
      const answer = setLine(product.id, line.quantity);
      if (answer.status !== 200) {
        const refusal = options.refuse?.(product.id, line.quantity);
        // The bulk answer carries the sentence alone (the single change leads with the field's name).
        const sentence = refusal?.body.issues?.[0]?.message ?? refusal?.body.message ?? null;
        return { ...base, status: 'refused', code: refusal?.body.error ?? 'refused', message: sentence };
      }
      return { ...base, status: line.quantity === 0 ? 'removed' : 'set', code: null, message: null };
    });
    return json(200, { results, cart: cart() });
  }

  async function change(productId: string, apply: () => Response): Promise<Response> {
    const count = (inFlight.get(productId) ?? 0) + 1;
    inFlight.set(productId, count);
    maxInFlightPerProduct = Math.max(maxInFlightPerProduct, count);
    try {
      if (holding) await new Promise<void>((release) => held.push({ release }));
      else await new Promise((resolve) => setTimeout(resolve, 0));
      return apply();
    } finally {
      inFlight.set(productId, (inFlight.get(productId) ?? 1) - 1);
    }
  }

  const fn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });

    if (method === 'GET' && url.pathname === '/api/user/me') return json(200, options.user);
    const pair = /^\/api\/cart\/selling_organization\/([^/]+)\/purchasing_organization\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && pair) {
      if (holdReads) await new Promise<void>((release) => heldReads.push({ release }));
      if (failReads > 0) {
        failReads -= 1;
        return json(500, { error: 'internal', message: 'The cart service is down.' });
      }
      return json(200, cart());
    }
    const setPath = /^\/api\/cart\/([^/]+)\/line_item$/.exec(url.pathname);
    if ((method === 'POST' || method === 'PUT') && setPath) {
      const { product_id: productId, quantity } = body as { product_id: string; quantity: number };
      if (setPath[1] !== cartId) return json(404, { error: 'not_found', message: 'No such cart.' });
      return change(productId, () => setLine(productId, quantity));
    }
    const bulkPath = /^\/api\/cart\/([^/]+)\/line_items$/.exec(url.pathname);
    if (method === 'PUT' && bulkPath) {
      if (bulkPath[1] !== cartId) return json(404, { error: 'not_found', message: 'No such cart.' });
      return change('bulk', () => setLines(body as Parameters<typeof setLines>[0]));
    }
    const deletePath = /^\/api\/cart\/line_item\/([^/]+)$/.exec(url.pathname);
    if (method === 'DELETE' && deletePath) {
      const line = lines.find((candidate) => candidate.id === deletePath[1]);
      if (!line) return json(404, { error: 'not_found', message: 'That line is not in your cart.' });
      return change(line.product.id, () => {
        lines = lines.filter((candidate) => candidate !== line);
        return json(200, cart());
      });
    }
    return json(404, { error: 'not_found', message: `No fake for ${method} ${url.pathname}` });
  };

  return {
    fn,
    calls,
    /** The cart as the server holds it now. */
    cart,
    /** Change requests (POST, PUT, DELETE) sent so far. */
    changes: () => calls.filter((call) => call.method !== 'GET'),
    reads: () => calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/cart/')),
    maxInFlightPerProduct: () => maxInFlightPerProduct,
    /** Changes wait until `release` (or `answerAll`). */
    hold: () => {
      holding = true;
    },
    heldCount: () => held.length,
    /** Answers the oldest held change. */
    release: () => held.shift()?.release(),
    /** Stops holding and answers every held change. */
    answerAll: () => {
      holding = false;
      for (const entry of held.splice(0)) entry.release();
    },
    /** The next `count` cart reads fail with 500. */
    failReads: (count: number) => {
      failReads = count;
    },
    /** Cart reads wait until `answerReads`. */
    holdReads: () => {
      holdReads = true;
    },
    answerReads: () => {
      holdReads = false;
      for (const entry of heldReads.splice(0)) entry.release();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The payment calls (create-checkout-session, the built-in embedded checkout, verify-payment), in
// memory, answering as packages/contract/src/checkout.ts says and as the built-in provider treats
// its test cards. Compose with a cart fake: `payments.handle(...)` answers a payment call or null.

export type PaymentRefusal = {
  status: number;
  body: { error: string; message: string; issues?: Array<{ path: string; message: string }> };
};

/** The publishable key a Stripe session answers with. */
export const STRIPE_TEST_PUBLISHABLE_KEY = 'pk_test_cratebaseweb0123';

export interface FakePaymentsOptions {
  sellerId?: string;
  merchantName?: string;
  /** What each new session charges (default 3250), or how to work it out when it is made. */
  amountCents?: number | (() => number);
  provider?: 'builtin' | 'stripe';
  /** Refusals of create-checkout-session, in turn (then sessions are made). */
  refuseSessions?: PaymentRefusal[];
  /** Answers of pay (and challenge) calls, in turn, before the card decides (e.g. a 409 session_expired). */
  payAnswers?: PaymentRefusal[];
  /** The answer of verify-payment (success by default); any body, e.g. a proxy's page. */
  verify?: { status: number; body: unknown };
}

interface FakeSession {
  id: string;
  secret: string;
  amountCents: number;
  status: 'open' | 'complete' | 'expired';
  challengeId: string | null;
}

export function fakePayments(options: FakePaymentsOptions = {}) {
  const sellerId = options.sellerId ?? ids.sellerX;
  const amountOf = () =>
    typeof options.amountCents === 'function' ? options.amountCents() : (options.amountCents ?? 3250);
  const refusals = [...(options.refuseSessions ?? [])];
  const payAnswers = [...(options.payAnswers ?? [])];
  const sessions: FakeSession[] = [];
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  let holdPay = false;
  let holdVerify = false;
  const heldPays: Array<() => void> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const returnUrl = (session: FakeSession) =>
    `http://localhost/storefront/${sellerId}/checkout/return?session_id=${session.id}`;
  const declined = (error: string, message: string) => json(402, { error, message });

  function bySecret(body: unknown): FakeSession | undefined {
    const secret = (body as { client_secret?: string } | undefined)?.client_secret;
    return sessions.find((session) => session.secret === secret);
  }

  function paid(session: FakeSession, number: string) {
    session.status = 'complete';
    session.challengeId = null;
    return json(200, {
      status: 'complete',
      return_url: returnUrl(session),
      challenge_id: null,
      card: { brand: 'visa', last4: number.slice(-4) },
    });
  }

  async function handle(method: string, path: string, body: unknown): Promise<Response | null> {
    if (method === 'POST' && path === `/api/stripe/organization/${sellerId}/create-checkout-session`) {
      calls.push({ method, path, body });
      const refusal = refusals.shift();
      if (refusal) return json(refusal.status, refusal.body);
      const n = sessions.length + 1;
      const session: FakeSession = {
        id: `cs_test_${n}`,
        secret: `cs_test_${n}_secret_x`,
        amountCents: amountOf(),
        status: 'open',
        challengeId: null,
      };
      sessions.push(session);
      return json(200, {
        clientSecret: session.secret,
        account_id: 'acct_test_1',
        session_id: session.id,
        provider: options.provider ?? 'builtin',
        currency: 'usd',
        subtotal_cents: session.amountCents - 850,
        shipping_cents: 850,
        amount_cents: session.amountCents,
        expires_at: '2099-01-01T00:00:00.000Z',
        ...(options.provider === 'stripe' ? { publishable_key: STRIPE_TEST_PUBLISHABLE_KEY } : {}),
      });
    }
    if (method === 'POST' && path === '/api/payments/checkout/session') {
      calls.push({ method, path, body });
      const session = bySecret(body);
      if (!session) return json(404, { error: 'invalid_session', message: 'This checkout session is not valid.' });
      return json(200, {
        session_id: session.id,
        status: session.status,
        merchant_name: options.merchantName ?? 'Seller X',
        currency: 'usd',
        amount_cents: session.amountCents,
        expires_at: '2099-01-01T00:00:00.000Z',
        return_url: returnUrl(session),
        challenge_id: session.challengeId,
      });
    }
    if (method === 'POST' && (path === '/api/payments/checkout/pay' || path === '/api/payments/checkout/challenge')) {
      calls.push({ method, path, body });
      if (holdPay) await new Promise<void>((release) => heldPays.push(release));
      const session = bySecret(body);
      if (!session) return json(404, { error: 'invalid_session', message: 'This checkout session is not valid.' });
      const answer = payAnswers.shift();
      if (answer) {
        if (answer.body.error === 'session_expired') session.status = 'expired';
        return json(answer.status, answer.body);
      }
      if (path.endsWith('/challenge')) {
        const { challenge_id: challengeId, outcome } = body as { challenge_id: string; outcome: string };
        if (challengeId !== session.challengeId) {
          return json(409, {
            error: 'invalid_session',
            message: 'This authentication is no longer waiting for an answer.',
          });
        }
        if (outcome === 'complete') return paid(session, '3184');
        session.challengeId = null;
        return declined(
          'authentication_failed',
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        );
      }
      const number = (body as { card: { number: string } }).card.number;
      if (number === '4000000000000002') return declined('card_declined', 'Your card was declined.');
      if (number === '4000000000009995') return declined('insufficient_funds', 'Your card has insufficient funds.');
      if (number === '4000002760003184') {
        session.challengeId = `chl_${sessions.indexOf(session) + 1}_${calls.length}`;
        return json(200, {
          status: 'requires_action',
          return_url: null,
          challenge_id: session.challengeId,
          card: { brand: 'visa', last4: '3184' },
        });
      }
      return paid(session, number);
    }
    const verify = new RegExp(`^/api/stripe/organization/${sellerId}/verify-payment/([^/]+)$`).exec(path);
    if (method === 'GET' && verify) {
      calls.push({ method, path, body });
      // Held: never answered (the page's animation can be watched for as long as the test likes).
      if (holdVerify) await new Promise<void>(() => undefined);
      if (options.verify) return json(options.verify.status, options.verify.body);
      return json(200, {
        success: true,
        order_id: '00000000-0000-4000-8000-0000000000d0',
        invoice_number: 'INV-0001',
        amount_cents: sessions[0]?.amountCents ?? 0,
        completed_on: '2025-01-01T00:00:00.000Z',
        card: { brand: 'visa', last4: '4242' },
      });
    }
    return null;
  }

  return {
    handle,
    calls,
    sessions,
    /** create-checkout-session calls so far. */
    sessionCreates: () => calls.filter((call) => call.path.endsWith('/create-checkout-session')).length,
    /** The cards sent to pay, in order. */
    cardsPaid: () =>
      calls
        .filter((call) => call.path === '/api/payments/checkout/pay')
        .map((call) => (call.body as { card: { number: string } }).card.number),
    /** The challenge answers sent, in order. */
    challengeAnswers: () =>
      calls
        .filter((call) => call.path === '/api/payments/checkout/challenge')
        .map((call) => (call.body as { outcome: string }).outcome),
    verifyCalls: () => calls.filter((call) => call.path.includes('/verify-payment/')).map((call) => call.path),
    /** verify-payment is never answered. */
    holdVerify: () => {
      holdVerify = true;
    },
    /** Pay and challenge calls wait until `releasePays`. */
    holdPays: () => {
      holdPay = true;
    },
    releasePays: () => {
      holdPay = false;
      for (const release of heldPays.splice(0)) release();
    },
  };
}

/** A fetch double that answers the payment calls, then GET /api/user/me, then the cart of these lines. */
export function paymentsFetch(payments: ReturnType<typeof fakePayments>, user: CurrentUser, cart: () => Cart) {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = await payments.handle(method, url.pathname, body);
    if (answer) return answer;
    if (method === 'GET' && url.pathname === '/api/user/me') return json(200, user);
    if (method === 'GET' && url.pathname.startsWith('/api/cart/selling_organization/')) return json(200, cart());
    return json(404, { error: 'not_found', message: `No fake for ${method} ${url.pathname}` });
  };
}
