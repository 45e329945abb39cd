/**
 * PostgreSQL itself restarted under load (issue 11, item 4). The database server is a private
 * PostgreSQL 15 cluster of this test (test/support/private-postgres.ts), so it can really stop
 * and start; two production server processes use it while buyers check out with the built-in
 * card and the seller records stock with Idempotency-Keys, each retrying a 503 with the same
 * request as a client does. Three outages, mid-load:
 *
 *  1. `pg_ctl restart -m fast` in one command (connections end with 57P01 admin_shutdown);
 *  2. `pg_ctl stop -m fast`, held down — with an e-mail accepted by the SMTP server while the
 *     database is down — then started;
 *  3. `pg_ctl stop -m immediate` (a crash: PostgreSQL recovers from its WAL on the next start).
 *
 * While it is down /readyz says 503 and every API call is a fast 503 with the JSON error body
 * (never a 500, never a hang); the processes recover on their own (same pids); and, counted in
 * the database afterwards, nothing was written twice: each paid checkout has one order, one
 * paid session, one invoice, one sale in the stock history and one e-mail of each kind; the
 * stock fell by exactly the quantities sold; each retried stock change was applied once; each
 * queued e-mail reached the SMTP server exactly once.
 *
 * Clients retry a 503 once the test has the database back (they wait on a promise the test
 * resolves, not on a timer). Needs the production build; the database server is its own
 * (private-postgres.ts, with the embedded PostgreSQL's programs).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutSession, TEST_CARDS, type Cart, type ShippingEstimate } from '@cratebase/contract';
import { startServer, type RunningServer } from '../../../../../e2e/support/server.js';
import { createHttpHarness, type HttpHarness } from '../../../test/support/http-harness.js';
import { startPrivatePostgres, type PrivatePostgres } from '../../../test/support/private-postgres.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.js';
import {
  SHIP_TO,
  customerOf,
  liveProduct,
  ok,
  pairUrl,
  payWith,
  readySeller,
  setStock,
  type Org,
} from '../../../test/support/checkout.js';

const UNAVAILABLE = {
  error: 'service_unavailable',
  message: 'The service is temporarily unavailable. Please try again shortly.',
};
const BUYERS = 3;
/**
 * Enough that the buyers never run out however long a phase waits on a busy machine: they buy
 * 1–3 jars a checkout for as long as the test runs (1,000 ran out once in CI, at ~500 checkouts).
 */
const STOCK = 1_000_000;
/** A client gives up on one request after this many 503s (never reached when recovery works). */
const MAX_ATTEMPTS = 100;

let postgres: PrivatePostgres | undefined;
let smtp: TestSmtpServer | undefined;
const servers: RunningServer[] = [];
let h: HttpHarness;
let databaseUrl: string;

type Answer = Awaited<ReturnType<HttpHarness['call']>>;

/** Runs one statement on a connection of its own (the database restarts under this test). */
async function query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The process's /readyz status; a process that died fails the test with its log. */
async function readyz(server: RunningServer): Promise<number> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) {
    throw new Error(`The server on port ${server.port} exited (${server.process.exitCode ?? server.process.signalCode}):\n${server.logs().slice(-4000)}`);
  }
  return (await fetch(`http://127.0.0.1:${server.port}/readyz`)).status;
}

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  const admin = new pg.Client({ connectionString: postgres.url() });
  await admin.connect();
  await admin.query('create database cratebase');
  await admin.end();
  databaseUrl = postgres.url('cratebase');
  smtp = await startTestSmtpServer();
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    SMTP_URL: smtp.url,
    IDENTITY_RATE_LIMIT: '1000',
  };
  // The first process applies the migrations; the second starts on the migrated database.
  servers.push(await startServer(env));
  servers.push(await startServer({ ...env, PUBLIC_URL: servers[0]!.url }));
  // One public origin for both (tokens from either are valid on the other).
  const publicUrl = servers[0]!.url;
  h = await createHttpHarness({
    baseUrls: servers.map((s) => `http://127.0.0.1:${s.port}`),
    databaseUrl,
    publicUrl,
  });
});

