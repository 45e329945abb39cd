/** The e-mails a certificate's coming expiry sends: one to the retailer's members, one to each seller's. */
import { PRODUCT_NAME, US_STATE_NAMES } from '@cratebase/contract';
import { oneLine, renderEmailHtml } from '../../providers/mail/index.js';

export type ExpiringCertificate = {
  id: string;
  organization_id: string;
  state: string;
  number: string;
  expires_on: string;
};

type Rendered = { subject: string; html: string; text: string };

function render(opts: {
  subject: string;
  heading: string;
  paragraphs: string[];
  certificate: ExpiringCertificate;
  button: { label: string; url: string };
  footer: string;
}): Rendered {
  const c = opts.certificate;
  const state = US_STATE_NAMES[c.state as keyof typeof US_STATE_NAMES] ?? c.state;
  const html = renderEmailHtml({
    title: opts.subject,
    preheader: opts.paragraphs[0]!,
    brand: { name: PRODUCT_NAME, logoUrl: null },
    heading: opts.heading,
    paragraphs: opts.paragraphs,
    details: [
      { label: 'State', lines: [state] },
      { label: 'Certificate number', lines: [c.number] },
      { label: 'Expires', lines: [c.expires_on] },
    ],
    button: opts.button,
    footer: [opts.footer],
  });
  const text = [
    opts.heading,
    '',
    ...opts.paragraphs,
    '',
    `State: ${state}`,
    `Certificate number: ${c.number}`,
    `Expires: ${c.expires_on}`,
    '',
    `${opts.button.label}: ${opts.button.url}`,
    '',
    '--',
    opts.footer,
    '',
  ].join('\n');
  return { subject: opts.subject, html, text };
}

/** To the retailer's members: renew it before it lapses. */
export function renderRetailerExpiry(c: ExpiringCertificate, retailerName: string, url: string, to: string): Rendered {
  return render({
    subject: `Your resale certificate expires on ${c.expires_on}`,
    heading: 'Your resale certificate expires soon',
    paragraphs: [
      `The resale certificate on file for ${oneLine(retailerName)} expires on ${c.expires_on}.`,
      'Upload the renewed certificate so the stores you buy from keep selling to you tax-exempt for resale.',
    ],
    certificate: c,
    button: { label: 'Upload the new certificate', url },
    footer: `This message was sent to ${to} because you are a member of ${oneLine(retailerName)} on ${PRODUCT_NAME}.`,
  });
}

/** To a seller's members: the customer's certificate is about to lapse. */
export function renderSellerExpiry(
  c: ExpiringCertificate,
  retailerName: string,
  sellerName: string,
  url: string,
  to: string,
): Rendered {
  const retailer = oneLine(retailerName);
  return render({
    subject: `${retailer}'s resale certificate expires on ${c.expires_on}`,
    heading: 'A customer’s resale certificate expires soon',
    paragraphs: [
      `The resale certificate ${retailer} keeps on file expires on ${c.expires_on}.`,
      `We have asked ${retailer} to upload the renewed one; you will see it on the customer’s page.`,
    ],
    certificate: c,
    button: { label: 'Open the customer', url },
    footer: `This message was sent to ${to} because ${retailer} buys from ${oneLine(sellerName)} on ${PRODUCT_NAME}.`,
  });
}
