import { describe, expect, it } from 'vitest';
import { customerTotals } from './CustomerDetailPage';

describe('customerTotals', () => {
  it('says what the orders came to, what was cancelled of them and what was refunded', () => {
    expect(customerTotals({ count: 2, total_cents: 13_465, refunded_cents: 0, cancelled_cents: 0 })).toBe(
      ' · $134.65 ordered',
    );
    expect(customerTotals({ count: 2, total_cents: 13_465, refunded_cents: 1_500, cancelled_cents: 2_000 })).toBe(
      ' · $134.65 ordered · $20.00 cancelled · $15.00 refunded',
    );
    expect(customerTotals({ count: 0, total_cents: 0 })).toBe('');
  });
});
