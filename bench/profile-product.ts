/**
 * Where the product page's time goes (issue 11): bench/product.ts's store on a scratch
 * PostgreSQL database, then loads of `GET /api/product/{id}` — the buyer on one product, the
 * seller on it, the buyer on many products in turn — each PROFILE_REPEAT times, counting the CPU
 * seconds of the server process, of its PostgreSQL backends and of this process (autocannon)
 * per request.
 *
 * With PROFILE_DIR the server runs with bench/cpu-profile.mjs preloaded and is sent SIGUSR2
 * before and after the last repeat of the first load: its V8 CPU profile of that load is
 * written to PROFILE_DIR.
 *
 *   DATABASE_URL=postgres://… [PROFILE_DIR=/tmp/prof] [PROFILE_REPEAT=2] [BENCH_SECONDS=5] \
 *     tsx bench/profile-product.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchPostgres } from '../apps/server/test/support/database.js';
import { signUpAndGetTokens } from '../apps/server/test/support/test-login.js';
import type { RunningServer } from '../e2e/support/server.js';
import type { CartLoadRequest } from './cart.js';
import { productStore } from './product.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const repeat = Number(process.env.PROFILE_REPEAT ?? 1);
const preload = process.env.PROFILE_DIR ? path.join(import.meta.dirname, 'cpu-profile.mjs') : undefined;

/** utime + stime of a process, in seconds (0 when it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function seed(server: RunningServer) {
  const email = `profile-${Date.now()}@example.com`;
  const tokens = await signUpAndGetTokens(server.url, { email, password: 'bench-password-1' });
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
  await fetch(`${server.url}/api/user/create`, { method: 'POST', headers });
  const org = await fetch(`${server.url}/api/organization`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ selected_type: 'Merchant', name: 'Profile Supply Co' }),
  });
  const { id } = (await org.json()) as { id: string };
  return { headers: { authorization: headers.authorization }, orgId: id };
}

const scratch = await createScratchPostgres(databaseUrl);
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const store = await productStore(
  preload ? { DATABASE_URL: scratch.url, NODE_OPTIONS: `--import ${preload}` } : { DATABASE_URL: scratch.url },
  seed,
);
try {
  const serverPid = store.server.process.pid!;
  let next = 0;
  const loads: [string, Record<string, string>, CartLoadRequest[] | undefined][] = [
    ['buyer, one product', store.buyerHeaders, undefined],
    ['seller, one product', store.seller.headers, undefined],
    [
      `buyer, ${store.ids.length} products in turn`,
      store.buyerHeaders,
      [
        {
          method: 'GET',
          setupRequest: (r) => ({ ...r, path: `/api/product/${store.ids[next++ % store.ids.length]}` }),
        },
      ],
    ],
  ];
  let profiled = false;
  for (const [name, headers, requests] of loads) {
    for (let i = 0; i < repeat; i++) {
      const extra = requests ? { requests } : {};
      await autocannon({ url: store.url, connections: 10, duration: 1, headers, ...extra });
      const dbName = new URL(scratch.url).pathname.slice(1);
      const backends = (
        await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName])
      ).rows.map((r) => r.pid);
      const profile = preload !== undefined && !profiled && i === repeat - 1;
      if (profile) profiled = true;
      const before = { server: cpuSeconds(serverPid), db: backends.reduce((s, p) => s + cpuSeconds(p), 0) };
      const self = process.cpuUsage();
      if (profile) process.kill(serverPid, 'SIGUSR2');
      const r = await autocannon({ url: store.url, connections, duration: seconds, headers, ...extra });
      if (profile) process.kill(serverPid, 'SIGUSR2');
      const used = process.cpuUsage(self);
      const server = cpuSeconds(serverPid) - before.server;
      const db = backends.reduce((s, p) => s + cpuSeconds(p), 0) - before.db;
      const n = r.requests.total;
      const us = (s: number) => ((1e6 * s) / n).toFixed(0);
      console.log(
        `${name}: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, errors ${r.errors + (r.non2xx ?? 0)}; ` +
          `CPU per request: server ${us(server)} µs, PostgreSQL ${us(db)} µs (${backends.length} backends), ` +
          `autocannon ${us((used.user + used.system) / 1e6)} µs${profile ? ' (profiled)' : ''}`,
      );
    }
  }
  if (preload) {
    // The profile is written after the signal: wait for it, then print where the time went.
    const dir = process.env.PROFILE_DIR!;
    const mine = () => fs.readdirSync(dir).filter((f) => f.startsWith(`server-${serverPid}-`));
    for (let i = 0; i < 50 && mine().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const file = mine().sort().at(-1);
    if (file) summarize(path.join(dir, file));
  }
} finally {
  await store.stop();
  await admin.end();
  await scratch.drop();
}

/** The functions and packages with the most self time in a V8 CPU profile. */
function summarize(file: string) {
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.split('/').at(-1) || '(native)';
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber}`;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? where;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)} % ${k}`);
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s sampled\nself time by package or file:`);
  console.log(top(byPackage, 15).join('\n'));
  console.log('self time by function:');
  console.log(top(byFunction, 25).join('\n'));
}
