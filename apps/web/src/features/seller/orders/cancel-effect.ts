/**
 * What cancelling units of an order does to its money, as the Cancel dialog estimates it from the
 * lines' unit prices (issue 23). The server re-prices and settles: its answer is the truth, and
 * the dialog says what it did once it answered.
 */
import { unitsLeft, type Order, type OrderLine, type OrderRefunds } from '@cratebase/contract';
import { formatCents } from '../../../lib/format';

/** Units to cancel per line id; absent or 0: none of that line. */
export type LineQuantities = Record<string, number>;

/** Every unit left to ship of each line that has any. */
export function allUnitsLeft(
  lines: readonly OrderLine[],
  limit: (line: OrderLine) => number = unitsLeft,
): LineQuantities {
  return Object.fromEntries(lines.filter((line) => limit(line) > 0).map((line) => [line.id, limit(line)]));
}

/** The body's lines: those with units, in the order's order. */
export function chosenLines(lines: readonly OrderLine[], quantities: LineQuantities) {
  return lines
    .filter((line) => (quantities[line.id] ?? 0) > 0)
    .map((line) => ({ line_item_id: line.id, quantity: quantities[line.id] ?? 0 }));
}

export function unitCount(quantities: LineQuantities): number {
  return Object.values(quantities).reduce((sum, n) => sum + n, 0);
}

/**
 * The goods cancelled at the lines' unit prices; cancelling the whole order before anything
 * shipped cancels its shipping too.
 */
export function cancelledCents(
  order: Pick<Order, 'cart' | 'shipping_cost_in_cents'>,
  quantities: LineQuantities,
  whole: boolean,
): number {
  const lines = order.cart.line_items;
  const goods = lines.reduce((sum, line) => sum + (quantities[line.id] ?? 0) * line.unit_price_in_cents, 0);
  const nothingShipped = lines.every((line) => (line.shipped_quantity ?? 0) === 0);
  return goods + (whole && nothingShipped ? order.shipping_cost_in_cents : 0);
}

/**
 * "$X will be refunded to the card ending 4242." / "The open invoice drops by $X." — from the
 * invoice's status and how the order was paid (its refunds' method).
 */
export function cancelEffect(
  cents: number,
  order: Pick<Order, 'invoice'>,
  refunds: Pick<OrderRefunds, 'method' | 'card'> | undefined,
): string {
  const amount = formatCents(cents);
  const status = (order.invoice?.stripe_status ?? '').toUpperCase();
  if (status === 'OPEN') return `The open invoice drops by ${amount}.`;
  if (status === 'VOID') return 'The invoice was voided: nothing is refunded.';
  if (refunds?.method === 'card') {
    return refunds.card
      ? `${amount} will be refunded to the card ending ${refunds.card.last4}.`
      : `${amount} will be refunded to the card that paid.`;
  }
  if (refunds?.method === 'credit_note') return `${amount} will be refunded as a credit note.`;
  return `${amount} will be refunded.`;
}

/** What the toast says once the server answered: the amount it cancelled (its cancelled_cents grew by it). */
export function cancelDoneMessage(before: Pick<Order, 'cancelled_cents'>, after: Order, wholeOrder: boolean): string {
  const cents = Math.max(0, (after.cancelled_cents ?? 0) - (before.cancelled_cents ?? 0));
  const what = wholeOrder || after.state === 'cancelled' ? 'Order cancelled' : 'Items cancelled';
  if (cents === 0) return `${what}. The retailer gets an e-mail.`;
  const open = (after.invoice?.stripe_status ?? '').toUpperCase() === 'OPEN';
  return open
    ? `${what}. The open invoice dropped by ${formatCents(cents)}; the retailer gets an e-mail.`
    : `${what}. ${formatCents(cents)} is being refunded; the retailer gets an e-mail.`;
}
