/**
 * Catalogue benchmark, run by bench/run.ts: on a production server with 100,000 products in
 * one organization (bench/catalog-seed.ts), the merchant product list and the storefront
 * (for-sale) list under load — the storefront grid's page (`?view=tile&limit=20`) as a buyer
 * (a purchaser, invited by the seller) and the quick-order sheet's page of 200 rows (with the
 * first, uncached filter by SKU or name timed), with the sizes of its pages — plus one-off timings: an
 * image upload (3000×2000 JPEG), a 10,000-row CSV import (one request; then the same file
 * again, which changes nothing).
 * Options (env): BENCH_CATALOG_PRODUCTS (default 100000), BENCH_IMPORT_ROWS (default 10000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { startServer, freePort, type RunningServer } from '../e2e/support/server.js';
import { signUpAndGetTokens } from '../apps/server/test/support/test-login.js';
import { catalogCsv, seedCatalog, variantCatalogCsv } from './catalog-seed.js';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface CatalogRow extends LoadResult {
  database: string;
  endpoint: string;
}

export interface CatalogTiming {
  database: string;
  operation: string;
  seconds: number;
}

/** The size of one page of a list, as sent and compressed. */
export interface PageSize {
  database: string;
  endpoint: string;
  products: number;
  bytes: number;
  gzipBytes: number;
  brBytes: number;
}

/** The storefront grid's page: the benchmark's target (issue 8). */
export const GRID_PAGE_TARGET = { rps: 3600, p99: 30 };
export const GRID_PAGE_ENDPOINT = 'GET …/for-sale?view=tile&limit=20 as a buyer (the grid page)';
export const SHEET_PAGE_ENDPOINT = 'GET …/for-sale?view=sheet&limit=200 as a buyer (the quick-order sheet)';

export interface CatalogBenchDeps {
  load: (url: string, headers?: Record<string, string>) => Promise<LoadResult>;
  seed: (server: RunningServer) => Promise<{ headers: Record<string, string>; orgId: string }>;
}

const productCount = Number(process.env.BENCH_CATALOG_PRODUCTS ?? 100_000);
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

async function timed<T>(fn: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { seconds: (performance.now() - started) / 1000, value };
}

export async function expectOk(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return res;
}

/** A buyer organization (`name`) that the seller invited and that accepted: its member's headers, the storefront's caller. */
export async function invitedBuyer(
  server: RunningServer,
  seller: { headers: Record<string, string>; orgId: string },
  name = 'Bench Retail Co',
): Promise<Record<string, string>> {
  const base = `http://127.0.0.1:${server.port}`;
  const email = `bench-buyer-${Date.now()}@example.com`;
  const json = { 'content-type': 'application/json' };
  const invites = (await (
    await expectOk(
      await fetch(`${base}/api/invite/purchaser`, {
        method: 'POST',
        headers: { ...seller.headers, ...json },
        body: JSON.stringify({ to_organization_id: seller.orgId, to_emails: [email] }),
      }),
      'invite',
    )
  ).json()) as { id: string }[];
  const tokens = await signUpAndGetTokens(server.url, { email, password: 'bench-password-1' });
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  await expectOk(await fetch(`${base}/api/user/create`, { method: 'POST', headers }), 'buyer user/create');
  const org = (await (
    await expectOk(
      await fetch(`${base}/api/organization`, {
        method: 'POST',
        headers: { ...headers, ...json },
        body: JSON.stringify({ selected_type: 'Buyer', name }),
      }),
      'buyer organization',
    )
  ).json()) as { id: string };
  await expectOk(
    await fetch(`${base}/api/invite/purchaser/accept/${invites[0]!.id}`, {
      method: 'POST',
      headers: { ...headers, ...json },
      body: JSON.stringify({ organization_id: org.id }),
    }),
    'accept invite',
  );
  return headers;
}

