/**
 * Where a cart change and a whole checkout spend their time (issue 27 §4): a production server on
 * a scratch PostgreSQL database with bench/cpu-profile.mjs and bench/count-queries.mjs preloaded,
 * then
 *   - `cart`: bench/cart.ts's many-buyers load of `PUT /api/cart/{id}/line_item`;
 *   - `checkout`: bench/checkout.ts's whole submit (session + pay 4242 + verify), PROFILE_ORDERS
 *     (default 40) orders SUBMIT_CONCURRENCY at a time;
 * printing the CPU seconds of the server, of its PostgreSQL backends and of this process per
 * request (or order), the statements the server sent per request (or order), the most frequent
 * ones, and the V8 profile's heaviest packages and functions (the file is left in PROFILE_DIR).
 *
 *   DATABASE_URL=postgres://… [PROFILE_DIR=/tmp/prof] [BENCH_SECONDS=5] tsx bench/profile-flows.ts cart|checkout
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchPostgres } from '../apps/server/test/support/database.js';
import { inBatches } from '../apps/server/test/support/concurrency.js';
import { startServer } from '../e2e/support/server.js';
import { benchCart, type CartLoadOptions } from './cart.js';
import { SUBMIT_CONCURRENCY, atPayment, customersOf, readySeller, submit, percentile } from './checkout.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const flow = process.argv[2];
if (flow !== 'cart' && flow !== 'checkout') throw new Error('usage: tsx bench/profile-flows.ts cart|checkout');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dir = process.env.PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-profile-'));
const preloads = ['cpu-profile.mjs', 'count-queries.mjs'].map((f) => `--import ${path.join(import.meta.dirname, f)}`);

/** utime + stime of a process, in seconds (0 when it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function newest(prefix: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const files = fs.readdirSync(dir).filter((f) => f.startsWith(prefix)).sort();
    if (files.length > 0) return path.join(dir, files.at(-1)!);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${prefix}* in ${dir}`);
}

const scratch = await createScratchPostgres(databaseUrl);
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const server = await startServer({
  LOG_LEVEL: 'silent',
  IDENTITY_RATE_LIMIT: '1000',
  DATABASE_URL: scratch.url,
  NODE_OPTIONS: preloads.join(' '),
  PROFILE_DIR: dir,
});
const pid = server.process.pid!;
const base = `http://127.0.0.1:${server.port}`;
const dbName = new URL(scratch.url).pathname.slice(1);

/** Runs `work` (answering how many requests or orders it made) profiled and counted. */
async function measured(name: string, work: () => Promise<{ count: number; line: string }>) {
  const backends = (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map(
    (r) => r.pid,
  );
  const dbCpu = () => backends.reduce((s, p) => s + cpuSeconds(p), 0);
  process.kill(pid, 'SIGWINCH');
  await newest(`queries-${pid}-`).then((f) => fs.rmSync(f));
  const before = { server: cpuSeconds(pid), db: dbCpu(), self: process.cpuUsage() };
  process.kill(pid, 'SIGUSR2');
  const { count, line } = await work();
  process.kill(pid, 'SIGUSR2');
  process.kill(pid, 'SIGWINCH');
  const self = process.cpuUsage(before.self);
  const us = (s: number) => ((1e6 * s) / count).toFixed(0);
  console.log(
    `${name}: ${line}; CPU per ${flow === 'cart' ? 'request' : 'order'}: server ${us(cpuSeconds(pid) - before.server)} µs, ` +
      `PostgreSQL ${us(dbCpu() - before.db)} µs (${backends.length} backends), this process ${us((self.user + self.system) / 1e6)} µs`,
  );
  const queries = JSON.parse(fs.readFileSync(await newest(`queries-${pid}-`), 'utf8')) as Record<string, number>;
  const total = Object.values(queries).reduce((s, n) => s + n, 0);
  console.log(`statements per ${flow === 'cart' ? 'request' : 'order'}: ${(total / count).toFixed(2)}`);
  for (const [text, n] of Object.entries(queries).slice(0, 30)) console.log(`  ${(n / count).toFixed(2).padStart(6)}  ${text}`);
  summarize(await newest(`server-${pid}-`));
}

try {
  if (flow === 'cart') {
    let first = true;
    await benchCart(base, async (options: CartLoadOptions) => {
      const { url, headers = {}, requests } = options;
      const extra = requests ? { requests } : {};
      await autocannon({ url, connections: 10, duration: 1, headers, ...extra });
      if (!first) return { rps: 0, p50: 0, p99: 0, errors: 0 };
      first = false;
      let result = { rps: 0, p50: 0, p99: 0, errors: 0 };
      await measured("PUT …/line_item, many buyers' carts", async () => {
        const r = await autocannon({ url, connections: 50, duration: seconds, headers, ...extra });
        result = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + (r.non2xx ?? 0) };
        return {
          count: r.requests.total,
          line: `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${result.errors}`,
        };
      });
      return result;
    });
  } else {
    const orders = Number(process.env.PROFILE_ORDERS ?? 40);
    const stamp = `${Date.now()}`;
    const { seller, productId } = await readySeller(base, stamp);
    const buyers = await customersOf(base, seller, stamp, orders);
    // A warm-up pass, then the measured one.
    for (const pass of ['warm-up', 'measured']) {
      const carts = await inBatches(buyers, 4, async (buyer) => ({ buyer, cart: await atPayment(base, seller, buyer, productId) }));
      const run = async () => {
        const took: number[] = [];
        const started = performance.now();
        await inBatches(carts, SUBMIT_CONCURRENCY, async ({ buyer, cart }) => {
          const t0 = performance.now();
          await submit(base, seller, buyer, cart);
          took.push(performance.now() - t0);
        });
        const elapsed = (performance.now() - started) / 1000;
        took.sort((a, b) => a - b);
        return {
          count: carts.length,
          line: `${(carts.length / elapsed).toFixed(1)} orders/s, p50 ${percentile(took, 0.5).toFixed(1)} ms, p99 ${percentile(took, 0.99).toFixed(1)} ms`,
        };
      };
      if (pass === 'warm-up') await run();
      else await measured(`whole submit, ${SUBMIT_CONCURRENCY} at a time`, run);
    }
    // The mail worker sends the orders' e-mails after the commit: its statements are counted with the next dump.
  }
} finally {
  await server.stop();
  await admin.end();
  await scratch.drop();
}

/** The packages and functions with the most self time in a V8 CPU profile. */
function summarize(file: string) {
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idle += dt;
      return;
    }
    total += dt;
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
  console.log(`\n${file}: ${(total / 1e6).toFixed(2)} s busy, ${(idle / 1e6).toFixed(2)} s idle\nself time (of busy) by package or file:`);
  console.log(top(byPackage, 15).join('\n'));
  console.log('self time by function:');
  console.log(top(byFunction, 25).join('\n'));
}
