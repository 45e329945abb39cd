/**
 * A local Stripe for tests: a node:http server on a random port that speaks the subset of
 * Stripe's REST API (v1) the `stripe` payments adapter uses, with state in memory.
 *
 *   POST /v1/accounts                           connected accounts (Idempotency-Key honoured)
 *   GET  /v1/accounts/{id}
 *   POST /v1/account_sessions                   embedded onboarding client secrets
 *   POST /v1/checkout/sessions                  embedded checkout sessions (destination charges)
 *   GET  /v1/checkout/sessions/{id}             ?expand[]=payment_intent(.latest_charge)
 *   POST /v1/checkout/sessions/{id}/expire
 *   POST /v1/refunds                            refunds of a paid session's payment intent
 *   GET  /v1/refunds?payment_intent=            a payment intent's refunds, newest first
 *
 * Bodies are form-encoded the way the SDK sends them (`a[b][0][c]=v`) and parsed back into
 * objects; errors come in Stripe's shape ({"error": {type, code, message, param}}) with its
 * status codes. Every request is recorded (method, path, parsed query and body,
 * Idempotency-Key, Authorization). A test plays the buyer and the seller through
 * `completeSession` (paid with a card), `expireSession` and `updateAccount`, makes Stripe fail
 * with `failNext`, and signs webhook bodies with `signWebhook` (Stripe's v1 scheme).
 */
import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fakestripe0123456789';
/** The browser's key that goes with it (STRIPE_PUBLISHABLE_KEY; the fake never sees it). */
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_fakestripe0123456789';

type Json = Record<string, unknown>;

/** The environment that points the app's Stripe adapter at this fake, with the webhook secret given. */
export function fakeStripeEnv(stripe: Pick<FakeStripe, 'secretKey' | 'url'>, webhookSecret: string) {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
    STRIPE_API_URL: stripe.url,
  };
}

export interface RecordedStripeRequest {
  method: string;
  /** Without the query string: /v1/checkout/sessions. */
  path: string;
  query: Json;
  body: Json;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  stripeVersion: string | undefined;
}

export interface FakeStripeCard {
  brand: string;
  last4: string;
}

export interface FakeStripe {
  /** Base URL for the adapter's apiUrl: http://127.0.0.1:{port}. */
  url: string;
  secretKey: string;
  requests: RecordedStripeRequest[];
  accounts: Map<string, Json>;
  sessions: Map<string, Json>;
  /** Refunds made, by id (amount, payment_intent, reason, metadata, transfer_reversal). */
  refunds: Map<string, Json>;
  /** The status the next refunds are made with (default succeeded; pending: Stripe still works on it). */
  refundStatus: 'succeeded' | 'pending';
  /** A refund made in Stripe's dashboard (not through the API's caller): all that is left when no amount. */
  refundInDashboard(paymentIntentId: string, amountCents?: number): Json;
  /** A refund's status changes at Stripe (pending → succeeded or failed). */
  setRefundStatus(refundId: string, status: 'succeeded' | 'failed' | 'pending'): Json;
  /** A Stripe event about a payment intent's charge (charge.refunded), as the JSON body Stripe posts. */
  chargeEventBody(type: string, paymentIntentId: string): string;
  /** The buyer paid in the embedded checkout: the session completes, paid, with a charge. */
  completeSession(sessionId: string, card?: FakeStripeCard): Json;
  /** The session reached its expiry unpaid. */
  expireSession(sessionId: string): Json;
  /** Stripe's review of the onboarding form. */
  updateAccount(accountId: string, change: { details_submitted?: boolean; charges_enabled?: boolean }): Json;
  /**
   * The next `count` requests fail: with an HTTP status (Stripe's api_error body), or `drop`
   * (the connection is closed without an answer).
   */
  failNext(count: number, failure?: number | 'drop'): void;
  /** A Stripe event about a checkout session, as the JSON body Stripe posts. */
  eventBody(type: string, sessionId: string): string;
  /** The Stripe-Signature header for a body (timestamp in seconds; default now). */
  signWebhook(body: string, secret: string, timestampSeconds?: number): string;
  /** Forget state, recorded requests and pending failures. */
  reset(): void;
  close(): Promise<void>;
}

/** Stripe's form encoding back into objects: `a[b][0][c]=v` → {a: {b: [{c: 'v'}]}}. */
export function parseStripeForm(encoded: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Json = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next !== 'object' || next === null) node[name] = {};
      node = node[name] as Json;
    });
  }
  return arraysOf(root) as Json;
}

