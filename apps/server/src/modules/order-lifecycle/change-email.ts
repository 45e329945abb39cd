/**
 * The e-mails of an order's life after checkout (issue 23): a cancellation or a reduction, a
 * buyer's cancellation request and the seller's decline — to the other side (and, for a
 * cancellation, to both). Pure: subject, HTML and plain text; the caller queues them.
 */
import { PRODUCT_NAME } from '@cratebase/contract';
import { oneLine, renderEmailHtml } from '../../providers/mail/index.js';

export interface OrderChangeEmailInput {
  /** Whose name is on the e-mail (the store's). */
  sellerName: string;
  /** Who it is written to: the retailer's members, or the seller's. */
  audience: 'buyer' | 'seller';
  /** The organization the recipient belongs to (for the small print). */
  recipientOrganization: string;
  orderReference: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Units named by the change: "2 × Plum jam". */
  items?: string[];
  note?: string | null;
  /** Where the recipient sees the order. */
  url: string;
  to: string;
}

export function renderOrderChangeEmail(input: OrderChangeEmailInput): { subject: string; html: string; text: string } {
  const seller = oneLine(input.sellerName) || 'Your seller';
  const reference = oneLine(input.orderReference);
  const footer =
    input.audience === 'buyer'
      ? `This message was sent to ${input.to} because ${oneLine(input.recipientOrganization)} orders from ${seller} on ${PRODUCT_NAME}.`
      : `This message was sent to ${input.to} because ${oneLine(input.recipientOrganization)} sells on ${PRODUCT_NAME}.`;
  const details = [
    { label: 'Order', lines: [reference] },
    ...(input.items && input.items.length > 0 ? [{ label: 'Items', lines: input.items }] : []),
    ...(input.note ? [{ label: 'Note', lines: [input.note] }] : []),
  ];
  const html = renderEmailHtml({
    title: input.subject,
    preheader: input.paragraphs[0] ?? input.heading,
    brand: { name: seller, logoUrl: null },
    heading: input.heading,
    paragraphs: input.paragraphs,
    details,
    button: { label: 'View the order', url: input.url },
    footer: [footer],
  });
  const text = [
    input.heading,
    '',
    ...input.paragraphs,
    '',
    ...details.map((d) => `${d.label}: ${d.lines.join(', ')}`),
    '',
    `View the order: ${input.url}`,
    '',
    '--',
    footer,
    '',
  ].join('\n');
  return { subject: oneLine(input.subject), html, text };
}
