/**
 * What order-lifecycle (issue 23) changes of the orders module's rows: the placed order under
 * its row lock, its state and what was cancelled, the buyer's cancellation request, and its
 * shipments (with the spec's shipping_information row kept as the latest one's tracking). The
 * rules are order-lifecycle's (commands.ts); these are the writes, each one statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SHIPPED_STATUS, type Carrier, type OrderState } from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import { buyerCancelHoursSql } from '../organizations/sql.js';
import type { ShipmentLineRecord } from './schema.js';

export type PlacedOrder = {
  id: string;
  status: string;
  cart_id: string;
  selling_organization_id: string;
  purchasing_organization_id: string;
  subtotal_cents: number;
  shipping_cost_in_cents: number;
  total_cents: number;
  refunded_cents: number;
  cancelled_cents: number;
  completed_on: string | null;
  po_number: string | null;
  state: OrderState;
  accepted_at: string | null;
  delivered_at: string | null;
  cancellation_requested_at: string | null;
  buyer_cancel_hours: number;
  /** The buyer may still cancel or reduce the order itself (its seller's window, state placed). */
  buyer_may_cancel: boolean;
};

/** The order locked until the transaction ends (the lock every money command of an order takes first). */
export async function lockPlacedOrder(tx: DbOrTx, orderId: string): Promise<PlacedOrder | undefined> {
  const hours = buyerCancelHoursSql(sql`o.selling_organization_id`);
  const result = await tx.execute<PlacedOrder>(sql`
    select o.id, o.status, o.cart_id, o.selling_organization_id, o.purchasing_organization_id,
           coalesce(o.subtotal_cents, 0)::int as subtotal_cents,
           coalesce(o.shipping_cost_in_cents, 0)::int as shipping_cost_in_cents,
           coalesce(o.total_cents, coalesce(o.subtotal_cents, 0) + coalesce(o.shipping_cost_in_cents, 0))::int as total_cents,
           o.refunded_cents, o.cancelled_cents, o.completed_on::text as completed_on, o.po_number,
           o.fulfillment_status as state, o.accepted_at::text as accepted_at, o.delivered_at::text as delivered_at,
           o.cancellation_requested_at::text as cancellation_requested_at, ${hours} as buyer_cancel_hours,
           (o.fulfillment_status = 'placed' and ${hours} > 0
            and now() < o.completed_on + ${hours} * interval '1 hour') as buyer_may_cancel
      from orders o
     where o.id = ${orderId}
       for update`);
  return result.rows[0];
}

/** The order's seller and buyer and whether it was placed (undefined for an unknown id). */
export async function orderSides(
  db: DbOrTx,
  orderId: string,
): Promise<{ status: string; seller: string; buyer: string } | undefined> {
  const result = await db.execute<{ status: string; seller: string; buyer: string }>(sql`
    select status, selling_organization_id as seller, purchasing_organization_id as buyer from orders where id = ${orderId}`);
  return result.rows[0];
}

/**
 * Writes the order's state (and when it became cancelled), and what a change adds: accepted or
 * delivered now, `cancelledCents` more cancelled, the buyer's request answered (cleared).
 */
export async function setOrderState(
  tx: DbOrTx,
  orderId: string,
  state: OrderState,
  change: { accepted?: boolean; delivered?: boolean; cancelledCents?: number; clearRequest?: boolean } = {},
): Promise<void> {
  const sets: SQL[] = [
    sql`fulfillment_status = ${state}`,
    sql`updated_at = now()`,
    sql`cancelled_at = case when ${state} = 'cancelled' then coalesce(cancelled_at, now()) else cancelled_at end`,
  ];
  if (change.accepted) sets.push(sql`accepted_at = now()`);
  if (change.delivered) sets.push(sql`delivered_at = now()`);
  if (change.cancelledCents) sets.push(sql`cancelled_cents = cancelled_cents + ${change.cancelledCents}::int`);
  if (change.clearRequest) {
    sets.push(
      sql`cancellation_requested_at = null, cancellation_request_note = null, cancellation_requested_by = null`,
    );
  }
  await tx.execute(sql`update orders set ${sql.join(sets, sql`, `)} where id = ${orderId}`);
}

/** The buyer asks to cancel (a note, who), or the request is answered (null). */
export async function setCancellationRequest(
  tx: DbOrTx,
  orderId: string,
  request: { note: string; userId: string | null } | null,
): Promise<void> {
  await tx.execute(
    request
      ? sql`update orders set cancellation_requested_at = now(), cancellation_request_note = ${request.note},
                   cancellation_requested_by = ${request.userId}, updated_at = now()
             where id = ${orderId}`
      : sql`update orders set cancellation_requested_at = null, cancellation_request_note = null,
                   cancellation_requested_by = null, updated_at = now()
             where id = ${orderId}`,
  );
}

/** Whether the buyer had placed another order with the seller before this one (the returning customer's minimum). */
export async function placedBefore(tx: DbOrTx, order: PlacedOrder): Promise<boolean> {
  const result = await tx.execute<{ before: boolean }>(sql`
    select exists (select 1 from orders p
                    where p.selling_organization_id = ${order.selling_organization_id}
                      and p.purchasing_organization_id = ${order.purchasing_organization_id}
                      and p.completed_on < ${order.completed_on}::timestamptz and p.id <> ${order.id}) as before`);
  return result.rows[0]?.before ?? false;
}

/** The spec's shipping_information row keeps the latest shipment's tracking. */
async function upsertLatestTracking(tx: DbOrTx, orderId: string, carrier: Carrier, trackingNumber: string) {
  await tx.execute(sql`
    insert into shipping_information (order_id, carrier, tracking_number, status)
    values (${orderId}, ${carrier}, ${trackingNumber}, ${SHIPPED_STATUS})
    on conflict (order_id) do update
      set carrier = excluded.carrier, tracking_number = excluded.tracking_number,
          status = excluded.status, updated_at = now()`);
}

/** Records a shipment (its lines' units) and answers its number on the order (1, 2, …). */
export async function recordShipment(
  tx: DbOrTx,
  s: { orderId: string; carrier: Carrier; trackingNumber: string; lines: ShipmentLineRecord[]; userId: string | null },
): Promise<number> {
  await tx.execute(sql`
    insert into shipments (order_id, carrier, tracking_number, lines, created_by_user_id)
    values (${s.orderId}, ${s.carrier}, ${s.trackingNumber}, ${JSON.stringify(s.lines)}::jsonb, ${s.userId})`);
  await upsertLatestTracking(tx, s.orderId, s.carrier, s.trackingNumber);
  const count = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from shipments where order_id = ${s.orderId}`,
  );
  return count.rows[0]?.n ?? 1;
}

/**
 * Corrects the latest shipment's carrier and number (the spec's tracking dialog once everything
 * shipped). Answers false when nothing changed (no shipment, or the same values).
 */
export async function correctLatestShipment(
  tx: DbOrTx,
  orderId: string,
  carrier: Carrier,
  trackingNumber: string,
): Promise<boolean> {
  const latest = await tx.execute<{ id: string; carrier: string; tracking_number: string }>(sql`
    select id, carrier, tracking_number from shipments where order_id = ${orderId}
     order by created_at desc, id desc limit 1`);
  const last = latest.rows[0];
  if (!last || (last.carrier === carrier && last.tracking_number === trackingNumber)) return false;
  await tx.execute(
    sql`update shipments set carrier = ${carrier}, tracking_number = ${trackingNumber} where id = ${last.id}`,
  );
  await upsertLatestTracking(tx, orderId, carrier, trackingNumber);
  return true;
}