afterAll(async () => {
  await h?.close();
  await Promise.all(servers.map((s) => s.stop()));
  await smtp?.close();
  await postgres?.cleanup();
});

// ─── Clients that retry ────────────────────────────────────────────────────────────────

/** The outage in progress: clients that got a 503 wait for `over` (the test has the database back). */
let outage: { over: Promise<void>; end: () => void } | null = null;
function beginOutage(): void {
  let end!: () => void;
  const over = new Promise<void>((resolve) => (end = resolve));
  outage = { over, end };
}
function endOutage(): void {
  outage?.end();
  outage = null;
}

/** Every 503 body the clients got (each must be the JSON error). */
const unavailableAnswers: unknown[] = [];
/** Answers no client expected (the loop that got one stops). */
const unexpected: string[] = [];

/** Sends a request, and again (the same request) after each 503 once the database is back. */
async function retrying(send: () => Promise<Answer>): Promise<{ answer: Answer; retried: boolean }> {
  let retried = false;
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (answer.status !== 503) return { answer, retried };
    unavailableAnswers.push(answer.body);
    if (attempt >= MAX_ATTEMPTS) throw new Error(`still 503 after ${MAX_ATTEMPTS} attempts: ${JSON.stringify(answer.body)}`);
    retried = true;
    await outage?.over;
  }
}

/** A request that must end in 200; `note.retried` is set when it had to be sent again. */
async function expect200<T = any>(what: string, send: () => Promise<Answer>, note?: { retried: boolean }): Promise<T> {
  const { answer, retried } = await retrying(send);
  if (note && retried) note.retried = true;
  if (answer.status !== 200) {
    unexpected.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    throw new Error(unexpected.at(-1));
  }
  return answer.body as T;
}

interface Buyer extends Org {
  addressId: string;
}
interface Paid {
  orderId: string;
  sessionId: string;
  quantity: number;
  buyer: Buyer;
  /** Some request of this checkout was answered 503 and sent again. */
  retried: boolean;
}

let seller: Org;
let product: string;
/** A product only the seller's stock changes touch. */
let spare: string;
const buyers: Buyer[] = [];
const paid: Paid[] = [];
const adds: { key: string; count: number; retried: boolean }[] = [];
let stopLoad = false;

/** One whole checkout, as the buyer's screens make it: cart line, address, rate, session, card, return page. */
async function checkoutOnce(buyer: Buyer, quantity: number): Promise<void> {
  const as = { token: buyer.token };
  const note = { retried: false };
  const cart = await expect200<Cart>('cart', () => h.call('GET', pairUrl(seller, buyer), as));
  await expect200('cart line', () =>
    h.call('PUT', `/api/cart/${cart.id}/line_item`, { ...as, body: { product_id: product, quantity } }),
  );
  await expect200('shipping address', () =>
    h.call('POST', `/api/order/${cart.order.id}/shipping_address?address_id=${buyer.addressId}`, as),
  );
  const rates = await expect200<ShippingEstimate[]>('estimates', () =>
    h.call('GET', `/api/shipping/order/${cart.order.id}/estimates`, as),
  );
  await expect200('rate', () =>
    h.call('POST', `/api/shipping/order/${cart.order.id}/rate`, { ...as, body: { rate_id: rates[0]!.object_id } }),
  );
  const current = await expect200<Cart>('cart again', () => h.call('GET', pairUrl(seller, buyer), as));
  const session = CheckoutSession.parse(
    await expect200('checkout session', () =>
      h.call('POST', `/api/stripe/organization/${seller.orgId}/create-checkout-session`, {
        ...as,
        body: { cart: current },
      }),
    ),
  );
  const { answer: payment, retried: payRetried } = await retrying(() =>
    payWith(h, buyer, session, TEST_CARDS.succeeds),
  );
  if (payRetried) note.retried = true;
  // A payment sent again after a 503 may find its first try already paid: no second charge.
  const paidBefore = payRetried && payment.status === 409 && payment.body?.error === 'session_complete';
  if (payment.status !== 200 && !paidBefore) {
    unexpected.push(`pay: ${payment.status} ${JSON.stringify(payment.body)}`);
    throw new Error(unexpected.at(-1));
  }
  const verified = await expect200('verify payment', () =>
    h.call('GET', `/api/stripe/organization/${seller.orgId}/verify-payment/${session.session_id}`, as),
  );
  if (verified.success !== true || verified.order_id !== cart.order.id) {
    unexpected.push(`verify payment: ${JSON.stringify(verified)}`);
    throw new Error(unexpected.at(-1));
  }
  paid.push({
    orderId: cart.order.id,
    sessionId: session.session_id,
    quantity,
    buyer,
    retried: note.retried,
  });
}

