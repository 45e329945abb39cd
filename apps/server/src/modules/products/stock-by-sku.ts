/**
 * Stock set by SKU, many at once (issue 26, the inventory sync: modules/inventory/sync.ts): the
 * products module's part, one statement over all the lines. A SKU names at most one live row of
 * an organization (products_org_sku_key): a product without variants, a variant, or a product
 * with variants (which keeps no stock of its own). SKUs match exactly, case included, as the
 * unique index compares them.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** One distinct SKU of a sync and the count it asks for; `apply: false` only reads its row (a SKU sent twice). */
export interface SkuStockWant {
  sku: string;
  count: number;
  apply: boolean;
}

/** The row a SKU names, as it was before the statement, and whether the statement set its stock. */
export type SkuStockRow = {
  sku: string;
  /** The products row: a variant or a product without variants (or a product with variants). */
  id: string;
  /** The variant's product, or null for a product. */
  parent_id: string | null;
  has_variants: boolean;
  tracked: boolean;
  /** The stock before. */
  before: number;
  /** True when the stock is (write) or would be (read) set to the wanted count, with tracking on. */
  changes: boolean;
};

/**
 * Finds the live rows of `organizationId` that the SKUs name and, with `write`, sets the stock of
 * each whose count differs (or whose tracking is off, when `startTracking`: it is turned on) in
 * the same statement. Rows that would not change are not written, so a sync that changes nothing
 * writes nothing and does not bump the catalogue version. With `write` the rows are locked in id
 * order first (two syncs then queue rather than deadlock), and the caller must have taken
 * `lockCatalogVersion(tx, organizationId)` before (catalog-version.ts); without it nothing is
 * locked or written (`changes` then tells what a write would do).
 */
export async function stockBySku(
  db: DbOrTx,
  organizationId: string,
  wants: readonly SkuStockWant[],
  opts: { write: boolean; startTracking: boolean },
): Promise<SkuStockRow[]> {
  if (wants.length === 0) return [];
  const lock = opts.write ? sql`for no key update of p` : sql``;
  const update = opts.write
    ? sql`, set_stock as (
        update products p set inventory_count = f.count, track_inventory = true, updated_at = now()
          from found f
         where p.id = f.id and f.changes
        returning p.id)`
    : sql``;
  const result = await db.execute<SkuStockRow>(sql`
    with want as (
      select w.sku, w.count, w.apply
        from unnest(${sql.param(wants.map((w) => w.sku))}::text[], ${sql.param(wants.map((w) => w.count))}::int[],
                    ${sql.param(wants.map((w) => w.apply))}::boolean[]) as w(sku, count, apply)
    ), found as materialized (
      select p.id, p.parent_id, p.options is not null as has_variants, p.track_inventory as tracked,
             p.inventory_count as before, w.sku, w.count,
             w.apply and p.options is null
               and (case when p.track_inventory then p.inventory_count <> w.count else ${opts.startTracking}::boolean end)
               as changes
        from products p
        join want w on w.sku = p.stock_keeping_unit
       where p.organization_id = ${organizationId}::uuid and p.deleted_at is null
         and (p.parent_id is null
              or exists (select 1 from products par where par.id = p.parent_id and par.deleted_at is null))
       order by p.id
       ${lock}
    )${update}
    select f.sku, f.id, f.parent_id, f.has_variants, f.tracked, f.before, f.changes from found f`);
  return result.rows;
}
