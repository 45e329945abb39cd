/**
 * A seller's slots (issue 11): checkouts of one seller running at once must not queue on rows
 * shared by the whole seller. Every counter a completing order adds to per seller — the
 * catalogue version (products/catalog-version.ts), the order-list version
 * (orders/list-version.ts), the dashboard's day and product-week rows — is split into slot
 * rows, and readers sum them. A transaction that holds or sells a seller's stock, or completes
 * one of its orders, first claims one of SELLER_SLOTS slots with a transaction-scoped advisory
 * lock — the lowest slot no other open transaction holds — and writes only that slot's rows.
 *
 * A slot therefore belongs to one such transaction at a time: up to SELLER_SLOTS checkouts of
 * one seller run at once without waiting for each other's seller-wide rows (what they still
 * share is each product's row, for its stock). Past that, a claim waits for a slot to be free,
 * before the transaction has locked anything others wait for.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { CATALOG_SLOTS } from '../products/catalog-version.js';

/** Slots per seller; the catalogue version has as many (each module takes slots modulo its own count). */
export const SELLER_SLOTS = CATALOG_SLOTS;

const slotKey = (sellerId: string) => `seller-slot:${sellerId}:`;

/**
 * An int SQL expression that claims the lowest slot of the seller no other transaction holds,
 * until the transaction ends, and yields it — or null when all are taken (then `claimSellerSlot`
 * waits for one). For a statement that locks the slot's rows at once (catalog-version.ts's
 * lockCatalogSlot).
 */
export function tryClaimSellerSlotSql(sellerId: string): SQL {
  return sql`(select k from generate_series(0, ${SELLER_SLOTS - 1}::int) k
               where pg_try_advisory_xact_lock(hashtextextended(${slotKey(sellerId)} || k, 0))
               limit 1)`;
}

/**
 * Claims a slot of the seller until the transaction ends and answers it: the lowest one no
 * other transaction holds, else (all taken) one picked at random, waiting until it is free.
 * Claim once per transaction and pass the slot on: a second claim may answer another slot.
 */
export async function claimSellerSlot(tx: DbOrTx, sellerId: string): Promise<number> {
  const free = await tx.execute<{ slot: number | null }>(sql`select ${tryClaimSellerSlotSql(sellerId)} as slot`);
  const slot = free.rows[0]?.slot;
  if (slot !== null && slot !== undefined) return Number(slot);
  const any = Math.floor(Math.random() * SELLER_SLOTS);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${slotKey(sellerId)} || ${any}::int, 0))`);
  return any;
}
