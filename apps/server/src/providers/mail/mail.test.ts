/**
 * The mail queue and its transports: enqueue inside a transaction, the built-in outbox, SMTP
 * to a real server on loopback, retries with backoff, abandoned claims, two workers on one
 * database. Intervals are injected so nothing here waits long.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../db/client.js';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { createHarness } from '../../../test/support/harness.js';
import { DomainError } from '../../lib/errors.js';
import {
  createMailTransport,
  defaultRetryDelayMs,
  enqueueMail,
  MailWorker,
  wakeMailWorkers,
  type MailTransport,
  type NewMail,
  type OutgoingMail,
} from './index.js';
import { createBuiltinTransport } from './builtin.js';
import { createSmtpTransport } from './smtp.js';
import { decodeHeader, parseMessage, startTestSmtpServer } from '../../../test/support/test-smtp-server.js';

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => testDb?.drop());
beforeEach(async () => {
  await db.execute(sql`delete from mail_outbox`);
});

const FROM = 'Cratebase <no-reply@cratebase.test>';
let n = 0;
function message(over: Partial<NewMail> = {}): NewMail {
  n += 1;
  return {
    kind: 'test',
    from: FROM,
    to: `person${n}@example.com`,
    subject: `Hello ${n}`,
    html: `<p>Hello <a href="http://localhost:3999/invite/abc-${n}">there</a></p>`,
    text: `Hello\n\nhttp://localhost:3999/invite/abc-${n}\n`,
    ...over,
  };
}

type OutboxRow = {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  transport: string | null;
  provider_message_id: string | null;
  sent_at: Date | null;
  due_in_ms: number;
  locked_until: Date | null;
};
async function row(id: string): Promise<OutboxRow> {
  const r = await db.execute<OutboxRow>(sql`
    select id, status, attempts, last_error, transport, provider_message_id, sent_at, locked_until,
           (extract(epoch from (next_attempt_at - now())) * 1000)::int as due_in_ms
      from mail_outbox where id = ${id}`);
  return r.rows[0]!;
}

async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A transport that records what it sends, optionally failing or slow. */
function recordingTransport(opts: { fail?: (m: OutgoingMail, call: number) => Error | null; delayMs?: number } = {}) {
  const sent: OutgoingMail[] = [];
  let calls = 0;
  const transport: MailTransport = {
    name: 'builtin',
    async send(m) {
      calls += 1;
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      const err = opts.fail?.(m, calls);
      if (err) throw err;
      sent.push(m);
      return { messageId: `<${m.id}@test>` };
    },
    async close() {},
  };
  return { transport, sent, calls: () => calls };
}

describe('enqueueMail', () => {
  it('stores the message as queued, inside the caller transaction', async () => {
    const id = await db.transaction(async (tx) => enqueueMail(tx, message()));
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0, last_error: null });
    // A rolled-back transaction leaves no message behind.
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, message({ to: 'rollback@example.com' }));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const count = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where to_email = 'rollback@example.com'`,
    );
    expect(count.rows[0]!.n).toBe(0);
  });

  it.each([
    ['to', { to: 'victim@example.com\r\nBcc: all@example.com' }],
    ['to', { to: 'victim@example.com\n' }],
    ['subject', { subject: 'Hi\r\nBcc: all@example.com' }],
    ['subject', { subject: 'Hi\rthere' }],
    ['from', { from: 'Cratebase <no-reply@cratebase.test>\nBcc: x@example.com' }],
    ['to', { to: 'a@example.com, b@example.com' }],
    ['to', { to: 'Someone <a@example.com>' }],
  ] as const)('refuses a header injection or bad recipient in %s with a 400 naming it', async (field, over) => {
    const err = await enqueueMail(db, message(over)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).statusCode).toBe(400);
    expect((err as DomainError).issues?.[0]?.path).toBe(field);
    const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox`);
    expect(count.rows[0]!.n).toBe(0);
  });
});

