import type {
  ACCOUNTING_KIND_FORMATS,
  AccountingExportFormat,
  AccountingExportKind,
  ApiKey,
  SubscribableWebhookEventType,
  WebhookDelivery,
} from '@cratebase/contract';
import { isoDay } from '../../../lib/day-range';
import { formatDate } from '../../../lib/format';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
];

/**
 * "just now", "5 minutes ago", "yesterday", "3 days ago"; a month and more back, the date itself
 * ("Oct 2, 2026 4:10 PM"), which reads better than "2 months ago" for a key last used.
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return formatDate(iso);
  let amount = Math.max(0, (now - then) / 1000);
  if (amount < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (amount < size) return relative.format(-Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(iso);
}

/** What a key's last use reads as: "Never" until it is used. */
export const lastUsedLabel = (key: ApiKey, now?: number) =>
  key.last_used_at ? timeAgo(key.last_used_at, now) : 'Never';

// ── Webhook events ─────────────────────────────────────────────────────────────────────────

/**
 * The events an endpoint can pick, by area, with the words the settings screen shows. A Record
 * over the contract's event type: an event added there fails the typecheck here until it is
 * named (the contract's list itself carries zod, which stays out of the browser bundle).
 */
export const WEBHOOK_EVENT_LABELS: Record<SubscribableWebhookEventType, { area: string; label: string }> = {
  'order.placed': { area: 'Orders', label: 'Order placed' },
  'order.cancelled': { area: 'Orders', label: 'Order cancelled' },
  'order.shipped': { area: 'Orders', label: 'Order shipped' },
  'order.refunded': { area: 'Orders', label: 'Order refunded' },
  'invoice.paid': { area: 'Invoices', label: 'Invoice paid' },
  'invoice.overdue': { area: 'Invoices', label: 'Invoice overdue' },
  'product.created': { area: 'Catalog', label: 'Product created' },
  'product.updated': { area: 'Catalog', label: 'Product updated' },
  'variant.created': { area: 'Catalog', label: 'Variant created' },
  'variant.updated': { area: 'Catalog', label: 'Variant updated' },
  'inventory.changed': { area: 'Inventory', label: 'Inventory changed' },
  'customer.joined': { area: 'Customers', label: 'Customer joined' },
};

export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_LABELS) as SubscribableWebhookEventType[];

/** The events grouped by area, in the order above. */
export const WEBHOOK_EVENT_GROUPS: Array<{ area: string; events: SubscribableWebhookEventType[] }> =
  WEBHOOK_EVENTS.reduce<Array<{ area: string; events: SubscribableWebhookEventType[] }>>((groups, event) => {
    const { area } = WEBHOOK_EVENT_LABELS[event];
    const group = groups.find((g) => g.area === area);
    if (group) group.events.push(event);
    else groups.push({ area, events: [event] });
    return groups;
  }, []);

export const DELIVERY_STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Retrying',
  sending: 'Sending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** "Pending" of a delivery never tried reads as Queued; one tried before and waiting again as Retrying. */
export function deliveryStatusLabel(delivery: WebhookDelivery): string {
  if (delivery.status === 'pending' && delivery.attempts === 0) return 'Queued';
  return DELIVERY_STATUS_LABELS[delivery.status];
}

export const deliveryStatusColor = (status: WebhookDelivery['status']) =>
  status === 'succeeded' ? 'success' : status === 'failed' ? 'error' : 'default';

// ── Accounting exports ─────────────────────────────────────────────────────────────────────

// Records over the contract's kinds and formats: one added there fails the typecheck here until
// it is named (the contract's lists themselves sit in a module with zod, kept out of the browser).
export type { AccountingExportFormat, AccountingExportKind };

export const EXPORT_KIND_LABELS: Record<AccountingExportKind, { title: string; detail: string }> = {
  invoices: { title: 'Invoices', detail: 'Every invoice issued in the range, one line per order line' },
  refunds: { title: 'Refunds', detail: 'Refunds given in the range, as credit notes' },
  payouts: { title: 'Card payments', detail: 'Card payments collected in the range, with their fees' },
  orders: { title: 'Orders', detail: 'Every order placed in the range, with its lines' },
};

export const EXPORT_FORMAT_LABELS: Record<AccountingExportFormat, string> = {
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
  cratebase: 'Cratebase (every field)',
};

/**
 * The layouts each kind comes in (orders only in Cratebase's own: QuickBooks and Xero import
 * invoices). Typed as the contract's ACCOUNTING_KIND_FORMATS (a type-only import: its module
 * carries zod), so the two cannot differ.
 */
export const EXPORT_KIND_FORMATS: typeof ACCOUNTING_KIND_FORMATS = {
  orders: ['cratebase'],
  invoices: ['quickbooks', 'xero', 'cratebase'],
  refunds: ['quickbooks', 'xero', 'cratebase'],
  payouts: ['quickbooks', 'xero', 'cratebase'],
};

/** The calendar month before `today`'s, as first and last day (YYYY-MM-DD): the export's default range. */
export function lastMonth(today: Date = new Date()): { from: string; to: string } {
  const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const last = new Date(today.getFullYear(), today.getMonth(), 0);
  return { from: isoDay(first), to: isoDay(last) };
}

/** "200", "No answer" when an attempt got none (a timeout, a refused connection), "—" before any attempt. */
export function responseLabel(delivery: Pick<WebhookDelivery, 'attempts' | 'last_status_code'>): string {
  if (delivery.last_status_code !== null) return String(delivery.last_status_code);
  return delivery.attempts > 0 ? 'No answer' : '—';
}

export const durationLabel = (ms: number | null) => (ms === null ? '—' : `${ms} ms`);
