import { describe, expect, it } from 'vitest';
import {
  TEST_CARDS,
  cardBrand,
  cardErrors,
  cardFieldError,
  formatCardNumber,
  formatExpiry,
  luhnOk,
  parseExpiry,
  type CardValues,
} from './card-rules.js';

const today = new Date(Date.UTC(2026, 10, 23));
const good: CardValues = {
  number: '4242 4242 4242 4242',
  expiry: '12 / 30',
  cvc: '123',
  name: 'Ada',
  postal_code: '94105',
};

describe('card rules', () => {
  it('tells the brand from the first digits', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555 5555')).toBe('mastercard');
    expect(cardBrand('2223 0031')).toBe('mastercard');
    expect(cardBrand('3782 822463')).toBe('amex');
    expect(cardBrand('6011 1111')).toBe('discover');
    expect(cardBrand('3566 0020')).toBe('jcb');
    expect(cardBrand('9999')).toBe('unknown');
  });

  it('checks the Luhn digit: every test card passes, one changed digit fails', () => {
    for (const number of Object.values(TEST_CARDS)) expect(luhnOk(number)).toBe(true);
    expect(luhnOk('4242424242424241')).toBe(false);
  });

  it('groups the number as printed and formats the expiry as typed', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242 999');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
  });

  it('names each field’s problem in the card form’s words', () => {
    expect(cardErrors(good, today)).toEqual({});
    expect(cardFieldError('number', { ...good, number: '4242 4242' }, today)).toBe('Your card number is incomplete.');
    expect(cardFieldError('number', { ...good, number: '4242 4242 4242 4241' }, today)).toBe(
      'Your card number is invalid.',
    );
    expect(cardFieldError('expiry', { ...good, expiry: '10 / 26' }, today)).toBe(
      'Your card’s expiration date is in the past.',
    );
    expect(cardFieldError('expiry', { ...good, expiry: '12 / 25' }, today)).toBe(
      'Your card’s expiration year is in the past.',
    );
    expect(cardFieldError('expiry', { ...good, expiry: '11 / 26' }, today)).toBeNull();
    expect(cardFieldError('expiry', { ...good, expiry: '1' }, today)).toBe(
      'Your card’s expiration date is incomplete.',
    );
    expect(cardFieldError('cvc', { ...good, cvc: '12' }, today)).toBe('Your card’s security code is incomplete.');
    // American Express has a four-digit code.
    expect(cardFieldError('cvc', { ...good, number: '378282246310005', cvc: '123' }, today)).toBe(
      'Your card’s security code is incomplete.',
    );
    expect(cardFieldError('postal_code', { ...good, postal_code: '941' }, today)).toBe('Your ZIP is incomplete.');
    expect(cardFieldError('postal_code', { ...good, postal_code: 'ABCDE' }, today)).toBe('Your ZIP is invalid.');
    expect(cardFieldError('name', { ...good, name: ' ' }, today)).toBe('Enter the name on the card.');
  });
});
