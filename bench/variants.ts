/**
 * The variant shape (issue 24), run by bench/run.ts, PostgreSQL only: the storefront grid and
 * the product page of a 100,000-product store measured twice in the same run — first as
 * bench/catalog-seed.ts makes it (no product has options), then after a fifth of its products
 * (20,000, every fifth by SKU number; half of them Live, as of every product) became products
 * with 20 variants each (Size XS–XL × Colour Black/White/Navy/Olive: 400,000 variant rows, one
 * per product marked unavailable), written in bulk the way the model stores them
 * (products/variants.ts `saveVariants`): the product keeps its row and gains `options`; each
 * variant is a products row with `parent_id`, `option_values`, `variant_position`, the composed
 * name ("Bench product 10 — M / Black"), its own SKU and price, the product's shared fields
 * copied, and the product's state (Draft when unavailable).
 *
 * Measured each time, as a buyer: the grid's first page and page 100 (kept pages), the grid's
 * 2,500 pages in turn (the first pass builds each page), and `GET /api/product/{id}` of one Live
 * product without options and — with the variants — of one with 20 variants (kept pages), then
 * products of each kind in turn (every request builds its page).
 *
 * Options (env): BENCH_VARIANTS=0 skips it; BENCH_VARIANTS_PRODUCTS (default 100,000);
 * BENCH_VARIANTS_KEEP=1 keeps the scratch database afterwards (run.ts prints its URL) for EXPLAIN.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { encodeCursor } from '../apps/server/src/lib/pagination.js';
import { startServer, freePort } from '../e2e/support/server.js';
import { seedCatalog } from './catalog-seed.js';
import { expectOk, invitedBuyer, type CatalogRow, type CatalogTiming } from './catalog.js';
import type { ProductBenchDeps } from './product.js';

const productCount = Number(process.env.BENCH_VARIANTS_PRODUCTS ?? 100_000);
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLOURS = ['Black', 'White', 'Navy', 'Olive'];
/** The grid's page size, as the storefront asks for it. */
const GRID_LIMIT = 20;
/** Products visited in turn by a product-page misses row (what one process keeps: 10,000). */
const MISS_PRODUCTS = 10_000;
const WARM_UP_SECONDS = 5;

/**
 * Gives every fifth product of the seeded store (by its SKU number) the options Size × Colour
 * and its 20 variants, in two statements and one transaction. Answers the seconds it took.
 */
export async function addVariants(client: pg.Client, organizationId: string): Promise<number> {
  const started = performance.now();
  const options = JSON.stringify([
    { name: 'Size', values: SIZES },
    { name: 'Colour', values: COLOURS },
  ]);
  await client.query('begin');
  try {
    await client.query(
      `update products set options = $2::jsonb
        where organization_id = $1 and parent_id is null and deleted_at is null
          and stock_keeping_unit like 'BENCH-%' and substr(stock_keeping_unit, 7)::int % 5 = 0`,
      [organizationId, options],
    );
    // XL / Olive (the last) is unavailable: Draft, as saveVariants stores it.
    await client.query(
      `insert into products (organization_id, parent_id, name, option_values, variant_position, stock_keeping_unit,
         unit_price_in_cents, msrp_in_cents, weight, track_inventory, variant_available, own_volume_rules,
         order_increment, inventory_count, state_id, description, order_unit_id, quantity_per_unit,
         minimum_order_quantity, weight_unit_id, length, width, height, dimension_unit_id, tags, created_at, updated_at)
       select par.organization_id, par.id, par.name || ' — ' || s.size || ' / ' || c.colour, array[s.size, c.colour],
              (s.i - 1) * $2::int + (c.j - 1), par.stock_keeping_unit || '-' || s.size || '-' || c.colour,
              par.unit_price_in_cents + (s.i - 1) * 50, par.msrp_in_cents + (s.i - 1) * 100, par.weight,
              par.track_inventory, not (s.i = $3 and c.j = $2), false, par.order_increment,
              (par.inventory_count + s.i * c.j) % 500,
              case when s.i = $3 and c.j = $2 then (select id from product_states where state = 'Draft') else par.state_id end,
              par.description, par.order_unit_id, par.quantity_per_unit, par.minimum_order_quantity, par.weight_unit_id,
              par.length, par.width, par.height, par.dimension_unit_id, par.tags, par.created_at, now()
         from products par
        cross join unnest($4::text[]) with ordinality as s(size, i)
        cross join unnest($5::text[]) with ordinality as c(colour, j)
        where par.organization_id = $1 and par.options is not null and par.parent_id is null
        order by par.id, s.i, c.j`,
      [organizationId, COLOURS.length, SIZES.length, SIZES, COLOURS],
    );
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
  return (performance.now() - started) / 1000;
}

/** The buyer's storefront, as the grid pages it and as the product page reads it. */
interface Store {
  /** The grid's page URLs, newest first: the first page, then one per cursor. */
  gridPages: string[];
  /** Live products without options / with options, newest first (up to MISS_PRODUCTS each). */
  plain: string[];
  withVariants: string[];
}

async function readStore(client: pg.Client, base: string, organizationId: string): Promise<Store> {
  const live = await client.query<{ id: string; at: string; has_options: boolean }>(
    `select p.id, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
            p.options is not null as has_options
       from products p
      where p.organization_id = $1 and p.deleted_at is null and p.parent_id is null
        and p.state_id = (select id from product_states where state = 'Live')
      order by p.created_at desc, p.id desc`,
    [organizationId],
  );
  const grid = `${base}/api/product/organization/${organizationId}/for-sale?view=tile&limit=${GRID_LIMIT}`;
  const gridPages = [grid];
  for (let last = GRID_LIMIT - 1; last < live.rows.length - 1; last += GRID_LIMIT) {
    const row = live.rows[last]!;
    gridPages.push(`${grid}&cursor=${encodeCursor({ at: row.at, id: row.id })}`);
  }
  return {
    gridPages,
    plain: live.rows
      .filter((r) => !r.has_options)
      .slice(0, MISS_PRODUCTS)
      .map((r) => r.id),
    withVariants: live.rows
      .filter((r) => r.has_options)
      .slice(0, MISS_PRODUCTS)
      .map((r) => r.id),
  };
}

type Tile = { id: string; options: unknown[]; variant_count: number; price_range: { min: number; max: number } | null };
type ProductJson = {
  id: string;
  options: unknown[];
  variants: unknown[];
  price_range: { min: number; max: number } | null;
};

/** A kept page's size as sent without compression. */
async function bytesOf(url: string, headers: Record<string, string>): Promise<number> {
  const res = await expectOk(await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } }), url);
  return (await res.arrayBuffer()).byteLength;
}

