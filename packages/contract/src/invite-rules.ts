/** Invite rules shared by the server and the browser (zod-free). */
import { LIMITS } from './constants.js';

/** Invites: how many addresses one call may carry, and how often one invite may be re-sent. */
export const INVITE_LIMITS = {
  maxEmailsPerCall: 50,
  resendIntervalSeconds: 60,
} as const;

export const ACCEPT_INVITE_STATUSES = ['accepted', 'pending_organization'] as const;

/**
 * A standard e-mail address: the expression of zod 4's `z.email()` (same matches, without its
 * redundant escapes), written out so the browser can check addresses without the schema library. The InviteEmail schema validates with it too.
 */
export const INVITE_EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Line breaks would let a value inject e-mail headers; no invite address may contain one. */
export function hasLineBreak(value: string): boolean {
  return /[\r\n]/.test(value);
}

/** An invite address as the API stores it: trimmed and lower-cased. */
export function normalizeInviteEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The InviteEmail check without zod (the invite dialog applies it before Add/Enter accepts an
 * address): no line breaks, then trimmed and lower-cased, 1 to 254 characters, a standard address.
 */
export function isInviteEmail(value: string): boolean {
  if (hasLineBreak(value)) return false;
  const email = normalizeInviteEmail(value);
  return email.length >= 1 && email.length <= LIMITS.email && INVITE_EMAIL_PATTERN.test(email);
}
