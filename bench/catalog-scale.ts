/**
 * The grid page against catalogue size (issue 27 §4), run by bench/run.ts, PostgreSQL only: two
 * sellers on one server and database, one with 1,000 products and one with 1,000,000
 * (bench/catalog-seed.ts's generate_series, half of them Live), each with an invited buyer.
 * Measured as each buyer: the grid's first page under load (a kept page: the goal, the large
 * store within 10 % of the small one), on small, large, large, small so the machine's drift
 * weighs on both alike; and the first page just after a catalogue change (a miss: one product's
 * row touched, so the next request builds the page), one request at a time, median and worst of
 * BENCH_SCALE_MISSES (default 30).
 * Options (env): BENCH_CATALOG_SCALE=0 skips it (default on when DATABASE_URL is set);
 * BENCH_SCALE_PRODUCTS (default 1,000,000) sizes the large store.
 */
import autocannon from 'autocannon';
import { percentile } from './checkout.js';
import { seedCatalog } from './catalog-seed.js';
import { combineRuns, expectOk, invitedBuyer, withPostgresBench, type CatalogRow, type CatalogTiming } from './catalog.js';
import type { ProductBenchDeps } from './product.js';

const largeCount = Number(process.env.BENCH_SCALE_PRODUCTS ?? 1_000_000);
const smallCount = 1_000;
const misses = Number(process.env.BENCH_SCALE_MISSES ?? 30);
const WARM_UP_SECONDS = 3;

const size = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

/** The two stores' names, as their rows end (" — 1k products"). */
export const SCALE_STORES = { small: `${size(smallCount)} products`, large: `${size(largeCount)} products` };
export const SCALE_GRID_ENDPOINT = 'GET …/for-sale?view=tile&limit=20 as a buyer (the grid page), by store size';

export async function benchCatalogScale(
  label: string,
  env: Record<string, string>,
  deps: ProductBenchDeps,
): Promise<{ rows: CatalogRow[]; timings: CatalogTiming[] }> {
  return withPostgresBench('scale', env, async ({ server, client, databaseUrl, base }) => {
    const rows: CatalogRow[] = [];
    const timings: CatalogTiming[] = [];
    const store = async (count: number, name: string) => {
      const seller = await deps.seed(server);
      const buyer = await invitedBuyer(server, seller, name);
      const seeded = await seedCatalog({ databaseUrl }, seller.orgId, count);
      timings.push({ database: label, operation: `seed ${count} products (generate_series)`, seconds: seeded.seconds });
      const grid = `${base}/api/product/organization/${seller.orgId}/for-sale?view=tile&limit=20`;
      return { orgId: seller.orgId, buyer, grid, name: `${size(count)} products` };
    };
    const small = await store(smallCount, 'Bench Small Store Buyer');
    const large = await store(largeCount, 'Bench Large Store Buyer');
    // Vacuumed and checkpointed now rather than by autovacuum and the checkpointer during a
    // measurement (a checkpoint needs a superuser: skipped otherwise).
    await client.query('vacuum (analyze) products, product_media');
    await client.query('checkpoint').catch(() => undefined);

    for (const s of [small, large]) {
      const tiles = (await (await expectOk(await fetch(s.grid, { headers: s.buyer }), 'grid')).json()) as unknown[];
      if (tiles.length !== 20) throw new Error(`the ${s.name} store's first grid page has ${tiles.length} tiles`);
      // A new process runs its first thousands of requests slowly (V8 still compiling).
      await autocannon({ url: s.grid, connections: 50, duration: WARM_UP_SECONDS, headers: s.buyer });
    }

    const s1 = await deps.load(small.grid, small.buyer);
    const l1 = await deps.load(large.grid, large.buyer);
    const l2 = await deps.load(large.grid, large.buyer);
    const s2 = await deps.load(small.grid, small.buyer);
    rows.push({ database: label, endpoint: `${SCALE_GRID_ENDPOINT} — ${small.name}`, ...combineRuns(s1, s2) });
    rows.push({ database: label, endpoint: `${SCALE_GRID_ENDPOINT} — ${large.name}`, ...combineRuns(l1, l2) });

    // A miss: one product's row touched (the catalogue's version moves), then the page, one at a time.
    const touch = async (orgId: string) =>
      client.query(
        `update products set updated_at = now()
          where id = (select id from products where organization_id = $1 order by created_at desc, id desc limit 1)`,
        [orgId],
      );
    for (const s of [small, large]) {
      const took: number[] = [];
      for (let i = 0; i < misses; i++) {
        await touch(s.orgId);
        const started = performance.now();
        await (await expectOk(await fetch(s.grid, { headers: s.buyer }), 'grid')).arrayBuffer();
        took.push(performance.now() - started);
      }
      took.sort((a, b) => a - b);
      timings.push({
        database: label,
        operation: `grid's first page after a catalogue change, ${s.name}: median of ${misses} (worst ${(percentile(took, 1) / 1000).toFixed(4)} s)`,
        seconds: percentile(took, 0.5) / 1000,
      });
    }
    return { rows, timings };
  });
}
