/**
 * A seller's catalogue version: a number per seller that changes whenever its products, their
 * photos or price breaks change, inside the writing transaction. A cache of anything built from
 * the catalogue compares the version it was built from with the current one, so a change
 * committed by any process is seen by every process on its next request.
 *
 * The version is kept in up to CATALOG_SLOTS counters per seller (catalog_versions, one row per
 * slot) and is their SUM. Statement triggers (migrations 0010, 0019, 0021) add one to the slot
 * of the writing transaction at the end of each statement that writes products, photos or price
 * breaks. A slot's row only ever counts up, under its row lock, so every committed change makes
 * the sum larger than any snapshot before it read: equality is all a cache needs. No rows means
 * version 0. Orders completing at once each sell stock under their own slot (checkout's seller
 * slot), so they do not queue on one row per seller.
 *
 * ── The rule for writers ─────────────────────────────────────────────────────────────────
 * The trigger takes the lock of a version row at the END of each statement that writes products
 * (after that statement locked its product rows). A transaction that writes a seller's products
 * in two statements therefore holds a product row and then waits for a version row, while
 * another may hold that version row and wait for the product row: a deadlock. And two writers
 * that lock several of a seller's products in different orders deadlock on the product rows
 * themselves. So:
 *
 *   Every transaction that writes or locks a seller's product rows (or writes its photos or
 *   price breaks) takes a lock on the seller's version FIRST, before touching any of them:
 *   - `lockCatalogVersion(tx, sellerId)` — all the slots: any writer (product save and delete,
 *     inventory transactions, the catalogue import). One at a time per seller, against all.
 *   - `lockCatalogSlot(tx, sellerId, slot)` — one slot: only for a transaction that then locks
 *     the products it changes in id order and changes nothing but their stock (checkout's stock
 *     holds and sales, products/reservations.ts). Such transactions on different slots run at
 *     once: they lock products in one order, so they never deadlock, and they exclude every
 *     `lockCatalogVersion` writer, which needs their slots too.
 *
 * A lone autocommit UPDATE counts too (it locks its product rows before its trigger waits for
 * slot 0), so every writer here takes the lock in a transaction, and new ones must too. The
 * locks bump nothing by themselves except `lockCatalogVersion`, which bumps slot 0 (an extra
 * bump costs one cache miss). A row that only references a product by foreign key (a cart
 * line, an order's history) takes KEY SHARE on the product's row, which waits for no writer
 * here: products are never deleted or re-keyed, only marked deleted, so their writers take
 * NO KEY UPDATE, which KEY SHARE does not conflict with.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { organizationsSql } from '../organizations/sql.js';

/** How many counters a seller's catalogue version is split into (slots 0 … CATALOG_SLOTS - 1). */
export const CATALOG_SLOTS = 16;

/**
 * Locks every slot of the seller's catalogue version until the transaction ends, and bumps the
 * version (see the rule above): the lock of any writer of the seller's products.
 */
export async function lockCatalogVersion(tx: Tx, organizationId: string): Promise<void> {
  // Slot by slot in one order (an upsert takes its rows in the order of its SELECT).
  await tx.execute(sql`
    insert into catalog_versions as v (organization_id, slot, version)
    select ${organizationId}::uuid, s, (s = 0)::int from generate_series(0, ${CATALOG_SLOTS - 1}::int) s order by s
    on conflict (organization_id, slot) do update set version = v.version + excluded.version`);
}

/**
 * Locks one slot of the seller's catalogue version until the transaction ends (bumping nothing),
 * and makes it the slot the triggers bump for the rest of the transaction. Only for a
 * transaction that then locks the products it changes in id order and changes only their stock
 * (the rule above). `slot` is taken modulo CATALOG_SLOTS; it may be an int SQL expression
 * (evaluated once, first): when that is null, nothing is locked and the answer is null.
 * Answers the slot locked.
 */
export async function lockCatalogSlot(tx: DbOrTx, organizationId: string, slot: number | SQL): Promise<number | null> {
  const result = await tx.execute<{ slot: number }>(sql`
    with s as materialized (select (${slot})::int as k)
    insert into catalog_versions as v (organization_id, slot, version)
    select ${organizationId}::uuid, (s.k % ${CATALOG_SLOTS}::int)::smallint, 0 from s where s.k is not null
    on conflict (organization_id, slot) do update set version = v.version
    returning slot, set_config('cratebase.catalog_slot', slot::text, true)`);
  const row = result.rows[0];
  return row ? Number(row.slot) : null;
}

/**
 * Text that changes whenever what a storefront page shows of the seller in `organizationId`
 * may have changed: its catalogue version ('0' when it has none yet), and — for the full product
 * view, which names the seller in every product — the seller's name too. One statement reads it
 * consistently (the slots are summed from one snapshot).
 */
export function catalogStampSql(organizationId: SQL | Placeholder, withSellerName: boolean): SQL {
  const version = sql`coalesce((select sum(cv.version) from catalog_versions cv where cv.organization_id = ${organizationId}), 0)::text`;
  if (!withSellerName) return version;
  return sql`${version} || ':' || coalesce((select o.name from ${organizationsSql()} o where o.id = ${organizationId}), '')`;
}
