/**
 * `npm run soak`: a steady mixed buyer and seller workload against the production server for
 * SOAK_MINUTES (default 10), then the bad-input suite with a random seed. Issue 11, item 5:
 * error rate 0, p99 flat from the first minute to the last, server RSS flat (no leak; with the
 * embedded PostgreSQL, node's RSS plus its PostgreSQL processes' PSS), database
 * growth explained by what was written.
 *
 * Workload, open loop at SOAK_RATE operations a second (default 40), spread evenly:
 *   40 % storefront grid page (for-sale?view=tile&limit=20) · 20 % product page ·
 *   20 % set a cart line (browsing buyers) · 10 % the seller's order list ·
 *    6 % a whole checkout (cart → address → rate → session → pay 4242 → verify; paying buyers) ·
 *    4 % add tracking to a placed order.
 * Browsing and paying buyers are different accounts, so a cart is never changed under its own
 * checkout (which would rightly answer 409 cart_changed).
 *
 * Env: SOAK_MINUTES, SOAK_RATE, DATABASE_URL (PostgreSQL on a scratch database; without it the
 * embedded PostgreSQL), SOAK_FUZZ=0 skips the bad-input suite, SOAK_FUZZ_RUNS (default 200 a route).
 * Prints one line per minute and a summary; exits non-zero on any error or a p99 that grew.
 *
 * The yardstick: a bare Fastify route in its own process (bench/bare-server.mjs), asked 10 times
 * a second throughout. Its p99 per minute shows what the machine itself did that minute (other
 * processes, a busy CI neighbour): a p99 that grows with it is the machine's, one that grows
 * alone is ours. The run fails when the workload's p99 more than doubles from the first minute
 * to the last while the yardstick's does not grow by half.
 */
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Cart, OrderSummary } from '@cratebase/contract';
import { freePort, startServer, type RunningServer } from '../e2e/support/server.js';
import { totalMb, treeMemory } from './process-memory.js';
import { createScratchPostgres } from '../apps/server/test/support/database.js';
import { signInAndGetTokens } from '../apps/server/test/support/test-login.js';
import {
  api,
  atPayment,
  customersOf,
  percentile,
  readySeller,
  submit,
  type Account,
  type Buyer,
} from './checkout.js';
import { inBatches } from '../apps/server/test/support/concurrency.js';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const rate = Number(process.env.SOAK_RATE ?? 40);
const fuzz = process.env.SOAK_FUZZ !== '0';
const PRODUCTS = 60;
const BROWSERS = 12;
const PAYERS = 12;
/** Access tokens last 15 minutes: every account signs in again after this long. */
const TOKEN_REFRESH_MS = 10 * 60_000;

type Op = 'grid' | 'product' | 'cart line' | 'order list' | 'checkout' | 'tracking';
const MIX: [Op, number][] = [
  ['grid', 40],
  ['product', 20],
  ['cart line', 20],
  ['order list', 10],
  ['checkout', 6],
  ['tracking', 4],
];

interface MinuteStats {
  latencies: Map<Op, number[]>;
  errors: Map<Op, number>;
  firstError?: string;
  /** The yardstick's latencies this minute (the bare route in its own process). */
  yardstick: number[];
}

const newMinute = (): MinuteStats => ({ latencies: new Map(), errors: new Map(), yardstick: [] });

/** Starts the bare route in its own process; returns its URL and a stop function. */
async function startYardstick(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), { env: { ...process.env, PORT: String(port) } });
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill('SIGTERM') };
}

/** A deterministic schedule of operations with the mix's proportions (no clumping). */
function schedule(): Op[] {
  const ops: Op[] = [];
  const credit = new Map<Op, number>(MIX.map(([op]) => [op, 0]));
  for (let i = 0; i < 100; i++) {
    for (const [op, weight] of MIX) credit.set(op, credit.get(op)! + weight);
    const [best] = [...credit].sort((a, b) => b[1] - a[1])[0]!;
    credit.set(best, credit.get(best)! - 100);
    ops.push(best);
  }
  return ops;
}

/** The server's memory (MB): its RSS, plus the PSS of the embedded PostgreSQL's processes when it runs one. */
function rssMb(pid: number): number {
  return totalMb(treeMemory(pid));
}

