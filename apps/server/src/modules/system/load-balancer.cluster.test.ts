/**
 * Scale-out behind a real load balancer (issue 11): three production server processes on one
 * PostgreSQL database behind nginx (Debian package `nginx`, started by this test with its own
 * configuration: round-robin, nginx's default `proxy_next_upstream error timeout`, which passes
 * only idempotent requests on to another process). Every request goes through nginx, and
 * nginx's access log tells which process answered it:
 *
 *  - sign-up, sign-in, the sign-in session cookie and refresh-token rotation work although each
 *    step lands on another process;
 *  - the sign-in attempts limit is one limit for all processes, not one per process;
 *  - the whole buyer path (seller set up, invite, cart, checkout, card payment, verify, the
 *    seller's orders) works, and the invite e-mail reaches the SMTP server exactly once;
 *  - a process SIGKILLed under a steady stream of requests costs at most its requests in
 *    flight, everything after succeeds, and the two processes left serve the buyer path.
 *
 * Needs the production build and nginx: without nginx it fails, saying so.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutSession, TEST_CARDS } from '@cratebase/contract';
import { freePort, startServer, type RunningServer } from '../../../../../e2e/support/server.js';
import { createScratchPostgres } from '../../../test/support/database.js';
import { createHttpHarness, type HttpHarness } from '../../../test/support/http-harness.js';
import {
  authorizeWithSession,
  refreshTokens,
  signInAndGetTokens,
  signUpAndGetTokens,
  tokenRequest,
} from '../../../test/support/test-login.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readySeller,
  setStock,
  verify,
  type Org,
} from '../../../test/support/checkout.js';

/** Sign-in/token attempts per minute per client address (IDENTITY_RATE_LIMIT). */
const LIMIT = 30;
/** Another client address on this machine, with a limit of its own (Linux routes all of 127/8 to loopback). */
const OTHER_CLIENT = '127.0.0.2';

let drop: (() => Promise<void>) | undefined;
let smtp: TestSmtpServer | undefined;
let nginx: ChildProcess | undefined;
let nginxDir: string | undefined;
let lbUrl: string;
let h: HttpHarness;
/** The server processes, in nginx's upstream order; a killed one stays here (its port is in the log). */
const servers: RunningServer[] = [];
/** The processes not killed by the test (stopped cleanly at the end). */
const alive = new Set<RunningServer>();

// ─── nginx ─────────────────────────────────────────────────────────────────────────────

