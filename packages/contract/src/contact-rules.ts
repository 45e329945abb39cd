/**
 * A person's contact details (issue 27 part 3): the name and the optional phone a user gives at
 * sign-up and edits later. Shared by the server and the browser (zod-free).
 */

export const CONTACT_LIMITS = {
  /** A person's name, as colleagues, sellers and customers see it. */
  name: 120,
  /** A phone number as typed (separators included). */
  phone: 32,
  /** E.164 allows at most 15 digits; fewer than 7 is no reachable number. */
  phoneMinDigits: 7,
  phoneMaxDigits: 15,
} as const;

/** Digits, spaces, dots, dashes and brackets, with an optional leading +. */
const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;

export const PHONE_MESSAGE = `must be a phone number like +1 802 555 0134: ${CONTACT_LIMITS.phoneMinDigits} to ${CONTACT_LIMITS.phoneMaxDigits} digits, with an optional leading + and spaces, dashes, dots or brackets between them`;

/**
 * Why `phone` (already trimmed, not empty) is not a phone number, or null when it is one
 * ("E.164-ish": 7–15 digits, an optional leading +, the usual separators).
 */
export function phoneIssue(phone: string): string | null {
  if (phone.length > CONTACT_LIMITS.phone) return `must be at most ${CONTACT_LIMITS.phone} characters`;
  if (!PHONE_CHARACTERS.test(phone)) return PHONE_MESSAGE;
  const digits = phone.replace(/\D/g, '').length;
  if (digits < CONTACT_LIMITS.phoneMinDigits || digits > CONTACT_LIMITS.phoneMaxDigits) return PHONE_MESSAGE;
  return null;
}

/** The phone as a tel: link target: the + (when typed) and the digits. */
export function phoneHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