describe('the built-in transport', () => {
  it('delivers by marking the stored message sent', async () => {
    const id = await enqueueMail(db, message());
    const worker = new MailWorker({ db, transport: createBuiltinTransport() });
    const r = await worker.drain();
    expect(r).toMatchObject({ claimed: 1, sent: 1, failed: 0 });
    const sent = await row(id);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      transport: 'builtin',
      last_error: null,
      locked_until: null,
    });
    expect(sent.provider_message_id).toBe(`<${id}@outbox.cratebase.invalid>`);
    expect(sent.sent_at).toBeTruthy();
    // Nothing is sent twice.
    expect((await worker.drain()).claimed).toBe(0);
  });

  it('is the transport unless SMTP is configured', () => {
    expect(createMailTransport({ mail: { transport: 'builtin', smtpUrl: undefined, from: FROM } }).name).toBe(
      'builtin',
    );
    expect(
      createMailTransport({ mail: { transport: 'smtp', smtpUrl: 'smtp://127.0.0.1:2525', from: FROM } }).name,
    ).toBe('smtp');
  });

  it('double-checks headers: a message with CR/LF that bypassed the queue fails at once, unsent', async () => {
    const inserted = await db.execute<{ id: string }>(sql`
      insert into mail_outbox (kind, to_email, from_email, subject, html, text)
      values ('test', 'x@example.com', ${FROM}, ${'Hi\r\nBcc: all@example.com'}, '<p>x</p>', 'x') returning id`);
    const id = inserted.rows[0]!.id;
    const rec = recordingTransport();
    // Wrap the built-in transport's check in a recorder: nothing may reach "the wire".
    const builtin = createBuiltinTransport();
    const transport: MailTransport = {
      name: 'builtin',
      send: async (m) => builtin.send(m).then((r) => (rec.sent.push(m), r)),
      close: async () => {},
    };
    await new MailWorker({ db, transport }).drain();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(id)).last_error).toMatch(/subject must not contain line breaks/);
    expect(rec.sent).toHaveLength(0);
  });

  it('wakes at once after an enqueue in the same process', async () => {
    const rec = recordingTransport();
    const worker = new MailWorker({ db, transport: rec.transport, pollIntervalMs: 60_000 });
    worker.start();
    try {
      await new Promise((r) => setTimeout(r, 50)); // the first (empty) round
      const id = await enqueueMail(db, message());
      wakeMailWorkers();
      // Sent long before the next scheduled round (a minute away): the wake-up did it.
      await waitFor('the message to be sent', async () => (await row(id)).status === 'sent');
    } finally {
      await worker.stop();
    }
  });
});

