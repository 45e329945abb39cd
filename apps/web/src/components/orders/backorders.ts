/**
 * Backorders as both order views show them (issue 23 §4): units the seller reported unavailable,
 * the day it expects them, and whether the retailer has chosen to wait.
 */
import { isOpenOrderState, type Order, type OrderLine } from '@cratebase/contract';
import { formatDay } from '../../lib/format';

/** "Dec 4, 2026" for a day written YYYY-MM-DD, read as that day where the reader is. */
export function restockDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return formatDay(day);
  return formatDay(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** The lines with units reported unavailable, while the order is open. */
export function backorderLines(order: Pick<Order, 'state' | 'cart'>): OrderLine[] {
  if (order.state && !isOpenOrderState(order.state)) return [];
  return order.cart.line_items.filter((line) => (line.unavailable_quantity ?? 0) > 0 && line.backorder);
}

/** "3 × Fig Jam unavailable until Dec 4, 2026". */
export function unavailableText(line: OrderLine): string {
  return `${line.unavailable_quantity ?? 0} × ${line.name} unavailable until ${restockDay(line.restock_on)}`;
}
