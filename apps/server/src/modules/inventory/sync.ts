/**
 * Inventory sync by SKU (issue 26; docs/inventory-sync.md): a seller's other system sets the
 * stock of up to 5,000 variants in one request and gets an answer per line, in the order sent.
 *
 * One command (db/command.ts): one transaction, idempotent with an Idempotency-Key. A handful of
 * statements whatever the number of lines:
 *  1. read the rows the SKUs name and what would change (no lock);
 *  2. only if something would: lock the seller's catalogue version (catalog-version.ts: the lock
 *     every writer of the seller's products takes first, so two syncs — or a sync and a product
 *     save or a checkout — queue instead of deadlocking), then read the rows again under their
 *     locks, in id order, and set the stock of those that differ in the same statement;
 *  3. record a `set` inventory transaction for each row written (the stock's history), and an
 *     `inventory.changed` webhook event per INVENTORY_EVENT_MAX_ITEMS rows written (the outbox:
 *     written with the change, sent after it commits; nothing for a seller without endpoints).
 * A sync that changes nothing writes nothing: the catalogue version and the storefront's page
 * caches stay as they are. One that does bumps the version in its transaction, so every
 * process's cached storefront pages stop matching the moment it commits.
 *
 * A SKU on two lines of one request is applied on neither (which count would be right is not
 * ours to guess): both lines answer `duplicate`.
 */
import type {
  InventorySyncBody,
  InventorySyncLine,
  InventorySyncResult,
  InventorySyncTotals,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { runCommand } from '../../db/command.js';
import { lockCatalogVersion } from '../products/catalog-version.js';
import { stockBySku, type SkuStockRow, type SkuStockWant } from '../products/stock-by-sku.js';
import { recordWebhookEvent } from '../outbound-webhooks/outbox.js';
import { recordStockLevels } from './service.js';

/** Lines per `inventory.changed` webhook event, at most (a sync of 5,000 changes sends five). */
export const INVENTORY_EVENT_MAX_ITEMS = 1_000;

/** The distinct SKUs of the request (a repeated one only read), and the repeated ones. */
function distinctWants(items: InventorySyncBody['items']): { wants: SkuStockWant[]; repeated: Set<string> } {
  const bySku = new Map<string, { count: number; lines: number }>();
  for (const item of items) {
    const seen = bySku.get(item.sku);
    if (seen) seen.lines += 1;
    else bySku.set(item.sku, { count: item.inventory_count, lines: 1 });
  }
  const wants = [...bySku].map(([sku, { count, lines }]) => ({ sku, count, apply: lines === 1 }));
  return { wants, repeated: new Set(wants.filter((w) => !w.apply).map((w) => w.sku)) };
}

/** The product and variant a row is, as the answer and the webhook name them. */
const productAndVariant = (row: SkuStockRow) =>
  row.parent_id ? { product_id: row.parent_id, variant_id: row.id } : { product_id: row.id, variant_id: null };

/** Each line's answer, in the order sent. */
function answerLines(
  items: InventorySyncBody['items'],
  rows: readonly SkuStockRow[],
  repeated: ReadonlySet<string>,
  startTracking: boolean,
): InventorySyncLine[] {
  const bySku = new Map(rows.map((r) => [r.sku, r]));
  return items.map((item): InventorySyncLine => {
    const row = bySku.get(item.sku);
    if (!row) {
      const status = repeated.has(item.sku) ? 'duplicate' : 'not_found';
      return { sku: item.sku, status, inventory_count: null, product_id: null, variant_id: null };
    }
    const ids = productAndVariant(row);
    // A repeated SKU first: none of its lines was applied, whatever its row is.
    const status = repeated.has(item.sku)
      ? 'duplicate'
      : row.has_variants
        ? 'has_variants'
        : row.changes
          ? 'updated'
          : !row.tracked && !startTracking
            ? 'not_tracked'
            : 'unchanged';
    // A product with variants has no stock of its own to tell.
    const inventoryCount = row.has_variants ? null : row.changes ? item.inventory_count : row.before;
    return { sku: item.sku, status, inventory_count: inventoryCount, ...ids };
  });
}

function totalsOf(lines: readonly InventorySyncLine[]): InventorySyncTotals {
  const totals: InventorySyncTotals = {
    lines: lines.length,
    updated: 0,
    unchanged: 0,
    not_found: 0,
    duplicate: 0,
    not_tracked: 0,
    has_variants: 0,
  };
  for (const line of lines) totals[line.status] += 1;
  return totals;
}

/**
 * Sets the stock of the organization's products and variants named by SKU (see above). `userId`
 * is who the inventory transactions are recorded for (null when the caller is no person).
 */
export async function syncInventoryBySku(
  ctx: AppContext,
  organizationId: string,
  userId: string | null,
  body: InventorySyncBody,
  idempotencyKey: string | undefined,
): Promise<InventorySyncResult> {
  const startTracking = body.skip_untracked !== true;
  const { wants, repeated } = distinctWants(body.items);
  const { result, replayed } = await runCommand(
    ctx.db,
    { name: 'inventory.sync', scope: organizationId, idempotencyKey, request: body },
    async (tx) => {
      let rows = await stockBySku(tx, organizationId, wants, { write: false, startTracking });
      if (rows.some((r) => r.changes)) {
        await lockCatalogVersion(tx, organizationId);
        rows = await stockBySku(tx, organizationId, wants, { write: true, startTracking });
        const wanted = new Map(wants.map((w) => [w.sku, w.count]));
        const written = rows.filter((r) => r.changes).map((r) => ({ row: r, count: wanted.get(r.sku)! }));
        await recordStockLevels(
          tx,
          organizationId,
          userId,
          written.map(({ row, count }) => ({ product_id: row.id, count })),
        );
        for (let i = 0; i < written.length; i += INVENTORY_EVENT_MAX_ITEMS) {
          const items = written
            .slice(i, i + INVENTORY_EVENT_MAX_ITEMS)
            .map(({ row, count }) => ({ ...productAndVariant(row), sku: row.sku, inventory_count: count }));
          await recordWebhookEvent(tx, organizationId, 'inventory.changed', { items });
        }
      }
      const items = answerLines(body.items, rows, repeated, startTracking);
      return { items, totals: totalsOf(items) };
    },
  );
  return { ...result, replayed };
}
