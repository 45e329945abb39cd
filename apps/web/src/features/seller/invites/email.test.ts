import { describe, expect, it } from 'vitest';
import { INVITE_LIMITS, isInviteEmail } from '@cratebase/contract';
import { isValidInviteEmail, MAX_INVITE_EMAILS, normalizeEmail } from './email';

const samples = [
  'buyer@example.com',
  '  Buyer@Example.COM ',
  'first.last+tag@shop.co.uk',
  "o'neil@store.us",
  'a@b.co',
  'plainaddress',
  '@example.com',
  'user@',
  'user@example',
  'user@@example.com',
  'user name@example.com',
  '.user@example.com',
  'user..name@example.com',
  'user@-example.com',
  'user@example.c',
  'user@example.com\r\nBcc: x@y.com',
  `${'a'.repeat(250)}@example.com`,
  '',
];

describe('MAX_INVITE_EMAILS', () => {
  it('is the API’s limit per call', () => {
    expect(MAX_INVITE_EMAILS).toBe(INVITE_LIMITS.maxEmailsPerCall);
  });
});

describe('isValidInviteEmail', () => {
  it('agrees with the API contract on every sample', () => {
    for (const sample of samples) {
      expect({ sample, valid: isValidInviteEmail(sample) }).toEqual({ sample, valid: isInviteEmail(sample) });
    }
  });

  it('accepts standard addresses and rejects the rest', () => {
    expect(isValidInviteEmail('buyer@example.com')).toBe(true);
    expect(isValidInviteEmail('buyer@example')).toBe(false);
    expect(isValidInviteEmail('not an email')).toBe(false);
  });

  it('normalizes like the API (trimmed, lower-cased)', () => {
    expect(normalizeEmail('  Buyer@Example.COM ')).toBe('buyer@example.com');
  });
});
