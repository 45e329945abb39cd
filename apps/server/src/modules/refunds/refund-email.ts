/**
 * The buyer's e-mail for a refund (issue 21 part 2): how much, how it comes back (to the card,
 * or as a credit note), for what, and why. Pure: subject, HTML and plain text from facts the
 * caller read in the refunding transaction. Every name is user text: escaped by the layout in
 * HTML, kept on one line everywhere.
 */
import {
  CARD_BRAND_LABELS,
  PRODUCT_NAME,
  REFUND_REASON_LABELS,
  dollars,
  type CardBrand,
  type RefundReason,
} from '@cratebase/contract';
import { oneLine, renderEmailHtml } from '../../providers/mail/index.js';

export interface RefundEmailInput {
  sellerName: string;
  buyerName: string;
  /** The order's reference (its invoice number, CB-000001). */
  orderReference: string;
  creditNoteNumber: string;
  amountCents: number;
  shippingCents: number;
  lines: { name: string; quantity: number; amountCents: number }[];
  reason: RefundReason;
  note: string | null;
  method: 'card' | 'credit_note';
  card: { brand: string; last4: string } | null;
  /** The buyer's orders page at the store. */
  ordersUrl: string;
  to: string;
}

/** Integer cents → "$1,234.50". */
/** Integer cents → "$1,234.50": the contract's one formatter. */
export const formatUsd = dollars;

function cardLabel(card: { brand: string; last4: string }): string {
  const brand = card.brand.toLowerCase();
  const label = brand in CARD_BRAND_LABELS ? CARD_BRAND_LABELS[brand as CardBrand] : CARD_BRAND_LABELS.unknown;
  return `${label} ending ${oneLine(card.last4)}`;
}

/** "To your Visa ending 4242" or "As credit note CN-000001". */
export function refundRouteLabel(input: Pick<RefundEmailInput, 'method' | 'card' | 'creditNoteNumber'>): string {
  if (input.method === 'card') return input.card ? `To your ${cardLabel(input.card)}` : 'To the card that paid';
  return `As credit note ${oneLine(input.creditNoteNumber)}`;
}

export function renderRefundEmail(input: RefundEmailInput): { subject: string; html: string; text: string } {
  const seller = oneLine(input.sellerName) || 'Your seller';
  const reference = oneLine(input.orderReference);
  const amount = formatUsd(input.amountCents);
  const subject = `${seller} refunded ${amount} of order ${reference}`;
  const how =
    input.method === 'card'
      ? `${amount} is on its way back to ${input.card ? `your ${cardLabel(input.card)}` : 'the card that paid'}; banks usually show it within 5 to 10 business days.`
      : `${seller} records it in credit note ${oneLine(input.creditNoteNumber)} and pays it back the way you paid the invoice.`;
  const intro = `${seller} gave back ${amount} of order ${reference}. ${how}`;
  const reason = REFUND_REASON_LABELS[input.reason];
  const note = input.note ? oneLine(input.note) : null;
  const footer = `This message was sent to ${input.to} because ${oneLine(input.buyerName)} orders from ${seller} on ${PRODUCT_NAME}.`;
  const lines = input.lines.map((l) => ({
    item: oneLine(l.name) || 'Item',
    quantity: String(l.quantity),
    amount: formatUsd(l.amountCents),
  }));
  const totals = [
    ...(input.shippingCents > 0 ? [{ label: 'Shipping', value: formatUsd(input.shippingCents) }] : []),
    { label: 'Refunded', value: amount, strong: true },
  ];
  const details = [
    { label: 'Refunded', lines: [refundRouteLabel(input)] },
    { label: 'Reason', lines: note ? [reason, note] : [reason] },
    { label: 'Credit note', lines: [oneLine(input.creditNoteNumber)] },
    { label: 'Order', lines: [reference] },
  ];
  const html = renderEmailHtml({
    title: subject,
    preheader: `${amount} refunded: ${reason}`,
    brand: { name: seller, logoUrl: null },
    heading: `${amount} refunded`,
    paragraphs: [intro],
    ...(lines.length > 0
      ? {
          items: {
            title: 'Refunded items',
            headings: { item: 'Item', quantity: 'Qty', amount: 'Amount' },
            rows: lines,
          },
        }
      : {}),
    totals,
    details,
    button: { label: 'View your orders', url: input.ordersUrl },
    footer: [footer],
  });
  const text = [
    `${amount} refunded`,
    '',
    intro,
    '',
    ...input.lines.map((l) => `${l.quantity} × ${oneLine(l.name) || 'Item'}: ${formatUsd(l.amountCents)}`),
    ...(input.shippingCents > 0 ? [`Shipping: ${formatUsd(input.shippingCents)}`] : []),
    `Refunded: ${amount} (${refundRouteLabel(input)})`,
    `Reason: ${reason}${note ? ` (${note})` : ''}`,
    `Credit note: ${oneLine(input.creditNoteNumber)}`,
    `Order: ${reference}`,
    '',
    `Your orders: ${input.ordersUrl}`,
    '',
    '--',
    footer,
    '',
  ].join('\n');
  return { subject, html, text };
}
