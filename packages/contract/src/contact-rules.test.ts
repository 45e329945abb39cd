import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE, phoneHref, phoneIssue } from './contact-rules.js';

describe('phoneIssue (issue 27: "E.164-ish")', () => {
  it('takes 7 to 15 digits with an optional + and the usual separators', () => {
    for (const phone of ['+1 802 555 0134', '(503) 555-0142', '+44 20 7946 0958', '802.555.0134', '5550134', '+123456789012345']) {
      expect(phoneIssue(phone), phone).toBeNull();
    }
  });

  it('refuses letters, a + inside, too few or too many digits, and over-long text', () => {
    for (const phone of ['call me', '555-CALL-NOW', '1+802 555 0134', '12345', '+1234567890123456']) {
      expect(phoneIssue(phone), phone).toBe(PHONE_MESSAGE);
    }
    expect(phoneIssue(`+1 ${'0 '.repeat(20)}`)).toBe('must be at most 32 characters');
  });

  it('dials the digits, keeping a typed +', () => {
    expect(phoneHref('+1 (802) 555-0134')).toBe('tel:+18025550134');
    expect(phoneHref('(503) 555-0142')).toBe('tel:5035550142');
  });
});
