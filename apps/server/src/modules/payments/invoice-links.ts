/**
 * Signed invoice links. An invoice PDF opens in a new tab as a plain link, without the bearer
 * token, so the link itself is the authorisation: `{publicUrl}/invoices/{id}.pdf?expires=
 * {unix seconds}&signature={hex}`, where the signature is HMAC-SHA256 of `{id}.{expires}` under a
 * key every server process derives from the shared root secret (identity/secrets.ts). A link
 * lasts an hour; the API hands out a fresh one with every read, so a leaked old link stops working.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { deriveSecret } from '../../identity/secrets.js';

/** How long a link opens the invoice. */
export const INVOICE_LINK_TTL_SECONDS = 60 * 60;
const PURPOSE = 'invoice-links';

/** What signing needs: where the server is, and the key. */
export interface InvoiceLinkSigner {
  publicUrl: string;
  key: Buffer;
}

/** The invoice-link key of this database (read once per process). */
export function invoiceLinkKey(db: DbOrTx): Promise<Buffer> {
  return deriveSecret(db, PURPOSE);
}

/** A signer for many links (a list signs every row with one key read). */
export async function invoiceLinkSigner(ctx: { db: DbOrTx; config: { publicUrl: string } }): Promise<InvoiceLinkSigner> {
  return { publicUrl: ctx.config.publicUrl, key: await invoiceLinkKey(ctx.db) };
}

function signature(key: Buffer, invoiceId: string, expires: number): string {
  return createHmac('sha256', key).update(`${invoiceId}.${expires}`).digest('hex');
}

/**
 * The invoice's PDF link, valid for an hour from `now`. The id is signed and written in lower
 * case, the form the PDF route checks: a UUID asked for in upper case
 * (GET /api/invoice/{ID}) names the same invoice, and its link opens it.
 */
export function invoiceLink(signer: InvoiceLinkSigner, invoiceId: string, now: Date = new Date()): string {
  const id = invoiceId.toLowerCase();
  const expires = Math.floor(now.getTime() / 1000) + INVOICE_LINK_TTL_SECONDS;
  // Both values are URL-safe as they are (digits, hex); lists sign fifty of these a page.
  return `${signer.publicUrl}/invoices/${encodeURIComponent(id)}.pdf?expires=${expires}&signature=${signature(signer.key, id, expires)}`;
}

export type InvoiceLinkCheck = 'valid' | 'expired' | 'invalid';

/**
 * Whether a link's `expires` and `signature` open the invoice: 'invalid' for a missing,
 * malformed or wrong signature (whatever the time), 'expired' for a genuine link past its time.
 */
export function checkInvoiceLink(
  key: Buffer,
  invoiceId: string,
  expires: string | undefined,
  given: string | undefined,
  now: Date = new Date(),
): InvoiceLinkCheck {
  if (!expires || !/^[1-9]\d{0,11}$/.test(expires) || !given || !/^[0-9a-f]{64}$/i.test(given)) return 'invalid';
  const at = Number(expires);
  const expected = Buffer.from(signature(key, invoiceId, at), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'invalid';
  return at * 1000 <= now.getTime() ? 'expired' : 'valid';
}
