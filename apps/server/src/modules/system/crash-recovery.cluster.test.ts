/**
 * The production server SIGKILLed at the worst moments, then started again on the same
 * database (same PUBLIC_URL, port and data directory), as a supervisor would:
 *
 *  (a) between a payment and the order's completion — with Stripe (a local fake Stripe: paid
 *      there, the server killed before any verify or webhook arrived, or while one was completing
 *      the order) and with the built-in test payments (its card payment commits in the
 *      provider's tables first, then a second transaction completes the order): the order
 *      completes exactly once on the next verify-payment, webhook or submit — one invoice, stock
 *      sold once, the order e-mails sent once;
 *  (b) in the middle of a 10,000-row catalogue import: all of it or none of it;
 *  (c) with e-mails queued and being sent to a slow SMTP server: each arrives exactly once after
 *      the restart, none lost.
 *
 * "In the middle" is made exact, not timed: the test's own database connection holds a lock
 * that the request needs only after it has written (the invoices table for a completion, the
 * inventory history for the import, whose last step it is), waits until the server's
 * transaction is queued behind it, and only then kills the server. The abandoned transaction
 * can never commit (its client is gone); the test lets go of its lock after the kill.
 * Runs on the run's PostgreSQL (test/support/global-database.ts).
 */
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_CSV_COLUMNS } from '@cratebase/contract';
import { freePort, startServer, type RunningServer } from '../../../../../e2e/support/server.js';
import { createScratchPostgres } from '../../../test/support/database.js';
import { signUpAndGetTokens } from '../../../test/support/test-login.js';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from '../../../test/support/fake-stripe.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.js';
import { BOX, CARD, ONBOARDING_FORM, SHIP_FROM, SHIP_TO } from '../../../test/support/checkout-fixtures.js';

const WEBHOOK_SECRET = 'whsec_cratebaseCrashRecoveryTest0123456789';

let drop: (() => Promise<void>) | undefined;
let databaseUrl: string;
let db: pg.Client;
let stripe: FakeStripe;
/** The SMTP server that works. */
let smtp: TestSmtpServer;
/** An SMTP server that takes every message and never answers (a slow mail provider). */
let slowSmtp: TestSmtpServer;
let port: number;
let dataDir: string;
let server: RunningServer | null = null;

/** Every answer of 500 or more to a request the test made to a running server. */
const serverErrors: string[] = [];

const stripeEnv = () => fakeStripeEnv(stripe, WEBHOOK_SECRET);

/** Starts a server process on the test's database, port and data directory. */
async function boot(extra: Record<string, string> = {}): Promise<void> {
  if (server) throw new Error('a server is already running');
  server = await startServer({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    IDENTITY_RATE_LIMIT: '1000',
    ...extra,
  });
}

/** SIGKILL: no shutdown hook runs, connections are simply cut. */
async function crash(): Promise<void> {
  const child = server!.process;
  server = null;
  const exited = once(child, 'exit');
  expect(child.kill('SIGKILL')).toBe(true);
  const [code, signal] = await exited;
  expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
}

/** A clean stop (SIGTERM), to start a process with another configuration. */
async function shutdown(): Promise<void> {
  const running = server;
  server = null;
  await running?.stop();
}

type Answer = { status: number; body: any };

async function call(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: string | undefined = opts.raw;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(opts.body);
  }
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers, body: payload });
  const text = await res.text();
  if (res.status >= 500) serverErrors.push(`${method} ${url} → ${res.status} ${text.slice(0, 300)}`);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

async function ok<T = any>(answer: Promise<Answer>): Promise<T> {
  const r = await answer;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as T;
}

async function rows<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query(text, values)).rows as T[];
}

// ─── People and stores, through the API as the screens make them ────────────────────
interface User {
  email: string;
  token: string;
  orgId: string;
}

let signUps = 0;
async function newOrgUser(type: 'Merchant' | 'Buyer'): Promise<User> {
  signUps += 1;
  const email = `crash-${type.toLowerCase()}-${signUps}-${Date.now().toString(36)}@example.com`;
  const tokens = await signUpAndGetTokens({ port }, { email, password: 'correct horse 1' });
  const token = tokens.access_token;
  await ok(call('POST', '/api/user/create', { token }));
  const org = await ok<{ id: string }>(
    call('POST', '/api/organization', { token, body: { selected_type: type, name: `${type} ${signUps}` } }),
  );
  return { email, token, orgId: org.id };
}