/** Objects whose keys are 0..n-1 (indexed form fields) become arrays. */
function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Json).map(([k, v]) => [k, arraysOf(v)] as const);
  const keys = entries.map(([k]) => k);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

class StripeHttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly error: { type: string; message: string; code?: string; param?: string },
  ) {
    super(error.message);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeHttpError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

const missing = (what: string, value: string, param?: string, status = 404) =>
  new StripeHttpError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${value}'`,
    ...(param ? { param } : {}),
  });

const UI_MODES = ['elements', 'embedded_page', 'form', 'hosted_page'];

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const int = (v: unknown): number | null => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
const bool = (v: unknown): boolean => v === 'true' || v === true;

export async function startFakeStripe(opts: { secretKey?: string; now?: () => Date } = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const now = opts.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);

  const requests: RecordedStripeRequest[] = [];
  const accounts = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  /** Idempotency key → the first request's fingerprint and answer. */
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const failures: Array<number | 'drop'> = [];
  let refundStatus: 'succeeded' | 'pending' = 'succeeded';

  function createAccount(body: Json): Json {
    const capabilities = Object.fromEntries(
      Object.entries(obj(body.capabilities))
        .filter(([, v]) => bool(obj(v).requested))
        .map(([name]) => [name, 'inactive']),
    );
    const controller = obj(body.controller);
    if (controller.requirement_collection === 'application' && obj(controller.losses).payments !== 'application') {
      throw invalid(
        'Accounts where the platform collects requirements must have controller[losses][payments]=application.',
        'controller[losses][payments]',
      );
    }
    const account: Json = {
      id: id('acct'),
      object: 'account',
      type: 'none',
      country: str(body.country) ?? 'US',
      email: str(body.email) ?? null,
      business_type: null,
      capabilities,
      controller: { ...controller, is_controller: true, type: 'application' },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      created: seconds(),
      metadata: obj(body.metadata),
      requirements: {
        currently_due: ['business_type', 'external_account', 'tos_acceptance.date'],
        disabled_reason: 'requirements.past_due',
      },
    };
    accounts.set(account.id as string, account);
    return account;
  }

  function createAccountSession(body: Json): Json {
    const account = str(body.account);
    if (!account) throw invalid('Missing required param: account.', 'account');
    if (!accounts.has(account)) throw missing('account', account, 'account', 400);
    const components = obj(body.components);
    if (!Object.values(components).some((c) => bool(obj(c).enabled))) {
      throw invalid('You must enable at least one component.', 'components');
    }
    return {
      object: 'account_session',
      account,
      client_secret: `accs_secret__${randomBytes(24).toString('hex')}`,
      expires_at: seconds() + 3600,
      livemode: false,
      components,
    };
  }

  function createSession(body: Json): Json {
    if (body.mode !== 'payment') throw invalid('This fake Stripe only makes sessions in payment mode.', 'mode');
    const uiMode = str(body.ui_mode) ?? 'hosted_page';
    if (!UI_MODES.includes(uiMode)) {
      throw invalid(`Invalid ui_mode: must be one of ${UI_MODES.join(', ')}`, 'ui_mode');
    }
    if (uiMode === 'embedded_page' && !str(body.return_url)) {
      throw invalid('return_url is required when ui_mode is embedded_page.', 'return_url');
    }
    const lines = Array.isArray(body.line_items) ? body.line_items.map(obj) : [];
    if (lines.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    let amount = 0;
    let currency: string | undefined;
    lines.forEach((line, i) => {
      const price = obj(line.price_data);
      const unit = int(price.unit_amount);
      const quantity = int(line.quantity);
      if (unit === null) throw invalid('Invalid integer: unit_amount', `line_items[${i}][price_data][unit_amount]`);
      if (quantity === null || quantity < 1) throw invalid('Invalid quantity', `line_items[${i}][quantity]`);
      if (!str(obj(price.product_data).name)) {
        throw invalid(
          'Missing required param: product_data[name].',
          `line_items[${i}][price_data][product_data][name]`,
        );
      }
      currency = str(price.currency);
      if (!currency) throw invalid('Missing required param: currency.', `line_items[${i}][price_data][currency]`);
      amount += unit * quantity;
    });
    const expiresAt = body.expires_at === undefined ? seconds() + 24 * 3600 : int(body.expires_at);
    if (expiresAt === null || expiresAt < seconds() + 30 * 60 || expiresAt > seconds() + 24 * 3600) {
      throw invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    const intentData = obj(body.payment_intent_data);
    const destination = str(obj(intentData.transfer_data).destination);
    if (destination !== undefined && !accounts.has(destination)) {
      throw missing('destination', destination, 'payment_intent_data[transfer_data][destination]', 400);
    }
    const sessionId = `cs_test_${randomBytes(20).toString('hex')}`;
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      client_secret: uiMode === 'hosted_page' ? null : `${sessionId}_secret_${randomBytes(12).toString('hex')}`,
      created: seconds(),
      currency,
      expires_at: expiresAt,
      livemode: false,
      metadata: obj(body.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      return_url: str(body.return_url) ?? null,
      status: 'open',
      ui_mode: uiMode,
      url: null,
    };
    sessions.set(sessionId, session);
    // What the payment intent gets once the buyer pays (not part of Stripe's session object).
    sessionIntentData.set(sessionId, intentData);
    return session;
  }
  const sessionIntentData = new Map<string, Json>();

  /** The session as Stripe answers it, with the requested expansions. */
  function view(session: Json, expand: string[]): Json {
    const out: Json = { ...session };
    const intentId = str(session.payment_intent);
    if (intentId && expand.some((e) => e === 'payment_intent' || e.startsWith('payment_intent.'))) {
      const intent: Json = { ...intents.get(intentId)! };
      if (expand.includes('payment_intent.latest_charge')) {
        intent.latest_charge = charges.get(str(intent.latest_charge)!) ?? intent.latest_charge;
      }
      out.payment_intent = intent;
    }
    return out;
  }

  function getSession(sessionId: string): Json {
    const session = sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId, 'session');
    return session;
  }

  function expire(sessionId: string): Json {
    const session = getSession(sessionId);
    if (session.status !== 'open') {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(session.status)}\`.`,
      );
    }
    session.status = 'expired';
    return session;
  }

  /** A refund of a payment intent's charge: never more than is left of it; a transfer reversal when asked. */
  function createRefund(body: Json): Json {
    const intentId = str(body.payment_intent);
    if (!intentId) throw invalid('Missing required param: payment_intent.', 'payment_intent');
    const intent = intents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'payment_intent', 400);
    const charge = charges.get(str(intent.latest_charge)!)!;
    const refunded = Number(charge.amount_refunded ?? 0);
    const total = Number(charge.amount);
    const amount = body.amount === undefined ? total - refunded : int(body.amount);
    if (amount === null || amount < 1) throw invalid('Invalid positive integer', 'amount');
    if (refunded >= total) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${String(charge.id)} has already been refunded.`,
      });
    }
    if (refunded + amount > total) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${total - refunded}).`,
      });
    }
    charge.amount_refunded = refunded + amount;
    charge.refunded = refunded + amount === total;
    const refund: Json = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: intentId,
      reason: str(body.reason) ?? null,
      metadata: obj(body.metadata),
      status: refundStatus,
      transfer_reversal: bool(body.reverse_transfer) ? id('trr') : null,
      created: seconds(),
    };
    refunds.set(refund.id as string, refund);
    return refund;
  }

  /** A payment intent's refunds, newest first, in Stripe's list shape. */
  function listRefunds(query: Json): Json {
    const intentId = str(query.payment_intent);
    // Made later first (the map keeps the order they were made in).
    const data = [...refunds.values()].filter((r) => !intentId || r.payment_intent === intentId).reverse();
    return { object: 'list', data, has_more: false, url: '/v1/refunds' };
  }

  function chargeOf(intentId: string): Json {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`fake-stripe: no payment intent ${intentId}`);
    return charges.get(str(intent.latest_charge)!)!;
  }

  function route(method: string, path: string, query: Json, body: Json): Json {
    const expand = Array.isArray(query.expand) ? query.expand.map(String) : [];
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/accounts') return createAccount(body);
    if (method === 'GET' && (m = /^\/v1\/accounts\/([^/]+)$/.exec(path))) {
      const account = accounts.get(m[1]!);
      if (!account) throw missing('account', m[1]!, 'account');
      return account;
    }
    if (method === 'POST' && path === '/v1/account_sessions') return createAccountSession(body);
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      return view(getSession(m[1]!), expand);
    }
    if (method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      return view(expire(m[1]!), expand);
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'GET' && path === '/v1/refunds') return listRefunds(query);
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Request-Id': id('req'),
      'Stripe-Version': '2026-10-28.endive',
      ...headers,
    });
    res.end(JSON.stringify(body));
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const idempotencyKey = req.headers['idempotency-key'];
    const record: RecordedStripeRequest = {
      method,
      path: url.pathname,
      query: parseStripeForm(url.search.slice(1)),
      body: parseStripeForm(raw),
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      authorization: req.headers.authorization,
      stripeVersion: typeof req.headers['stripe-version'] === 'string' ? req.headers['stripe-version'] : undefined,
    };
    requests.push(record);

    const failure = failures.shift();
    if (failure === 'drop') {
      req.socket.destroy();
      return;
    }
    if (failure !== undefined) {
      send(res, failure, {
        error: { type: 'api_error', message: 'An unknown error occurred while processing your request.' },
      });
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
      });
      return;
    }

    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (method === 'POST' && record.idempotencyKey) {
      const seen = idempotent.get(record.idempotencyKey);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          send(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${record.idempotencyKey}' if you meant to execute a different request.`,
            },
          });
          return;
        }
        send(res, seen.status, seen.body, { 'Idempotent-Replayed': 'true' });
        return;
      }
    }

    let status = 200;
    let body: unknown;
    try {
      body = route(method, url.pathname, record.query, record.body);
    } catch (err) {
      if (!(err instanceof StripeHttpError)) throw err;
      status = err.status;
      body = { error: err.error };
    }
    if (method === 'POST' && record.idempotencyKey) {
      idempotent.set(record.idempotencyKey, { fingerprint, status, body: structuredClone(body) });
    }
    send(res, status, body);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      try {
        handle(req, res, raw);
      } catch (err) {
        send(res, 500, { error: { type: 'api_error', message: `fake-stripe: ${(err as Error).message}` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    requests,
    accounts,
    sessions,
    refunds,
    get refundStatus() {
      return refundStatus;
    },
    set refundStatus(status) {
      refundStatus = status;
    },

    refundInDashboard(paymentIntentId, amountCents) {
      return createRefund({
        payment_intent: paymentIntentId,
        ...(amountCents === undefined ? {} : { amount: String(amountCents) }),
      });
    },

    setRefundStatus(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake-stripe: no refund ${refundId}`);
      if (status === 'failed' && refund.status !== 'failed') {
        // The money was not given back after all: the charge has it again.
        const charge = chargeOf(str(refund.payment_intent)!);
        charge.amount_refunded = Number(charge.amount_refunded ?? 0) - Number(refund.amount);
        charge.refunded = false;
      }
      refund.status = status;
      return refund;
    },

    chargeEventBody(type, paymentIntentId) {
      return JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: seconds(),
        // As Stripe renders a charge in an event: its refunds are not listed (not expandable there).
        data: { object: { ...chargeOf(paymentIntentId) } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
    },

    completeSession(sessionId, card = { brand: 'visa', last4: '4242' }) {
      const session = getSession(sessionId);
      if (session.status !== 'open') throw new Error(`fake-stripe: session ${sessionId} is ${String(session.status)}`);
      const intentData = sessionIntentData.get(sessionId) ?? {};
      const transfer = obj(intentData.transfer_data);
      const intentId = id('pi');
      const chargeId = id('ch');
      const transferData = str(transfer.destination) ? { destination: transfer.destination } : null;
      charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount: session.amount_total,
        currency: session.currency,
        paid: true,
        status: 'succeeded',
        payment_intent: intentId,
        payment_method_details: {
          type: 'card',
          card: {
            brand: card.brand,
            last4: card.last4,
            exp_month: 12,
            exp_year: 2034,
            funding: 'credit',
            country: 'US',
          },
        },
        transfer_data: transferData,
      });
      intents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount: session.amount_total,
        currency: session.currency,
        status: 'succeeded',
        description: str(intentData.description) ?? null,
        metadata: obj(intentData.metadata),
        latest_charge: chargeId,
        transfer_data: transferData,
      });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intentId });
      return view(session, ['payment_intent.latest_charge']);
    },

    expireSession(sessionId) {
      return expire(sessionId);
    },

    updateAccount(accountId, change) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`fake-stripe: no account ${accountId}`);
      Object.assign(account, change);
      if (change.charges_enabled) {
        account.capabilities = Object.fromEntries(Object.keys(obj(account.capabilities)).map((c) => [c, 'active']));
        account.requirements = { currently_due: [], disabled_reason: null };
      }
      return account;
    },

    failNext(count, failure = 500) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },

    eventBody(type, sessionId) {
      return JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: seconds(),
        data: { object: view(getSession(sessionId), []) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
    },

    signWebhook(body, secret, timestampSeconds = seconds()) {
      const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
      return `t=${timestampSeconds},v1=${signature}`;
    },

    reset() {
      requests.length = 0;
      accounts.clear();
      sessions.clear();
      intents.clear();
      charges.clear();
      idempotent.clear();
      sessionIntentData.clear();
      refunds.clear();
      failures.length = 0;
      refundStatus = 'succeeded';
    },

    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
