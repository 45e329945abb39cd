/**
 * The variant shape (issue 24), run by bench/run.ts, PostgreSQL only: two sellers on one server
 * and database, each with a 100,000-product store as bench/catalog-seed.ts makes it (half
 * Live); in store B a fifth of the products (20,000, every fifth by SKU number, so half of them
 * Live) are products with 20 variants each (Size XS–XL × Colour Black/White/Navy/Olive: 400,000
 * variant rows, XL / Olive unavailable), written in bulk the way the model stores them
 * (products/variants.ts `saveVariants`): the product keeps its row and gains `options`; each
 * variant is a products row with `parent_id`, `option_values`, `variant_position`, the composed
 * name ("Bench product 10 — M / Black"), its own SKU and price, the product's shared fields
 * copied, and the product's state (Draft when unavailable).
 *
 * Measured on both stores as their buyer: the grid's first page and page 100 (kept pages), the
 * grid's 2,500 pages in turn (the first pass builds each page), `GET /api/product/{id}` of a
 * Live product — in B one with 20 variants — kept, then 10,000 such products in turn (every
 * request builds its page), and B's products without options in turn. Each shape on A, B, B, A.
 *
 * Options (env): BENCH_VARIANTS=0 skips it; BENCH_VARIANTS_PRODUCTS (default 100,000);
 * BENCH_VARIANTS_KEEP=1 keeps the scratch database afterwards (run.ts prints its URL) for EXPLAIN.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { encodeCursor } from '../apps/server/src/lib/pagination.js';
import { seedCatalog } from './catalog-seed.js';
import {
  combineRuns,
  expectOk,
  invitedBuyer,
  withPostgresBench,
  type CatalogRow,
  type CatalogTiming,
} from './catalog.js';
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

/** A seller's store as its buyer reads it. */
interface Shop {
  orgId: string;
  buyer: Record<string, string>;
  store: Store;
}

/** One request shape on both stores: the URLs each connection cycles through. */
interface Pair {
  endpoint: string;
  plain: string[];
  variants: string[];
}

/** `load` over `urls` in turn (one URL: a kept page). */
function loadEach(deps: ProductBenchDeps, urls: string[], headers: Record<string, string>) {
  if (urls.length === 1) return deps.load(urls[0]!, headers);
  let next = 0;
  return deps.loadWith({
    url: urls[0]!,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (r) => {
          const url = new URL(urls[next++ % urls.length]!);
          return { ...r, path: `${url.pathname}${url.search}` };
        },
      },
    ],
  });
}

export const VARIANT_SHAPE = {
  plain: `store A: ${productCount / 1000}k products, none with options`,
  variants: `store B: ${productCount / 1000}k products, ${productCount / 5000}k of them with 20 variants`,
};

/**
 * Two sellers on one server and database: store A as bench/catalog-seed.ts makes it, store B
 * the same plus the variants (addVariants). Each request shape is measured on A, B, B, A (so a
 * change in the machine's load during the pair weighs on both sides alike); a row gives the
 * mean req/s and p50 of its store's two runs and the worse p99.
 */