async function buyerLoop(buyer: Buyer, index: number): Promise<void> {
  for (let n = 0; !stopLoad; n++) await checkoutOnce(buyer, 1 + ((n + index) % 3));
}

/** The seller adds stock of the spare product, each change with its own Idempotency-Key. */
async function stockLoop(): Promise<void> {
  for (let n = 0; !stopLoad; n++) {
    const key = `restart-${randomUUID()}`;
    const count = 1 + (n % 4);
    const { answer, retried } = await retrying(() =>
      h.call('POST', '/api/inventory/transaction', {
        token: seller.token,
        headers: { 'idempotency-key': key },
        body: { product: { id: spare }, inventory_transaction_type: 'add', count },
      }),
    );
    if (answer.status !== 200) {
      unexpected.push(`stock change: ${answer.status} ${JSON.stringify(answer.body)}`);
      throw new Error(unexpected.at(-1));
    }
    adds.push({ key, count, retried });
  }
}

const progress = () => ({ checkouts: paid.length, adds: adds.length });

/** The load goes on: a few more checkouts and stock changes from now (and no client gave up). */
async function loadMovesOn(): Promise<void> {
  const from = progress();
  const since = (what: 'checkouts' | 'adds') => {
    if (unexpected.length > 0) throw new Error(`A client got an answer it did not expect: ${unexpected.join('; ')}`);
    return progress()[what] - from[what];
  };
  await expect.poll(() => since('checkouts'), { timeout: 60_000 }).toBeGreaterThanOrEqual(BUYERS);
  await expect.poll(() => since('adds'), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
}

/** Both processes say ready again; then the clients waiting since the outage send their requests again. */
async function databaseBack(): Promise<void> {
  for (const server of servers) await expect.poll(() => readyz(server), { timeout: 60_000 }).toBe(200);
  endOutage();
}

/**
 * While the database is down: unready, and an API call on each process is a 503 with the JSON
 * body; the clients under load meet the outage too (more 503s than `seenBefore`, counted before the stop).
 */
async function expectDown(seenBefore: number): Promise<void> {
  for (const [index, server] of servers.entries()) {
    expect(await readyz(server)).toBe(503);
    const answer = await h.at(index).call('GET', `/api/organization/${seller.orgId}`, { token: seller.token });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 503, body: UNAVAILABLE });
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
  }
  await expect.poll(() => unavailableAnswers.length).toBeGreaterThan(seenBefore);
}

