import {
  CARRIER_LABELS,
  normalizeCarrier,
  paymentStatusLabel,
  type Order,
  type OrderAddress,
} from '@cratebase/contract';

/** Spec section 4: Shipped? is Yes when the shipping information has a status. */
export function isShipped(order: Pick<Order, 'shipping_information'>): boolean {
  return Boolean(order.shipping_information?.status);
}

/** Spec section 4: the invoice status upper-cased or N/A; OPEN is shown as an error. */
export function paymentStatus(order: Pick<Order, 'invoice'>): { label: string; open: boolean } {
  const label = paymentStatusLabel(order.invoice?.stripe_status);
  return { label, open: label === 'OPEN' };
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

/** The lines of a ship-to block: name, street, apartment, "City, ST 12345". */
export function addressLines(address: OrderAddress | null): string[] {
  if (!address) return [];
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  return [name, address.line1, address.line2 ?? '', `${address.city}, ${address.state} ${address.postal_code}`].filter(
    (line) => line.trim() !== '',
  );
}

/** "Case of 12", "Case", or "—" when the product has no order unit. */
export function orderUnitLabel(line: { order_unit: string | null; quantity_per_unit: number | null }): string {
  if (!line.order_unit) return line.quantity_per_unit ? `${line.quantity_per_unit} units` : '—';
  return line.quantity_per_unit && line.quantity_per_unit > 1
    ? `${line.order_unit} of ${line.quantity_per_unit}`
    : line.order_unit;
}

/** The carrier's name as people write it ("FedEx"). */
export function carrierLabel(carrier: string): string {
  const known = normalizeCarrier(carrier);
  return known ? CARRIER_LABELS[known] : carrier;
}
