import { describe, expect, it } from 'vitest';
import {
  abaChecksumOk,
  normalizeEin,
  paymentOnboardingFieldError,
  validatePaymentOnboarding,
  type PaymentOnboardingValues,
} from './payment-rules.js';
import { PaymentOnboardingBody } from './payments.js';

const today = new Date(Date.UTC(2026, 5, 15)); // 2026-06-15

const valid: PaymentOnboardingValues = {
  legal_name: 'Hot Sauce Co LLC',
  ein: '12-3456789',
  line1: '1 Main St',
  line2: '',
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1985-12-10',
  routing_number: '021000021',
  account_number: '000123456789',
};

describe('ABA routing numbers', () => {
  it.each([
    ['021000021', true], // JPMorgan Chase, New York
    ['011000015', true], // Federal Reserve Bank of Boston
    ['110000000', true], // Stripe's test routing number
    ['021000022', false], // one digit off
    ['120000021', false], // two digits swapped
    ['12345678', false],
    ['02100002a', false],
  ])('%s → checksum %s', (digits, ok) => {
    expect(abaChecksumOk(digits)).toBe(ok);
  });

  it('refuses a number whose checksum holds but whose prefix no bank uses', () => {
    expect(abaChecksumOk('000000000')).toBe(true);
    expect(paymentOnboardingFieldError('routing_number', '000000000')).toMatch(/not a valid ABA routing number/);
    expect(paymentOnboardingFieldError('routing_number', '021000021')).toBeNull();
    expect(paymentOnboardingFieldError('routing_number', '021000022')).toMatch(/not a valid ABA routing number/);
    expect(paymentOnboardingFieldError('routing_number', '2100002')).toBe('must be 9 digits');
  });
});

describe('EIN', () => {
  it.each([
    ['12-3456789', '123456789'],
    ['123456789', '123456789'],
    [' 12 3456789 ', '123456789'],
    ['000000000', '000000000'],
    ['1-23456789', null],
    ['12345678', null],
    ['1234567890', null],
    ['12-345678a', null],
  ])('%j → %j', (input, digits) => {
    expect(normalizeEin(input)).toBe(digits);
  });
});

describe('date of birth', () => {
  it.each([
    ['2008-06-15', null], // 18 today
    ['2008-06-16', 'must show the representative is at least 18'], // 18 tomorrow
    ['2027-01-01', 'must not be in the future'],
    ['1990-02-30', 'must be a real date (YYYY-MM-DD)'],
    ['1990-13-01', 'must be a real date (YYYY-MM-DD)'],
    ['06/15/1990', 'must be a real date (YYYY-MM-DD)'],
    ['1800-01-01', 'must be a real date of birth'],
    ['2000-02-29', null],
  ])('%s → %j', (dob, message) => {
    expect(paymentOnboardingFieldError('date_of_birth', dob, today)).toBe(message);
  });
});

describe('validatePaymentOnboarding', () => {
  it('accepts a complete form and names every problem of an empty one', () => {
    expect(validatePaymentOnboarding(valid, today)).toEqual({});
    expect(validatePaymentOnboarding({}, today)).toEqual({
      legal_name: 'is required',
      ein: 'is required',
      line1: 'is required',
      city: 'is required',
      state: 'is required',
      postal_code: 'is required',
      first_name: 'is required',
      last_name: 'is required',
      date_of_birth: 'is required',
      routing_number: 'is required',
      account_number: 'is required',
    });
  });

  it.each([
    ['state', 'Texas', 'must be a two-letter US state code such as CA'],
    ['state', 'tx', null],
    ['postal_code', '7870', 'must be exactly 5 digits'],
    ['postal_code', '78701-1234', 'must be exactly 5 digits'],
    ['account_number', '123', 'must be 4 to 17 digits'],
    ['account_number', '123456789012345678', 'must be 4 to 17 digits'],
    ['account_number', '1234-5678', 'must be 4 to 17 digits'],
    ['account_number', '1234', null],
    ['legal_name', 'x'.repeat(201), 'must be at most 200 characters'],
  ] as const)('%s %j → %j', (field, value, message) => {
    expect(validatePaymentOnboarding({ ...valid, [field]: value }, today)[field] ?? null).toBe(message);
  });
});

describe('PaymentOnboardingBody', () => {
  it('normalises the EIN and state, and reports each bad field at its path', () => {
    const ok = PaymentOnboardingBody.parse({ ...valid, state: 'tx', client_secret: 's' });
    expect(ok).toMatchObject({ ein: '123456789', state: 'TX', line2: null });
    const bad = PaymentOnboardingBody.safeParse({
      ...valid,
      ein: '12-34',
      routing_number: '021000022',
      client_secret: 's',
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ein', 'must be 9 digits, such as 12-3456789'],
      ['routing_number', 'is not a valid ABA routing number (check the 9 digits)'],
    ]);
  });
});
