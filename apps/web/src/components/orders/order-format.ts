/**
 * Plain helpers for showing an order, shared by the seller's order dialog and the buyer's View
 * Order dialog (spec sections 2 "Orders" and buyer orders, 3 "Order").
 */
import {
  CARRIER_LABELS,
  normalizeCarrier,
  orderLabel,
  type Order,
  type OrderAddress,
  type OrderLine,
} from '@cratebase/contract';
import { formatCents, formatDay } from '../../lib/format';

/**
 * The number an order goes by on every screen, e-mail and PDF ("CB-000001", contract
 * orderLabel); an order without one shows "#" and its id's first 8 characters.
 */
export function orderNumber(order: { id: string; order_number?: string | null }): string {
  return orderLabel(order);
}

/** A calendar day (YYYY-MM-DD) as the browser shows days, read at noon so no time zone moves it. */
export function formatCalendarDay(day: string): string {
  return formatDay(`${day}T12:00:00`);
}

/**
 * The day an order's invoice is due while it is open on net terms ("Dec 27, 2026"); null when
 * it is paid, void, paid by card at checkout or has no due day.
 */
export function openInvoiceDueDay(order: Pick<Order, 'invoice'>): string | null {
  const invoice = order.invoice;
  if (invoice?.stripe_status?.toUpperCase() !== 'OPEN' || !invoice.due_on) return null;
  return formatCalendarDay(invoice.due_on);
}

/** An order's total in its parts (docs/decisions/007): "$50.00 subtotal + $18.70 shipping". */
export function amountParts(order: Pick<Order, 'subtotal_cents' | 'shipping_cost_in_cents'>): string {
  return `${formatCents(order.subtotal_cents)} subtotal + ${formatCents(order.shipping_cost_in_cents)} shipping`;
}

/** The lines of a ship-to block: name, street, apartment, "City, ST 12345". */
export function addressLines(address: OrderAddress | null): string[] {
  if (!address) return [];
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  return [name, address.line1, address.line2 ?? '', `${address.city}, ${address.state} ${address.postal_code}`].filter(
    (line) => line.trim() !== '',
  );
}

/** "USPS Priority Mail" from the rate paid for (provider and service level token); null without one. */
export function shippingServiceLabel(
  order: Pick<Order, 'shippo_provider' | 'shippo_service_level_token'>,
): string | null {
  const provider = order.shippo_provider?.trim() ?? '';
  let service = order.shippo_service_level_token?.trim() ?? '';
  if (provider && service.toLowerCase().startsWith(`${provider.toLowerCase()}_`)) {
    service = service.slice(provider.length + 1);
  }
  const words = service
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const label = [provider, ...words].join(' ').trim();
  return label || null;
}

/** "Case of 12", "Case", "12 units" without an order unit, or "—" with neither. */
export function orderUnitLabel(line: Pick<OrderLine, 'order_unit' | 'quantity_per_unit'>): string {
  if (!line.order_unit) return line.quantity_per_unit ? `${line.quantity_per_unit} units` : '—';
  return line.quantity_per_unit && line.quantity_per_unit > 1
    ? `${line.order_unit} of ${line.quantity_per_unit}`
    : line.order_unit;
}

/** The carrier's name as people write it ("FedEx"); an unknown one as it was given. */
export function carrierLabel(carrier: string): string {
  const known = normalizeCarrier(carrier);
  return known ? CARRIER_LABELS[known] : carrier;
}