/** The size of a directory's files (MB); files the running PostgreSQL removes meanwhile (WAL, temporary) are skipped. */
function dirMb(dir: string): number {
  let bytes = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else bytes += fs.statSync(p, { throwIfNoEntry: false })?.size ?? 0;
    }
  };
  walk(dir);
  return bytes / 1024 / 1024;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const scratch = databaseUrl ? await createScratchPostgres(databaseUrl) : null;
  const server: RunningServer = await startServer({
    LOG_LEVEL: 'warn',
    IDENTITY_RATE_LIMIT: '100000',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const base = `http://127.0.0.1:${server.port}`;
  const dbSizeMb = async (): Promise<number> => {
    if (!scratch) return dirMb(path.join(server.dataDir, 'pg'));
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const r = await client.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
      return Number(r.rows[0]!.bytes) / 1024 / 1024;
    } finally {
      await client.end();
    }
  };

  let failed = false;
  const yardstick = await startYardstick();
  try {
    // ── Set-up: a seller ready for card orders, a catalogue, browsing and paying buyers ──
    const stamp = `soak-${Date.now()}`;
    const { seller, productId } = await readySeller(base, stamp);
    const sellerCall = api(base, seller);
    const productIds = [productId];
    for (let i = 1; i < PRODUCTS; i++) {
      const p = await sellerCall<{ id: string }>('PUT', '/api/product', {
        organization: { id: seller.orgId },
        name: `Soak Product ${i}`,
        state: 'Live',
        unit_price_in_cents: 500 + i * 25,
        stock_keeping_unit: `SOAK-${i}`,
      });
      productIds.push(p.id);
    }
    const buyers = await customersOf(base, seller, stamp, BROWSERS + PAYERS);
    const browsers = buyers.slice(0, BROWSERS);
    const payers = buyers.slice(BROWSERS);
    const carts = await inBatches(browsers, 4, (b) =>
      api(base, b)<Cart>('GET', `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${b.orgId}`),
    );
    const idlePayers = [...payers];
    const untracked: string[] = [];
    const accounts: Account[] = [seller, ...buyers];
    let refreshedAt = performance.now();
    const sizeBefore = await dbSizeMb();
    const rssBefore = rssMb(server.process.pid!);
    console.log(
      `soak: ${minutes} min at ${rate} ops/s on ${scratch ? 'PostgreSQL' : 'the embedded PostgreSQL'}; ${PRODUCTS} products, ` +
        `${BROWSERS} browsing and ${PAYERS} paying buyers; RSS ${rssBefore.toFixed(0)} MB, database ${sizeBefore.toFixed(1)} MB`,
    );

    // ── The operations ──
    let n = 0;
    const pick = <T>(items: T[]) => items[n++ % items.length]!;
    let checkouts = 0;
    let trackings = 0;
    const run: Record<Op, () => Promise<unknown>> = {
      grid: () => api(base, pick(browsers))('GET', `/api/product/organization/${seller.orgId}/for-sale?view=tile&limit=20`),
      product: () => api(base, pick(browsers))('GET', `/api/product/${pick(productIds)}`),
      'cart line': async () => {
        const i = n++ % browsers.length;
        await api(base, browsers[i]!)('PUT', `/api/cart/${carts[i]!.id}/line_item`, {
          product_id: pick(productIds),
          quantity: 1 + (n % 5),
        });
      },
      'order list': () => sellerCall<OrderSummary[]>('GET', `/api/order/organization/${seller.orgId}/selling`),
      checkout: async () => {
        const buyer: Buyer | undefined = idlePayers.shift();
        if (!buyer) return; // every paying buyer is mid-checkout: skip this beat
        try {
          const cart = await atPayment(base, seller, buyer, pick(productIds));
          await submit(base, seller, buyer, cart);
          untracked.push(cart.order.id);
          checkouts++;
        } finally {
          idlePayers.push(buyer);
        }
      },
      tracking: async () => {
        const orderId = untracked.shift();
        if (!orderId) return;
        await sellerCall('POST', `/api/order/${orderId}/shipping`, {
          carrier: 'USPS',
          tracking_number: `9400${String(100_000_000_000_000_000n + BigInt(trackings)).slice(0, 18)}`,
        });
        trackings++;
      },
    };

    // ── The run: one operation every 1/rate s, never waiting for the previous one ──
    const ops = schedule();
    const perMinute: { minute: number; stats: MinuteStats; rss: number }[] = [];
    let current = newMinute();
    const inFlight = new Set<Promise<void>>();
    const started = performance.now();
    const end = started + minutes * 60_000;
    let tick = 0;
    let minute = 1;
    // The yardstick, 10 times a second until the end, into whichever minute is current.
    const probing = (async () => {
      for (let n = 0; performance.now() < end; n++) {
        const wait = started + n * 100 - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const stats = current;
        const t0 = performance.now();
        await fetch(yardstick.url)
          .then((res) => res.arrayBuffer())
          .then(() => stats.yardstick.push(performance.now() - t0))
          .catch(() => undefined);
      }
    })();
    while (performance.now() < end) {
      const due = started + (tick * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (performance.now() >= started + minute * 60_000) {
        perMinute.push({ minute, stats: current, rss: rssMb(server.process.pid!) });
        printMinute(perMinute.at(-1)!);
        current = newMinute();
        minute++;
      }
      if (performance.now() - refreshedAt > TOKEN_REFRESH_MS) {
        for (const a of accounts) {
          const t = await signInAndGetTokens(server.url, { email: a.email, password: 'bench-password-1' });
          a.headers.authorization = `Bearer ${t.access_token}`;
        }
        refreshedAt = performance.now();
      }
      const op = ops[tick % ops.length]!;
      tick++;
      const stats = current;
      const t0 = performance.now();
      const p = run[op]()
        .then(() => {
          const list = stats.latencies.get(op) ?? [];
          list.push(performance.now() - t0);
          stats.latencies.set(op, list);
        })
        .catch((error: unknown) => {
          stats.errors.set(op, (stats.errors.get(op) ?? 0) + 1);
          stats.firstError ??= `${op}: ${String(error).slice(0, 300)}`;
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    await probing;
    perMinute.push({ minute, stats: current, rss: rssMb(server.process.pid!) });
    printMinute(perMinute.at(-1)!);

    // ── Summary ──
    const sizeAfter = await dbSizeMb();
    const errors = perMinute.reduce((sum, m) => sum + [...m.stats.errors.values()].reduce((a, b) => a + b, 0), 0);
    const total = perMinute.reduce((sum, m) => sum + [...m.stats.latencies.values()].reduce((a, l) => a + l.length, 0), 0);
    const p99Of = (m: { stats: MinuteStats }) =>
      percentile(
        [...m.stats.latencies.values()].flat().sort((a, b) => a - b),
        0.99,
      );
    const full = perMinute.filter((m) => m.minute <= minutes);
    const first = full[0];
    const last = full.at(-1);
    console.log(
      `\nsoak: ${total} operations, ${errors} errors; ${checkouts} orders placed, ${trackings} tracking numbers added`,
    );
    console.log(
      `RSS ${rssBefore.toFixed(0)} MB before, ${full.map((m) => m.rss.toFixed(0)).join(' → ')} MB by minute`,
    );
    console.log(
      `database ${sizeBefore.toFixed(1)} → ${sizeAfter.toFixed(1)} MB (+${(sizeAfter - sizeBefore).toFixed(1)} MB: ` +
        `${checkouts} orders with their carts, lines, sessions, invoices, e-mails and stock history; ${trackings} tracking rows; ` +
        `cart-line churn)`,
    );
    if (errors > 0) failed = true;
    if (first && last && full.length >= 3) {
      const growth = p99Of(last) / Math.max(1, p99Of(first));
      const yardstickP99 = (m: { stats: MinuteStats }) => percentile([...m.stats.yardstick].sort((a, b) => a - b), 0.99);
      const machineGrowth = yardstickP99(last) / Math.max(1, yardstickP99(first));
      console.log(`p99 first minute ${p99Of(first).toFixed(0)} ms, last minute ${p99Of(last).toFixed(0)} ms (×${growth.toFixed(2)})`);
      console.log(
        `yardstick p99 by minute (the machine): ${full.map((m) => yardstickP99(m).toFixed(1)).join(' → ')} ms (×${machineGrowth.toFixed(2)})`,
      );
      const rssGrowth = last.rss - full[1]!.rss;
      console.log(`RSS from minute 2 to the last: ${rssGrowth >= 0 ? '+' : ''}${rssGrowth.toFixed(0)} MB`);
      if (growth > 2 && machineGrowth < 1.5) failed = true;
    }
  } finally {
    yardstick.stop();
    await server.stop();
    await scratch?.drop();
  }

  if (fuzz) {
    const seed = String(Math.floor(Math.random() * 2 ** 31));
    console.log(`\nbad-input suite with random seed ${seed} (FUZZ_SEED=${seed} reproduces it)`);
    const res = spawnSync('npx', ['vitest', 'run', '--project', 'api', 'apps/server/src/modules/system/bad-input.test.ts'], {
      stdio: 'inherit',
      env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: process.env.SOAK_FUZZ_RUNS ?? '200' },
    });
    if (res.status !== 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

function printMinute({ minute, stats, rss }: { minute: number; stats: MinuteStats; rss: number }) {
  const parts = MIX.map(([op]) => {
    const l = (stats.latencies.get(op) ?? []).sort((a, b) => a - b);
    const e = stats.errors.get(op) ?? 0;
    return `${op} ${l.length}${e ? ` (${e} errors)` : ''} p50 ${percentile(l, 0.5).toFixed(0)} p99 ${percentile(l, 0.99).toFixed(0)}`;
  });
  const yard = [...stats.yardstick].sort((a, b) => a - b);
  console.log(
    `minute ${minute}: ${parts.join(' · ')} · RSS ${rss.toFixed(0)} MB · yardstick p99 ${percentile(yard, 0.99).toFixed(1)} ms`,
  );
  if (stats.firstError) console.log(`  first error: ${stats.firstError}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