function findNginx(): string {
  for (const candidate of ['nginx', '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    const probe = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (!probe.error && probe.status === 0) return candidate;
  }
  throw new Error(
    'The load-balancer test needs nginx, and none was found (tried nginx, /usr/sbin/nginx, /usr/local/sbin/nginx). ' +
      'Install the Debian package: apt-get install -y nginx (.ci/run does this).',
  );
}

/** The load balancer: as docs/deploy.md describes, on loopback ports, everything in `dir`. */
function nginxConfig(dir: string, listenPort: number, upstreamPorts: number[]): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format lb '$remote_addr|$request_method|$request_uri|$status|$upstream_addr|$upstream_status';
  access_log ${dir}/access.log lb;

  upstream cratebase {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 11m;
    location / {
      proxy_pass http://cratebase;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

async function startNginx(listenPort: number, upstreamPorts: number[]): Promise<string> {
  const binary = findNginx();
  nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-nginx-'));
  const conf = path.join(nginxDir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(nginxDir, listenPort, upstreamPorts));
  fs.writeFileSync(path.join(nginxDir, 'access.log'), '');
  let output = '';
  const child = spawn(
    binary,
    ['-p', nginxDir, '-e', path.join(nginxDir, 'error.log'), '-c', conf, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  nginx = child;
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${listenPort}`;
  // Ready when it answers for the processes behind it (they are ready already).
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    const status = await fetch(`${url}/readyz`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 15 s (last status ${status}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return url;
}

interface LogLine {
  client: string;
  method: string;
  uri: string;
  status: number;
  /** Every process nginx tried for the request, in order (more than one after a failed try). */
  upstreams: string[];
}

/** nginx's access log from line `from` on. */
function accessLog(from = 0): LogLine[] {
  return fs
    .readFileSync(path.join(nginxDir!, 'access.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(from)
    .map((line) => {
      const [client, method, uri, status, upstreams] = line.split('|');
      return {
        client: client!,
        method: method!,
        uri: uri!,
        status: Number(status),
        upstreams: upstreams!.split(/[,:] ?/).filter((u) => /^\d+$/.test(u)),
      };
    });
}

const logMark = () => accessLog().length;
const portOf = (server: RunningServer) => String(server.port);
/** The processes (ports) that answered these requests (the last one nginx tried for each). */
const answeredBy = (lines: LogLine[]) => new Set(lines.map((l) => l.upstreams.at(-1)));

/** A request from OTHER_CLIENT (node's fetch cannot pick a source address). */
function postFrom(localAddress: string, url: string, form: Record<string, string>): Promise<number> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** No answer was a 5xx, and no living process logged an error (pino levels error and fatal). */
function expectNothingBroke(): void {
  expect(h.serverErrors()).toEqual([]);
  const logged = [...alive].flatMap((s) => s.logs().split('\n')).filter((line) => /"level":(50|60)\b/.test(line));
  expect(logged).toEqual([]);
}

// ─── set-up ────────────────────────────────────────────────────────────────────────────

beforeAll(async () => {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('No DATABASE_URL: run the cluster tests through vitest (its globalSetup provides one).');
  findNginx();
  const scratch = await createScratchPostgres(base);
  drop = scratch.drop;
  smtp = await startTestSmtpServer();
  const lbPort = await freePort();
  const ports = [await freePort(), await freePort(), await freePort()];
  // One public origin, nginx's, for every process.
  const publicUrl = `http://127.0.0.1:${lbPort}`;
  const env = {
    DATABASE_URL: scratch.url,
    DATABASE_POOL_SIZE: '4',
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    IDENTITY_RATE_LIMIT: String(LIMIT),
  };
  const start = async (port: number) => {
    const server = await startServer({ ...env, PORT: String(port) });
    alive.add(server);
    return server;
  };
  // The first process applies the migrations; the others start on the migrated database.
  servers.push(await start(ports[0]!));
  servers.push(...(await Promise.all(ports.slice(1).map(start))));
  lbUrl = await startNginx(lbPort, ports);
  expect(lbUrl).toBe(publicUrl);
  h = await createHttpHarness({ baseUrls: [lbUrl], databaseUrl: scratch.url, publicUrl });
});

afterAll(async () => {
  await h?.close();
  await Promise.all([...alive].map((s) => s.stop()));
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
    const exited = once(nginx, 'exit');
    nginx.kill('SIGTERM');
    await exited;
  }
  await smtp?.close();
  await drop?.();
  if (nginxDir) fs.rmSync(nginxDir, { recursive: true, force: true });
});

/** The buyer path, through nginx: a paid order the seller sees. Returns the buyer and the order. */
async function buyerPath(): Promise<{ seller: Org; buyer: Org; orderId: string }> {
  const seller = await readySeller(h);
  const productId = await liveProduct(h, seller, { name: 'Plum jam' });
  await setStock(h, seller, productId, 20);
  const buyer = await customerOf(h, seller);
  const { cart } = await atPayment(h, seller, buyer, { [productId]: 3 });
  const session = CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
  await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
  const verified = await ok(verify(h, seller, buyer, session.session_id));
  expect(verified).toMatchObject({ success: true, order_id: cart.order.id });
  const orders = await ok<{ id: string; organization: { id: string }; total_cents: number }[]>(
    h.call('GET', `/api/order/organization/${seller.orgId}/selling`, { token: seller.token }),
  );
  expect(orders.map((o) => [o.id, o.organization.id, o.total_cents])).toEqual([
    [cart.order.id, buyer.orgId, verified.amount_cents],
  ]);
  return { seller, buyer, orderId: cart.order.id };
}

/** The invite e-mail to `email` was queued once, sent, and reached the SMTP server once. */
async function expectInviteDeliveredOnce(email: string): Promise<void> {
  const outbox = async () =>
    (
      await h.testDb.database.db.execute<{ id: string; status: string }>(
        sql`select id, status from mail_outbox where kind = 'invite' and to_email = ${email}`,
      )
    ).rows;
  await expect.poll(async () => (await outbox()).map((m) => m.status)).toEqual(['sent']);
  const [invite] = await outbox();
  // (The order e-mails to the same address are other messages.)
  const received = smtp!.received
    .filter((m) => m.to.includes(email))
    .map((m) => /^X-Cratebase-Message: (\S+)$/im.exec(m.raw)?.[1])
    .filter((id) => id === invite!.id);
  expect(received).toEqual([invite!.id]);
}

describe('three server processes behind nginx on one PostgreSQL', () => {
  it('sign-up, sign-in, the sign-in session and refresh-token rotation work whichever process answers', async () => {
    const mark = logMark();
    const credentials = { email: `lb-${Date.now().toString(36)}@example.com`, password: 'correct horse 1' };
    const first = await signUpAndGetTokens(lbUrl, credentials);
    const auth = { authorization: `Bearer ${first.access_token}` };
    expect((await fetch(`${lbUrl}/api/user/create`, { method: 'POST', headers: auth })).status).toBe(200);
    // The same user on every process.
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const me = await fetch(`${lbUrl}/api/user/me`, { headers: auth });
      expect(me.status).toBe(200);
      ids.add(((await me.json()) as { id: string }).id);
    }
    expect(ids.size).toBe(1);

    // Signing in again with the password, and a new authorization on the sign-in session alone.
    const again = await signInAndGetTokens(lbUrl, credentials);
    expect(again.access_token).toBeTruthy();
    const silent = await authorizeWithSession(lbUrl, again.cookies);
    expect(silent.access_token).toBeTruthy();

    // Rotation: each refresh token works once, on whichever process gets it; a used one
    // played again is refused and ends the whole grant (reuse detection), on every process.
    const refresh = (token: string) =>
      tokenRequest(lbUrl, { grant_type: 'refresh_token', refresh_token: token, client_id: 'cratebase-web' });
    const rotated = await refreshTokens(lbUrl, silent.refresh_token);
    expect(rotated.refresh_token).not.toBe(silent.refresh_token);
    const next = await refreshTokens(lbUrl, rotated.refresh_token);
    expect(next.refresh_token).not.toBe(rotated.refresh_token);
    expect(
      (await fetch(`${lbUrl}/api/user/me`, { headers: { authorization: `Bearer ${next.access_token}` } })).status,
    ).toBe(200);
    expect((await refresh(silent.refresh_token)).body).toMatchObject({ error: 'invalid_grant' });
    for (let i = 0; i < 3; i++) expect((await refresh(next.refresh_token)).status).toBe(400);
    // The first sign-in's grant is another one, untouched.
    expect((await refresh(first.refresh_token)).status).toBe(200);

    // All of that was spread over the three processes.
    const lines = accessLog(mark);
    expect(answeredBy(lines)).toEqual(new Set(servers.map(portOf)));
    expect(answeredBy(lines.filter((l) => l.uri === '/oidc/token')).size).toBeGreaterThan(1);
    expect(lines.filter((l) => l.status >= 500)).toEqual([]);
  });

  it('the sign-in attempts limit is one limit for all processes', async () => {
    const mark = logMark();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 5; i++) {
      statuses.push(
        await postFrom(OTHER_CLIENT, `${lbUrl}/oidc/token`, {
          grant_type: 'refresh_token',
          refresh_token: `not-a-token-${i}`,
          client_id: 'cratebase-web',
        }),
      );
    }
    // 30 refused for the bad token, then "too many attempts" from every process alike.
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(400), ...Array<number>(5).fill(429)]);
    // nginx writes a line just after it answered: wait for the last one.
    await expect.poll(() => accessLog(mark).filter((l) => l.client === OTHER_CLIENT).length).toBe(LIMIT + 5);
    const lines = accessLog(mark).filter((l) => l.client === OTHER_CLIENT);
    expect(answeredBy(lines)).toEqual(new Set(servers.map(portOf)));
    expect(answeredBy(lines.filter((l) => l.status === 429)).size).toBeGreaterThan(1);

    // The limit is per client address: this machine's main address still signs in.
    const other = await signUpAndGetTokens(lbUrl, {
      email: `lb-limit-${Date.now().toString(36)}@example.com`,
      password: 'correct horse 1',
    });
    expect(other.access_token).toBeTruthy();
  });

  it('the whole buyer path works through nginx, and the invite e-mail arrives exactly once', async () => {
    const mark = logMark();
    const { buyer } = await buyerPath();

    await expectInviteDeliveredOnce(buyer.email);
    expect(answeredBy(accessLog(mark))).toEqual(new Set(servers.map(portOf)));
    expectNothingBroke();
  });

  it('a process killed under load costs at most its requests in flight; the two left serve the buyer path', async () => {
    const user = await h.newUser();
    const victim = servers[0]!;
    const mark = logMark();
    const { outcomes } = await steadyStream(user.token, async () => {
      alive.delete(victim);
      const exited = once(victim.process, 'exit');
      expect(victim.process.kill('SIGKILL')).toBe(true);
      await exited;
    });
    expect(victim.process.signalCode).toBe('SIGKILL');

    const failed = outcomes.filter((o) => o.status !== 200);
    // Only requests already under way when the process died may fail (nginx passes idempotent
    // requests on to another process, so usually none does)…
    expect(failed.length).toBeLessThanOrEqual(CONCURRENCY);
    expect(failed.filter((o) => o.startedAfter)).toEqual([]);
    // …and the stream went on, on the two processes left.
    expect(outcomes.filter((o) => o.startedAfter).length).toBeGreaterThanOrEqual(100);
    await expect.poll(() => accessLog(mark).filter((l) => l.uri === '/api/user/me').length).toBe(TOTAL);
    const lines = accessLog(mark).filter((l) => l.uri === '/api/user/me');
    expect(answeredBy(lines.slice(0, ACT_AFTER - CONCURRENCY))).toContain(portOf(victim));
    expect(answeredBy(lines.slice(-100))).toEqual(new Set(servers.slice(1).map(portOf)));

    // Two processes: the buyer path again, with its invite e-mail, every step through nginx.
    const before = logMark();
    const { buyer } = await buyerPath();
    const after = accessLog(before);
    expect(after.filter((l) => l.status >= 500)).toEqual([]);
    expect(answeredBy(after)).toEqual(new Set(servers.slice(1).map(portOf)));
    await expectInviteDeliveredOnce(buyer.email);
    expectNothingBroke();
  });

  it('a process stopped (SIGTERM) under load answers what it was sent and exits cleanly; no request fails', async () => {
    const user = await h.newUser();
    const leaving = servers[1]!;
    const staying = servers[2]!;
    const mark = logMark();
    const { outcomes } = await steadyStream(user.token, async () => {
      const exited = once(leaving.process, 'exit');
      expect(leaving.process.kill('SIGTERM')).toBe(true);
      await exited;
      alive.delete(leaving);
    });
    // Not the 10 s limit of main.ts: every kept-alive connection from nginx ended after its answer.
    expect(leaving.process.exitCode).toBe(0);
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    await expect.poll(() => accessLog(mark).filter((l) => l.uri === '/api/user/me').length).toBe(TOTAL);
    const lines = accessLog(mark).filter((l) => l.uri === '/api/user/me');
    expect(answeredBy(lines.slice(-50))).toEqual(new Set([portOf(staying)]));
    expectNothingBroke();
  });
});

/** Requests in the steady stream, and how many run at once. */
const TOTAL = 300;
const CONCURRENCY = 10;
/** The stream's action (the kill) starts once this many requests have been answered. */
const ACT_AFTER = 60;

interface Outcome {
  index: number;
  /** Started after the action had finished (the process was gone). */
  startedAfter: boolean;
  status: number;
  error?: string;
}

/**
 * TOTAL signed-in GETs through nginx, CONCURRENCY at a time; after ACT_AFTER answers, `action`
 * runs while the stream goes on. Resolves when both are done.
 */
async function steadyStream(token: string, action: () => Promise<void>): Promise<{ outcomes: Outcome[] }> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let done = 0;
  let acted = false;
  let finished: Promise<void> | undefined;
  const worker = async () => {
    while (next < TOTAL) {
      const index = next++;
      const startedAfter = acted;
      try {
        const res = await fetch(`${lbUrl}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        outcomes.push({ index, startedAfter, status: res.status });
      } catch (err) {
        outcomes.push({ index, startedAfter, status: 0, error: String(err) });
      }
      if (++done === ACT_AFTER)
        finished = action().then(() => {
          acted = true;
        });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await finished;
  return { outcomes };
}
