/**
 * Resale certificates (issue 25 part 5), rules shared by the server and the browser (zod-free).
 * A retailer keeps one current certificate (docs/decisions/011-resale-certificates.md): its
 * state, number, expiry day and the file. It is valid on a day when that day is on or before
 * its expiry day; "expires soon" within RESALE_CERTIFICATE_REMINDER_DAYS of it.
 */
import { isoDay } from './invoice-rules.js';

/** The certificate file: at most 10 MB, a PDF or an image (read from the bytes, not the name). */
export const RESALE_CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
export const RESALE_CERTIFICATE_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type ResaleCertificateFileType = (typeof RESALE_CERTIFICATE_FILE_TYPES)[number];
/** For the file input's `accept`. */
export const RESALE_CERTIFICATE_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
export const RESALE_CERTIFICATE_FILE_MESSAGE = 'The certificate must be a PDF, JPEG, PNG or WebP file.';

/**
 * The certificate number as the state issued it: letters, digits, spaces and - / . after a letter
 * or digit (an empty number passes the pattern: "is required" says it alone).
 */
export const RESALE_CERTIFICATE_NUMBER_MAX = 40;
export const RESALE_CERTIFICATE_NUMBER_PATTERN = /^(?:[A-Za-z0-9][A-Za-z0-9 ./-]*)?$/;
export const RESALE_CERTIFICATE_NUMBER_MESSAGE = 'use letters, digits, spaces, dots, dashes and slashes only';

/** The expiry must be a day after today and at most this many years ahead. */
export const RESALE_CERTIFICATE_MAX_YEARS = 10;

/** The reminder goes out this many days before the expiry day (to both sides). */
export const RESALE_CERTIFICATE_REMINDER_DAYS = 30;

export type ResaleCertificateStatus = 'valid' | 'expires_soon' | 'expired';

export const RESALE_CERTIFICATE_STATUS_LABELS: Record<ResaleCertificateStatus, string> = {
  valid: 'Valid',
  expires_soon: 'Expires soon',
  expired: 'Expired',
};

/** Days from `today` to `day` (both YYYY-MM-DD, calendar days, no time zone). */
export function daysUntilDay(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Valid through its expiry day; "expires soon" within the reminder window. */
export function resaleCertificateStatus(expiresOn: string, today: string = isoDay(new Date())): ResaleCertificateStatus {
  const left = daysUntilDay(today, expiresOn);
  if (left < 0) return 'expired';
  return left <= RESALE_CERTIFICATE_REMINDER_DAYS ? 'expires_soon' : 'valid';
}

/** The message a new customer reads when a seller asks for a certificate before its first order. */
export const RESALE_CERTIFICATE_REQUIRED_MESSAGE =
  'This seller requires a valid resale certificate before your first order. Upload yours, then place the order.';

/** What an invoice says about sales tax (docs/decisions/011-resale-certificates.md). */
export const TAX_EXEMPT_LINE = 'Exempt — resale certificate on file';
export const TAX_NOT_CHARGED_LINE = 'Sales tax: not charged on wholesale orders';
