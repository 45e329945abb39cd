/** The invitation e-mail: subject, HTML and plain text, with the seller's name and logo. */
import { PRODUCT_NAME } from '@cratebase/contract';
import { oneLine, renderEmailHtml, renderShortEmailText } from '../../providers/mail/index.js';

export interface InviteEmailInput {
  sellerName: string;
  /** Absolute URL of the seller's logo, or null. */
  logoUrl: string | null;
  /** Absolute URL of /invite/{invite_id}. */
  inviteUrl: string;
  /** The recipient, named in the small print. */
  to: string;
  /** A paragraph on why it is sent now (an order the seller wrote for the invitee). */
  about?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderInviteEmail(input: InviteEmailInput): RenderedEmail {
  // The name is user text: in the subject it must stay on one line (no header injection).
  const seller = oneLine(input.sellerName) || 'A seller';
  const subject = `${seller} invited you to order wholesale on ${PRODUCT_NAME}`;
  const intro = `${seller} uses ${PRODUCT_NAME} to take wholesale orders. Accept the invitation to browse their catalog, see your prices and order online whenever it suits you.`;
  const ignore = `This invitation was sent to ${input.to}. If you were not expecting it, you can ignore this e-mail.`;
  const content = {
    title: subject,
    preheader: `Accept your invitation to ${seller} on ${PRODUCT_NAME}.`,
    brand: { name: seller, logoUrl: input.logoUrl },
    heading: `${seller} invited you to their wholesale store`,
    paragraphs: input.about ? [input.about, intro] : [intro],
    button: { label: 'Accept your invitation', url: input.inviteUrl },
    footer: [ignore, `${PRODUCT_NAME} — wholesale ordering for brands and their retailers.`],
  };
  const html = renderEmailHtml(content);
  const text = renderShortEmailText(content);
  return { subject, html, text };
}
