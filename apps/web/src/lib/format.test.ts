import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatDay } from './format';

describe('formatDate', () => {
  it('formats like "Jan 1, 2024 1:00 PM" in the browser time zone', () => {
    // Built from local parts so the test holds in any time zone.
    expect(formatDate(new Date(2024, 0, 1, 13, 0))).toBe('Jan 1, 2024 1:00 PM');
    expect(formatDate(new Date(2023, 11, 31, 9, 5).toISOString())).toBe('Dec 31, 2023 9:05 AM');
  });

  it('says N/A when the date is missing or unreadable', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('formats the day alone', () => {
    expect(formatDay(new Date(2024, 6, 4, 23, 59))).toBe('Jul 4, 2024');
  });
});

describe('formatCents', () => {
  it('shows cents as US dollars with two decimals', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(null)).toBe('N/A');
  });
});
