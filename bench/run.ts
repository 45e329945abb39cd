/**
 * `npm run bench`: starts the production server on a fresh database, loads each endpoint with
 * autocannon for a few seconds and prints req/s, p50, p99 and the ratio to a bare Fastify
 * route measured in the same run. The embedded PostgreSQL (the server's default without
 * DATABASE_URL: its own PostgreSQL on DATA_DIR/pg) always; a PostgreSQL server too when
 * DATABASE_URL is set (each part on a scratch database of it).
 * Options (env): BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50), BENCH_CATALOG=0
 * (skip the 100,000-product catalogue), BENCH_CART=0 (skip the cart line; BENCH_CART_BUYERS, default
 * 50, sizes its many-buyers row), BENCH_ORDERS=0 (skip the
 * 1,000,000-order list, PostgreSQL only; BENCH_ORDERS_COUNT sizes it), BENCH_CHECKOUT=0 (skip
 * the card checkout rows), BENCH_CHECKOUT_ORDERS (default 40: buyers timed through the whole
 * submit), BENCH_PRODUCT=0 (skip the product page, `GET /api/product/{id}`, on its own
 * 100,000-product store; bench/product.ts), BENCH_VARIANTS=0 (skip the variant shape, issue 24:
 * the grid and the product page of a 100,000-product store against one where a fifth of the
 * products have 20 variants each, PostgreSQL only; bench/variants.ts), BENCH_EMBEDDED=0 (only the
 * PostgreSQL server, when DATABASE_URL is set), BENCH_PRICE_LISTS=0 (skip the price-list shape, issue 25:
 * the grid and the product page with half the buyers on price lists, PostgreSQL only;
 * bench/price-lists.ts), BENCH_LINE_SHEET=0 (skip the 500-product line sheet
 * PDF, issue 25; bench/line-sheet.ts), BENCH_INVENTORY_SYNC=0 (skip the 5,000-SKU inventory sync, issue 26;
 * bench/inventory-sync.ts), BENCH_CATALOG_SCALE=0 (skip the grid page of a 1,000,000-product store against a
 * 1,000-product one, issue 27; PostgreSQL only, on by default when DATABASE_URL is set;
 * BENCH_SCALE_PRODUCTS sizes the large store, BENCH_SCALE_MISSES the single requests after a
 * catalogue change; bench/catalog-scale.ts).
 * Last it prints the issue 27 goals beside their results (bench/goals.ts): goal, target, result,
 * met / missed / not measured (a row left out by an option, or measured by
 * bench/embedded-memory.ts: the embedded default's memory and cold start).
 */
import type { CartLoadRequest } from './cart.js';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startServer, freePort, type RunningServer } from '../e2e/support/server.js';
import { signUpAndGetTokens } from '../apps/server/test/support/test-login.js';
import { createScratchPostgres } from '../apps/server/test/support/database.js';
import {
  benchCatalog,
  GRID_PAGE_ENDPOINT,
  GRID_PAGE_TARGET,
  printCatalogTimings,
  printPageSizes,
  type CatalogTiming,
  type LoadResult,
  type PageSize,
} from './catalog.js';
import { benchProduct, PRODUCT_PAGE_ENDPOINT, PRODUCT_PAGE_TARGET } from './product.js';
import { benchVariants, printVariantPairs } from './variants.js';
import { benchPriceLists, printPriceListPairs } from './price-lists.js';
import { benchLineSheet } from './line-sheet.js';
import { benchInventorySync } from './inventory-sync.js';
import { benchCatalogScale } from './catalog-scale.js';
import { GOALS, evaluateGoals, goalsTable } from './goals.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Row {
  database: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** autocannon's options for one endpoint: `requests` lets each connection cycle through writes. */
interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  requests?: CartLoadRequest[];
}

async function load(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  return loadWith({ url, headers });
}

async function loadWith({ url, headers = {}, requests }: LoadOptions): Promise<LoadResult> {
  const extra = requests ? { requests } : {};
  // A short warm-up, then the measured run.
  await autocannon({ url, connections: 10, duration: 1, headers, ...extra });
  const r = await autocannon({ url, connections, duration: seconds, headers, ...extra });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + (r.non2xx ?? 0),
  };
}

async function bare(): Promise<Omit<Row, 'database' | 'endpoint'>> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), { env: { ...process.env, PORT: String(port) } });
  await new Promise((resolve) => child.once('message', resolve));
  try {
    return await load(`http://127.0.0.1:${port}/bare`);
  } finally {
    child.kill('SIGTERM');
  }
}

