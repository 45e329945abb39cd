/**
 * Stock held for checkouts (DECISIONS "The money path"), as the products module offers it to
 * the checkout: hold a tracked product's stock while the buyer pays, sell it when the order
 * completes, release it when the checkout ends unpaid. Untracked products are never held.
 *
 * Holding locks the products' rows (in id order, so two checkouts of the same products never
 * deadlock) and counts what others hold, so checkouts racing for the last units are served one
 * after the other: the first ones get the stock, the rest a shortfall before any payment.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface StockWanted {
  productId: string;
  quantity: number;
}

/** A tracked product that has less available than wanted (nothing was held). */
export interface StockShortfall {
  productId: string;
  name: string;
  available: number;
  wanted: number;
}

/**
 * Holds `items` for `holder` until `heldUntil` (in the caller's transaction), or holds nothing
 * and answers the shortfalls. A holder holding again replaces its holds.
 */
export async function holdStock(
  tx: DbOrTx,
  holder: string,
  items: readonly StockWanted[],
  heldUntil: Date,
): Promise<StockShortfall[]> {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.productId);
  const quantities = items.map((i) => i.quantity);
  // First lock the tracked products' rows; only then count the holds, in a second statement:
  // under READ COMMITTED each statement sees what was committed when it started, so the count
  // must start after the lock wait, to see the holds of the checkout that held the lock before.
  await tx.execute(sql`
    select p.id from products p
     where p.id = any(${sql.param(ids)}::uuid[]) and p.track_inventory
     order by p.id
       for no key update`);
  const result = await tx.execute<{ product_id: string; name: string; available: number; wanted: number }>(sql`
    with wanted as (
      select product_id, sum(quantity)::int as quantity
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(quantities)}::int[]) as w(product_id, quantity)
       group by product_id
    )
    select p.id as product_id, p.name, w.quantity as wanted,
           (p.inventory_count - coalesce((
              select sum(r.quantity) from stock_reservations r
               where r.product_id = p.id and r.status = 'held' and r.held_until > now() and r.holder <> ${holder}
           ), 0))::int as available
      from products p join wanted w on w.product_id = p.id
     where p.track_inventory`);
  const rows = result.rows;
  const shortfalls = rows
    .filter((r) => r.available < r.wanted)
    .map((r) => ({ productId: r.product_id, name: r.name, available: Math.max(0, r.available), wanted: r.wanted }));
  if (shortfalls.length > 0) return shortfalls;
  await tx.execute(sql`delete from stock_reservations where holder = ${holder} and status = 'held'`);
  if (rows.length > 0) {
    await tx.execute(sql`
      insert into stock_reservations (product_id, holder, quantity, held_until)
      select product_id, ${holder}, quantity, ${heldUntil}
        from unnest(${sql.param(rows.map((r) => r.product_id))}::uuid[], ${sql.param(rows.map((r) => r.wanted))}::int[]) as h(product_id, quantity)`);
  }
  return [];
}

/** Ends the holder's holds unsold (its checkout expired or failed). */
export async function releaseStock(tx: DbOrTx, holder: string): Promise<void> {
  await tx.execute(sql`update stock_reservations set status = 'released' where holder = ${holder} and status = 'held'`);
}

/**
 * The order completed: takes the holder's quantities of tracked products out of stock (under
 * the rows' locks, so concurrent stock changes all apply) and marks its holds sold. The paid
 * quantities are taken even if a hold ran out of time meanwhile — the buyer has paid; a count
 * below zero then tells the seller what is owed.
 */
export async function sellStock(tx: DbOrTx, holder: string, items: readonly StockWanted[]): Promise<void> {
  if (items.length === 0) return;
  await tx.execute(sql`
    update products p
       set inventory_count = p.inventory_count - s.quantity, updated_at = now()
      from (select product_id, sum(quantity)::int as quantity
              from unnest(${sql.param(items.map((i) => i.productId))}::uuid[], ${sql.param(items.map((i) => i.quantity))}::int[])
                   as s(product_id, quantity)
             group by product_id) s
     where p.id = s.product_id and p.track_inventory`);
  await tx.execute(sql`update stock_reservations set status = 'sold' where holder = ${holder} and status = 'held'`);
}
