/**
 * Signed invoice links: the link opens its own invoice for an hour, and nothing else — another
 * invoice's id, a changed expiry, a signature under another key, or a link past its hour.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INVOICE_LINK_TTL_SECONDS, checkInvoiceLink, invoiceLink, type InvoiceLinkSigner } from './invoice-links.js';

const signer: InvoiceLinkSigner = { publicUrl: 'https://shop.example', key: randomBytes(32) };
const INVOICE = '6f1f7d2e-3c1b-4d7a-9a55-0c8d0b6f1e21';
const OTHER = '0b9a7c2e-1111-4d7a-9a55-0c8d0b6f1e21';
const NOW = new Date('2025-06-03T15:00:00.000Z');

function parts(link: string) {
  const url = new URL(link);
  const id = /^\/invoices\/([^/]+)\.pdf$/.exec(url.pathname)?.[1];
  return { url, id, expires: url.searchParams.get('expires') ?? undefined, signature: url.searchParams.get('signature') ?? undefined };
}

describe('invoice links', () => {
  it('points at the invoice PDF on the public URL, expiring an hour from now', () => {
    const { url, id, expires, signature } = parts(invoiceLink(signer, INVOICE, NOW));
    expect(url.origin).toBe('https://shop.example');
    expect(id).toBe(INVOICE);
    expect(Number(expires)).toBe(NOW.getTime() / 1000 + INVOICE_LINK_TTL_SECONDS);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('opens within the hour and has expired after it', () => {
    const { expires, signature } = parts(invoiceLink(signer, INVOICE, NOW));
    expect(checkInvoiceLink(signer.key, INVOICE, expires, signature, NOW)).toBe('valid');
    expect(checkInvoiceLink(signer.key, INVOICE, expires, signature, new Date(NOW.getTime() + 59 * 60_000))).toBe('valid');
    expect(checkInvoiceLink(signer.key, INVOICE, expires, signature, new Date(NOW.getTime() + 60 * 60_000))).toBe('expired');
  });

  it('refuses a link for another invoice, a moved expiry, another key, or a damaged signature', () => {
    const { expires, signature } = parts(invoiceLink(signer, INVOICE, NOW));
    expect(checkInvoiceLink(signer.key, OTHER, expires, signature, NOW)).toBe('invalid');
    expect(checkInvoiceLink(signer.key, INVOICE, String(Number(expires) + 3600), signature, NOW)).toBe('invalid');
    expect(checkInvoiceLink(randomBytes(32), INVOICE, expires, signature, NOW)).toBe('invalid');
    const flipped = signature!.slice(0, -1) + (signature!.endsWith('0') ? '1' : '0');
    expect(checkInvoiceLink(signer.key, INVOICE, expires, flipped, NOW)).toBe('invalid');
    // A tampered expiry is refused as invalid even when it is in the past (not "expired").
    expect(checkInvoiceLink(signer.key, INVOICE, String(Number(expires) - 7200), signature, NOW)).toBe('invalid');
  });

  it('refuses missing or malformed parameters', () => {
    const { expires, signature } = parts(invoiceLink(signer, INVOICE, NOW));
    expect(checkInvoiceLink(signer.key, INVOICE, undefined, signature, NOW)).toBe('invalid');
    expect(checkInvoiceLink(signer.key, INVOICE, expires, undefined, NOW)).toBe('invalid');
    expect(checkInvoiceLink(signer.key, INVOICE, `0${expires}`, signature, NOW)).toBe('invalid');
    expect(checkInvoiceLink(signer.key, INVOICE, `${expires}.5`, signature, NOW)).toBe('invalid');
    expect(checkInvoiceLink(signer.key, INVOICE, expires, signature!.slice(0, 32), NOW)).toBe('invalid');
    expect(checkInvoiceLink(signer.key, INVOICE, expires, 'z'.repeat(64), NOW)).toBe('invalid');
  });

  it('signs and writes an id given in upper case in lower case, the form the PDF route checks', () => {
    const upper = invoiceLink(signer, INVOICE.toUpperCase(), NOW);
    expect(upper).toBe(invoiceLink(signer, INVOICE, NOW));
    const { id, expires, signature } = parts(upper);
    expect(id).toBe(INVOICE);
    expect(checkInvoiceLink(signer.key, INVOICE, expires, signature, NOW)).toBe('valid');
  });

  it('signs with the same key the same way (every process agrees), and differently under another key', () => {
    const again: InvoiceLinkSigner = { publicUrl: signer.publicUrl, key: Buffer.from(signer.key) };
    expect(invoiceLink(again, INVOICE, NOW)).toBe(invoiceLink(signer, INVOICE, NOW));
    expect(invoiceLink({ ...signer, key: randomBytes(32) }, INVOICE, NOW)).not.toBe(invoiceLink(signer, INVOICE, NOW));
  });
});