describe('PostgreSQL restarted under load', () => {
  it('fails fast with 503 while it is down, recovers on its own, and writes nothing twice', async ({ annotate }) => {
    const pids = servers.map((s) => s.process.pid);
    seller = await readySeller(h);
    product = await liveProduct(h, seller, { name: 'Plum jam' });
    await setStock(h, seller, product, STOCK);
    spare = await liveProduct(h, seller, { name: 'Spare jars' });
    await setStock(h, seller, spare, 0);
    for (let i = 0; i < BUYERS; i++) {
      const buyer = await customerOf(h, seller, `Buyer ${i + 1}`);
      const saved = await ok(
        h.call('POST', '/api/address/organization', {
          token: buyer.token,
          body: { organization: { id: buyer.orgId }, address: SHIP_TO },
        }),
      );
      buyers.push({ ...buyer, addressId: saved.address.id });
    }

    const load = Promise.allSettled([...buyers.map((b, i) => buyerLoop(b, i)), stockLoop()]);
    await loadMovesOn();

    // 1. One command: stop (fast: connections end with 57P01) and start again.
    beginOutage();
    await postgres!.restart({ mode: 'fast' });
    await databaseBack();
    await loadMovesOn();

    // 2. Stopped (fast) and held down; an e-mail is accepted by the SMTP server meanwhile.
    const invitee = `restart-invitee-${randomUUID().slice(0, 8)}@example.com`;
    smtp!.hold();
    await ok(
      h.call('POST', '/api/invite/purchaser', {
        token: seller.token,
        body: { to_organization_id: seller.orgId, to_emails: [invitee] },
      }),
    );
    const inviteMail = async () =>
      (await query<{ id: string; status: string }>(
        `select id, status from mail_outbox where kind = 'invite' and to_email = $1`,
        [invitee],
      ))[0];
    await expect.poll(async () => (await inviteMail())?.status).toBe('sending');
    const inviteId = (await inviteMail())!.id;
    let seen = unavailableAnswers.length;
    beginOutage();
    await postgres!.stop({ mode: 'fast' });
    await expectDown(seen);
    smtp!.release();
    const received = () =>
      smtp!.received.map((m) => /^X-Cratebase-Message: (\S+)$/im.exec(m.raw)?.[1]).filter((id) => id !== undefined);
    await expect.poll(() => received().includes(inviteId)).toBe(true);
    // The process that sent it could not record "sent" and says it will record it again.
    const recordingAgain = () =>
      servers.some((s) =>
        s.logs().split('\n').some((line) => line.includes(inviteId) && line.includes('recording the outcome again')),
      );
    await expect.poll(recordingAgain).toBe(true);
    await postgres!.start();
    await databaseBack();
    await expect.poll(async () => (await inviteMail())?.status).toBe('sent');
    await loadMovesOn();

    // 3. A crash (immediate: no shutdown checkpoint), recovered from the WAL on the next start.
    seen = unavailableAnswers.length;
    beginOutage();
    await postgres!.stop({ mode: 'immediate' });
    await expectDown(seen);
    await postgres!.start();
    await databaseBack();
    await loadMovesOn();

    stopLoad = true;
    const outcomes = await load;
    expect(unexpected).toEqual([]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);

    // ── What the clients saw ──
    expect(unavailableAnswers.length).toBeGreaterThan(0);
    expect(unavailableAnswers.filter((body) => JSON.stringify(body) !== JSON.stringify(UNAVAILABLE))).toEqual([]);
    // Every 5xx any request got was that 503: no 500.
    expect(h.serverErrors().filter((e) => e.status !== 503)).toEqual([]);
    // The same processes, never restarted, and none logged an unhandled error.
    expect(servers.map((s) => [s.process.pid, s.process.exitCode])).toEqual(pids.map((pid) => [pid, null]));
    for (const server of servers) expect(server.logs()).not.toContain('unhandled error');

    // ── What the database kept: nothing twice ──
    const orderIds = paid.map((p) => p.orderId);
    expect(new Set(orderIds).size).toBe(paid.length);
    const completed = await query<{ id: string }>(
      `select id from orders where selling_organization_id = $1 and completed_on is not null`,
      [seller.orgId],
    );
    expect(completed.map((o) => o.id).sort()).toEqual([...orderIds].sort());
    // Per order: one paid session of ours, one paid session at the payments provider (one
    // charge), one invoice, one sale in the stock history.
    const perOrder = await query<{ order_id: string; sessions: number; charges: number; invoices: number; sales: number }>(
      `select o.id as order_id,
              (select count(*)::int from checkout_sessions s where s.order_id = o.id and s.status = 'complete') as sessions,
              (select count(*)::int from builtin_checkout_sessions b
                where b.metadata->>'order_id' = o.id::text and b.status = 'complete') as charges,
              (select count(*)::int from invoices i where i.order_id = o.id) as invoices,
              (select count(*)::int from inventory_transactions t where t.order_id = o.id) as sales
         from orders o where o.id = any($1::uuid[])`,
      [orderIds],
    );
    expect(perOrder.filter((o) => o.sessions !== 1 || o.charges !== 1 || o.invoices !== 1 || o.sales !== 1)).toEqual([]);
    expect(perOrder).toHaveLength(paid.length);
    // The paid session of each order is the one the buyer paid.
    const sessions = await query<{ order_id: string; provider_session_id: string }>(
      `select order_id, provider_session_id from checkout_sessions where status = 'complete' and order_id = any($1::uuid[])`,
      [orderIds],
    );
    expect(Object.fromEntries(sessions.map((s) => [s.order_id, s.provider_session_id]))).toEqual(
      Object.fromEntries(paid.map((p) => [p.orderId, p.sessionId])),
    );

    // Stock: down by exactly the quantities sold; up by exactly the changes sent (each once).
    const sold = paid.reduce((sum, p) => sum + p.quantity, 0);
    const added = adds.reduce((sum, a) => sum + a.count, 0);
    const stock = await query<{ id: string; inventory_count: number }>(
      `select id, inventory_count from products where id = any($1::uuid[])`,
      [[product, spare]],
    );
    expect(Object.fromEntries(stock.map((s) => [s.id, s.inventory_count]))).toEqual({
      [product]: STOCK - sold,
      [spare]: added,
    });
    const spareHistory = await query<{ n: number }>(
      `select count(*)::int as n from inventory_transactions where product_id = $1 and inventory_transaction_type = 'add'`,
      [spare],
    );
    expect(spareHistory[0]!.n).toBe(adds.length);
    const keys = await query<{ n: number }>(
      `select count(*)::int as n from idempotency_keys where scope = $1 and key = any($2::text[])`,
      [seller.orgId, adds.map((a) => a.key)],
    );
    expect(keys[0]!.n).toBe(adds.length);

    // E-mail: one confirmation to the buyer and one notice to the seller per order, each sent
    // and received by the SMTP server exactly once.
    const mail = await query<{ kind: string; to_email: string; n: number }>(
      `select kind, to_email, count(*)::int as n from mail_outbox where kind in ('order_confirmation', 'new_order')
        group by kind, to_email order by kind, to_email`,
    );
    const expectedMail = [
      ...buyers.map((b) => ({ kind: 'order_confirmation', to_email: b.email, n: paid.filter((p) => p.buyer === b).length })),
      { kind: 'new_order', to_email: seller.email, n: paid.length },
    ].filter((m) => m.n > 0);
    const byKey = (a: { kind: string; to_email: string }, b: { kind: string; to_email: string }) =>
      `${a.kind} ${a.to_email}`.localeCompare(`${b.kind} ${b.to_email}`);
    expect([...mail].sort(byKey)).toEqual(expectedMail.sort(byKey));
    await expect
      .poll(async () => (await query<{ status: string; n: number }>(
        `select status, count(*)::int as n from mail_outbox group by status`,
      )).map((r) => r.status))
      .toEqual(['sent']);
    const outbox = (await query<{ id: string }>(`select id from mail_outbox`)).map((m) => m.id);
    await expect.poll(() => received().length).toBeGreaterThanOrEqual(outbox.length);
    expect([...received()].sort()).toEqual([...outbox].sort());

    // The load really went through the outages: some checkouts and stock changes were retried.
    expect(paid.some((p) => p.retried) || adds.some((a) => a.retried)).toBe(true);
    await annotate(
      `${paid.length} checkouts (${paid.filter((p) => p.retried).length} with a request sent again), ` +
        `${adds.length} stock changes (${adds.filter((a) => a.retried).length} sent again), ` +
        `${unavailableAnswers.length} answers 503 to the clients, ${outbox.length} e-mails each received once`,
    );
  });
});
