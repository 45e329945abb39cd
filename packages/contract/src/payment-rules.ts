/**
 * Payment account onboarding rules (the built-in provider's embedded onboarding form), shared by
 * the server and the browser (zod-free). Each check answers one field's problem as a short
 * predicate ("must be 9 digits…"), or null when the value is fine.
 */
import { POSTAL_CODE_PATTERN, US_STATES } from './address-rules.js';

/** The form's fields, as the onboarding call sends them (snake_case, flat). */
export const PAYMENT_ONBOARDING_FIELDS = [
  'legal_name',
  'ein',
  'line1',
  'line2',
  'city',
  'state',
  'postal_code',
  'first_name',
  'last_name',
  'date_of_birth',
  'routing_number',
  'account_number',
] as const;
export type PaymentOnboardingField = (typeof PAYMENT_ONBOARDING_FIELDS)[number];
export type PaymentOnboardingValues = Record<PaymentOnboardingField, string>;

/** Human labels of the fields, for messages that name them. */
export const PAYMENT_ONBOARDING_LABELS: Record<PaymentOnboardingField, string> = {
  legal_name: 'Legal business name',
  ein: 'EIN',
  line1: 'Address',
  line2: 'Apt/Floor/Suite',
  city: 'City',
  state: 'State',
  postal_code: 'ZIP code',
  first_name: 'First name',
  last_name: 'Last name',
  date_of_birth: 'Date of birth',
  routing_number: 'Routing number',
  account_number: 'Account number',
};

export const PAYMENT_ONBOARDING_LIMITS = { name: 200, line: 200, city: 100, personName: 100 } as const;

/**
 * The built-in provider's test EIN: an account onboarded with it stays "under review"
 * (details submitted, charges not enabled), so that state can be seen and tested.
 */
export const UNDER_REVIEW_TEST_EIN = '000000000';

/** The youngest a business representative may be. */
export const MINIMUM_REPRESENTATIVE_AGE = 18;

/** "12-3456789", "123456789" or with spaces → the nine digits; null when it is not an EIN. */
export function normalizeEin(value: string): string | null {
  const compact = value.replace(/\s+/g, '');
  return /^\d{2}-?\d{7}$/.test(compact) ? compact.replace('-', '') : null;
}

/** Routing number prefixes in use: 01–12 (Federal Reserve), 21–32 (thrifts), 61–72 (electronic), 80 (traveller's cheques). */
function hasKnownRoutingPrefix(digits: string): boolean {
  const prefix = Number(digits.slice(0, 2));
  return (
    (prefix >= 1 && prefix <= 12) || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80
  );
}

/** The ABA check: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function abaChecksumOk(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** A calendar date "YYYY-MM-DD" that exists (no 2023-02-30), as UTC parts; null otherwise. */
export function parseCalendarDate(value: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years between a birth date and `today` (both calendar dates). */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date): number {
  const [y, m, d] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  const birthdayPassed = m > birth.month || (m === birth.month && d >= birth.day);
  return y - birth.year - (birthdayPassed ? 0 : 1);
}

function requiredText(value: string, max: number): string | null {
  const v = value.trim();
  if (!v) return 'is required';
  if (v.length > max) return `must be at most ${max} characters`;
  return null;
}

/**
 * One field's problem, or null. `today` decides the 18+ rule (the server passes the request's
 * date, tests a fixed one).
 */
export function paymentOnboardingFieldError(
  field: PaymentOnboardingField,
  raw: string | undefined | null,
  today: Date = new Date(),
): string | null {
  const value = (raw ?? '').trim();
  switch (field) {
    case 'legal_name':
      return requiredText(value, PAYMENT_ONBOARDING_LIMITS.name);
    case 'ein':
      if (!value) return 'is required';
      return normalizeEin(value) ? null : 'must be 9 digits, such as 12-3456789';
    case 'line1':
      return requiredText(value, PAYMENT_ONBOARDING_LIMITS.line);
    case 'line2':
      return value.length > PAYMENT_ONBOARDING_LIMITS.line
        ? `must be at most ${PAYMENT_ONBOARDING_LIMITS.line} characters`
        : null;
    case 'city':
      return requiredText(value, PAYMENT_ONBOARDING_LIMITS.city);
    case 'state':
      if (!value) return 'is required';
      return (US_STATES as readonly string[]).includes(value.toUpperCase())
        ? null
        : 'must be a two-letter US state code such as CA';
    case 'postal_code':
      if (!value) return 'is required';
      return POSTAL_CODE_PATTERN.test(value) ? null : 'must be exactly 5 digits';
    case 'first_name':
    case 'last_name':
      return requiredText(value, PAYMENT_ONBOARDING_LIMITS.personName);
    case 'date_of_birth': {
      if (!value) return 'is required';
      const birth = parseCalendarDate(value);
      if (!birth) return 'must be a real date (YYYY-MM-DD)';
      const age = ageOn(birth, today);
      if (age < 0) return 'must not be in the future';
      if (age < MINIMUM_REPRESENTATIVE_AGE)
        return `must show the representative is at least ${MINIMUM_REPRESENTATIVE_AGE}`;
      if (age > 120) return 'must be a real date of birth';
      return null;
    }
    case 'routing_number':
      if (!value) return 'is required';
      if (!/^\d{9}$/.test(value)) return 'must be 9 digits';
      if (!hasKnownRoutingPrefix(value) || !abaChecksumOk(value)) {
        return 'is not a valid ABA routing number (check the 9 digits)';
      }
      return null;
    case 'account_number':
      if (!value) return 'is required';
      return /^\d{4,17}$/.test(value) ? null : 'must be 4 to 17 digits';
  }
}

/** Every field's problem; empty when the form may be submitted. */
export function validatePaymentOnboarding(
  values: Partial<Record<PaymentOnboardingField, string | null | undefined>>,
  today: Date = new Date(),
): Partial<Record<PaymentOnboardingField, string>> {
  const errors: Partial<Record<PaymentOnboardingField, string>> = {};
  for (const field of PAYMENT_ONBOARDING_FIELDS) {
    const problem = paymentOnboardingFieldError(field, values[field], today);
    if (problem) errors[field] = problem;
  }
  return errors;
}
