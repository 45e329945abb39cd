import { describe, expect, it } from 'vitest';
import { EMPTY_CARD, fieldOfIssue, nextExpiry, normalise } from './card-input';

describe('nextExpiry', () => {
  it('writes a month typed as one digit with its slash, and adds the year', () => {
    expect(nextExpiry('', '4')).toBe('04 / ');
    expect(nextExpiry('04 / ', '04 / 2')).toBe('04 / 2');
    expect(nextExpiry('04 / 2', '04 / 27')).toBe('04 / 27');
  });

  it("takes the month's last digit away when the slash is deleted, rather than putting it back", () => {
    expect(nextExpiry('04 / ', '04 /')).toBe('0');
    expect(nextExpiry('12 / ', '12 ')).toBe('1');
  });
});

describe('normalise', () => {
  it('groups the card number and keeps only what each field may hold', () => {
    expect(normalise('number', '4242424242424242', EMPTY_CARD)).toBe('4242 4242 4242 4242');
    expect(normalise('cvc', '12a345', EMPTY_CARD)).toBe('1234');
    expect(normalise('postal_code', '12345-6789x0', EMPTY_CARD)).toBe('12345-6789');
    expect(normalise('name', 'n'.repeat(120), EMPTY_CARD)).toHaveLength(100);
  });

  it('reads the expiry against what the field held', () => {
    expect(normalise('expiry', '04 /', { ...EMPTY_CARD, expiry: '04 / ' })).toBe('0');
    expect(normalise('expiry', '1226', EMPTY_CARD)).toBe('12 / 26');
  });
});

describe('fieldOfIssue', () => {
  it("is the form's field a server issue names (card.number), and none for another path", () => {
    expect(fieldOfIssue('card.number')).toBe('number');
    expect(fieldOfIssue('card.postal_code')).toBe('postal_code');
    expect(fieldOfIssue('amount_cents')).toBeUndefined();
  });
});
