/**
 * The product page benchmark (issue 11), run by bench/run.ts: `GET /api/product/{id}` on a
 * production server whose seller has 100,000 products (bench/catalog-seed.ts, every product
 * with one photo and its three resized copies), read by a buyer — a member of a purchasing
 * organization that accepted the seller's invite, as a storefront visitor is — for one Live
 * product (a page the server keeps, after the first request), then the same product read by the
 * seller (a member), then 20,000 different products in turn (more than a process keeps: every
 * request builds its page, the cost of a first visit or of a page after a catalogue change).
 * Options (env): BENCH_PRODUCT_PRODUCTS (default 100000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, freePort, type RunningServer } from '../e2e/support/server.js';
import { seedCatalog } from './catalog-seed.js';
import { expectOk, invitedBuyer, type CatalogBenchDeps, type CatalogRow, type LoadResult } from './catalog.js';
import type { CartLoadOptions } from './cart.js';

export interface ProductBenchDeps extends CatalogBenchDeps {
  /** Like `load`, with the requests each connection cycles through (bench/run.ts's loadWith). */
  loadWith: (options: CartLoadOptions) => Promise<LoadResult>;
}

/** The product page's target (issue 11), on PostgreSQL at 50 connections. */
export const PRODUCT_PAGE_TARGET = { rps: 5000 };
export const PRODUCT_PAGE_ENDPOINT = 'GET /api/product/{id} as a buyer';

const productCount = Number(process.env.BENCH_PRODUCT_PRODUCTS ?? 100_000);
/** Products visited in turn by the misses row: twice what a process keeps (product-page.ts). */
const MISS_PRODUCTS = 20_000;
/** The new server's warm-up before any measurement (see productStore). */
const WARM_UP_SECONDS = 5;

type ProductJson = { id: string; state: { state: string } | null; media: unknown[]; deleted_at: string | null };

/** A running production server whose seller has the seeded catalogue, and who reads it. */
export interface ProductStore {
  server: RunningServer;
  base: string;
  seller: { headers: Record<string, string>; orgId: string };
  buyerHeaders: Record<string, string>;
  /** A Live product with one photo: its URL and the size of its body. */
  url: string;
  bytes: number;
  /** Up to MISS_PRODUCTS Live products, newest first. */
  ids: string[];
  stop(): Promise<void>;
}

/**
 * Starts a production server on a fresh database (the PostgreSQL server at env.DATABASE_URL when
 * set, else the embedded PostgreSQL), with a seller of `productCount` seeded products and an accepted buyer, and checks
 * what the buyer may read.
 */
export async function productStore(env: Record<string, string>, seed: CatalogBenchDeps['seed']): Promise<ProductStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-bench-product-'));
  const serverEnv = {
    LOG_LEVEL: 'silent',
    IDENTITY_RATE_LIMIT: '1000',
    DATABASE_URL: '',
    ...env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
  };
  let server = await startServer(serverEnv);
  const stop = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const seller = await seed(server);
    const buyerHeaders = await invitedBuyer(server, seller, 'Bench Product Buyer Co');
    // The embedded PostgreSQL belongs to one Cratebase process at a time (DATA_DIR/pg.lock):
    // seed it with the server stopped.
    if (env.DATABASE_URL) {
      await seedCatalog({ databaseUrl: env.DATABASE_URL }, seller.orgId, productCount);
      // Vacuumed and checkpointed now rather than by autovacuum and the checkpointer during the
      // first measurement (100,000 new rows; a checkpoint needs a superuser: skipped otherwise).
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        await client.query('vacuum (analyze) products, product_media');
        await client.query('checkpoint').catch(() => undefined);
      } finally {
        await client.end();
      }
    } else {
      await server.stop();
      await seedCatalog({ dataDir }, seller.orgId, productCount);
      server = await startServer(serverEnv);
    }
    const base = `http://127.0.0.1:${server.port}`;

    // Live products, newest first, and one from the middle of the first page.
    const ids: string[] = [];
    let cursor: string | null = null;
    while (ids.length < MISS_PRODUCTS) {
      const pageUrl = `${base}/api/product/organization/${seller.orgId}/for-sale?view=tile&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await expectOk(await fetch(pageUrl, { headers: buyerHeaders }), 'for-sale page');
      cursor = res.headers.get('x-next-cursor');
      ids.push(...((await res.json()) as { id: string }[]).map((t) => t.id));
      if (!cursor) break;
    }
    const url = `${base}/api/product/${ids[10]}`;
    const product = (await (
      await expectOk(await fetch(url, { headers: buyerHeaders }), 'product')
    ).json()) as ProductJson;
    if (product.state?.state !== 'Live' || product.media.length !== 1 || product.deleted_at !== null) {
      throw new Error(`the benchmark's product is not a Live product with one photo: ${JSON.stringify(product)}`);
    }
    // The buyer is refused a Draft product (the seed makes every other product a Draft).
    const all = (await (
      await expectOk(
        await fetch(`${base}/api/product/organization/${seller.orgId}?limit=2`, { headers: seller.headers }),
        'list',
      )
    ).json()) as ProductJson[];
    const draft = all.find((p) => p.state?.state === 'Draft');
    if (!draft) throw new Error('the seeded store has no Draft product among its newest two');
    const refused = await fetch(`${base}/api/product/${draft.id}`, { headers: buyerHeaders });
    if (refused.status !== 404) throw new Error(`a buyer reading a Draft product got ${refused.status}, not 404`);
    await refused.arrayBuffer();
    const bytes = (
      await (await fetch(url, { headers: { ...buyerHeaders, 'accept-encoding': 'identity' } })).arrayBuffer()
    ).byteLength;
    // A new process runs its first thousands of requests slowly (V8 still compiling the hot
    // paths; here the first 5 s were often at half the rate of the next): warm it up first.
    await autocannon({ url, connections: 50, duration: WARM_UP_SECONDS, headers: buyerHeaders });
    return { server, base, seller, buyerHeaders, url, bytes, ids, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export async function benchProduct(
  label: string,
  env: Record<string, string>,
  deps: ProductBenchDeps,
): Promise<{ rows: CatalogRow[] }> {
  const store = await productStore(env, deps.seed);
  const { url, buyerHeaders, seller, ids } = store;
  const rows: CatalogRow[] = [];
  try {
    const loads: [string, Record<string, string>][] = [
      [
        `${PRODUCT_PAGE_ENDPOINT} (Live, 1 photo, ${productCount / 1000}k-product store; ${store.bytes} bytes)`,
        buyerHeaders,
      ],
      ['  … the same, Accept-Encoding: gzip, deflate, br', { ...buyerHeaders, 'accept-encoding': 'gzip, deflate, br' }],
      ['  … the same product as the seller (a member)', seller.headers],
    ];
    for (const [name, headers] of loads) {
      rows.push({ database: label, endpoint: name, ...(await deps.load(url, headers)) });
    }
    // Many products in turn, more than a process keeps: every request builds its page.
    let next = 0;
    rows.push({
      database: label,
      endpoint:
        `  … ${ids.length} different Live products in turn` +
        (ids.length >= MISS_PRODUCTS ? ' (more than a process keeps: each request builds the page)' : ''),
      ...(await deps.loadWith({
        url,
        headers: buyerHeaders,
        requests: [
          { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/product/${ids[next++ % ids.length]}` }) },
        ],
      })),
    });
    return { rows };
  } finally {
    await store.stop();
  }
}
