/**
 * The price-list shape (issue 25 part 1), run by bench/run.ts, PostgreSQL only: one seller with
 * a 100,000-product store (bench/catalog-seed.ts, half Live) and BUYERS buyers. Measured twice
 * on the same server and data — first with every buyer on wholesale prices, then with half of
 * them on price lists (two lists: 20 % off everything; 15 % off with fixed prices, each with a
 * volume break, on the 5,000 newest products — the pages measured — and the 500 oldest hidden,
 * so every request measured answers 200) — each connection's requests coming
 * from the buyers in turn:
 *
 *  - the grid's first page (kept pages: one per list, and one for wholesale);
 *  - the grid's first 200 pages in turn (each buyer's list builds its own pages);
 *  - GET /api/product/{id} of the store's first 1,000 Live products in turn.
 *
 * Each shape runs none, lists, lists, none (a change in the machine's load weighs on both alike).
 * A row gives its side's mean req/s and p50 and the worse p99; printPriceListPairs prints the ratio.
 *
 * Options (env): BENCH_PRICE_LISTS=0 skips it; BENCH_PRICE_LISTS_PRODUCTS (default 100,000).
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

const productCount = Number(process.env.BENCH_PRICE_LISTS_PRODUCTS ?? 100_000);
const BUYERS = 8;
const GRID_LIMIT = 20;
const GRID_PAGES = 200;
const PRODUCTS = 1_000;

/** `urls` in turn, each request from the next buyer in turn. */
function loadAcross(deps: ProductBenchDeps, urls: string[], buyers: Record<string, string>[]) {
  let next = 0;
  return deps.loadWith({
    url: urls[0]!,
    headers: buyers[0]!,
    requests: [
      {
        method: 'GET',
        setupRequest: (r) => {
          const n = next++;
          const url = new URL(urls[n % urls.length]!);
          return {
            ...r,
            path: `${url.pathname}${url.search}`,
            headers: { ...r.headers, ...buyers[n % buyers.length]! },
          };
        },
      },
    ],
  });
}

