/**
 * The inventory sync (issue 26; docs/inventory-sync.md), run by bench/run.ts: a production
 * server whose seller imported 250 products × 20 variants (5,000 variant SKUs, the catalogue
 * import's CSV), and `POST /api/organization/{id}/inventory/sync` with all 5,000 SKUs:
 *  - timed one request at a time: every line changes (the counts alternate between two sets),
 *    and nothing changes (the same counts again: no lock, no write);
 *  - under autocannon like the other rows (req/s against the bare route): 5,000 lines whose counts
 *    alternate between two sets (a request changes every line or none, by the one before it), 5,000
 *    lines that change nothing,
 *    and one line whose count alternates (a web shop's sale).
 * Syncs of one seller queue on its catalogue lock, so the changing rows measure them one after
 * another; the unchanged row runs in parallel.
 * Options (env): BENCH_INVENTORY_SYNC=0 skips it; BENCH_INVENTORY_SYNC_RUNS (default 5) timed runs.
 */
import { startServer, type RunningServer } from '../e2e/support/server.js';
import { variantCatalogCsv } from './catalog-seed.js';
import { expectOk, type CatalogRow, type CatalogTiming, type LoadResult } from './catalog.js';
import type { CartLoadOptions } from './cart.js';

export interface InventorySyncBenchDeps {
  seed: (server: RunningServer) => Promise<{ headers: Record<string, string>; orgId: string }>;
  loadWith: (options: CartLoadOptions) => Promise<LoadResult>;
}

const PRODUCTS = 250;
const VARIANTS = 20;
const runs = Number(process.env.BENCH_INVENTORY_SYNC_RUNS ?? 5);

/** The SKUs variantCatalogCsv gives (`VAR-<product>-<variant>`), 5,000 of them. */
const skus = Array.from({ length: PRODUCTS * VARIANTS }, (_, i) => `VAR-${Math.floor(i / VARIANTS)}-${i % VARIANTS}`);
const syncBody = (countOf: (i: number) => number) =>
  JSON.stringify({ items: skus.map((sku, i) => ({ sku, inventory_count: countOf(i) })) });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchInventorySync(
  label: string,
  env: Record<string, string>,
  deps: InventorySyncBenchDeps,
): Promise<{ rows: CatalogRow[]; timings: CatalogTiming[] }> {
  const server = await startServer({ LOG_LEVEL: 'silent', IDENTITY_RATE_LIMIT: '1000', ...env });
  try {
    const { headers, orgId } = await deps.seed(server);
    const base = `http://127.0.0.1:${server.port}`;
    const imported = (await (
      await expectOk(
        await fetch(`${base}/api/product/organization/${orgId}/import`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'text/csv' },
          body: variantCatalogCsv(PRODUCTS, VARIANTS),
        }),
        'variant import',
      )
    ).json()) as { created: number };
    if (imported.created !== PRODUCTS * VARIANTS) throw new Error(`import created ${imported.created}, expected ${PRODUCTS * VARIANTS}`);

    const path = `/api/organization/${orgId}/inventory/sync`;
    const json = { ...headers, 'content-type': 'application/json' };
    const bodyA = syncBody((i) => 100 + (i % 50));
    const bodyB = syncBody((i) => 200 + (i % 50));
    const syncOnce = async (body: string, expectUpdated: number) => {
      const started = performance.now();
      const res = await expectOk(await fetch(`${base}${path}`, { method: 'POST', headers: json, body }), 'inventory sync');
      const seconds = (performance.now() - started) / 1000;
      const answer = (await res.json()) as { totals: { updated: number; not_found: number } };
      if (answer.totals.updated !== expectUpdated || answer.totals.not_found !== 0) {
        throw new Error(`inventory sync: ${JSON.stringify(answer.totals)}, expected ${expectUpdated} updated`);
      }
      return seconds;
    };

    // Warm-up (first request of the route, first write of the rows), then the timed runs.
    await syncOnce(bodyB, skus.length);
    const changed: number[] = [];
    const unchanged: number[] = [];
    for (let r = 0; r < runs; r++) {
      changed.push(await syncOnce(r % 2 === 0 ? bodyA : bodyB, skus.length));
      unchanged.push(await syncOnce(r % 2 === 0 ? bodyA : bodyB, 0));
    }
    const timings: CatalogTiming[] = [
      { database: label, operation: `Inventory sync, ${skus.length} SKUs, every line changes (median of ${runs})`, seconds: median(changed) },
      { database: label, operation: `Inventory sync, ${skus.length} SKUs, nothing changes (median of ${runs})`, seconds: median(unchanged) },
    ];

    const url = `${base}${path}`;
    const post = (body: string) => ({ method: 'POST', headers: json, body });
    const rows: CatalogRow[] = [
      {
        database: label,
        endpoint: `POST …/inventory/sync, ${skus.length} lines, two sets of counts in turn`,
        ...(await deps.loadWith({ url, headers: json, requests: [post(bodyA), post(bodyB)] })),
      },
      {
        database: label,
        endpoint: `POST …/inventory/sync, ${skus.length} lines, none change`,
        ...(await deps.loadWith({ url, headers: json, requests: [post(bodyB)] })),
      },
      {
        database: label,
        endpoint: 'POST …/inventory/sync, 1 line that changes',
        ...(await deps.loadWith({
          url,
          headers: json,
          requests: [
            post(JSON.stringify({ items: [{ sku: skus[0], inventory_count: 1 }] })),
            post(JSON.stringify({ items: [{ sku: skus[0], inventory_count: 2 }] })),
          ],
        })),
      },
    ];
    return { rows, timings };
  } finally {
    await server.stop();
  }
}