/** A bench's server on a PostgreSQL database, with a client of that database (withPostgresBench). */
export interface PostgresBench {
  server: RunningServer;
  client: pg.Client;
  base: string;
  databaseUrl: string;
}

/**
 * Runs `run` with a fresh server on `env`'s PostgreSQL (DATABASE_URL) and a client of that
 * database; stops both and removes the server's data folder afterwards, whatever happens.
 */
export async function withPostgresBench<T>(
  name: string,
  env: Record<string, string>,
  run: (bench: PostgresBench) => Promise<T>,
): Promise<T> {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error(`${name} needs a PostgreSQL server (DATABASE_URL)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cratebase-bench-${name}-`));
  const server = await startServer({
    LOG_LEVEL: 'silent',
    IDENTITY_RATE_LIMIT: '1000',
    ...env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return await run({ server, client, base: `http://127.0.0.1:${server.port}`, databaseUrl });
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Two measurements of one side: mean req/s and p50, the worse p99, errors added. */
export function combineRuns(a: LoadResult, b: LoadResult): LoadResult {
  return {
    rps: (a.rps + b.rps) / 2,
    p50: (a.p50 + b.p50) / 2,
    p99: Math.max(a.p99, b.p99),
    errors: a.errors + b.errors,
  };
}

/** One page's size: as sent without compression, with gzip and with brotli. */
async function pageSize(url: string, headers: Record<string, string>) {
  const plain = await expectOk(await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } }), 'page');
  const body = Buffer.from(await plain.arrayBuffer());
  const products = (JSON.parse(body.toString('utf8')) as unknown[]).length;
  const compressed = async (encoding: string) => {
    // fetch would decompress: read the length the server sent.
    const res = await expectOk(await fetch(url, { headers: { ...headers, 'accept-encoding': encoding } }), 'page');
    const length = Number(res.headers.get('content-length'));
    await res.arrayBuffer();
    return res.headers.get('content-encoding') === encoding && length > 0 ? length : body.length;
  };
  return { products, bytes: body.length, gzipBytes: await compressed('gzip'), brBytes: await compressed('br') };
}

