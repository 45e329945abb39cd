/**
 * What the orders module offers refunds (issue 21 part 2): the placed order under its row lock
 * — the lock that puts an order's refunds in a line, so what they add up to is decided one at a
 * time — its lines as bought, and its refunded amount (`orders.refunded_cents`), which the
 * lists show without reading the refunds.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLinesJsonSql } from '../carts/sql.js';

export type OrderForRefund = {
  id: string;
  /** draft or submitted (shipped orders are submitted with tracking). */
  status: string;
  selling_organization_id: string;
  purchasing_organization_id: string;
  subtotal_cents: number;
  shipping_cost_in_cents: number;
  total_cents: number;
  refunded_cents: number;
  completed_on: string | null;
  po_number: string | null;
};

export type OrderLineForRefund = {
  id: string;
  product_id: string;
  name: string;
  quantity: number;
  unit_price_in_cents: number;
};

function orderSql(orderId: string, lock: boolean) {
  return sql`
    select id, status, selling_organization_id, purchasing_organization_id,
           coalesce(subtotal_cents, 0)::int as subtotal_cents,
           coalesce(shipping_cost_in_cents, 0)::int as shipping_cost_in_cents,
           coalesce(total_cents, coalesce(subtotal_cents, 0) + coalesce(shipping_cost_in_cents, 0))::int as total_cents,
           refunded_cents, completed_on::text as completed_on, po_number
      from orders where id = ${orderId}
      ${lock ? sql`for update` : sql``}`;
}

/** The order locked until the transaction ends (undefined for an unknown id). */
export async function lockOrderForRefund(tx: DbOrTx, orderId: string): Promise<OrderForRefund | undefined> {
  return (await tx.execute<OrderForRefund>(orderSql(orderId, true))).rows[0];
}

/** The order as it is now, unlocked (reads). */
export async function orderForRefund(db: DbOrTx, orderId: string): Promise<OrderForRefund | undefined> {
  return (await db.execute<OrderForRefund>(orderSql(orderId, false))).rows[0];
}

/** The order's lines as bought (the prices captured at completion), in the order's order. */
export async function orderLinesForRefund(db: DbOrTx, orderId: string): Promise<OrderLineForRefund[]> {
  const result = await db.execute<{ lines: OrderLineForRefund[] | null }>(sql`
    select ${orderLinesJsonSql(sql`o.cart_id`)} as lines from orders o where o.id = ${orderId}`);
  return result.rows[0]?.lines ?? [];
}

/**
 * Adds `deltaCents` (negative: a failed refund gives its amount back) to the order's refunded
 * amount; answers the new amount. Call it with the order locked (lockOrderForRefund).
 */
export async function addOrderRefunded(tx: DbOrTx, orderId: string, deltaCents: number): Promise<number> {
  const result = await tx.execute<{ refunded_cents: number }>(sql`
    update orders set refunded_cents = refunded_cents + ${deltaCents}::int, updated_at = now()
     where id = ${orderId}
    returning refunded_cents`);
  return result.rows[0]!.refunded_cents;
}
