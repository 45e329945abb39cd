/**
 * Signed credit note links, like the invoice links (payments/invoice-links.ts): a credit note
 * PDF opens in a new tab as a plain link, without the bearer token, so the link is the
 * authorisation: `{publicUrl}/credit-notes/{refund id}.pdf?expires={unix seconds}&signature={hex}`,
 * HMAC-SHA256 of `{id}.{expires}` under a key of its own derived from the shared root secret.
 * A link lasts an hour; every read of an order's refunds hands out fresh ones.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { deriveSecret } from '../../identity/secrets.js';

export const CREDIT_NOTE_LINK_TTL_SECONDS = 60 * 60;
const PURPOSE = 'credit-note-links';

export interface CreditNoteLinkSigner {
  publicUrl: string;
  key: Buffer;
}

export function creditNoteLinkKey(db: DbOrTx): Promise<Buffer> {
  return deriveSecret(db, PURPOSE);
}

export async function creditNoteLinkSigner(ctx: {
  db: DbOrTx;
  config: { publicUrl: string };
}): Promise<CreditNoteLinkSigner> {
  return { publicUrl: ctx.config.publicUrl, key: await creditNoteLinkKey(ctx.db) };
}

function signature(key: Buffer, refundId: string, expires: number): string {
  return createHmac('sha256', key).update(`${refundId}.${expires}`).digest('hex');
}

/** The credit note's PDF link, valid for an hour from `now` (the id in lower case, as the route checks it). */
export function creditNoteLink(signer: CreditNoteLinkSigner, refundId: string, now: Date = new Date()): string {
  const id = refundId.toLowerCase();
  const expires = Math.floor(now.getTime() / 1000) + CREDIT_NOTE_LINK_TTL_SECONDS;
  return `${signer.publicUrl}/credit-notes/${encodeURIComponent(id)}.pdf?expires=${expires}&signature=${signature(signer.key, id, expires)}`;
}

/** 'invalid' for a missing, malformed or wrong signature; 'expired' for a genuine link past its time. */
export function checkCreditNoteLink(
  key: Buffer,
  refundId: string,
  expires: string | undefined,
  given: string | undefined,
  now: Date = new Date(),
): 'valid' | 'expired' | 'invalid' {
  if (!expires || !/^[1-9]\d{0,11}$/.test(expires) || !given || !/^[0-9a-f]{64}$/i.test(given)) return 'invalid';
  const at = Number(expires);
  const expected = Buffer.from(signature(key, refundId, at), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'invalid';
  return at * 1000 <= now.getTime() ? 'expired' : 'valid';
}