async function seed(server: RunningServer) {
  const tokens = await signUpAndGetTokens(server.url, { email: `bench-${Date.now()}@example.com`, password: 'bench-password-1' });
  const auth = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/api/user/create`, { method: 'POST', headers: auth });
  if (!created.ok) throw new Error(`user/create: ${created.status} ${await created.text()}`);
  const org = await fetch(`${server.url}/api/organization`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ selected_type: 'Merchant', name: 'Bench Supply Co' }),
  });
  if (!org.ok) throw new Error(`organization: ${org.status} ${await org.text()}`);
  const { id } = (await org.json()) as { id: string };
  return { headers: { authorization: auth.authorization }, orgId: id };
}

// ─── The cart line (bench/cart.ts, written with the cart API) ────────────────────────────
// Called when bench/cart.ts exists and exports `benchCart(baseUrl, load)`; until then (or with
// BENCH_CART=0) the cart rows are left out. Loaded at run time so the rest of the benchmark
// never depends on it.
type BenchCart = (baseUrl: string, load: (options: LoadOptions) => Promise<LoadResult>) => Promise<({ endpoint: string } & LoadResult)[]>;
async function cartRows(label: string, base: string): Promise<Row[]> {
  const file = path.join(import.meta.dirname, 'cart.ts');
  if (process.env.BENCH_CART === '0' || !fs.existsSync(file)) return [];
  const { benchCart } = (await import(pathToFileURL(file).href)) as { benchCart?: BenchCart };
  if (typeof benchCart !== 'function') {
    console.warn('bench/cart.ts exports no benchCart(baseUrl, load): the cart line is not measured.');
    return [];
  }
  return (await benchCart(base, loadWith)).map((r) => ({ database: label, ...r }));
}

// ─── The card checkout (bench/checkout.ts, issue 9) ──────────────────────────────────────
// create-checkout-session and verify-payment under autocannon, and the whole submit (session +
// pay 4242 + verify) timed per order. BENCH_CHECKOUT=0 leaves these rows out.
type BenchCheckout = (
  baseUrl: string,
  load: (options: LoadOptions & { connections?: number }) => Promise<LoadResult>,
) => Promise<({ endpoint: string } & LoadResult)[]>;
async function checkoutRows(label: string, base: string): Promise<Row[]> {
  const file = path.join(import.meta.dirname, 'checkout.ts');
  if (process.env.BENCH_CHECKOUT === '0' || !fs.existsSync(file)) return [];
  const { benchCheckout } = (await import(pathToFileURL(file).href)) as { benchCheckout?: BenchCheckout };
  if (typeof benchCheckout !== 'function') {
    console.warn('bench/checkout.ts exports no benchCheckout(baseUrl, load): the checkout rows are not measured.');
    return [];
  }
  // Like loadWith, with the row's own number of connections when it names one.
  const loadCheckout = async ({ connections: own, ...options }: LoadOptions & { connections?: number }) => {
    const { url, headers = {}, requests } = options;
    const extra = requests ? { requests } : {};
    await autocannon({ url, connections: Math.min(10, own ?? 10), duration: 1, headers, ...extra });
    const r = await autocannon({ url, connections: own ?? connections, duration: seconds, headers, ...extra });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + (r.non2xx ?? 0) };
  };
  return (await benchCheckout(base, loadCheckout)).map((r) => ({ database: label, ...r }));
}

// ─── Orders (bench/orders.ts): the seller's order list over a large history, PostgreSQL only ──
async function orderRows(label: string, base: string, databaseUrl: string | undefined): Promise<Row[]> {
  if (process.env.BENCH_ORDERS === '0' || !databaseUrl) return [];
  const { benchOrders } = await import('./orders.js');
  const loadOrders = async ({ connections: own, ...options }: LoadOptions & { connections?: number }) => {
    const { url, headers = {} } = options;
    await autocannon({ url, connections: Math.min(10, own ?? 10), duration: 1, headers });
    const r = await autocannon({ url, connections: own ?? connections, duration: seconds, headers });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + (r.non2xx ?? 0) };
  };
  return (await benchOrders(base, databaseUrl, loadOrders)).map((r) => ({ database: label, ...r }));
}

async function benchDatabase(label: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startServer({ LOG_LEVEL: 'silent', IDENTITY_RATE_LIMIT: '1000', ...env });
  try {
    const { headers, orgId } = await seed(server);
    const base = `http://127.0.0.1:${server.port}`;
    const rows: Row[] = [];
    const endpoints: [string, string][] = [
      ['GET /healthz (no auth, no db)', '/healthz'],
      ['GET /api/user/me', '/api/user/me'],
      ['GET /api/organization/{id}', `/api/organization/${orgId}`],
    ];
    for (const [name, p] of endpoints) {
      rows.push({ database: label, endpoint: name, ...(await load(`${base}${p}`, headers)) });
    }
    rows.push(...(await cartRows(label, base)));
    rows.push(...(await checkoutRows(label, base)));
    rows.push(...(await orderRows(label, base, env.DATABASE_URL || undefined)));
    return rows;
  } finally {
    await server.stop();
  }
}