/** Ship-from address and a box: ready to take orders once payments are set up. */
async function storeSetUp(seller: User): Promise<void> {
  await ok(call('POST', `/api/organization/${seller.orgId}/address`, { token: seller.token, body: SHIP_FROM }));
  await ok(
    call('POST', '/api/package_template', { token: seller.token, body: { ...BOX, organization_id: seller.orgId } }),
  );
}

/** Set Up Payments with the built-in test payments. */
async function activateBuiltin(seller: User): Promise<void> {
  const base = `/api/stripe/organization/${seller.orgId}`;
  const { account } = await ok(call('POST', `${base}/create-connect-account`, { token: seller.token }));
  const { client_secret } = await ok(
    call('POST', `${base}/refresh-connect-account`, { token: seller.token, body: { account } }),
  );
  const status = await ok(
    call('POST', `${base}/onboarding`, { token: seller.token, body: { ...ONBOARDING_FORM, client_secret } }),
  );
  expect(status.charges_enabled).toBe(true);
}

/** Set Up Payments with Stripe: Get Started, then Stripe's review enables charges. */
async function activateStripe(seller: User): Promise<void> {
  const base = `/api/stripe/organization/${seller.orgId}`;
  const { account } = await ok(call('POST', `${base}/create-connect-account`, { token: seller.token }));
  stripe.updateAccount(account, { details_submitted: true, charges_enabled: true });
  const status = await ok(call('GET', `${base}/account-status`, { token: seller.token }));
  expect(status.charges_enabled).toBe(true);
}

/** A Live product with tracked stock. */
async function stockedProduct(seller: User, stock: number): Promise<string> {
  const product = await ok<{ id: string }>(
    call('PUT', '/api/product', {
      token: seller.token,
      body: {
        organization: { id: seller.orgId },
        name: 'Jam',
        state: 'Live',
        unit_price_in_cents: 1_000,
        product_physical_measurements: { weight: 2, weight_unit: 'lb' },
      },
    }),
  );
  await ok(
    call('POST', '/api/inventory/transaction', {
      token: seller.token,
      body: { product: { id: product.id }, inventory_transaction_type: 'set', count: stock },
    }),
  );
  return product.id;
}

async function makeCustomer(seller: User, buyer: User): Promise<void> {
  const invites = await ok(
    call('POST', '/api/invite/purchaser', {
      token: seller.token,
      body: { to_organization_id: seller.orgId, to_emails: [buyer.email] },
    }),
  );
  await ok(call('POST', `/api/invite/purchaser/accept/${invites[0].id}`, { token: buyer.token }));
}

interface Checkout {
  buyer: User;
  orderId: string;
  sessionId: string;
  clientSecret: string;
  amountCents: number;
}

/** The buyer's cart with `quantity` of the product, shipping chosen, and a checkout session made. */
async function checkout(seller: User, buyer: User, productId: string, quantity: number): Promise<Checkout> {
  const pair = `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`;
  const cart = await ok(call('GET', pair, { token: buyer.token }));
  await ok(
    call('PUT', `/api/cart/${cart.id}/line_item`, { token: buyer.token, body: { product_id: productId, quantity } }),
  );
  const saved = await ok(
    call('POST', '/api/address/organization', {
      token: buyer.token,
      body: { organization: { id: buyer.orgId }, address: SHIP_TO },
    }),
  );
  await ok(
    call('POST', `/api/order/${cart.order.id}/shipping_address?address_id=${saved.address.id}`, { token: buyer.token }),
  );
  const rates = await ok(call('GET', `/api/shipping/order/${cart.order.id}/estimates`, { token: buyer.token }));
  await ok(
    call('POST', `/api/shipping/order/${cart.order.id}/rate`, {
      token: buyer.token,
      body: { rate_id: rates[0].object_id },
    }),
  );
  const session = await ok(
    call('POST', `/api/stripe/organization/${seller.orgId}/create-checkout-session`, {
      token: buyer.token,
      body: { cart: { id: cart.id } },
    }),
  );
  return {
    buyer,
    orderId: cart.order.id,
    sessionId: session.session_id,
    clientSecret: session.clientSecret,
    amountCents: session.amount_cents,
  };
}

