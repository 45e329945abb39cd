/**
 * The inventory sync (issue 26; docs/inventory-sync.md), run by bench/run.ts: a production
 * server whose seller imported 250 products × 20 variants (5,000 variant SKUs, the catalogue
 * import's CSV), and `POST /api/organization/{id}/inventory/sync` with all 5,000 SKUs:
 *  - timed one request at a time: every line changes (the counts alternate between two sets),
 *    and nothing changes (the same counts again: no lock, no write);
 *  - under autocannon like the other rows (req/s against the bare route): one line whose count
 *    alternates (a web shop's sale, at the run's connections; and the same through the single
 *    `POST /api/inventory/transaction` for comparison), 5,000 lines that change nothing, and
 *    5,000 lines whose counts alternate between two sets (a request changes every line or none,
 *    by the one before it).
 * Syncs of one seller that change something queue on its catalogue lock, so those rows measure
 * them one after another; the unchanged row runs in parallel.
 * Options (env): BENCH_INVENTORY_SYNC=0 skips it; BENCH_INVENTORY_SYNC_RUNS (default 5) timed runs;
 * BENCH_INVENTORY_SYNC_CONNECTIONS (default 4) for the 5,000-line rows.
 */
import autocannon from 'autocannon';
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

/** Connections of the 5,000-line rows under load. */
const BULK_CONNECTIONS = Number(process.env.BENCH_INVENTORY_SYNC_CONNECTIONS ?? 4);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

/** autocannon with BULK_CONNECTIONS connections cycling through `requests` (a short warm-up first). */
async function loadBulk(
  url: string,
  headers: Record<string, string>,
  requests: CartLoadOptions['requests'],
): Promise<LoadResult> {
  const options = { url, headers, requests, connections: BULK_CONNECTIONS, timeout: 60 };
  await autocannon({ ...options, duration: 1 });
  const r = await autocannon({ ...options, duration: seconds });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + (r.non2xx ?? 0),
  };
}

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
    if (imported.created !== PRODUCTS * VARIANTS)
      throw new Error(`import created ${imported.created}, expected ${PRODUCTS * VARIANTS}`);

    const path = `/api/organization/${orgId}/inventory/sync`;
    const json = { ...headers, 'content-type': 'application/json' };
    const bodyA = syncBody((i) => 100 + (i % 50));
    const bodyB = syncBody((i) => 200 + (i % 50));
    const syncOnce = async (body: string, expectUpdated: number) => {
      const started = performance.now();
      const res = await expectOk(
        await fetch(`${base}${path}`, { method: 'POST', headers: json, body }),
        'inventory sync',
      );
      const seconds = (performance.now() - started) / 1000;
      const answer = (await res.json()) as { totals: { updated: number; not_found: number } };
      if (answer.totals.updated !== expectUpdated || answer.totals.not_found !== 0) {
        throw new Error(`inventory sync: ${JSON.stringify(answer.totals)}, expected ${expectUpdated} updated`);
      }
      return seconds;
    };

    // Warm-up (first request of the route, first write of the rows), then the timed runs.
    await syncOnce(bodyB, skus.length);
    const firstVariant = (
      (await (
        await expectOk(
          await fetch(`${base}${path}`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ items: [{ sku: skus[0], inventory_count: 200 }] }),
          }),
          'inventory sync of one line',
        )
      ).json()) as { items: { variant_id: string }[] }
    ).items[0]!.variant_id;
    const changed: number[] = [];
    const unchanged: number[] = [];
    for (let r = 0; r < runs; r++) {
      changed.push(await syncOnce(r % 2 === 0 ? bodyA : bodyB, skus.length));
      unchanged.push(await syncOnce(r % 2 === 0 ? bodyA : bodyB, 0));
    }
    const timings: CatalogTiming[] = [
      {
        database: label,
        operation: `Inventory sync, ${skus.length} SKUs, every line changes (median of ${runs})`,
        seconds: median(changed),
      },
      {
        database: label,
        operation: `Inventory sync, ${skus.length} SKUs, nothing changes (median of ${runs})`,
        seconds: median(unchanged),
      },
    ];

    // Under load: the one-line row first, the 5,000-line rows after it with a few connections (a
    // seller's systems do not send fifty 5,000-line syncs at once, and each queues on the lock).
    const url = `${base}${path}`;
    const post = (body: string) => ({ method: 'POST', headers: json, body });
    const rows: CatalogRow[] = [
      {
        database: label,
        endpoint: 'POST …/inventory/sync, 1 line whose count alternates',
        ...(await deps.loadWith({
          url,
          headers: json,
          requests: [
            post(JSON.stringify({ items: [{ sku: skus[0], inventory_count: 1 }] })),
            post(JSON.stringify({ items: [{ sku: skus[0], inventory_count: 2 }] })),
          ],
        })),
      },
      {
        // The same change through the single stock route, for comparison.
        database: label,
        endpoint: 'POST /api/inventory/transaction, set, count alternates',
        ...(await deps.loadWith({
          url: `${base}/api/inventory/transaction`,
          headers: json,
          requests: [1, 2].map((count) =>
            post(JSON.stringify({ product: { id: firstVariant }, inventory_transaction_type: 'set', count })),
          ),
        })),
      },
      {
        database: label,
        endpoint: `POST …/inventory/sync, ${skus.length} lines, none change (${BULK_CONNECTIONS} connections)`,
        ...(await loadBulk(url, json, [post(bodyB)])),
      },
      {
        database: label,
        endpoint: `POST …/inventory/sync, ${skus.length} lines, two sets of counts in turn (${BULK_CONNECTIONS} connections)`,
        ...(await loadBulk(url, json, [post(bodyA), post(bodyB)])),
      },
    ];
    return { rows, timings };
  } finally {
    await server.stop();
  }
}
