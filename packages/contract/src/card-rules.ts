/**
 * Card rules of the built-in payments provider's embedded checkout (DECISIONS "Outside
 * services": test payments), shared by the card form in the browser and the server that checks
 * the card again (zod-free). Messages are the ones a buyer knows from Stripe's card form.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** Shown next to the last four digits ("Visa •••• 4242"). */
export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** The card form's fields, as the confirm call sends them. */
export const CARD_FIELDS = ['number', 'expiry', 'cvc', 'name', 'postal_code'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardValues = Record<CardField, string>;

export const CARD_FIELD_LABELS: Record<CardField, string> = {
  number: 'Card number',
  expiry: 'Expiration',
  cvc: 'CVC',
  name: 'Cardholder name',
  postal_code: 'ZIP',
};

/**
 * The built-in test cards (DECISIONS "The money path"). Any other valid number is treated as a
 * card that pays, as Stripe's test mode treats unknown valid numbers of a known brand.
 */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authentication: '4000002760003184',
} as const;

/** What the provider answers when the bank refuses (Stripe's decline messages). */
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your card has insufficient funds.';
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The digits of what was typed (spaces and dashes allowed while typing). */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The brand from the leading digits (IIN ranges), 'unknown' while it cannot be told. */
export function cardBrand(number: string): CardBrand {
  const d = cardDigits(number);
  if (/^4/.test(d)) return 'visa';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(d)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  if (/^(36|38|30[0-5])/.test(d)) return 'diners';
  if (/^35(2[89]|[3-8]\d)/.test(d)) return 'jcb';
  if (/^62/.test(d)) return 'unionpay';
  return 'unknown';
}

/** How many digits a full number of the brand has (the first is what the form expects). */
export function cardLengths(brand: CardBrand): number[] {
  switch (brand) {
    case 'amex':
      return [15];
    case 'diners':
      return [14, 16];
    case 'unknown':
      return [16];
    default:
      return [16, 19];
  }
}

export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

/** The Luhn (mod 10) check every card number passes. */
export function luhnOk(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The number grouped as printed on the card (4-6-5 for Amex, groups of 4 otherwise). */
export function formatCardNumber(value: string): string {
  const brand = cardBrand(value);
  const d = cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, Math.max(...cardLengths(brand)));
  if (brand === 'amex') return [d.slice(0, 4), d.slice(4, 10), d.slice(10)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY" as typed: a leading 2–9 is a month ("4" → "04 / "). */
export function formatExpiry(value: string): string {
  let d = value.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]$/.test(d)) d = `0${d}`;
  if (d.length < 2) return d;
  return `${d.slice(0, 2)} / ${d.slice(2)}`;
}

/** "MM / YY", "MM/YY" or "MM/YYYY" → month and four-digit year; null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/**
 * One field's problem, in the card form's words, or null when it is fine. `today` decides
 * whether an expiry is in the past (a card is valid to the end of its month).
 */
export function cardFieldError(field: CardField, values: CardValues, today: Date = new Date()): string | null {
  const value = values[field].trim();
  switch (field) {
    case 'number': {
      const d = cardDigits(value);
      if (d === '') return 'Your card number is incomplete.';
      if (!/^\d+$/.test(d)) return 'Your card number is invalid.';
      const lengths = cardLengths(cardBrand(d));
      if (d.length < Math.min(...lengths)) return 'Your card number is incomplete.';
      if (!lengths.includes(d.length) || !luhnOk(d)) return 'Your card number is invalid.';
      return null;
    }
    case 'expiry': {
      if (value === '') return 'Your card’s expiration date is incomplete.';
      if (value.replace(/\D/g, '').length < 4) return 'Your card’s expiration date is incomplete.';
      const parsed = parseExpiry(value);
      if (!parsed) return 'Your card’s expiration date is invalid.';
      const year = today.getUTCFullYear();
      const month = today.getUTCMonth() + 1;
      if (parsed.year < year) return 'Your card’s expiration year is in the past.';
      if (parsed.year === year && parsed.month < month) return 'Your card’s expiration date is in the past.';
      if (parsed.year > year + 50) return 'Your card’s expiration year is invalid.';
      return null;
    }
    case 'cvc': {
      const need = cvcLength(cardBrand(values.number));
      if (!/^\d*$/.test(value)) return 'Your card’s security code is invalid.';
      if (value.length < need) return 'Your card’s security code is incomplete.';
      if (value.length > need) return 'Your card’s security code is invalid.';
      return null;
    }
    case 'name':
      if (value === '') return 'Enter the name on the card.';
      if (value.length > 100) return 'The name on the card must be at most 100 characters.';
      return null;
    case 'postal_code':
      if (value === '') return 'Your ZIP is incomplete.';
      if (!/^\d{5}(-\d{4})?$/.test(value))
        return /^\d{0,4}$/.test(value) ? 'Your ZIP is incomplete.' : 'Your ZIP is invalid.';
      return null;
  }
}

/** Every field's problem (only the fields that have one). */
export function cardErrors(values: CardValues, today: Date = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  for (const field of CARD_FIELDS) {
    const problem = cardFieldError(field, values, today);
    if (problem) errors[field] = problem;
  }
  return errors;
}