const results: Row[] = [];
const bareResult = await bare();
results.push({ database: '—', endpoint: 'bare Fastify route', ...bareResult });
/** The label of the rows measured on the embedded default. */
const EMBEDDED = 'embedded PostgreSQL';
const withEmbedded = process.env.BENCH_EMBEDDED !== '0' || !process.env.DATABASE_URL;
// startServer passes the bench's own environment on: an empty DATABASE_URL keeps the server on its embedded default.
if (withEmbedded) results.push(...(await benchDatabase(EMBEDDED, { DATABASE_URL: '' })));
if (process.env.DATABASE_URL) {
  const scratch = await createScratchPostgres(process.env.DATABASE_URL);
  try {
    results.push(...(await benchDatabase('PostgreSQL', { DATABASE_URL: scratch.url })));
  } finally {
    await scratch.drop();
  }
}

// Catalogue: product lists with 100,000 products, image upload, 10,000-row CSV import (bench/catalog.ts).
const catalogTimings: CatalogTiming[] = [];
const pageSizes: PageSize[] = [];
if (process.env.BENCH_CATALOG !== '0') {
  if (withEmbedded) {
    const embedded = await benchCatalog(EMBEDDED, {}, { load, seed });
    results.push(...embedded.rows);
    catalogTimings.push(...embedded.timings);
    pageSizes.push(...embedded.sizes);
  }
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchPostgres(process.env.DATABASE_URL);
    try {
      const pg = await benchCatalog('PostgreSQL', { DATABASE_URL: scratch.url }, { load, seed });
      results.push(...pg.rows);
      catalogTimings.push(...pg.timings);
      pageSizes.push(...pg.sizes);
    } finally {
      await scratch.drop();
    }
  }
}

// The product page (issue 11): one Live product of a 100,000-product store, as a buyer and as the seller.
if (process.env.BENCH_PRODUCT !== '0') {
  if (withEmbedded) results.push(...(await benchProduct(EMBEDDED, {}, { load, seed, loadWith })).rows);
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchPostgres(process.env.DATABASE_URL);
    try {
      results.push(...(await benchProduct('PostgreSQL', { DATABASE_URL: scratch.url }, { load, seed, loadWith })).rows);
    } finally {
      await scratch.drop();
    }
  }
}

// The variant shape (issue 24): the grid and the product page of a 100,000-product store against
// the same store where a fifth of the products have 20 variants each, on PostgreSQL.
if (process.env.BENCH_VARIANTS !== '0' && process.env.DATABASE_URL) {
  const scratch = await createScratchPostgres(process.env.DATABASE_URL);
  try {
    const variants = await benchVariants('PostgreSQL', { DATABASE_URL: scratch.url }, { load, seed, loadWith });
    results.push(...variants.rows);
    catalogTimings.push(...variants.timings);
  } finally {
    if (process.env.BENCH_VARIANTS_KEEP === '1') console.log(`\nThe variant shape's database is kept: ${scratch.url}`);
    else await scratch.drop();
  }
}

// The price-list shape (issue 25 part 1): the grid and the product page with half the buyers on
// price lists against none, on PostgreSQL.
if (process.env.BENCH_PRICE_LISTS !== '0' && process.env.DATABASE_URL) {
  const scratch = await createScratchPostgres(process.env.DATABASE_URL);
  try {
    const priced = await benchPriceLists('PostgreSQL', { DATABASE_URL: scratch.url }, { load, seed, loadWith });
    results.push(...priced.rows);
    catalogTimings.push(...priced.timings);
  } finally {
    await scratch.drop();
  }
}

