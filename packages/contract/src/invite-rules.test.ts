import { describe, expect, it } from 'vitest';
import { hasLineBreak, isInviteEmail, normalizeInviteEmail } from './invite-rules.js';
import { InviteEmail } from './invites.js';

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
  'user.@example.com',
  'user..name@example.com',
  'user@-example.com',
  'user@example.c',
  'user@example.com\r\nBcc: x@y.com',
  'user@example.com\n',
  `${'a'.repeat(242)}@example.com`,
  `${'a'.repeat(243)}@example.com`,
  '',
  '   ',
];

describe('isInviteEmail', () => {
  it('agrees with the InviteEmail schema on every sample', () => {
    for (const sample of samples) {
      expect({ sample, valid: isInviteEmail(sample) }).toEqual({
        sample,
        valid: InviteEmail.safeParse(sample).success,
      });
    }
  });

  it('accepts standard addresses and rejects the rest', () => {
    expect(isInviteEmail('buyer@example.com')).toBe(true);
    expect(isInviteEmail('buyer@example')).toBe(false);
    expect(isInviteEmail('not an email')).toBe(false);
    expect(isInviteEmail(`${'a'.repeat(243)}@example.com`)).toBe(false);
  });

  it('normalizes like the schema (trimmed, lower-cased)', () => {
    expect(normalizeInviteEmail('  Buyer@Example.COM ')).toBe('buyer@example.com');
    expect(InviteEmail.parse('  Buyer@Example.COM ')).toBe('buyer@example.com');
  });

  it('finds line breaks', () => {
    expect(hasLineBreak('a\nb')).toBe(true);
    expect(hasLineBreak('a\rb')).toBe(true);
    expect(hasLineBreak('a b')).toBe(false);
  });
});
