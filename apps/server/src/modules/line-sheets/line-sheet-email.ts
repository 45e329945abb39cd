/**
 * The line sheet e-mails: the sheet sent to a store (a link to its page and to its PDF — the
 * mail queue carries no attachments), and a request to order, sent to the seller's members.
 */
import { PRODUCT_NAME } from '@cratebase/contract';
import { oneLine, renderEmailHtml, renderShortEmailText } from '../../providers/mail/index.js';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

function render(content: Parameters<typeof renderEmailHtml>[0], subject: string): RenderedEmail {
  return { subject, html: renderEmailHtml(content), text: renderShortEmailText(content) };
}

export function renderLineSheetEmail(input: {
  sellerName: string;
  logoUrl: string | null;
  title: string;
  message: string | null;
  pageUrl: string;
  pdfUrl: string;
  to: string;
}): RenderedEmail {
  const seller = oneLine(input.sellerName) || 'A seller';
  const title = oneLine(input.title);
  const subject = `${seller} sent you a line sheet: ${title}`;
  return render(
    {
      title: subject,
      preheader: `${title} — wholesale prices, minimums and photos from ${seller}.`,
      brand: { name: seller, logoUrl: input.logoUrl },
      heading: title,
      paragraphs: [
        ...(input.message ? [input.message] : []),
        `${seller} shared their line sheet with you: photos, wholesale and retail prices, minimums and ship dates. You can read it online and request to order — no account needed.`,
        `The PDF: ${input.pdfUrl}`,
      ],
      button: { label: 'View the line sheet', url: input.pageUrl },
      footer: [
        `This line sheet was sent to ${input.to}.`,
        `${PRODUCT_NAME} — wholesale ordering for brands and their retailers.`,
      ],
    },
    subject,
  );
}

export function renderLineSheetRequestEmail(input: {
  sellerName: string;
  title: string;
  storeName: string;
  contactName: string;
  email: string;
  phone: string | null;
  message: string | null;
  reviewUrl: string;
}): RenderedEmail {
  const store = oneLine(input.storeName);
  const subject = `${store} requests to order from your line sheet ${oneLine(input.title)}`;
  return render(
    {
      title: subject,
      preheader: `${oneLine(input.contactName)} (${input.email}) would like to order. Invite them with one click.`,
      brand: { name: oneLine(input.sellerName) || PRODUCT_NAME, logoUrl: null },
      heading: `${store} would like to order`,
      paragraphs: [
        `${oneLine(input.contactName)} of ${store} read your line sheet “${oneLine(input.title)}” and asks to order.`,
        `E-mail: ${input.email}${input.phone ? ` · Phone: ${input.phone}` : ''}`,
        ...(input.message ? [`Their message: ${input.message}`] : []),
        'Invite them as a customer from the line sheet’s requests: they get an e-mail with a link to your store.',
      ],
      button: { label: 'Review the request', url: input.reviewUrl },
      footer: [`${PRODUCT_NAME} — wholesale ordering for brands and their retailers.`],
    },
    subject,
  );
}
