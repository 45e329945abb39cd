/**
 * The data of the order and invoice events (contract: WebhookOrderData, WebhookInvoiceData),
 * read in the emitting transaction through the owning modules' fragments — only when an
 * endpoint of the seller subscribes to the event (hasWebhookSubscribers), so sellers without
 * webhooks pay one index lookup per change.
 */
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import { completedOrdersSql, shipmentsJsonSql } from '../orders/sql.js';
import { invoiceNumbersSql } from '../payments/sql.js';
import { joinOrganizationSql } from '../organizations/sql.js';
import { hasWebhookSubscribers, recordWebhookEvent } from './outbox.js';

/** Every amount is in US dollars for now (the checkout's currency). */
const CURRENCY = 'usd';

type OrderData = {
  order_id: string;
  number: string;
  status: string;
  purchaser: { id: string; name: string };
  total_in_cents: number;
  currency: string;
  placed_at: string | null;
};

/** The order's data; with `shipment`, its latest shipment too (order.shipped). */
async function orderData(
  tx: DbOrTx,
  sellerId: string,
  orderId: string,
  shipment: boolean,
): Promise<(OrderData & { shipment?: unknown }) | undefined> {
  const o = completedOrdersSql(sellerId).alias('o');
  const i = invoiceNumbersSql().alias('i');
  const latestShipment = shipment
    ? sql`, (select json_build_object('id', s->'id', 'number', s->'number', 'carrier', s->'carrier',
                                      'tracking_number', s->'tracking_number')
               from json_array_elements(${shipmentsJsonSql(o.col('id'), o.col('cart_id'))}) s
              order by (s->>'number')::int desc limit 1) as shipment`
    : sql``;
  const result = await tx.execute<OrderData>(sql`
    select ${o.col('id')} as order_id, coalesce(${i.col('number')}, '') as number,
           ${o.col('fulfillment_status')} as status,
           json_build_object('id', b.id, 'name', b.name) as purchaser,
           coalesce(${o.col('total_cents')}, 0) as total_in_cents, ${CURRENCY} as currency,
           to_char(${o.col('completed_on')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as placed_at
           ${latestShipment}
    from ${o.from}
    ${joinOrganizationSql('b', o.col('purchasing_organization_id'))}
    left join ${i.from} on ${i.col('order_id')} = ${o.col('id')}
    where ${o.col('id')} = ${orderId}`);
  return result.rows[0];
}

/**
 * An order event of the seller's: the order as it is in this transaction (order.shipped: with
 * its latest shipment), and `extra` (the refund of order.refunded).
 */
export async function recordOrderWebhook(
  tx: DbOrTx,
  type: Extract<WebhookEventType, `order.${string}`>,
  sellerId: string,
  orderId: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (!(await hasWebhookSubscribers(tx, sellerId, [type]))) return;
  const data = await orderData(tx, sellerId, orderId, type === 'order.shipped');
  if (data) await recordWebhookEvent(tx, sellerId, type, { ...data, ...extra });
}

type InvoiceData = {
  invoice_id: string;
  order_id: string;
  order_number: string;
  purchaser: { id: string; name: string };
  amount_in_cents: number;
  currency: string;
  due_date: string | null;
  status: string;
};

/** invoice.paid and invoice.overdue: the order's invoice as it is in this transaction. */
export async function recordInvoiceWebhook(
  tx: DbOrTx,
  type: Extract<WebhookEventType, `invoice.${string}`>,
  sellerId: string,
  orderId: string,
): Promise<void> {
  if (!(await hasWebhookSubscribers(tx, sellerId, [type]))) return;
  const i = invoiceNumbersSql().alias('i');
  const o = completedOrdersSql(sellerId).alias('o');
  // What the invoice bills: the order's total less what was cancelled off it.
  const result = await tx.execute<InvoiceData>(sql`
    select ${i.col('id')} as invoice_id, ${i.col('order_id')} as order_id, ${i.col('number')} as order_number,
           json_build_object('id', b.id, 'name', b.name) as purchaser,
           coalesce(${o.col('total_cents')}, 0) - ${o.col('cancelled_cents')} as amount_in_cents, ${CURRENCY} as currency,
           ${i.col('due_on')}::text as due_date, ${i.col('status')} as status
    from ${i.from}
    join ${o.from} on ${o.col('id')} = ${i.col('order_id')}
    ${joinOrganizationSql('b', o.col('purchasing_organization_id'))}
    where ${i.col('order_id')} = ${orderId}`);
  if (result.rows[0]) await recordWebhookEvent(tx, sellerId, type, result.rows[0]);
}

/** customer.joined: a purchaser organization became the seller's customer (an invite accepted). */
export async function recordCustomerJoinedWebhook(tx: DbOrTx, sellerId: string, purchaserId: string): Promise<void> {
  if (!(await hasWebhookSubscribers(tx, sellerId, ['customer.joined']))) return;
  const result = await tx.execute<{ id: string; name: string }>(sql`
    select b.id, b.name from (select ${purchaserId}::uuid as id) x ${joinOrganizationSql('b', sql`x.id`)}`);
  const purchaser = result.rows[0];
  if (purchaser) await recordWebhookEvent(tx, sellerId, 'customer.joined', { purchaser, joined_at: new Date().toISOString() });
}
