/**
 * A seller's catalogue version: one number per seller (catalog_versions), bumped from one
 * sequence by statement triggers (migration 0010) whenever its products or their photos change,
 * inside the writing transaction. A cache of anything built from the catalogue compares the
 * version it was built from with the current one, so a change committed by any process is seen
 * by every process on its next request. A missing row means version 0 (never changed since
 * versions exist); a version is never reused, so equality is all a cache needs.
 *
 * ── The rule for writers ─────────────────────────────────────────────────────────────────
 * The trigger takes the lock of the seller's version row at the END of each statement that
 * writes products (after that statement locked its product rows). A transaction that writes a
 * seller's products in two statements therefore holds a product row and then waits for the
 * version row, while another may hold the version row and wait for that product row: a
 * deadlock (PostgreSQL aborts one of them after a second).
 *
 *   Every transaction that writes a seller's products or product photos calls
 *   `lockCatalogVersion(tx, sellerId)` FIRST — before any statement that locks, writes or
 *   references (foreign key) one of that seller's product rows.
 *
 * Then all writers queue on the version row before touching any product, in one order. A lone
 * autocommit UPDATE counts too (it locks its product rows before its trigger waits for the
 * version row), so every writer here — product save and delete, inventory transactions, the
 * catalogue import — takes the lock in a transaction, and new ones must too (carts reserving
 * stock, orders completing). The lock bumps the version as well; an extra bump costs one cache
 * miss.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organizationsSql } from '../organizations/service.js';

/** Bumps and locks the seller's catalogue version row until the transaction ends (see the rule above). */
export async function lockCatalogVersion(tx: Tx, organizationId: string): Promise<void> {
  await tx.execute(sql`
    insert into catalog_versions (organization_id, version)
    values (${organizationId}, nextval('catalog_version_seq'))
    on conflict (organization_id) do update set version = excluded.version`);
}

/**
 * Text that changes whenever what a storefront page shows of the seller in `organizationId`
 * may have changed: its catalogue version ('0' when it has none yet), and — for the full product
 * view, which names the seller in every product — the seller's name too.
 */
export function catalogStampSql(organizationId: SQL | Placeholder, withSellerName: boolean): SQL {
  const version = sql`coalesce((select cv.version from catalog_versions cv where cv.organization_id = ${organizationId}), 0)::text`;
  if (!withSellerName) return version;
  return sql`${version} || ':' || coalesce((select o.name from ${organizationsSql()} o where o.id = ${organizationId}), '')`;
}
