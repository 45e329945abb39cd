/**
 * Stock held for checkouts (DECISIONS "The money path"), as the products module offers it to
 * the checkout: hold a tracked product's stock while the buyer pays, sell it when the order
 * completes, release it when the checkout ends unpaid. Untracked products are never held, nor
 * pre-orders (issue 25: sold without stock; products/sql.ts answers them untracked).
 *
 * Holding and selling lock the products' rows in id order, so checkouts of the same products
 * never deadlock; holding counts what others hold under those locks, so checkouts racing for
 * the last units are served one after the other: the first ones get the stock, the rest a
 * shortfall before any payment. A product's row is all that checkouts of different buyers
 * share: call these in a transaction that took `lockCatalogSlot` of the seller first
 * (catalog-version.ts), which keeps out every other writer of the seller's products, and sell
 * last, just before the commit, so the row is held for the commit only.
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
     where p.id = any(${sql.param(ids)}::uuid[]) and p.track_inventory and p.preorder_ships_from is null
     order by p.id
       for no key update`);
  // The count and, when every product has enough, the holder's holds replaced: one statement
  // (the products' rows stay locked from here to the commit). The old holds go before the new
  // ones are written (the insert reads what the delete returned).
  const result = await tx.execute<{ product_id: string; name: string; available: number; wanted: number }>(sql`
    with wanted as (
      select product_id, sum(quantity)::int as quantity
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(quantities)}::int[]) as w(product_id, quantity)
       group by product_id
    ), counted as (
      select p.id as product_id, p.name, w.quantity as wanted,
             (p.inventory_count - coalesce((
                select sum(r.quantity) from stock_reservations r
                 where r.product_id = p.id and r.status = 'held' and r.held_until > now() and r.holder <> ${holder}
             ), 0))::int as available
        from products p join wanted w on w.product_id = p.id
       where p.track_inventory and p.preorder_ships_from is null
    ), enough as (
      select not exists (select 1 from counted where available < wanted) as ok
    ), replaced as (
      delete from stock_reservations
       where holder = ${holder} and status = 'held' and (select ok from enough)
      returning 1
    ), held as (
      insert into stock_reservations (product_id, holder, quantity, held_until)
      select product_id, ${holder}, wanted, ${heldUntil} from counted
       where (select ok from enough) and (select count(*) from replaced) >= 0
      returning 1
    )
    select product_id, name, wanted, available, (select count(*) from held)::int as held from counted`);
  return result.rows
    .filter((r) => r.available < r.wanted)
    .map((r) => ({ productId: r.product_id, name: r.name, available: Math.max(0, r.available), wanted: r.wanted }));
}

/** Ends the holder's holds unsold (its checkout expired or failed). */
export async function releaseStock(tx: DbOrTx, holder: string): Promise<void> {
  await tx.execute(sql`update stock_reservations set status = 'released' where holder = ${holder} and status = 'held'`);
}

/**
 * The order completed: in one statement, takes the holder's quantities of tracked products out
 * of stock under the rows' locks, taken in id order (so concurrent stock changes all apply, and
 * sales of the same products queue instead of deadlocking), and marks its holds sold. The paid
 * quantities are taken even if a hold ran out of time meanwhile — the buyer has paid; a count
 * below zero then tells the seller what is owed.
 *
 * Both commit together: a checkout holding stock meanwhile counts the holds only once it has
 * the product's row, so it sees this sale's holds as held (before its commit) or the stock
 * taken (after). Call it as the last statement before the commit: the products' rows are the
 * rows concurrent orders of the same products wait for.
 */
export async function sellStock(tx: DbOrTx, holder: string, items: readonly StockWanted[]): Promise<void> {
  if (items.length === 0) return;
  await tx.execute(sql`
    with sold_holds as (
      update stock_reservations set status = 'sold' where holder = ${holder} and status = 'held'
    ), sold as (
      select product_id, sum(quantity)::int as quantity
        from unnest(${sql.param(items.map((i) => i.productId))}::uuid[], ${sql.param(items.map((i) => i.quantity))}::int[])
             as s(product_id, quantity)
       group by product_id
    ), locked as materialized (
      select p.id, s.quantity from products p join sold s on s.product_id = p.id
       where p.track_inventory
       order by p.id
         for no key update of p
    )
    update products p
       set inventory_count = p.inventory_count - l.quantity, updated_at = now()
      from locked l
     where p.id = l.id`);
}
