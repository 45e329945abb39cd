/**
 * An order's lines after checkout (issue 23), for order-lifecycle: the lines under the order's
 * row lock, and their units moved — shipped, cancelled, reported unavailable, waited for. Each
 * line keeps `quantity` as ordered; the CHECKs of line_items keep the units within it. Call these
 * only with the order's row locked (order-lifecycle/commands.ts runCommand).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { productForOrderLineSql } from '../products/sql.js';

export type OrderLineUnits = {
  id: string;
  product_id: string;
  name: string;
  quantity: number;
  cancelled_quantity: number;
  shipped_quantity: number;
  unit_price_in_cents: number;
  unavailable_quantity: number;
  restock_on: string | null;
  backorder: 'asked' | 'waiting' | null;
  /** Issue 25: the pre-order ship window's first day the line was sold under (null: ships now; no stock was taken for it otherwise). */
  ships_from: string | null;
};

/** The order's lines (its cart's), in the order's order, with their units. */
export async function orderLineUnits(db: DbOrTx, cartId: string): Promise<OrderLineUnits[]> {
  const result = await db.execute<OrderLineUnits>(sql`
    select li.id, li.product_id, coalesce(p.name, '') as name, li.quantity, li.cancelled_quantity, li.shipped_quantity,
           coalesce(li.unit_price_in_cents, 0) as unit_price_in_cents,
           li.unavailable_quantity, li.restock_on::text as restock_on, li.backorder, li.ships_from::text as ships_from
      from line_items li
      left join lateral ${productForOrderLineSql(sql`li.product_id`)} p on true
     where li.cart_id = ${cartId}
     order by li.created_at, li.id`);
  return result.rows;
}

type Units = readonly { lineId: string; quantity: number }[];

/**
 * Adds `units` to each line's shipped or cancelled units. Units reported unavailable never pass
 * the units left: a backorder ends with its units (shipped or cancelled), its day and choice too.
 */
export async function addLineUnits(tx: DbOrTx, column: 'shipped' | 'cancelled', units: Units): Promise<void> {
  if (units.length === 0) return;
  const target = column === 'shipped' ? sql`shipped_quantity` : sql`cancelled_quantity`;
  const leftAfter = sql`(li.quantity - li.shipped_quantity - li.cancelled_quantity - v.quantity)`;
  await tx.execute(sql`
    update line_items li
       set ${target} = li.${target} + v.quantity,
           unavailable_quantity = least(li.unavailable_quantity, ${leftAfter}),
           backorder = case when least(li.unavailable_quantity, ${leftAfter}) = 0 then null else li.backorder end,
           restock_on = case when least(li.unavailable_quantity, ${leftAfter}) = 0 then null else li.restock_on end
      from unnest(${sql.param(units.map((u) => u.lineId))}::uuid[], ${sql.param(units.map((u) => u.quantity))}::int[])
           as v(id, quantity)
     where li.id = v.id`);
}

/** The seller cannot ship these units now: the retailer is asked to wait for them (until `restockOn`) or cancel them. */
export async function reportLinesUnavailable(tx: DbOrTx, units: Units, restockOn: string): Promise<void> {
  await tx.execute(sql`
    update line_items li set unavailable_quantity = v.quantity, restock_on = ${restockOn}::date, backorder = 'asked'
      from unnest(${sql.param(units.map((u) => u.lineId))}::uuid[], ${sql.param(units.map((u) => u.quantity))}::int[])
           as v(id, quantity)
     where li.id = v.id`);
}

/** The retailer waits for these lines' unavailable units (a backorder). */
export async function waitForLines(tx: DbOrTx, lineIds: readonly string[]): Promise<void> {
  if (lineIds.length === 0) return;
  await tx.execute(sql`update line_items set backorder = 'waiting' where id = any(${sql.param(lineIds)}::uuid[])`);
}
