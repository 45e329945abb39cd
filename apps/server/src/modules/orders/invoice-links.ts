/**
 * Signed invoice links: `{publicUrl}/invoices/{id}.pdf?expires=…&signature=…`, under the
 * invoice-links key derived from the shared root secret (lib/signed-documents.ts says how they
 * work; identity/secrets.ts derives the key). Here in orders, under everything that hands them
 * out — a placed order carries its invoice's link (queries.ts), and so do the customer's orders
 * and the seller's invoice list — while documents/routes.ts serves the PDF a link opens.
 */
import type { DbOrTx } from '../../db/client.js';
import { deriveSecret } from '../../identity/secrets.js';
import {
  DOCUMENT_LINK_TTL_SECONDS,
  signedDocumentLinks,
  type DocumentLinkCheck,
  type DocumentLinkSigner,
} from '../../lib/signed-documents.js';

/** How long a link opens the invoice. */
export const INVOICE_LINK_TTL_SECONDS = DOCUMENT_LINK_TTL_SECONDS;

export const invoiceLinks = signedDocumentLinks({
  path: 'invoices',
  deriveKey: (db: DbOrTx) => deriveSecret(db, 'invoice-links'),
});

export type InvoiceLinkSigner = DocumentLinkSigner;
export type InvoiceLinkCheck = DocumentLinkCheck;
export const invoiceLinkKey = invoiceLinks.key;
export const invoiceLinkSigner = invoiceLinks.signer;
export const invoiceLink = invoiceLinks.link;
export const checkInvoiceLink = invoiceLinks.check;
