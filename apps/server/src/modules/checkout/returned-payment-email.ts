/**
 * The e-mail to the buyer whose payment could not be used and was refunded in full (issue 21):
 * paid in a second window after the order was placed, or for an invoice the seller had settled
 * another way. Queued in the transaction that records the refund, so it is sent if and only if
 * the refund is recorded.
 */
import { PRODUCT_NAME } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { enqueueMail, oneLine } from '../../providers/mail/index.js';
import { renderEmailHtml } from '../../providers/mail/layout.js';
import { orderParties, orderState } from '../orders/submission.js';
import { userContact } from '../users/service.js';
import { formatUsd, type RenderedEmail } from './order-emails.js';
import type { checkoutSessions } from './schema.js';

export interface ReturnedPaymentEmailInput {
  sellerName: string;
  amountCents: number;
  purpose: 'order' | 'invoice';
  card: { brand: string; last4: string } | null;
  buttonUrl: string;
  to: string;
}

/** Pure: subject, HTML and text. */
export function renderReturnedPaymentEmail(input: ReturnedPaymentEmailInput): RenderedEmail {
  const seller = oneLine(input.sellerName);
  const amount = formatUsd(input.amountCents);
  const card = input.card ? ` to the card ending in ${input.card.last4}` : '';
  const why =
    input.purpose === 'invoice'
      ? `${seller} had already recorded this invoice as settled when your card payment arrived, so nothing was owed.`
      : `This order had already been placed with another payment (for example in a second browser window) when this payment arrived.`;
  const heading = `Your payment of ${amount} to ${seller} was refunded`;
  const paragraphs = [
    `${why} We have refunded the full ${amount}${card}. Depending on your bank it can take 5–10 business days to appear.`,
    'You do not need to do anything. Your order and invoices are unchanged.',
  ];
  const footer = [
    `This message was sent to ${oneLine(input.to)} because a payment was made to ${seller} on ${PRODUCT_NAME}.`,
  ];
  const html = renderEmailHtml({
    title: heading,
    preheader: `${amount}${card} is on its way back to you.`,
    brand: { name: seller, logoUrl: null },
    heading,
    paragraphs,
    totals: [{ label: 'Refunded', value: amount, strong: true }],
    button: { label: 'View your orders', url: input.buttonUrl },
    footer,
  });
  const text = [
    heading,
    '',
    ...paragraphs,
    '',
    `Refunded: ${amount}`,
    '',
    'View your orders:',
    input.buttonUrl,
    '',
    '--',
    ...footer,
    '',
  ].join('\n');
  return { subject: heading, html, text };
}

/** Queues the e-mail to the user who opened the session, in the caller's transaction. */
export async function queueReturnedPaymentEmail(
  ctx: AppContext,
  tx: DbOrTx,
  session: typeof checkoutSessions.$inferSelect,
): Promise<void> {
  const [parties, order, buyer] = [
    await orderParties(tx, session.orderId),
    await orderState(tx, session.orderId),
    session.createdByUserId ? await userContact(tx, session.createdByUserId) : undefined,
  ];
  if (!parties || !order || !buyer?.email) return;
  const sellerId = order.selling_organization_id;
  const message = renderReturnedPaymentEmail({
    sellerName: parties.seller_name,
    amountCents: session.amountCents,
    purpose: session.purpose === 'invoice' ? 'invoice' : 'order',
    card: session.cardBrand && session.cardLast4 ? { brand: session.cardBrand, last4: session.cardLast4 } : null,
    buttonUrl: `${ctx.config.publicUrl}/storefront/${sellerId}/orders`,
    to: buyer.email,
  });
  await enqueueMail(tx, {
    kind: 'payment_refunded',
    organizationId: order.purchasing_organization_id,
    from: ctx.config.mail.from,
    to: buyer.email,
    ...message,
  });
}