/** The lists: made in SQL as the commands store them (price-lists/service.ts), in one transaction. */
async function makeLists(client: pg.Client, sellerId: string): Promise<{ seconds: number; lists: string[] }> {
  const started = performance.now();
  await client.query('begin');
  try {
    const made = await client.query<{ id: string }>(
      `insert into price_lists (organization_id, name, percent_off_basis_points)
       values ($1, 'Distributor', 2000), ($1, 'Key accounts', 1500) returning id`,
      [sellerId],
    );
    const [distributor, key] = made.rows.map((r) => r.id) as [string, string];
    await client.query(
      `insert into price_list_prices (price_list_id, product_id, unit_price_in_cents)
       select $2, p.id, greatest(p.unit_price_in_cents - 37, 0) from products p
        where p.organization_id = $1 and p.parent_id is null and p.deleted_at is null
        order by p.created_at desc, p.id desc limit 5000`,
      [sellerId, key],
    );
    await client.query(
      `insert into price_list_price_breaks (price_list_id, product_id, min_quantity, unit_price_in_cents)
       select price_list_id, product_id, 24, greatest(unit_price_in_cents - 50, 0) from price_list_prices
        where price_list_id = $1 and unit_price_in_cents > 50`,
      [key],
    );
    await client.query(
      `insert into price_list_hidden_products (price_list_id, product_id)
       select $2, p.id from products p
        where p.organization_id = $1 and p.parent_id is null and p.deleted_at is null
        order by p.created_at, p.id limit 500`,
      [sellerId, key],
    );
    await client.query(`update catalog_versions set version = version + 1 where organization_id = $1 and slot = 0`, [
      sellerId,
    ]);
    await client.query('commit');
    return { seconds: (performance.now() - started) / 1000, lists: [distributor, key] };
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

export const PRICE_LIST_SHAPE = {
  none: `${BUYERS} buyers, none on a price list`,
  lists: `${BUYERS / 2} of them on two price lists (20 % off; 15 % off with 5,000 fixed prices and 500 hidden)`,
};

export async function benchPriceLists(
  label: string,
  env: Record<string, string>,
  deps: ProductBenchDeps,
): Promise<{ rows: CatalogRow[]; timings: CatalogTiming[] }> {
  return withPostgresBench('price-lists', env, async ({ server, client, base, databaseUrl }) => {
    const rows: CatalogRow[] = [];
    const timings: CatalogTiming[] = [];
    const seller = await deps.seed(server);
    const buyers: Record<string, string>[] = [];
    for (let i = 0; i < BUYERS; i++) buyers.push(await invitedBuyer(server, seller, `Bench List Buyer ${i}`));
    const seeded = await seedCatalog({ databaseUrl }, seller.orgId, productCount);
    timings.push({
      database: label,
      operation: `seed ${productCount} products (generate_series)`,
      seconds: seeded.seconds,
    });
    const made = await makeLists(client, seller.orgId);
    timings.push({
      database: label,
      operation: 'two price lists: 5,000 fixed prices with breaks, 500 hidden (bulk SQL)',
      seconds: made.seconds,
    });
    const purchasers = await client.query<{ purchaser_organization_id: string }>(
      `select purchaser_organization_id from purchasing_relationships where seller_organization_id = $1 order by created_at`,
      [seller.orgId],
    );
    const half = purchasers.rows.filter((_, i) => i % 2 === 1).map((r) => r.purchaser_organization_id);
    const assign = async (on: boolean) => {
      await client.query('delete from customer_price_lists where seller_organization_id = $1', [seller.orgId]);
      if (on) {
        await client.query(
          `insert into customer_price_lists (seller_organization_id, purchaser_organization_id, price_list_id)
           select $1, p, case when i % 2 = 0 then $3::uuid else $4::uuid end
             from unnest($2::uuid[]) with ordinality as x(p, i)`,
          [seller.orgId, half, made.lists[0], made.lists[1]],
        );
      }
    };
    await client.query('vacuum (analyze) products, product_media, price_list_prices');

    const live = await client.query<{ id: string; at: string }>(
      `select p.id, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
         from products p
        where p.organization_id = $1 and p.deleted_at is null and p.parent_id is null
          and p.state_id = (select id from product_states where state = 'Live')
        order by p.created_at desc, p.id desc limit ${GRID_LIMIT * GRID_PAGES}`,
      [seller.orgId],
    );
    const grid = `${base}/api/product/organization/${seller.orgId}/for-sale?view=tile&limit=${GRID_LIMIT}`;
    const gridPages = [grid];
    for (let last = GRID_LIMIT - 1; gridPages.length < GRID_PAGES && last < live.rows.length - 1; last += GRID_LIMIT) {
      const row = live.rows[last]!;
      gridPages.push(`${grid}&cursor=${encodeCursor({ at: row.at, id: row.id })}`);
    }
    const productPages = live.rows.slice(0, PRODUCTS).map((r) => `${base}/api/product/${r.id}`);

    // What the buyers see with the lists on: a listed buyer's first grid page differs from a wholesale buyer's.
    await assign(true);
    const firstPage = async (i: number) =>
      (await (await expectOk(await fetch(grid, { headers: buyers[i]! }), 'grid')).json()) as {
        unit_price_in_cents: number;
      }[];
    const [wholesale, listed] = [await firstPage(0), await firstPage(1)];
    if (JSON.stringify(wholesale) === JSON.stringify(listed)) throw new Error('a listed buyer sees wholesale prices');
    await autocannon({ url: grid, connections: 50, duration: 5, headers: buyers[0]! });

    const shapes: [string, string[]][] = [
      [`GET …/for-sale?view=tile&limit=${GRID_LIMIT}, buyers in turn: first page (kept)`, [grid]],
      [`  … the first ${gridPages.length} pages in turn`, gridPages],
      [`GET /api/product/{id}, buyers in turn: ${productPages.length} products in turn`, productPages],
    ];
    for (const [endpoint, urls] of shapes) {
      await assign(false);
      const n1 = await loadAcross(deps, urls, buyers);
      await assign(true);
      const l1 = await loadAcross(deps, urls, buyers);
      const l2 = await loadAcross(deps, urls, buyers);
      await assign(false);
      const n2 = await loadAcross(deps, urls, buyers);
      rows.push({ database: label, endpoint: `${endpoint} — none`, ...combineRuns(n1, n2) });
      rows.push({ database: label, endpoint: `${endpoint} — lists`, ...combineRuns(l1, l2) });
    }
    return { rows, timings };
  });
}

/** Half the buyers on lists against none, for each request shape measured by benchPriceLists. */
export function printPriceListPairs(rows: CatalogRow[]) {
  const none = rows.filter((r) => r.endpoint.endsWith(' — none'));
  if (none.length === 0) return;
  console.log(
    `\nThe price-list shape (issue 25): none = ${PRICE_LIST_SHAPE.none}; lists = ${PRICE_LIST_SHAPE.lists}\n`,
  );
  console.log('| request | none req/s | lists req/s | lists / none | none p99 ms | lists p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const rn of none) {
    const name = rn.endpoint.slice(0, -' — none'.length);
    const rl = rows.find((r) => r.database === rn.database && r.endpoint === `${name} — lists`);
    if (!rl) continue;
    console.log(
      `| ${name} | ${rn.rps.toFixed(0)} | ${rl.rps.toFixed(0)} | ${((100 * rl.rps) / rn.rps).toFixed(0)}% | ${rn.p99.toFixed(0)} | ${rl.p99.toFixed(0)} |`,
    );
  }
}