const verify = (seller: User, c: Checkout) =>
  call('GET', `/api/stripe/organization/${seller.orgId}/verify-payment/${c.sessionId}`, { token: c.buyer.token });

const pay = (c: Checkout) =>
  call('POST', '/api/payments/checkout/pay', {
    token: c.buyer.token,
    body: { client_secret: c.clientSecret, card: { ...CARD, number: '4242 4242 4242 4242' } },
  });

/** Stripe posting `checkout.session.completed` for the session, signed. */
function webhook(sessionId: string) {
  const raw = stripe.eventBody('checkout.session.completed', sessionId);
  return call('POST', '/api/stripe/webhook', {
    raw,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.signWebhook(raw, WEBHOOK_SECRET) },
  });
}

// ─── Holding the server's transaction at a known point ──────────────────────────────
/** Lock holders still open (a failed test leaves one): rolled back in afterAll. */
const holders = new Set<pg.Client>();

/**
 * A second connection of the test that takes a lock in an open transaction. `waiting()` lists
 * what the server's backends blocked behind it are running — directly, or behind another
 * backend that waits for it — and `release()` rolls back.
 */
async function holdLock(lockSql: string, values: unknown[] = []) {
  const holder = new pg.Client({ connectionString: databaseUrl });
  // The database is dropped with force at the end: a holder left open must not throw then.
  holder.on('error', () => {});
  await holder.connect();
  holders.add(holder);
  await holder.query('begin');
  await holder.query(lockSql, values);
  return {
    async waiting(): Promise<string[]> {
      const r = await db.query<{ query: string }>(
        `select query from pg_stat_activity
          where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0
          order by query`,
      );
      return r.rows.map((row) => row.query);
    },
    async release(): Promise<void> {
      holders.delete(holder);
      await holder.query('rollback');
      await holder.end();
    },
  };
}

/** Resolves to how the request ended: its answer, or the error when the connection was cut. */
const settleOf = (p: Promise<Answer>) =>
  p.then(
    (answer) => ({ answered: true as const, answer }),
    (error: unknown) => ({ answered: false as const, error }),
  );

/** Messages the working SMTP server received, per recipient. */
function receivedBy(email: string) {
  return smtp.received.filter((m) => m.to.includes(email));
}

/** The outbox ids of the messages received for a recipient (X-Cratebase-Message). */
function receivedIds(email: string): string[] {
  return receivedBy(email).map((m) => /^X-Cratebase-Message: (\S+)$/im.exec(m.raw)?.[1] ?? '?');
}

// ─── Set-up ──────────────────────────────────────────────────────────────────────────
beforeAll(async () => {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('No DATABASE_URL: run the cluster tests through vitest (its globalSetup provides one).');
  const scratch = await createScratchPostgres(base);
  drop = scratch.drop;
  databaseUrl = scratch.url;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  [stripe, smtp, slowSmtp, port] = await Promise.all([
    startFakeStripe(),
    startTestSmtpServer(),
    startTestSmtpServer(),
    freePort(),
  ]);
  slowSmtp.hold();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-crash-'));
  await boot(stripeEnv());
});

