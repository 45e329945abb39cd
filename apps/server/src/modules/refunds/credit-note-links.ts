/**
 * Signed credit note links: `{publicUrl}/credit-notes/{refund id}.pdf?expires=…&signature=…`,
 * under a key of their own derived from the shared root secret (lib/signed-documents.ts says how
 * they work, as for invoices). Every read of an order's refunds hands out fresh ones.
 */
import type { DbOrTx } from '../../db/client.js';
import { deriveSecret } from '../../identity/secrets.js';
import { DOCUMENT_LINK_TTL_SECONDS, signedDocumentLinks, type DocumentLinkSigner } from '../../lib/signed-documents.js';

export const CREDIT_NOTE_LINK_TTL_SECONDS = DOCUMENT_LINK_TTL_SECONDS;

export const creditNoteLinks = signedDocumentLinks({
  path: 'credit-notes',
  deriveKey: (db: DbOrTx) => deriveSecret(db, 'credit-note-links'),
});

export type CreditNoteLinkSigner = DocumentLinkSigner;
export const creditNoteLinkKey = creditNoteLinks.key;
export const creditNoteLinkSigner = creditNoteLinks.signer;
export const creditNoteLink = creditNoteLinks.link;
export const checkCreditNoteLink = creditNoteLinks.check;
