/**
 * The e-mails of orders the seller writes: "{seller} wrote an order for you" to the retailer's
 * members (a customer already), the paragraph an invite e-mail adds for a retailer without an
 * account, and "{retailer} declined P-1001" to the seller's members.
 */
import { PRODUCT_NAME, dollars } from '@cratebase/contract';
import { oneLine, renderEmailHtml, renderShortEmailText } from '../../providers/mail/index.js';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface ProposalFacts {
  sellerName: string;
  /** "P-1001". */
  number: string;
  totalCents: number;
  itemCount: number;
  note: string | null;
}

const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;

/** The sentence both sent e-mails open with. */
export function proposalSentence(facts: ProposalFacts): string {
  const seller = oneLine(facts.sellerName) || 'Your supplier';
  return `${seller} wrote order ${facts.number} for you: ${units(facts.itemCount)}, ${dollars(facts.totalCents)} at your prices.`;
}

/** The paragraph a customer invite adds when it is sent with an order (invites' createInvitesIn `about`). */
export function proposalInviteParagraph(facts: ProposalFacts, url: string): string {
  return `${proposalSentence(facts)} Accept the invitation below to create your account, then review, change and accept the order at ${url}`;
}

/** To each member of the retailer: review the order (the link opens it in the store). */
export function renderProposalSentEmail(input: ProposalFacts & { url: string; to: string }): RenderedEmail {
  const seller = oneLine(input.sellerName) || 'Your supplier';
  const subject = `${seller} sent you order ${input.number}`;
  const paragraphs = [
    proposalSentence(input),
    ...(input.note ? [`Their note: ${input.note}`] : []),
    'Review it, change quantities if you need to, and accept to check out by card or on your terms — or decline it.',
  ];
  const content = {
    title: subject,
    preheader: proposalSentence(input),
    brand: { name: seller, logoUrl: null },
    heading: `Order ${input.number} from ${seller}`,
    paragraphs,
    button: { label: 'Review the order', url: input.url },
    footer: [`Sent to ${input.to}.`, `${PRODUCT_NAME} — wholesale ordering for brands and their retailers.`],
  };
  return { subject, html: renderEmailHtml(content), text: renderShortEmailText(content) };
}

/** To each member of the seller: the retailer declined, with its reason. */
export function renderProposalDeclinedEmail(input: {
  sellerName: string;
  retailerName: string;
  number: string;
  reason: string | null;
  url: string;
  to: string;
}): RenderedEmail {
  const retailer = oneLine(input.retailerName) || 'Your customer';
  const subject = `${retailer} declined order ${input.number}`;
  const content = {
    title: subject,
    preheader: subject,
    brand: { name: oneLine(input.sellerName) || PRODUCT_NAME, logoUrl: null },
    heading: subject,
    paragraphs: [input.reason ? `Their reason: ${input.reason}` : 'They gave no reason.'],
    button: { label: 'Open the order', url: input.url },
    footer: [`Sent to ${input.to}.`, `${PRODUCT_NAME} — wholesale ordering for brands and their retailers.`],
  };
  return { subject, html: renderEmailHtml(content), text: renderShortEmailText(content) };
}
