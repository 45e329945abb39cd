/**
 * A product's stock, as the products module offers it to others (inventory, and later carts
 * and orders): read who sells a product, and change its count in place under the row lock.
 */
import { and, eq, sql } from 'drizzle-orm';
import { PRODUCT_LIMITS } from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import { conflict, DomainError, fieldError } from '../../lib/errors.js';
import { products } from './schema.js';

export type StockChange = 'add' | 'remove' | 'set';

/** The selling organization and whether the product was removed, or undefined if unknown. */
export async function productOwner(
  db: DbOrTx,
  productId: string,
): Promise<{ organizationId: string; deleted: boolean; hasVariants: boolean } | undefined> {
  const [row] = await db
    .select({ organizationId: products.organizationId, deletedAt: products.deletedAt, options: products.options })
    .from(products)
    .where(eq(products.id, productId));
  return row
    ? { organizationId: row.organizationId, deleted: row.deletedAt !== null, hasVariants: row.options !== null }
    : undefined;
}

/** Stock is kept per variant: a product with options has none of its own (400 naming product.id). */
export const stockOfVariantsError = () =>
  fieldError('product.id', 'is a product with variants: its stock is kept per variant, send a variant\u2019s id');

export const productRemovedError = () =>
  conflict('This product was removed from the catalog; its stock can no longer change.', 'product_deleted');

/**
 * Adds, removes or sets stock in one statement (`inventory_count + n` under the row lock, so
 * concurrent changes all apply) and returns the new count. Stock never goes below zero: 409
 * insufficient_inventory naming `count`; a removed product: 409 product_deleted.
 * `startTracking` turns the product's "Track inventory" on in the same statement (a seller
 * recording stock means to track it).
 *
 * Call it in a transaction that took `lockCatalogVersion(tx, sellerId)` first (catalog-version.ts).
 */
export async function changeStock(
  tx: DbOrTx,
  productId: string,
  change: StockChange,
  count: number,
  opts: { startTracking?: boolean } = {},
): Promise<number> {
  // Computed in bigint and kept within 0 … PRODUCT_LIMITS.inventory: an addition past the
  // integer column's range was a 500 (found by the OpenAPI conformance test).
  const next =
    change === 'set'
      ? sql`${count}::bigint`
      : change === 'remove'
        ? sql`${products.inventoryCount}::bigint - ${count}::bigint`
        : sql`${products.inventoryCount}::bigint + ${count}::bigint`;
  const [updated] = await tx
    .update(products)
    .set({ inventoryCount: sql`(${next})::int`, updatedAt: sql`now()`, ...(opts.startTracking ? { trackInventory: true } : {}) })
    .where(
      and(
        eq(products.id, productId),
        sql`${products.deletedAt} is null`,
        sql`${next} >= 0`,
        sql`${next} <= ${PRODUCT_LIMITS.inventory}`,
      ),
    )
    .returning({ n: products.inventoryCount });
  if (updated) return updated.n;
  const [current] = await tx
    .select({ n: products.inventoryCount, deletedAt: products.deletedAt })
    .from(products)
    .where(eq(products.id, productId));
  if (!current || current.deletedAt) throw productRemovedError();
  if (change === 'add' && current.n + count > PRODUCT_LIMITS.inventory) {
    const limit = PRODUCT_LIMITS.inventory.toLocaleString('en-US');
    throw new DomainError('conflict', 'inventory_limit', `count: stock cannot go above ${limit}; ${current.n} in stock now.`, [
      { path: 'count', message: `stock cannot go above ${limit}` },
    ]);
  }
  throw new DomainError(
    'conflict',
    'insufficient_inventory',
    `count: only ${current.n} in stock; stock cannot go below zero.`,
    [{ path: 'count', message: `only ${current.n} in stock` }],
  );
}

/**
 * Of the products, those whose stock is tracked ("Track inventory" on, not removed): the ones a
 * refund's units can go back to.
 */
export async function trackedProductIds(db: DbOrTx, productIds: readonly string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        sql`${products.id} = any(${sql.param([...productIds])}::uuid[])`,
        eq(products.trackInventory, true),
        sql`${products.deletedAt} is null`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Puts units back into stock (a refund's returned items, issue 21): adds each quantity to its
 * product in one statement, rows locked in id order, only for products whose stock is tracked
 * and that were not removed. Answers what went back, per product.
 *
 * Call it in a transaction that took `lockCatalogVersion(tx, sellerId)` first (catalog-version.ts).
 */
export async function returnStock(
  tx: DbOrTx,
  items: readonly { productId: string; quantity: number }[],
): Promise<{ product_id: string; count: number }[]> {
  if (items.length === 0) return [];
  const result = await tx.execute<{ product_id: string; count: number }>(sql`
    with back as (
      select product_id, sum(quantity)::int as quantity
        from unnest(${sql.param(items.map((i) => i.productId))}::uuid[], ${sql.param(items.map((i) => i.quantity))}::int[])
             as b(product_id, quantity)
       group by product_id
    ), locked as materialized (
      select p.id, b.quantity from products p join back b on b.product_id = p.id
       where p.track_inventory and p.deleted_at is null
       order by p.id
         for no key update of p
    )
    update products p
       set inventory_count = p.inventory_count + l.quantity, updated_at = now()
      from locked l
     where p.id = l.id
    returning p.id as product_id, l.quantity as count`);
  return result.rows;
}

/**
 * Takes units out of stock again (issue 23: a claim's replacement shipment): for each product
 * whose stock is tracked, in one statement under the rows' locks (id order), all or nothing.
 * Answers what was taken per tracked product, or the first product short of units. Call it in a
 * transaction that took `lockCatalogVersion(tx, sellerId)` first (catalog-version.ts).
 */
export async function takeTrackedStock(
  tx: DbOrTx,
  items: readonly { productId: string; quantity: number }[],
): Promise<{ taken: { product_id: string; count: number }[] } | { short: { name: string; count: number } }> {
  if (items.length === 0) return { taken: [] };
  const locked = await tx.execute<{ id: string; name: string; tracked: boolean; left: number; quantity: number }>(sql`
    with want as (
      select product_id, sum(quantity)::int as quantity
        from unnest(${sql.param(items.map((i) => i.productId))}::uuid[], ${sql.param(items.map((i) => i.quantity))}::int[])
             as w(product_id, quantity)
       group by product_id
    )
    select p.id, p.name, p.track_inventory as tracked, p.inventory_count as left, w.quantity
      from products p join want w on w.product_id = p.id
     order by p.id
       for no key update of p`);
  const short = locked.rows.find((r) => r.tracked && r.left < r.quantity);
  if (short) return { short: { name: short.name, count: short.quantity } };
  const tracked = locked.rows.filter((r) => r.tracked);
  if (tracked.length > 0) {
    await tx.execute(sql`
      update products p set inventory_count = p.inventory_count - v.quantity, updated_at = now()
        from unnest(${sql.param(tracked.map((r) => r.id))}::uuid[], ${sql.param(tracked.map((r) => r.quantity))}::int[])
             as v(id, quantity)
       where p.id = v.id`);
  }
  return { taken: tracked.map((r) => ({ product_id: r.id, count: r.quantity })) };
}