export async function benchVariants(
  label: string,
  env: Record<string, string>,
  deps: ProductBenchDeps,
): Promise<{ rows: CatalogRow[]; timings: CatalogTiming[] }> {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('benchVariants needs a PostgreSQL server (DATABASE_URL)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-bench-variants-'));
  const server = await startServer({
    LOG_LEVEL: 'silent',
    IDENTITY_RATE_LIMIT: '1000',
    ...env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows: CatalogRow[] = [];
  const timings: CatalogTiming[] = [];
  try {
    const seller = await deps.seed(server);
    const buyer = await invitedBuyer(server, seller, 'Bench Variants Buyer Co');
    const base = `http://127.0.0.1:${server.port}`;
    const seeded = await seedCatalog({ databaseUrl }, seller.orgId, productCount);
    timings.push({
      database: label,
      operation: `seed ${productCount} products (generate_series)`,
      seconds: seeded.seconds,
    });
    const settle = async () => {
      // Vacuumed and checkpointed now rather than by autovacuum and the checkpointer during a
      // measurement (a checkpoint needs a superuser: skipped otherwise).
      await client.query('vacuum (analyze) products, product_media');
      await client.query('checkpoint').catch(() => undefined);
    };
    await settle();

    const measure = async (shape: string, variants: boolean) => {
      const store = await readStore(client, base, seller.orgId);
      const first = (await (
        await expectOk(await fetch(store.gridPages[0]!, { headers: buyer }), 'grid')
      ).json()) as Tile[];
      if (first.length !== GRID_LIMIT) throw new Error(`the grid's first page has ${first.length} tiles`);
      if (variants !== first.some((t) => t.options.length === 2 && t.variant_count === 19))
        throw new Error(`the grid's first page ${variants ? 'has no' : 'has a'} product with 19 variants for sale`);
      // A new process (or a changed catalogue) runs its first thousands of requests slowly.
      await autocannon({ url: store.gridPages[0]!, connections: 50, duration: WARM_UP_SECONDS, headers: buyer });

      const grid = `GET …/for-sale?view=tile&limit=${GRID_LIMIT} as a buyer, ${shape}`;
      const page100 = store.gridPages[99]!;
      rows.push({ database: label, endpoint: `${grid}: first page`, ...(await deps.load(store.gridPages[0]!, buyer)) });
      rows.push({ database: label, endpoint: '  … page 100 (cursor)', ...(await deps.load(page100, buyer)) });
      let nextPage = 0;
      rows.push({
        database: label,
        endpoint: `  … its ${store.gridPages.length} pages in turn (the first pass builds each page)`,
        ...(await deps.loadWith({
          url: store.gridPages[0]!,
          headers: buyer,
          requests: [
            {
              method: 'GET',
              setupRequest: (r) => {
                const page = new URL(store.gridPages[nextPage++ % store.gridPages.length]!);
                return { ...r, path: `${page.pathname}${page.search}` };
              },
            },
          ],
        })),
      });

      const kinds: [string, string[]][] = [['a product without options', store.plain]];
      if (variants) kinds.push(['a product with 20 variants', store.withVariants]);
      for (const [kind, ids] of kinds) {
        const url = `${base}/api/product/${ids[0]}`;
        const product = (await (await expectOk(await fetch(url, { headers: buyer }), 'product')).json()) as ProductJson;
        const expected = kind.includes('variants') ? 20 : 1;
        if (product.variants.length !== expected)
          throw new Error(`${kind} reads ${product.variants.length} variants, not ${expected}`);
        rows.push({
          database: label,
          // Not named like PRODUCT_PAGE_ENDPOINT: run.ts reports the issue 11 target on that row.
          endpoint: `GET /api/product/{id}, ${shape}, as a buyer: ${kind} (${await bytesOf(url, buyer)} bytes)`,
          ...(await deps.load(url, buyer)),
        });
        let next = 0;
        rows.push({
          database: label,
          endpoint: `  … ${ids.length} such products in turn (each request builds the page)`,
          ...(await deps.loadWith({
            url,
            headers: buyer,
            requests: [
              { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/product/${ids[next++ % ids.length]}` }) },
            ],
          })),
        });
      }
    };

    await measure(`${productCount / 1000}k products, none with options`, false);
    const seconds = await addVariants(client, seller.orgId);
    timings.push({
      database: label,
      operation: `give ${productCount / 5000}k products 20 variants each (${(productCount / 5) * 20} variant rows, bulk SQL)`,
      seconds,
    });
    await settle();
    await measure(`${productCount / 1000}k products, ${productCount / 5000}k with 20 variants`, true);
    return { rows, timings };
  } finally {
    await client.end();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
