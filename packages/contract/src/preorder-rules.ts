/**
 * Pre-orders with ship windows (issue 25 part 4; docs/decisions/012-pre-orders.md): a product
 * sold before it is made ships within a window of days and can be ordered up to a last day.
 * One order holds in-stock and pre-order lines; each line keeps the window it was sold under and
 * the order shows its lines grouped by window. Days are UTC, YYYY-MM-DD, both ends included.
 * Zod-free (the web client imports it).
 */
import { isoDay } from './invoice-rules.js';

/** A pre-order product's window: ships within [ships_from, ships_until], orderable through order_by. */
export interface PreorderWindow {
  ships_from: string;
  ships_until: string;
  order_by: string;
}

/** A line's ship window (null on both: ships now). */
export interface LineShipWindow {
  ships_from: string | null;
  ships_until: string | null;
}

/** What the cart and checkout say about charging (the lead's decision, 012). */
export const PREORDER_CARD_CHARGE_MESSAGE = 'Your card is charged when you place the order, including pre-order items.';

/** What a net-terms buyer reads about an order with pre-order lines. */
export function preorderTermsMessage(netDays: number): string {
  return `On terms, pay ${netDays} days after it ships: the invoice is due ${netDays} days after the last ship window ends.`;
}

/** The rule of a window as the seller saves it: [path, message] for each problem, [] when it holds. */
export function preorderWindowIssues(w: PreorderWindow): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (w.ships_from > w.ships_until) issues.push({ path: 'preorder.ships_until', message: 'must be on or after ships from' });
  if (w.order_by > w.ships_until) issues.push({ path: 'preorder.order_by', message: 'must be on or before ships until' });
  return issues;
}

/** Whether the pre-order can no longer be ordered: its order-by day is before `today` (UTC). */
export function preorderClosed(w: Pick<PreorderWindow, 'order_by'>, today: string = isoDay(new Date())): boolean {
  return w.order_by < today;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(day: string): { y: number; m: string; d: number } {
  const [y, m, d] = day.split('-').map(Number);
  return { y: y!, m: MONTHS[(m ?? 1) - 1]!, d: d! };
}

/** "Mar 1, 2027". */
export function formatShipDay(day: string): string {
  const p = parts(day);
  return `${p.m} ${p.d}, ${p.y}`;
}

/**
 * A window as people write it: "Mar 1 – 15, 2027", "Mar 20 – Apr 2, 2027",
 * "Dec 20, 2026 – Jan 10, 2027", "Mar 1, 2027" for one day.
 */
export function formatShipWindow(from: string, until: string): string {
  if (from === until) return formatShipDay(from);
  const a = parts(from);
  const b = parts(until);
  if (a.y !== b.y) return `${formatShipDay(from)} – ${formatShipDay(until)}`;
  if (a.m === b.m) return `${a.m} ${a.d} – ${b.d}, ${b.y}`;
  return `${a.m} ${a.d} – ${b.m} ${b.d}, ${b.y}`;
}

/** The storefront's mark: "Pre-order · ships Mar 1 – 15, 2027 · order by Feb 1, 2027". */
export function preorderLabel(w: PreorderWindow): string {
  return `Pre-order · ships ${formatShipWindow(w.ships_from, w.ships_until)} · order by ${formatShipDay(w.order_by)}`;
}

/** A group's heading on a cart or an order: "Ships now" or "Ships Mar 1 – 15, 2027". */
export function shipWindowHeading(w: LineShipWindow): string {
  return w.ships_from && w.ships_until ? `Ships ${formatShipWindow(w.ships_from, w.ships_until)}` : 'Ships now';
}

/** The key a ship window groups by ('' for ships now), and the workspace filter's value. */
export function shipWindowKey(w: LineShipWindow): string {
  return w.ships_from && w.ships_until ? `${w.ships_from}..${w.ships_until}` : '';
}

/** The workspace filter's value read back: "2027-03-01..2027-03-15" → its days; null when it is not one. */
export function parseShipWindowKey(key: string): { ships_from: string; ships_until: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(key);
  return m ? { ships_from: m[1]!, ships_until: m[2]! } : null;
}

/**
 * Items grouped by ship window, "Ships now" first, then windows by their first day, each
 * group's items in their order.
 */
export function groupByShipWindow<T>(items: readonly T[], windowOf: (item: T) => LineShipWindow): { key: string; heading: string; window: LineShipWindow; items: T[] }[] {
  const groups = new Map<string, { key: string; heading: string; window: LineShipWindow; items: T[] }>();
  for (const item of items) {
    const w = windowOf(item);
    const window = w.ships_from && w.ships_until ? { ships_from: w.ships_from, ships_until: w.ships_until } : { ships_from: null, ships_until: null };
    const key = shipWindowKey(window);
    let group = groups.get(key);
    if (!group) {
      group = { key, heading: shipWindowHeading(window), window, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()].sort((a, b) => (a.key === b.key ? 0 : a.key < b.key ? -1 : 1));
}
