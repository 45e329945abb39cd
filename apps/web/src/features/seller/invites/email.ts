import { LIMITS } from '@cratebase/contract';

/**
 * At most this many addresses go out in one Send Invites: the API's INVITE_LIMITS.maxEmailsPerCall
 * (repeated here because importing the invites contract module would bundle its schemas;
 * email.test.ts checks they agree).
 */
export const MAX_INVITE_EMAILS = 50;

/**
 * The standard e-mail pattern the API applies to invite addresses (zod's `z.email()`), kept
 * here as a plain expression so the dialog does not pull the schema library into the bundle.
 * email.test.ts checks it agrees with the contract's `isInviteEmail`.
 */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Trimmed and lower-cased, as the API stores it. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** True when the text (after trimming) is a standard e-mail address the API accepts. */
export function isValidInviteEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length > 0 && email.length <= LIMITS.email && !/[\r\n]/.test(value) && EMAIL_PATTERN.test(email);
}