// The grid page of a 1,000,000-product store against a 1,000-product one (issue 27), on PostgreSQL.
if (process.env.BENCH_CATALOG_SCALE !== '0' && process.env.DATABASE_URL) {
  const scratch = await createScratchPostgres(process.env.DATABASE_URL);
  try {
    const scaled = await benchCatalogScale('PostgreSQL', { DATABASE_URL: scratch.url }, { load, seed, loadWith });
    results.push(...scaled.rows);
    catalogTimings.push(...scaled.timings);
  } finally {
    await scratch.drop();
  }
}

// The line sheet PDF (issue 25 part 3): 500 products with their photos, on the embedded default.
if (process.env.BENCH_LINE_SHEET !== '0') {
  if (withEmbedded) catalogTimings.push(...(await benchLineSheet(EMBEDDED, { DATABASE_URL: '' }, { seed })));
  else if (process.env.DATABASE_URL) {
    const scratch = await createScratchPostgres(process.env.DATABASE_URL);
    try {
      catalogTimings.push(...(await benchLineSheet('PostgreSQL', { DATABASE_URL: scratch.url }, { seed })));
    } finally {
      await scratch.drop();
    }
  }
}

// The inventory sync (issue 26): 5,000 SKUs in one request, on the embedded default and on PostgreSQL.
if (process.env.BENCH_INVENTORY_SYNC !== '0') {
  if (withEmbedded) {
    const synced = await benchInventorySync(EMBEDDED, { DATABASE_URL: '' }, { seed, loadWith });
    results.push(...synced.rows);
    catalogTimings.push(...synced.timings);
  }
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchPostgres(process.env.DATABASE_URL);
    try {
      const synced = await benchInventorySync('PostgreSQL', { DATABASE_URL: scratch.url }, { seed, loadWith });
      results.push(...synced.rows);
      catalogTimings.push(...synced.timings);
    } finally {
      await scratch.drop();
    }
  }
}

const fmt = (n: number, d = 0) => n.toFixed(d);
console.log(`\n${seconds} s per endpoint, ${connections} connections, Node ${process.version}\n`);
console.log('| database | endpoint | req/s | p50 ms | p99 ms | vs bare | errors |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(`| ${r.database} | ${r.endpoint} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt((100 * r.rps) / bareResult.rps, 1)}% | ${r.errors} |`);
}
printPageSizes(pageSizes);
printCatalogTimings(catalogTimings);
printVariantPairs(results);
printPriceListPairs(results);

// The storefront grid's target (issue 8), on PostgreSQL.
const grid = results.find((r) => r.database === 'PostgreSQL' && r.endpoint === GRID_PAGE_ENDPOINT);
if (grid) {
  const met = grid.rps >= GRID_PAGE_TARGET.rps && grid.p99 <= GRID_PAGE_TARGET.p99 && grid.errors === 0;
  console.log(
    `\nGrid page on PostgreSQL: ${fmt(grid.rps)} req/s, p99 ${fmt(grid.p99, 1)} ms, ` +
      `${fmt((100 * grid.rps) / bareResult.rps, 1)}% of the bare route — target ≥ ${GRID_PAGE_TARGET.rps} req/s, ` +
      `p99 ≤ ${GRID_PAGE_TARGET.p99} ms: ${met ? 'met' : 'NOT met'}`,
  );
}

// The product page's target (issue 11), on PostgreSQL.
const productPage = results.find((r) => r.database === 'PostgreSQL' && r.endpoint.startsWith(PRODUCT_PAGE_ENDPOINT));
if (productPage) {
  const met = productPage.rps >= PRODUCT_PAGE_TARGET.rps && productPage.errors === 0;
  console.log(
    `Product page on PostgreSQL: ${fmt(productPage.rps)} req/s, p99 ${fmt(productPage.p99, 1)} ms, ` +
      `${fmt((100 * productPage.rps) / bareResult.rps, 1)}% of the bare route — target ≥ ${PRODUCT_PAGE_TARGET.rps} req/s: ` +
      `${met ? 'met' : 'NOT met'}`,
  );
}

// Issue 27's goals beside what this run measured (bench/goals.ts).
console.log(`\nThe goals (issue 27 §4), bare route ${fmt(bareResult.rps)} req/s\n`);
console.log(goalsTable(evaluateGoals(GOALS, results, bareResult.rps)));
