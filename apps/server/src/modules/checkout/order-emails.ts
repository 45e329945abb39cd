/**
 * The two e-mails an order's completion queues (issue 9 item 6): the buyer's order
 * confirmation and the seller's new-order notice. Pure functions: subject, HTML and plain
 * text from facts the caller read in the completing transaction. Every name, address and
 * product name is user text: escaped by the layout in HTML, kept on one line everywhere.
 */
import { CARD_BRAND_LABELS, PRODUCT_NAME, dollars, type CardBrand } from '@cratebase/contract';
import { oneLine } from '../../providers/mail/index.js';
import { renderEmailHtml, type EmailDetail, type EmailTotal } from '../../providers/mail/layout.js';

export interface OrderEmailLine {
  name: string;
  quantity: number;
  /** The price captured on the line. */
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface OrderEmailInput {
  sellerName: string;
  /** Absolute URL of the seller's logo, or null for its initial. */
  sellerLogoUrl: string | null;
  /** The purchasing organization. */
  buyerName: string;
  /** The user who placed the order: name, or e-mail when there is no name. */
  placedBy: string;
  /**
   * The order's number (CB-000001): its invoice's, which bears the same number. The e-mails name
   * the order by it, as every screen and PDF does.
   */
  invoiceNumber: string;
  /** The buyer's purchase order number; null (or absent) when none was given. */
  poNumber?: string | null;
  completedOn: Date;
  lines: OrderEmailLine[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  shipTo: {
    name: string;
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    postalCode: string;
  };
  shipping: { carrier: string; serviceLevelName: string };
  /** The card paid with (brand as the payments provider names it, e.g. "visa"), or null when no card was charged. */
  card: { brand: string; last4: string } | null;
  /** Absolute URL of the button: the buyer's orders page (confirmation) or the seller's (new order). */
  buttonUrl: string;
  /** The recipient, named in the small print. */
  to: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Integer cents → "$1,234.50" (integer arithmetic: no floating-point rounding). */
export const formatUsd = dollars;

/** "June 3, 2025": the completion day in UTC (the server does not know the reader's zone). */
function formatDay(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function cardLabel(card: { brand: string; last4: string }): string {
  const brand = card.brand.toLowerCase();
  const label = brand in CARD_BRAND_LABELS ? CARD_BRAND_LABELS[brand as CardBrand] : CARD_BRAND_LABELS.unknown;
  return `${label} •••• ${oneLine(card.last4)}`;
}

/** "USPS Priority Mail"; a service name that already starts with the carrier is not doubled. */
function shippingMethod(shipping: OrderEmailInput['shipping']): string {
  const carrier = oneLine(shipping.carrier);
  const service = oneLine(shipping.serviceLevelName);
  if (!carrier) return service;
  if (!service) return carrier;
  return service.toLowerCase().startsWith(carrier.toLowerCase()) ? service : `${carrier} ${service}`;
}

/** The facts both e-mails show, every user string already on one line. */
interface OrderFacts {
  seller: string;
  buyer: string;
  placedBy: string;
  invoice: string;
  day: string;
  total: string;
  lines: { name: string; quantity: string; unitPrice: string; amount: string }[];
  totals: EmailTotal[];
  details: EmailDetail[];
}

function orderFacts(input: OrderEmailInput): OrderFacts {
  const invoice = oneLine(input.invoiceNumber);
  const po = oneLine(input.poNumber ?? '');
  const day = formatDay(input.completedOn);
  const s = input.shipTo;
  const cityLine = [oneLine(s.city), [oneLine(s.state), oneLine(s.postalCode)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const address = [oneLine(s.name), oneLine(s.line1), oneLine(s.line2 ?? ''), cityLine].filter((l) => l !== '');
  const details: EmailDetail[] = [
    { label: 'Order', lines: [invoice] },
    ...(po ? [{ label: 'PO number', lines: [po] }] : []),
    { label: 'Placed', lines: [day] },
    { label: 'Ship to', lines: address },
    { label: 'Shipping method', lines: [shippingMethod(input.shipping)] },
  ];
  if (input.card) details.push({ label: 'Paid with', lines: [cardLabel(input.card)] });
  return {
    seller: oneLine(input.sellerName) || 'The seller',
    buyer: oneLine(input.buyerName) || 'A retailer',
    placedBy: oneLine(input.placedBy),
    invoice,
    day,
    total: formatUsd(input.totalCents),
    lines: input.lines.map((l) => ({
      name: oneLine(l.name),
      quantity: l.quantity.toLocaleString('en-US'),
      unitPrice: formatUsd(l.unitPriceCents),
      amount: formatUsd(l.lineTotalCents),
    })),
    totals: [
      { label: 'Subtotal', value: formatUsd(input.subtotalCents) },
      { label: 'Shipping', value: formatUsd(input.shippingCents) },
      { label: 'Total', value: formatUsd(input.totalCents), strong: true },
    ],
    details,
  };
}

interface OrderEmailParts {
  subject: string;
  preheader: string;
  heading: string;
  intro: string;
  buttonLabel: string;
  footer: string[];
}

/** HTML and the plain-text part with the same facts, in the same order. */
function renderOrderEmail(input: OrderEmailInput, f: OrderFacts, p: OrderEmailParts): RenderedEmail {
  const html = renderEmailHtml({
    title: p.subject,
    preheader: p.preheader,
    brand: { name: f.seller, logoUrl: input.sellerLogoUrl },
    heading: p.heading,
    paragraphs: [p.intro],
    items: {
      title: 'Order summary',
      headings: { item: 'Item', quantity: 'Qty', amount: 'Amount' },
      rows: f.lines.map((l) => ({ item: l.name, note: `${l.unitPrice} each`, quantity: l.quantity, amount: l.amount })),
    },
    totals: f.totals,
    details: f.details,
    button: { label: p.buttonLabel, url: input.buttonUrl },
    footer: p.footer,
  });
  const text = [
    p.heading,
    '',
    p.intro,
    '',
    'Order summary',
    ...f.lines.map((l) => `- ${l.name} — qty ${l.quantity} × ${l.unitPrice} = ${l.amount}`),
    '',
    ...f.totals.map((t) => `${t.label}: ${t.value}`),
    '',
    // A one-line detail stays on its line; an address goes underneath, indented.
    ...f.details.flatMap((d) =>
      d.lines.length === 1 ? [`${d.label}: ${d.lines[0]}`] : [`${d.label}:`, ...d.lines.map((l) => `  ${l}`)],
    ),
    '',
    `${p.buttonLabel}:`,
    input.buttonUrl,
    '',
    '--',
    ...p.footer,
    '',
  ].join('\n');
  return { subject: p.subject, html, text };
}

const TAGLINE = `${PRODUCT_NAME} — wholesale ordering for brands and their retailers.`;

/** To the buyer who placed the order, with the seller's name and logo. */
export function renderOrderConfirmationEmail(input: OrderEmailInput): RenderedEmail {
  const f = orderFacts(input);
  const paid = input.card ? `, paid with ${cardLabel(input.card)}` : '';
  return renderOrderEmail(input, f, {
    subject: `Your order from ${f.seller} is confirmed — ${f.invoice}`,
    preheader: `${f.seller} has your order ${f.invoice}: ${f.total}${paid}.`,
    heading: `Your order from ${f.seller} is confirmed`,
    intro: `Thank you for your order. ${f.seller} has received order ${f.invoice} for ${f.buyer}, placed on ${f.day}${f.placedBy ? ` by ${f.placedBy}` : ''}. The total is ${f.total}${paid}.`,
    buttonLabel: 'View your orders',
    footer: [
      `This confirmation was sent to ${oneLine(input.to)} because an order was placed with ${f.seller} on ${PRODUCT_NAME}.`,
      TAGLINE,
    ],
  });
}

/** To each member of the seller's organization: what was ordered, by whom, and where it ships. */
export function renderNewOrderEmail(input: OrderEmailInput): RenderedEmail {
  const f = orderFacts(input);
  const paid = input.card ? ` and paid with ${cardLabel(input.card)}` : '';
  return renderOrderEmail(input, f, {
    subject: `New order from ${f.buyer} — ${f.invoice} (${f.total})`,
    preheader: `${f.buyer} ordered ${f.lines.length === 1 ? '1 item' : `${f.lines.length} items`} for ${f.total}.`,
    heading: `New order from ${f.buyer}`,
    intro: `${f.buyer} placed order ${f.invoice} with ${f.seller} on ${f.day}${f.placedBy ? ` (ordered by ${f.placedBy})` : ''}${paid}. The total is ${f.total}. Ship it to the address below.`,
    buttonLabel: 'View orders',
    footer: [`This notice was sent to ${oneLine(input.to)} as a member of ${f.seller} on ${PRODUCT_NAME}.`, TAGLINE],
  });
}