export async function benchCatalog(
  label: string,
  env: Record<string, string>,
  deps: CatalogBenchDeps,
): Promise<{ rows: CatalogRow[]; timings: CatalogTiming[]; sizes: PageSize[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-bench-catalog-'));
  // startServer passes the bench's own environment on: an empty DATABASE_URL keeps the embedded
  // runs on the embedded PostgreSQL.
  const serverEnv = {
    LOG_LEVEL: 'silent',
    IDENTITY_RATE_LIMIT: '1000',
    DATABASE_URL: '',
    ...env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
  };
  let server = await startServer(serverEnv);
  const rows: CatalogRow[] = [];
  const timings: CatalogTiming[] = [];
  const sizes: PageSize[] = [];
  try {
    const { headers, orgId } = await deps.seed(server);
    const buyerHeaders = await invitedBuyer(server, { headers, orgId });
    const base = `http://127.0.0.1:${server.port}`;

    // An image upload: a 3000×2000 photo-like JPEG (noise compresses like a photo).
    const photo = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const uploads: number[] = [];
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const t = await timed(async () =>
        expectOk(
          await fetch(`${base}/api/media/${orgId}/upload?purpose=splash`, { method: 'POST', headers, body: form }),
          'upload',
        ),
      );
      uploads.push(t.seconds);
    }
    uploads.sort((a, b) => a - b);
    timings.push({
      database: label,
      operation: `image upload, ${(photo.length / 1024 / 1024).toFixed(1)} MB 3000×2000 JPEG (median of 3)`,
      seconds: uploads[1]!,
    });

    // The CSV import into a second, empty store of the same user.
    const other = (await (
      await expectOk(
        await fetch(`${base}/api/organization`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ selected_type: 'Merchant', name: 'Bench Import Co' }),
        }),
        'organization',
      )
    ).json()) as { id: string };
    const file = catalogCsv(importRows);
    const importOnce = () =>
      timed(
        async () =>
          (await (
            await expectOk(
              await fetch(`${base}/api/product/organization/${other.id}/import`, {
                method: 'POST',
                headers: { ...headers, 'content-type': 'text/csv' },
                body: file,
              }),
              'import',
            )
          ).json()) as { created: number; unchanged: number },
      );
    const first = await importOnce();
    if (first.value.created !== importRows)
      throw new Error(`import created ${first.value.created}, expected ${importRows}`);
    timings.push({
      database: label,
      operation: `CSV import, ${importRows} new products (one request)`,
      seconds: first.seconds,
    });
    const second = await importOnce();
    if (second.value.unchanged !== importRows)
      throw new Error(`re-import changed rows: ${JSON.stringify(second.value)}`);
    timings.push({
      database: label,
      operation: `CSV import, same ${importRows} rows again (no change)`,
      seconds: second.seconds,
    });
    // 50,000 variant rows (2,500 products × 20 variants; issue 24) into a third, empty store.
    const third = (await (
      await expectOk(
        await fetch(`${base}/api/organization`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ selected_type: 'Merchant', name: 'Bench Variants Co' }),
        }),
        'organization',
      )
    ).json()) as { id: string };
    const variantFile = variantCatalogCsv(2_500, 20);
    const importVariants = () =>
      timed(
        async () =>
          (await (
            await expectOk(
              await fetch(`${base}/api/product/organization/${third.id}/import`, {
                method: 'POST',
                headers: { ...headers, 'content-type': 'text/csv' },
                body: variantFile,
              }),
              'variant import',
            )
          ).json()) as { created: number; unchanged: number },
      );
    const variantsFirst = await importVariants();
    if (variantsFirst.value.created !== 50_000)
      throw new Error(`variant import created ${variantsFirst.value.created}, expected 50000`);
    timings.push({
      database: label,
      operation: 'CSV import, 50,000 variant rows: 2,500 products × 20 variants (one request)',
      seconds: variantsFirst.seconds,
    });
    const variantsAgain = await importVariants();
    if (variantsAgain.value.unchanged !== 50_000)
      throw new Error(`variant re-import changed rows: ${JSON.stringify(variantsAgain.value)}`);
    timings.push({
      database: label,
      operation: 'CSV import, the same 50,000 variant rows again (no change)',
      seconds: variantsAgain.seconds,
    });

    const exported = await timed(async () =>
      (
        await expectOk(await fetch(`${base}/api/product/organization/${other.id}/export`, { headers }), 'export')
      ).text(),
    );
    timings.push({ database: label, operation: `CSV export, ${importRows} products`, seconds: exported.seconds });

    // 100,000 products in the first store. The embedded PostgreSQL belongs to one Cratebase
    // process at a time (DATA_DIR/pg.lock): seed it with the server stopped.
    let seeded: { seconds: number };
    if (env.DATABASE_URL) {
      seeded = await seedCatalog({ databaseUrl: env.DATABASE_URL }, orgId, productCount);
    } else {
      await server.stop();
      seeded = await seedCatalog({ dataDir }, orgId, productCount);
      server = await startServer(serverEnv);
    }
    timings.push({
      database: label,
      operation: `seed ${productCount} products (generate_series)`,
      seconds: seeded.seconds,
    });

    const listUrl = `${base}/api/product/organization/${orgId}?limit=50`;
    const page = await expectOk(await fetch(listUrl, { headers }), 'list');
    const cursor = page.headers.get('x-next-cursor');
    if (!cursor) throw new Error('the product list returned no next cursor');
    const endpoints: [string, string][] = [
      [`GET /api/product/organization/{id}?limit=50 (${productCount / 1000}k products)`, listUrl],
      [`  … page 2 (cursor)`, `${listUrl}&cursor=${encodeURIComponent(cursor)}`],
      [
        `GET …/for-sale?limit=50 (${productCount / 2000}k Live)`,
        `${base}/api/product/organization/${orgId}/for-sale?limit=50`,
      ],
    ];
    for (const [name, url] of endpoints) {
      rows.push({ database: label, endpoint: name, ...(await deps.load(url, headers)) });
    }

    // The storefront as a buyer sees it: the full list, and the grid's lean tiles (cached pages;
    // the access check and the catalogue version are one query per request).
    const forSale = `${base}/api/product/organization/${orgId}/for-sale`;
    const tileUrl = `${forSale}?view=tile&limit=20`;
    const storefront: [string, string, Record<string, string>][] = [
      ['GET …/for-sale?limit=20 as a buyer (full products)', `${forSale}?limit=20`, {}],
      [GRID_PAGE_ENDPOINT, tileUrl, {}],
      ['  … the same, Accept-Encoding: gzip, deflate, br', tileUrl, { 'accept-encoding': 'gzip, deflate, br' }],
    ];
    // The quick-order sheet (issue 13 item 4): a page of 200 rows, as the sheet asks for it.
    const sheetUrl = `${forSale}?view=sheet&limit=200`;
    storefront.push(
      [SHEET_PAGE_ENDPOINT, sheetUrl, {}],
      ['  … filtered by a SKU (one match, a kept page)', `${sheetUrl}&q=BENCH-0012345`, {}],
    );
    for (const [name, url, extra] of storefront) {
      rows.push({ database: label, endpoint: name, ...(await deps.load(url, { ...buyerHeaders, ...extra })) });
    }
    // A filter the buyer has not typed before is a page nobody kept: the statement runs. The
    // median of 5 first requests each, for a SKU (one match) and a name (many matches).
    for (const [what, queries] of [
      ['a SKU, one match', ['BENCH-0000042', 'BENCH-0031416', 'BENCH-0054321', 'BENCH-0077777', 'BENCH-0099998']],
      ['a name, many matches', ['product 12', 'product 34', 'product 56', 'product 78', 'product 90']],
    ] as const) {
      const seconds: number[] = [];
      for (const q of queries) {
        const url = `${sheetUrl}&q=${encodeURIComponent(q)}`;
        seconds.push(
          (await timed(async () => (await expectOk(await fetch(url, { headers: buyerHeaders }), 'sheet')).text()))
            .seconds,
        );
      }
      seconds.sort((a, b) => a - b);
      timings.push({
        database: label,
        operation: `quick-order sheet, first filter by ${what} (median of 5)`,
        seconds: seconds[2]!,
      });
    }
    for (const [name, url] of [
      ['for-sale?limit=20 (full products)', `${forSale}?limit=20`],
      ['for-sale?view=tile&limit=20 (grid tiles)', tileUrl],
      ['for-sale?view=sheet&limit=200 (quick-order rows)', sheetUrl],
    ] as const) {
      sizes.push({ database: label, endpoint: name, ...(await pageSize(url, buyerHeaders)) });
    }
    return { rows, timings, sizes };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printPageSizes(sizes: PageSize[]) {
  if (sizes.length === 0) return;
  console.log('\nPage sizes (one page as a buyer gets it)\n');
  console.log('| database | page | products | bytes | bytes per product | gzip | br |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const s of sizes) {
    const each = s.products ? Math.round(s.bytes / s.products) : 0;
    console.log(
      `| ${s.database} | ${s.endpoint} | ${s.products} | ${s.bytes} | ${each} | ${s.gzipBytes} | ${s.brBytes} |`,
    );
  }
}

export function printCatalogTimings(timings: CatalogTiming[]) {
  if (timings.length === 0) return;
  console.log('\nCatalogue operations (one request each unless noted)\n');
  console.log('| database | operation | seconds |');
  console.log('|---|---|---:|');
  for (const t of timings) console.log(`| ${t.database} | ${t.operation} | ${t.seconds.toFixed(2)} |`);
}
