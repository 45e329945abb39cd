/**
 * Order rules shared by the server and the browser (zod-free): carriers and their tracking
 * numbers and links (spec sections 2 "Orders", 4 "Shipping status", 5 "Tracking dialog"),
 * the orders pages' texts.
 */

/** Spec section 5: the tracking dialog's carriers, USPS by default. */
export const CARRIERS = ['USPS', 'FEDEX', 'UPS'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const DEFAULT_CARRIER: Carrier = 'USPS';
export const CARRIER_LABELS: Record<Carrier, string> = { USPS: 'USPS', FEDEX: 'FedEx', UPS: 'UPS' };

/** Saving tracking sets this status (spec section 4). */
export const SHIPPED_STATUS = 'SHIPPED';

/** Spec section 2 texts. */
export const SELLER_ORDERS_EMPTY = 'Orders haven’t been added or received yet.';
export const BUYER_ORDERS_EMPTY = "You don't have any orders yet. Place an order below.";
export const ADD_TRACKING_TOOLTIP = 'Add Tracking Number';
export const EDIT_TRACKING_TOOLTIP = 'Edit Tracking Number';
export const TRACKING_DIALOG_TITLE = 'Add Tracking Info';
export const TRACKING_EMAIL_NOTICE = 'Saving sends an e-mail to the customer with a tracking link.';
export const CREATING_PACKING_SLIP = 'Creating...';

/** The number as carriers print it, without spaces or dashes, upper-cased. */
export function compactTrackingNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * What each carrier's numbers look like:
 * - USPS: 20–22 digits (IMpb, starting 9x), 26 or 30 digits, or 13 characters `AA123456789US`
 *   (international);
 * - UPS: `1Z` and 16 letters or digits, or 9 / 10 / 11 digit mail-innovations-style numbers,
 *   or `T` and 10 digits (freight);
 * - FedEx: 12, 15, 20 or 22 digits.
 */
const FORMATS: Record<Carrier, { pattern: RegExp; example: string; rule: string }> = {
  USPS: {
    pattern: /^(9\d{19,21}|\d{26}|\d{30}|[A-Z]{2}\d{9}US)$/,
    example: '9400 1000 0000 0000 0000 00',
    rule: '20–22 digits starting with 9 (or 26 or 30 digits, or 13 characters ending in US)',
  },
  UPS: {
    pattern: /^(1Z[0-9A-Z]{16}|T\d{10}|\d{9}|\d{10}|\d{11})$/,
    example: '1Z999AA10123456784',
    rule: '1Z and 16 letters or digits',
  },
  FEDEX: {
    pattern: /^(\d{12}|\d{15}|\d{20}|\d{22})$/,
    example: '1234 5678 9012',
    rule: '12, 15, 20 or 22 digits',
  },
};

/** The number's problem for the carrier in words the seller can act on, or null when it fits. */
export function trackingNumberError(carrier: Carrier, value: string): string | null {
  const compact = compactTrackingNumber(value);
  if (compact === '') return 'Enter the tracking number.';
  if (compact.length > 40) return 'A tracking number has at most 40 characters.';
  const format = FORMATS[carrier];
  if (!format.pattern.test(compact)) {
    return `This is not a ${CARRIER_LABELS[carrier]} tracking number: it has ${format.rule} (e.g. ${format.example}).`;
  }
  return null;
}

/** The carrier's public tracking page for the number. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  const n = encodeURIComponent(compactTrackingNumber(trackingNumber));
  switch (carrier) {
    case 'USPS':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case 'UPS':
      return `https://www.ups.com/track?loc=en_US&tracknum=${n}`;
    case 'FEDEX':
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
  }
}

/** A carrier as stored or sent in any case ("FedEx", "fedex") → the contract's name; null when unknown. */
export function normalizeCarrier(value: string): Carrier | null {
  const upper = value.trim().toUpperCase();
  return (CARRIERS as readonly string[]).includes(upper) ? (upper as Carrier) : null;
}

/** Spec section 4 "Payment status": the invoice status upper-cased, or N/A without one. */
export function paymentStatusLabel(status: string | null | undefined): string {
  return status ? status.toUpperCase() : 'N/A';
}

// ─── Purchase order number (issue 13) ────────────────────────────────────────────────
/** The buyer's own reference for an order: at most this many characters. */
export const PO_NUMBER_MAX = 64;
/** Letters, digits, spaces and - _ / # . only. */
export const PO_NUMBER_PATTERN = /^[A-Za-z0-9 \-_/#.]*$/;
export const PO_NUMBER_LABEL = 'PO number';
export const PO_NUMBER_FIELD_LABEL = 'PO number (optional)';
export const PO_NUMBER_HELPER = 'Your purchase order number, printed on the invoice and the packing slip.';
export const PO_NUMBER_SEARCH_LABEL = 'Search by PO number';
export const PO_NUMBER_NO_MATCH = 'No orders have a PO number starting with this.';
export const PO_NUMBER_CHARACTERS_MESSAGE = 'may contain only letters, digits, spaces and - _ / # .';
export const PO_NUMBER_TOO_LONG_MESSAGE = `must be at most ${PO_NUMBER_MAX} characters`;

/** The problem of a PO number as typed (sentence-less, like the API's issue messages), or null when it fits. */
export function poNumberError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length > PO_NUMBER_MAX) return PO_NUMBER_TOO_LONG_MESSAGE;
  if (!PO_NUMBER_PATTERN.test(trimmed)) return PO_NUMBER_CHARACTERS_MESSAGE;
  return null;
}

/** The PO number as stored: trimmed, null when empty. */
export function normalizePoNumber(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

// ─── The order number (issue 21 part 5) ──────────────────────────────────────────────
/**
 * Every placed order goes by one number on every screen, e-mail, invoice and packing slip:
 * CB-000001, CB-000002, … — its invoice's number, given from one sequence when it is placed.
 */
export const ORDER_NUMBER_PREFIX = 'CB-';
/** The number's digits are zero-padded to at least this many. */
export const ORDER_NUMBER_DIGITS = 6;
export const ORDER_SEARCH_LABEL = 'Search by order or PO number';
export const ORDER_SEARCH_NO_MATCH = 'No order has this number, and no PO number starts with it.';

/** The n-th order's number: 1 → "CB-000001"; past a million the digits simply grow ("CB-1234567"). */
export function formatOrderNumber(n: number): string {
  return `${ORDER_NUMBER_PREFIX}${String(n).padStart(ORDER_NUMBER_DIGITS, '0')}`;
}

/**
 * The order number a search names, as people type it: "CB-000001", "cb-1", "CB 12", "#000001",
 * "000001" or "1" → "CB-000001"; null for text that names none (a PO number, "0", words).
 */
export function parseOrderNumber(text: string): string | null {
  const match = /^#?\s*(?:cb\s*-?\s*)?0*(\d{1,15})$/i.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && Number.isSafeInteger(n) ? formatOrderNumber(n) : null;
}

/**
 * What an order is called on screen: its number ("CB-000001"); an order without one (none is
 * placed so today) falls back to "#" and the first 8 characters of its id.
 */
export function orderLabel(order: { id: string; order_number?: string | null }): string {
  return order.order_number || `#${order.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