describe('retries', () => {
  it('backs off exponentially with jitter, capped at an hour', () => {
    const low = () => 0;
    const high = () => 0.999999;
    expect(defaultRetryDelayMs(1, low)).toBe(30_000);
    expect(defaultRetryDelayMs(1, high)).toBeCloseTo(60_000, -2);
    expect(defaultRetryDelayMs(2, low)).toBe(60_000);
    expect(defaultRetryDelayMs(3, low)).toBe(120_000);
    expect(defaultRetryDelayMs(7, high)).toBeCloseTo(3_600_000, -3);
    expect(defaultRetryDelayMs(20, high)).toBeLessThanOrEqual(3_600_000);
    for (let a = 1; a <= 8; a++) {
      const d = defaultRetryDelayMs(a);
      const exp = Math.min(3_600_000, 60_000 * 2 ** (a - 1));
      expect(d).toBeGreaterThanOrEqual(exp / 2);
      expect(d).toBeLessThanOrEqual(exp);
    }
  });

  it('schedules a failed send for later, then sends it; gives up after the last attempt', async () => {
    const id = await enqueueMail(db, message());
    const failing = recordingTransport({ fail: () => new Error('connect ECONNREFUSED 127.0.0.1:25') });
    const delays: number[] = [];
    const worker = new MailWorker({
      db,
      transport: failing.transport,
      maxAttempts: 3,
      retryDelayMs: (attempt) => (delays.push(attempt), attempt === 1 ? 60_000 : 0),
    });
    await worker.runOnce();
    let r = await row(id);
    expect(r).toMatchObject({ status: 'queued', attempts: 1 });
    expect(r.last_error).toMatch(/ECONNREFUSED/);
    expect(r.due_in_ms).toBeGreaterThan(50_000); // not due again before the backoff
    expect((await worker.runOnce()).claimed).toBe(0);

    await db.execute(sql`update mail_outbox set next_attempt_at = now() where id = ${id}`);
    await worker.runOnce(); // attempt 2 fails, retry at once
    await worker.runOnce(); // attempt 3 fails: the last
    r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 3 });
    expect(r.last_error).toMatch(/ECONNREFUSED/);
    expect(delays).toEqual([1, 2]);
    expect((await worker.runOnce()).claimed).toBe(0);
    expect(failing.calls()).toBe(3);
  });

  it('takes over a message whose worker died mid-send once the lock expires, and not before', async () => {
    const a = await enqueueMail(db, message());
    const b = await enqueueMail(db, message());
    // `a` was claimed by a worker that died: lock expired. `b` is claimed by a live worker.
    await db.execute(
      sql`update mail_outbox set status = 'sending', attempts = 1, locked_until = now() - interval '1 second', next_attempt_at = now() - interval '1 second' where id = ${a}`,
    );
    await db.execute(
      sql`update mail_outbox set status = 'sending', attempts = 1, locked_until = now() + interval '1 minute', next_attempt_at = now() + interval '1 minute' where id = ${b}`,
    );
    const rec = recordingTransport();
    await new MailWorker({ db, transport: rec.transport }).drain();
    expect(rec.sent.map((m) => m.id)).toEqual([a]);
    expect(await row(a)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row(b)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('stops within its grace period even when a send hangs, and the message is retried later', async () => {
    const id = await enqueueMail(db, message());
    const hanging: MailTransport = { name: 'smtp', send: () => new Promise(() => {}), close: async () => {} };
    const worker = new MailWorker({ db, transport: hanging, pollIntervalMs: 10, lockMs: 60_000 });
    worker.start();
    await waitFor('the claim', async () => (await row(id)).status === 'sending');
    // Without the grace period this would wait for the hanging send forever (the test would time out).
    await worker.stop(100);
    const r = await row(id);
    expect(r).toMatchObject({ status: 'sending', attempts: 1 });
    expect(r.due_in_ms).toBeGreaterThan(30_000); // due again when the claim expires
  });

  it('marks failed a message abandoned mid-send on its last attempt', async () => {
    const a = await enqueueMail(db, message());
    await db.execute(
      sql`update mail_outbox set status = 'sending', attempts = 8, last_error = 'earlier error', next_attempt_at = now() - interval '1 second' where id = ${a}`,
    );
    const rec = recordingTransport();
    await new MailWorker({ db, transport: rec.transport, maxAttempts: 8 }).drain();
    expect(rec.sent).toHaveLength(0);
    const r = await row(a);
    expect(r.status).toBe('failed');
    expect(r.last_error).toMatch(/earlier error.*no attempts left/);
  });

  it('ignores the outcome of a claim that expired and was taken over', async () => {
    const id = await enqueueMail(db, message());
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow: MailTransport = {
      name: 'builtin',
      send: async (m) => (await gate, { messageId: `<${m.id}@slow>` }),
      close: async () => {},
    };
    const first = new MailWorker({ db, transport: slow, lockMs: 1 });
    const round = first.runOnce();
    await waitFor('the claim', async () => (await row(id)).attempts === 1);
    await new Promise((r) => setTimeout(r, 20));
    // The lock (1 ms) expired; a second worker takes the message over and sends it.
    const rec = recordingTransport();
    await new MailWorker({ db, transport: rec.transport }).drain();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    release();
    await round;
    // The first worker's late answer does not overwrite the newer claim's outcome.
    const r = await row(id);
    expect(r).toMatchObject({ status: 'sent', attempts: 2, provider_message_id: `<${id}@test>` });
  });
});

describe('two workers on one database', () => {
  it('never send one message twice', async () => {
    // On PostgreSQL the second worker uses its own connection pool, like a second process.
    let second: Database | null = null;
    const otherDb = testDb.url
      ? (second = await openDatabase({ databaseUrl: testDb.url, migrate: false, poolSize: 4 })).db
      : db;
    try {
      const ids: string[] = [];
      for (let i = 0; i < 60; i++) ids.push(await enqueueMail(db, message()));
      const a = recordingTransport({ delayMs: 3 });
      const b = recordingTransport({ delayMs: 3 });
      const wa = new MailWorker({ db, transport: a.transport, batchSize: 7 });
      const wb = new MailWorker({ db: otherDb, transport: b.transport, batchSize: 7 });
      await Promise.all([wa.drain(), wb.drain(), wa.drain(), wb.drain()]);
      const sentIds = [...a.sent, ...b.sent].map((m) => m.id);
      expect(sentIds).toHaveLength(60);
      expect(new Set(sentIds).size).toBe(60);
      expect(new Set(sentIds)).toEqual(new Set(ids));
      expect(a.sent.length).toBeGreaterThan(0);
      expect(b.sent.length).toBeGreaterThan(0);
      const counts = await db.execute<{ status: string; attempts: number; n: number }>(sql`
        select status, attempts, count(*)::int as n from mail_outbox group by status, attempts`);
      expect(counts.rows).toEqual([{ status: 'sent', attempts: 1, n: 60 }]);
    } finally {
      await second?.close();
    }
  });
});

describe('SMTP', () => {
  it('delivers to a real SMTP server on loopback: both parts, subject, link, Message-ID', async () => {
    const server = await startTestSmtpServer();
    const transport = createSmtpTransport({ url: server.url, timeoutMs: 5000 });
    try {
      const id = await enqueueMail(
        db,
        message({
          to: 'buyer@example.com',
          subject: 'Maple & Co invited you — order wholesale',
          html: '<p>Accept: <a href="http://localhost:3999/invite/5b0e7f5e-0000-4000-8000-000000000001">Accept your invitation</a></p>',
          text: 'Accept your invitation:\nhttp://localhost:3999/invite/5b0e7f5e-0000-4000-8000-000000000001\n',
        }),
      );
      const r = await new MailWorker({ db, transport }).drain();
      expect(r.sent).toBe(1);
      expect(server.received).toHaveLength(1);
      const got = server.received[0]!;
      expect(got.from).toBe('no-reply@cratebase.test');
      expect(got.to).toEqual(['buyer@example.com']);
      const parsed = parseMessage(got.raw);
      expect(decodeHeader(parsed.headers.subject!)).toBe('Maple & Co invited you — order wholesale');
      expect(parsed.headers.to).toBe('buyer@example.com');
      expect(parsed.headers.from).toContain('no-reply@cratebase.test');
      expect(parsed.contentType).toMatch(/^multipart\/alternative/);
      expect(parsed.text).toContain('http://localhost:3999/invite/5b0e7f5e-0000-4000-8000-000000000001');
      expect(parsed.html).toContain('href="http://localhost:3999/invite/5b0e7f5e-0000-4000-8000-000000000001"');
      expect(parsed.headers['message-id']).toBe(`<${id}@cratebase.test>`);
      expect(await row(id)).toMatchObject({
        status: 'sent',
        transport: 'smtp',
        provider_message_id: `<${id}@cratebase.test>`,
      });
    } finally {
      await transport.close();
      await server.close();
    }
  });

  it('retries a server that refuses, with backoff, and delivers exactly once when it recovers', async () => {
    const server = await startTestSmtpServer();
    server.refuseNext(2);
    const transport = createSmtpTransport({ url: server.url, timeoutMs: 5000 });
    const worker = new MailWorker({
      db,
      transport,
      pollIntervalMs: 10,
      retryDelayMs: (attempt) => 60_000 * 2 ** (attempt - 1),
    });
    try {
      const ids = [await enqueueMail(db, message()), await enqueueMail(db, message())];
      await worker.runOnce();
      const after = await Promise.all(ids.map(row));
      expect(after.map((r) => r.status)).toEqual(['queued', 'queued']);
      expect(after[0]!.last_error).toMatch(/451/);
      // Backed off: not due again for about a minute (a bound no busy machine can reach)…
      expect(after.every((r) => r.due_in_ms > 50_000)).toBe(true);
      // …and once that time has come, the worker delivers each message once.
      await db.execute(sql`update mail_outbox set next_attempt_at = now() where id in (${ids[0]}, ${ids[1]})`);

      worker.start();
      await waitFor('both messages sent', async () =>
        (await Promise.all(ids.map(row))).every((r) => r.status === 'sent'),
      );
      expect(server.refused).toBe(2);
      expect(server.received).toHaveLength(2);
      expect(server.received.map((m) => parseMessage(m.raw).headers['message-id']).sort()).toEqual(
        ids.map((id) => `<${id}@cratebase.test>`).sort(),
      );
      const rows = await Promise.all(ids.map(row));
      expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
      expect(rows.every((r) => r.last_error === null)).toBe(true);
    } finally {
      await worker.stop();
      await transport.close();
      await server.close();
    }
  });

  it('keeps messages while the server is down and delivers them when it comes up', async () => {
    // Find a free port, leave it closed: the first attempts are refused connections.
    const probe = await startTestSmtpServer();
    const port = probe.port;
    await probe.close();
    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, timeoutMs: 2000 });
    const worker = new MailWorker({ db, transport, pollIntervalMs: 10, retryDelayMs: () => 30 });
    let server: Awaited<ReturnType<typeof startTestSmtpServer>> | null = null;
    try {
      const id = await enqueueMail(db, message());
      await worker.runOnce();
      const down = await row(id);
      expect(down.status).toBe('queued');
      expect(down.last_error).toMatch(/ECONNREFUSED|connect/i);
      server = await startTestSmtpServer({ port });
      worker.start();
      await waitFor('the message to be sent', async () => (await row(id)).status === 'sent');
      expect(server.received).toHaveLength(1);
    } finally {
      await worker.stop();
      await transport.close();
      await server?.close();
    }
  });

  it('sends invites from the app through SMTP without holding up the request', async () => {
    const server = await startTestSmtpServer();
    server.hold();
    const h = await createHarness({
      SMTP_URL: server.url,
      MAIL_FROM: 'Maple Goods via Cratebase <invites@cratebase.test>',
    });
    try {
      expect(h.config.mail.transport).toBe('smtp');
      const seller = await h.newOrgUser('Merchant', 'Maple Goods');
      // The SMTP server holds every message, so a request that waited for delivery would never answer.
      const res = await h.call('POST', '/api/invite/purchaser', {
        token: seller.token,
        body: { to_organization_id: seller.orgId, to_emails: ['Shop.Owner@Example.com'] },
      });
      expect(res.status).toBe(200);
      // The server holds the message: the request has long answered; the worker is still sending.
      await waitFor('the worker to be sending', async () => {
        const r = await h.testDb.database.db.execute<{ status: string }>(sql`select status from mail_outbox`);
        return r.rows[0]?.status === 'sending';
      });
      expect(server.received).toHaveLength(0);
      server.release();
      await waitFor('the message to arrive', () => server.received.length === 1);
      const parsed = parseMessage(server.received[0]!.raw);
      expect(server.received[0]!.to).toEqual(['shop.owner@example.com']);
      expect(decodeHeader(parsed.headers.subject!)).toBe('Maple Goods invited you to order wholesale on Cratebase');
      expect(parsed.text).toContain(`http://localhost:3999/invite/${res.body[0].id}`);
      expect(parsed.html).toContain(`href="http://localhost:3999/invite/${res.body[0].id}"`);
      expect(parsed.html).toContain('Maple Goods');
      // With SMTP on, the built-in mailbox is not served.
      expect((await h.call('GET', '/dev/mailbox')).status).toBe(404);
      expect((await h.call('GET', '/dev/mailbox.json')).status).toBe(404);
    } finally {
      server.release();
      await h.close();
      await server.close();
    }
  });
});