export async function benchVariants(
  label: string,
  env: Record<string, string>,
  deps: ProductBenchDeps,
): Promise<{ rows: CatalogRow[]; timings: CatalogTiming[] }> {
  return withPostgresBench('variants', env, async ({ server, client, base, databaseUrl }) => {
    const rows: CatalogRow[] = [];
    const timings: CatalogTiming[] = [];
    const shop = async (name: string, variants: boolean): Promise<Shop> => {
      const seller = await deps.seed(server);
      const buyer = await invitedBuyer(server, seller, name);
      const seeded = await seedCatalog({ databaseUrl }, seller.orgId, productCount);
      timings.push({
        database: label,
        operation: `seed ${productCount} products (generate_series)`,
        seconds: seeded.seconds,
      });
      if (variants) {
        timings.push({
          database: label,
          operation: `give ${productCount / 5000}k of them 20 variants each (${(productCount / 5) * 20} variant rows, bulk SQL)`,
          seconds: await addVariants(client, seller.orgId),
        });
      }
      return { orgId: seller.orgId, buyer, store: await readStore(client, base, seller.orgId) };
    };
    const a = await shop('Bench Plain Buyer Co', false);
    const b = await shop('Bench Variants Buyer Co', true);
    // Vacuumed and checkpointed now rather than by autovacuum and the checkpointer during a
    // measurement (a checkpoint needs a superuser: skipped otherwise).
    await client.query('vacuum (analyze) products, product_media');
    await client.query('checkpoint').catch(() => undefined);

    // What each store answers: B's first grid page has products with 19 variants for sale (the
    // 20th is unavailable), A's none; B's product reads 20 variants.
    for (const [s, variants] of [
      [a, false],
      [b, true],
    ] as const) {
      const res = await expectOk(await fetch(s.store.gridPages[0]!, { headers: s.buyer }), 'grid');
      const tiles = (await res.json()) as Tile[];
      if (tiles.length !== GRID_LIMIT) throw new Error(`the grid's first page has ${tiles.length} tiles`);
      if (variants !== tiles.some((t) => t.options.length === 2 && t.variant_count === 19))
        throw new Error(`the grid's first page ${variants ? 'has no' : 'has a'} product with 19 variants for sale`);
      // A new process runs its first thousands of requests slowly (V8 still compiling).
      await autocannon({ url: s.store.gridPages[0]!, connections: 50, duration: WARM_UP_SECONDS, headers: s.buyer });
    }
    const productUrl = (id: string) => `${base}/api/product/${id}`;
    const withVariants = (await (
      await expectOk(await fetch(productUrl(b.store.withVariants[0]!), { headers: b.buyer }), 'product')
    ).json()) as ProductJson;
    if (withVariants.variants.length !== 20)
      throw new Error(`a product with options reads ${withVariants.variants.length} variants, not 20`);
    const aBytes = await bytesOf(productUrl(a.store.plain[0]!), a.buyer);
    const bBytes = await bytesOf(productUrl(b.store.withVariants[0]!), b.buyer);

    const pairs: Pair[] = [
      {
        endpoint: `GET …/for-sale?view=tile&limit=${GRID_LIMIT} as a buyer (the grid page): first page`,
        plain: [a.store.gridPages[0]!],
        variants: [b.store.gridPages[0]!],
      },
      { endpoint: '  … page 100 (cursor)', plain: [a.store.gridPages[99]!], variants: [b.store.gridPages[99]!] },
      {
        endpoint: `  … its ${a.store.gridPages.length} pages in turn (the first pass builds each page)`,
        plain: a.store.gridPages,
        variants: b.store.gridPages,
      },
      {
        endpoint: `GET /api/product/{id}, kept: A a product (${aBytes} bytes), B a product with 20 variants (${bBytes} bytes)`,
        plain: [productUrl(a.store.plain[0]!)],
        variants: [productUrl(b.store.withVariants[0]!)],
      },
      {
        endpoint: `  … ${b.store.withVariants.length} such products in turn, A's ${a.store.plain.length} (each request builds the page)`,
        plain: a.store.plain.map(productUrl),
        variants: b.store.withVariants.map(productUrl),
      },
      {
        endpoint: `  … B's products without options in turn, against A's`,
        plain: a.store.plain.map(productUrl),
        variants: b.store.plain.map(productUrl),
      },
    ];
    for (const pair of pairs) {
      const a1 = await loadEach(deps, pair.plain, a.buyer);
      const b1 = await loadEach(deps, pair.variants, b.buyer);
      const b2 = await loadEach(deps, pair.variants, b.buyer);
      const a2 = await loadEach(deps, pair.plain, a.buyer);
      rows.push({ database: label, endpoint: `${pair.endpoint} — A`, ...combineRuns(a1, a2) });
      rows.push({ database: label, endpoint: `${pair.endpoint} — B`, ...combineRuns(b1, b2) });
    }
    return { rows, timings };
  });
}

/** Store B against store A, for each request shape measured by benchVariants. */
export function printVariantPairs(rows: CatalogRow[]) {
  const a = rows.filter((r) => r.endpoint.endsWith(' — A'));
  if (a.length === 0) return;
  console.log(`\nThe variant shape (issue 24): A = ${VARIANT_SHAPE.plain}; B = ${VARIANT_SHAPE.variants}\n`);
  console.log('| request | A req/s | B req/s | B / A | A p99 ms | B p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const ra of a) {
    const name = ra.endpoint.slice(0, -' — A'.length);
    const rb = rows.find((r) => r.database === ra.database && r.endpoint === `${name} — B`);
    if (!rb) continue;
    console.log(
      `| ${name} | ${ra.rps.toFixed(0)} | ${rb.rps.toFixed(0)} | ${((100 * rb.rps) / ra.rps).toFixed(0)}% | ${ra.p99.toFixed(0)} | ${rb.p99.toFixed(0)} |`,
    );
  }
}
