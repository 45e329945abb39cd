/** The tracking e-mail to the buyer: subject, HTML and plain text (pure; the caller queues it). */
import { CARRIER_LABELS, PRODUCT_NAME, type Carrier } from '@cratebase/contract';
import { oneLine, renderEmailHtml } from '../../providers/mail/index.js';

export interface TrackingEmailInput {
  sellerName: string;
  buyerName: string;
  /** The order's invoice number, or a short order reference. */
  orderReference: string;
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl: string;
  /** The buyer's orders page at the store. */
  ordersUrl: string;
  /** A corrected number (the seller edited the tracking). */
  updated: boolean;
  /** A shipment of part of the order: the rest follows (issue 23). */
  partial?: boolean;
  to: string;
}

export function renderTrackingEmail(input: TrackingEmailInput): { subject: string; html: string; text: string } {
  const seller = oneLine(input.sellerName) || 'Your seller';
  const carrier = CARRIER_LABELS[input.carrier];
  const reference = oneLine(input.orderReference);
  const subject = input.updated
    ? `Updated tracking for your order from ${seller} — ${reference}`
    : input.partial
      ? `Part of your order from ${seller} has shipped — ${reference}`
      : `Your order from ${seller} has shipped — ${reference}`;
  const heading = input.updated
    ? 'Your tracking number was updated'
    : input.partial
      ? 'Part of your order is on its way'
      : 'Your order is on its way';
  const intro = input.updated
    ? `${seller} corrected the tracking number of order ${reference}. Use the new one below.`
    : input.partial
      ? `${seller} shipped part of order ${reference} with ${carrier}; the rest follows in another shipment. Follow this one with the tracking number below.`
      : `${seller} shipped order ${reference} with ${carrier}. Follow it with the tracking number below.`;
  const footer = `This message was sent to ${input.to} because ${oneLine(input.buyerName)} orders from ${seller} on ${PRODUCT_NAME}.`;
  const html = renderEmailHtml({
    title: subject,
    preheader: `${carrier} tracking number ${input.trackingNumber}`,
    brand: { name: seller, logoUrl: null },
    heading,
    paragraphs: [intro],
    details: [
      { label: 'Carrier', lines: [carrier] },
      { label: 'Tracking number', lines: [input.trackingNumber] },
      { label: 'Order', lines: [reference] },
    ],
    button: { label: `Track with ${carrier}`, url: input.trackingUrl },
    footer: [`Your orders: ${input.ordersUrl}`, footer],
  });
  const text = [
    heading,
    '',
    intro,
    '',
    `Carrier: ${carrier}`,
    `Tracking number: ${input.trackingNumber}`,
    `Order: ${reference}`,
    '',
    `Track it: ${input.trackingUrl}`,
    `Your orders: ${input.ordersUrl}`,
    '',
    '--',
    footer,
    '',
  ].join('\n');
  return { subject, html, text };
}
