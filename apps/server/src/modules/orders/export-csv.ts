/**
 * The seller's orders as a CSV file (issue 23 section 6, GET …/orders/export.csv): the list's
 * filters and search, every matching order newest first, read page by page on the list's keyset
 * (queries.ts allListedOrders) and streamed as it is read — never one statement for all of them,
 * never the whole file in memory. Money in dollars; text that starts like a formula is guarded.
 */
import { Readable } from 'node:stream';
import { ORDER_STATE_LABELS, formatCentsAsDollars, paymentStatusLabel, type OrderSummary } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { CSV_BOM, csvCell, csvRow } from '../../lib/csv-cell.js';
import { allListedOrders, type OrderListTarget } from './queries.js';

/** The file's columns, in order. */
export const ORDER_CSV_COLUMNS = [
  'Order number',
  'Placed at',
  'Customer',
  'PO number',
  'State',
  'Payment status',
  'Items',
  'Subtotal',
  'Shipping',
  'Total',
  'Refunded',
  'Cancelled',
  'Tracking',
] as const;

/** "PAID", "OPEN", "VOID" (the invoice), with the refunds beside it. */
function paymentCell(order: OrderSummary): string {
  const status = paymentStatusLabel(order.invoice?.stripe_status);
  const refunded = order.refunded_cents ?? 0;
  if (refunded <= 0) return status;
  return `${status}, ${refunded >= order.total_cents ? 'refunded' : 'partially refunded'}`;
}

/** One order's line. */
export function orderCsvLine(order: OrderSummary): string {
  const dollars = (cents: number | null | undefined) => formatCentsAsDollars(cents ?? 0);
  const tracking = order.shipping_information
    ? `${order.shipping_information.carrier} ${order.shipping_information.tracking_number}`
    : '';
  return csvRow([
    csvCell(order.order_number, true),
    csvCell(order.completed_on),
    csvCell(order.organization.name, true),
    csvCell(order.po_number, true),
    csvCell(order.state ? ORDER_STATE_LABELS[order.state] : ''),
    csvCell(paymentCell(order)),
    csvCell(order.cart.item_count),
    csvCell(dollars(order.subtotal_cents)),
    csvCell(dollars(order.shipping_cost_in_cents)),
    csvCell(dollars(order.total_cents)),
    csvCell(dollars(order.refunded_cents)),
    csvCell(dollars(order.cancelled_cents)),
    csvCell(tracking, true),
  ]);
}

/** The file's name: orders-YYYY-MM-DD.csv (today, UTC). */
export const ordersCsvFileName = (now = new Date()) => `orders-${now.toISOString().slice(0, 10)}.csv`;

/** The seller's matching orders as CSV text, streamed a page (200 orders) at a time. */
export function sellingOrdersCsv(ctx: Pick<AppContext, 'db' | 'config'>, target: OrderListTarget): Readable {
  async function* lines() {
    yield CSV_BOM + csvRow([...ORDER_CSV_COLUMNS]);
    for await (const page of allListedOrders(ctx, target)) {
      if (page.length > 0) yield page.map(orderCsvLine).join('');
    }
  }
  return Readable.from(lines());
}