afterAll(async () => {
  for (const holder of holders) await holder.end().catch(() => {});
  if (server && server.process.exitCode === null && server.process.signalCode === null) await server.stop();
  await db?.end();
  await drop?.();
  await Promise.all([stripe?.close(), smtp?.close()]);
  // The slow server still holds the killed process's messages: never accepted, now dropped.
  void slowSmtp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed with SIGKILL and started again', () => {
  beforeEach(() => {
    serverErrors.length = 0;
  });

  it('(a) with Stripe: an order paid at Stripe completes exactly once on the next verify-payment or webhook', async () => {
    const seller = await newOrgUser('Merchant');
    await storeSetUp(seller);
    await activateStripe(seller);
    const productId = await stockedProduct(seller, 10);
    const buyers = [await newOrgUser('Buyer'), await newOrgUser('Buyer')];
    for (const b of buyers) await makeCustomer(seller, b);
    const quiet = await checkout(seller, buyers[0]!, productId, 3);
    const midway = await checkout(seller, buyers[1]!, productId, 2);

    // Both buyers pay in Stripe's checkout. Nothing has told our server yet.
    stripe.completeSession(quiet.sessionId);
    stripe.completeSession(midway.sessionId);

    // The second buyer's return page reaches the server, and its completion is under way
    // (session and order locked, cart closed, stock sold…) when the server is killed: it is
    // held just before the invoice is written.
    const invoicesLock = await holdLock('lock table invoices in share mode');
    const inFlight = settleOf(verify(seller, midway));
    await expect.poll(() => invoicesLock.waiting()).toEqual([expect.stringMatching(/insert into invoices/i)]);
    await crash();
    await invoicesLock.release();
    const cut = await inFlight;
    expect(cut.answered).toBe(false);

    // Nothing of either order was kept.
    const before = await rows<{ status: string; completed_on: Date | null }>(
      'select status, completed_on from orders where id = any($1) order by id',
      [[quiet.orderId, midway.orderId]],
    );
    expect(before).toEqual([
      { status: 'draft', completed_on: null },
      { status: 'draft', completed_on: null },
    ]);

    await boot(stripeEnv());
    // The return pages asked again and again, and Stripe's webhooks, all at once.
    const answers = await Promise.all(
      [quiet, midway].flatMap((c) => [
        verify(seller, c),
        verify(seller, c),
        verify(seller, c),
        webhook(c.sessionId),
        verify(seller, c),
        webhook(c.sessionId),
      ]),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    for (const [i, c] of [quiet, midway].entries()) {
      const verified = answers.slice(i * 6, i * 6 + 6).filter((_, j) => j !== 3 && j !== 5);
      expect(new Set(verified.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(verified[0]!.body).toMatchObject({
        success: true,
        order_id: c.orderId,
        amount_cents: c.amountCents,
        card: { brand: 'visa', last4: '4242' },
      });
    }

    // Exactly one completed order each, one invoice each, the stock sold once.
    const orders = await rows<{ id: string; status: string; invoices: number; sales: number }>(
      `select o.id, o.status,
              (select count(*)::int from invoices i where i.order_id = o.id) as invoices,
              (select coalesce(sum(t.count), 0)::int from inventory_transactions t
                where t.order_id = o.id and t.inventory_transaction_type = 'remove') as sales
         from orders o where o.id = any($1) order by o.id`,
      [[quiet.orderId, midway.orderId]],
    );
    const sold = { [quiet.orderId]: 3, [midway.orderId]: 2 };
    expect(orders).toEqual(
      [quiet, midway]
        .map((c) => ({ id: c.orderId, status: 'submitted', invoices: 1, sales: sold[c.orderId] }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    const [product] = await rows<{ inventory_count: number }>('select inventory_count from products where id = $1', [
      productId,
    ]);
    expect(product!.inventory_count).toBe(10 - 3 - 2);

    // The e-mails: one confirmation per buyer, one new-order notice per order to the seller,
    // queued once and each delivered once.
    const mails = await rows<{ id: string; kind: string; to_email: string }>(
      `select id, kind, to_email from mail_outbox where kind in ('order_confirmation', 'new_order') and to_email = any($1)`,
      [[seller.email, ...buyers.map((b) => b.email)]],
    );
    expect(mails.map((m) => `${m.kind} ${m.to_email}`).sort()).toEqual(
      [
        `new_order ${seller.email}`,
        `new_order ${seller.email}`,
        `order_confirmation ${buyers[0]!.email}`,
        `order_confirmation ${buyers[1]!.email}`,
      ].sort(),
    );
    const ids = mails.map((m) => m.id).sort();
    await expect
      .poll(() =>
        [seller, ...buyers]
          .flatMap((u) => receivedIds(u.email))
          .filter((id) => ids.includes(id))
          .sort(),
      )
      .toEqual(ids);
    expect(serverErrors).toEqual([]);
  });

  it('(a) with the built-in payments: card payments cut off before their orders completed complete exactly once', async () => {
    // The built-in provider commits a card payment in its own tables, then the order is
    // completed in a second transaction: the kill falls between the two, for three buyers.
    await shutdown();
    await boot();
    const seller = await newOrgUser('Merchant');
    await storeSetUp(seller);
    await activateBuiltin(seller);
    const productId = await stockedProduct(seller, 10);
    const buyers = [await newOrgUser('Buyer'), await newOrgUser('Buyer'), await newOrgUser('Buyer')];
    const checkouts: Checkout[] = [];
    for (const b of buyers) {
      await makeCustomer(seller, b);
      checkouts.push(await checkout(seller, b, productId, 2));
    }

    const invoicesLock = await holdLock('lock table invoices in share mode');
    const inFlight = checkouts.map((c) => settleOf(pay(c)));
    // Each completion waits to write its own invoice (orders of one seller do not wait for one
    // another; their stock is sold after the invoice): all three paid, none completed.
    await expect.poll(async () => (await invoicesLock.waiting()).length).toBe(3);
    expect((await invoicesLock.waiting()).filter((q) => /insert into invoices/i.test(q))).toHaveLength(3);
    await crash();
    await invoicesLock.release();
    expect((await Promise.all(inFlight)).map((r) => r.answered)).toEqual([false, false, false]);

    // The provider has the three payments; our server has no order yet.
    const paid = await rows<{ status: string }>('select status from builtin_checkout_sessions where id = any($1)', [
      checkouts.map((c) => c.sessionId),
    ]);
    expect(paid.map((p) => p.status)).toEqual(['complete', 'complete', 'complete']);
    const drafts = await rows<{ status: string }>('select status from orders where id = any($1)', [
      checkouts.map((c) => c.orderId),
    ]);
    expect(drafts.map((o) => o.status)).toEqual(['draft', 'draft', 'draft']);

    await boot();
    // A buyer presses Pay again: not charged twice.
    const again = await pay(checkouts[0]!);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('session_complete');
    // The return pages, asked several times at once, and a submit.
    const answers = await Promise.all(
      checkouts.flatMap((c) => [
        verify(seller, c),
        verify(seller, c),
        call('POST', `/api/order/${c.orderId}/submit`, { token: c.buyer.token }),
        verify(seller, c),
      ]),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    for (const [i, c] of checkouts.entries()) {
      const mine = answers.slice(i * 4, i * 4 + 4);
      const verified = [mine[0]!, mine[1]!, mine[3]!];
      expect(new Set(verified.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(verified[0]!.body).toMatchObject({ success: true, order_id: c.orderId, amount_cents: c.amountCents });
      expect(mine[2]!.body).toMatchObject({
        id: c.orderId,
        status: 'submitted',
        invoice: { number: verified[0]!.body.invoice_number },
      });
    }

    const orders = await rows<{ status: string; invoices: number; sales: number; sessions: string }>(
      `select o.status,
              (select count(*)::int from invoices i where i.order_id = o.id) as invoices,
              (select coalesce(sum(t.count), 0)::int from inventory_transactions t
                where t.order_id = o.id and t.inventory_transaction_type = 'remove') as sales,
              (select string_agg(s.status, ',') from checkout_sessions s where s.order_id = o.id) as sessions
         from orders o where o.id = any($1)`,
      [checkouts.map((c) => c.orderId)],
    );
    expect(orders).toHaveLength(3);
    for (const o of orders)
      expect(o).toMatchObject({ status: 'submitted', invoices: 1, sales: 2, sessions: 'complete' });
    const [product] = await rows<{ inventory_count: number }>('select inventory_count from products where id = $1', [
      productId,
    ]);
    expect(product!.inventory_count).toBe(10 - 3 * 2);

    const mails = await rows<{ id: string; kind: string; to_email: string }>(
      `select id, kind, to_email from mail_outbox where kind in ('order_confirmation', 'new_order') and to_email = any($1)`,
      [[seller.email, ...buyers.map((b) => b.email)]],
    );
    expect(mails.map((m) => `${m.kind} ${m.to_email}`).sort()).toEqual(
      [...buyers.map((b) => `order_confirmation ${b.email}`), ...buyers.map(() => `new_order ${seller.email}`)].sort(),
    );
    const ids = mails.map((m) => m.id).sort();
    await expect
      .poll(() =>
        [seller, ...buyers]
          .flatMap((u) => receivedIds(u.email))
          .filter((id) => ids.includes(id))
          .sort(),
      )
      .toEqual(ids);
    expect(serverErrors).toEqual([]);
  });

  it('(b) a 10,000-row catalogue import killed before it committed leaves no product; imported again, all 10,000', async () => {
    const seller = await newOrgUser('Merchant');
    const file =
      [
        CATALOG_CSV_COLUMNS.join(','),
        ...Array.from({ length: 10_000 }, (_, i) => `Crash Soap ${i},,CR-${i},,,,2.50,,,,Live,${i % 7}`),
      ].join('\n') + '\n';
    const importCsv = () =>
      call('POST', `/api/product/organization/${seller.orgId}/import`, {
        token: seller.token,
        raw: file,
        headers: { 'content-type': 'text/csv' },
      });
    const count = async () => {
      const [r] = await rows<{ products: number; product_count: number; stock_records: number }>(
        `select (select count(*)::int from products p where p.organization_id = o.id) as products, o.product_count,
                (select count(*)::int from inventory_transactions t where t.organization_id = o.id) as stock_records
           from organizations o where o.id = $1`,
        [seller.orgId],
      );
      return r!;
    };

    // All 10,000 products are written in the import's transaction (its last step, the stock
    // history, waits for the table the test holds) when the server dies.
    const stockLock = await holdLock('lock table inventory_transactions in share mode');
    const inFlight = settleOf(importCsv());
    await expect
      .poll(() => stockLock.waiting())
      .toEqual([expect.stringMatching(/insert into inventory_transactions/i)]);
    await crash();
    await stockLock.release();
    const cut = await inFlight;
    expect(cut.answered).toBe(false);

    await boot();
    expect(await count()).toEqual({ products: 0, product_count: 0, stock_records: 0 });
    const list = await ok(call('GET', `/api/product/organization/${seller.orgId}`, { token: seller.token }));
    expect(JSON.stringify(list)).not.toContain('Crash Soap');

    // The seller imports the file again on the new process: all of it.
    const done = await ok(importCsv());
    expect(done).toMatchObject({ rows: 10_000, created: 10_000, updated: 0 });
    // Every row with stock (all but every seventh) has its stock level in the history.
    expect(await count()).toEqual({ products: 10_000, product_count: 10_000, stock_records: 10_000 - 1_429 });
    expect(serverErrors).toEqual([]);
  });

  it('(c) e-mails being sent to a slow SMTP server when the server dies are each delivered once after the restart', async () => {
    await shutdown();
    await boot({ SMTP_URL: slowSmtp.url });
    const seller = await newOrgUser('Merchant');
    const emails = Array.from({ length: 5 }, (_, i) => `crash-invitee-${i}-${Date.now().toString(36)}@example.com`);
    const invites = await ok<unknown[]>(
      call('POST', '/api/invite/purchaser', {
        token: seller.token,
        body: { to_organization_id: seller.orgId, to_emails: emails },
      }),
    );
    expect(invites).toHaveLength(5);
    const outbox = () =>
      rows<{ id: string; to_email: string; status: string }>(
        'select id, to_email, status from mail_outbox where to_email = any($1) order by to_email',
        [emails],
      );
    // The worker has taken all five and is talking to the SMTP server, which never answers.
    await expect.poll(async () => (await outbox()).map((m) => m.status)).toEqual(Array(5).fill('sending'));
    await crash();
    expect(slowSmtp.received).toEqual([]);

    await boot();
    // Still there, and still claimed by the dead process until its claim runs out.
    const queued = await outbox();
    expect(queued.map((m) => m.status)).toEqual(Array(5).fill('sending'));
    // Two minutes later (the worker's claim): moved forward in the database, not waited for.
    await db.query(
      `update mail_outbox set next_attempt_at = now(), locked_until = now() where to_email = any($1) and status = 'sending'`,
      [emails],
    );
    await expect.poll(async () => (await outbox()).map((m) => m.status)).toEqual(Array(5).fill('sent'));
    for (const m of queued) expect(receivedIds(m.to_email), m.to_email).toEqual([m.id]);
    expect(serverErrors).toEqual([]);
  });
});
