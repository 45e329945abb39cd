import { describe, expect, it } from 'vitest';
import {
  formatShipWindow,
  groupByShipWindow,
  parseShipWindowKey,
  preorderClosed,
  preorderLabel,
  preorderWindowIssues,
  shipWindowKey,
} from './preorder-rules.js';
import { checkoutIssues } from './cart-rules.js';

describe('ship windows as people read them', () => {
  it('writes a window within a month, across months and across years', () => {
    expect(formatShipWindow('2027-03-01', '2027-03-15')).toBe('Mar 1 – 15, 2027');
    expect(formatShipWindow('2027-03-20', '2027-04-02')).toBe('Mar 20 – Apr 2, 2027');
    expect(formatShipWindow('2026-12-20', '2027-01-10')).toBe('Dec 20, 2026 – Jan 10, 2027');
    expect(formatShipWindow('2027-03-01', '2027-03-01')).toBe('Mar 1, 2027');
    expect(preorderLabel({ ships_from: '2027-03-01', ships_until: '2027-03-15', order_by: '2027-02-01' })).toBe(
      'Pre-order · ships Mar 1 – 15, 2027 · order by Feb 1, 2027',
    );
  });

  it('keys a window for the workspace filter and reads it back', () => {
    const key = shipWindowKey({ ships_from: '2027-03-01', ships_until: '2027-03-15' });
    expect(key).toBe('2027-03-01..2027-03-15');
    expect(parseShipWindowKey(key)).toEqual({ ships_from: '2027-03-01', ships_until: '2027-03-15' });
    expect(parseShipWindowKey('March')).toBeNull();
  });
});

describe('the window’s rules', () => {
  it('names the day out of order', () => {
    expect(preorderWindowIssues({ ships_from: '2027-03-01', ships_until: '2027-02-01', order_by: '2027-01-01' })).toEqual([
      { path: 'preorder.ships_until', message: 'must be on or after ships from' },
    ]);
    expect(preorderWindowIssues({ ships_from: '2027-03-01', ships_until: '2027-03-15', order_by: '2027-03-16' })).toEqual([
      { path: 'preorder.order_by', message: 'must be on or before ships until' },
    ]);
  });

  it('closes after the order-by day, not on it', () => {
    expect(preorderClosed({ order_by: '2027-02-01' }, '2027-02-01')).toBe(false);
    expect(preorderClosed({ order_by: '2027-02-01' }, '2027-02-02')).toBe(true);
  });
});

describe('groupByShipWindow', () => {
  it('puts what ships now first, then the windows by their first day, lines in their order', () => {
    const lines = [
      { id: 'a', ships_from: '2027-05-01', ships_until: '2027-05-10' },
      { id: 'b', ships_from: null, ships_until: null },
      { id: 'c', ships_from: '2027-03-01', ships_until: '2027-03-15' },
      { id: 'd', ships_from: '2027-05-01', ships_until: '2027-05-10' },
    ];
    expect(groupByShipWindow(lines, (l) => l).map((g) => [g.heading, g.items.map((l) => l.id)])).toEqual([
      ['Ships now', ['b']],
      ['Ships Mar 1 – 15, 2027', ['c']],
      ['Ships May 1 – 10, 2027', ['a', 'd']],
    ]);
  });
});

describe('the checkout gate', () => {
  it('names a pre-order past its order-by day first', () => {
    const issues = checkoutIssues({
      lines: [{ available: false, quantity_issue: null, product: { name: 'Spring Honey', preorder: { order_by: '2020-01-01' } } }],
      itemCount: 0,
      totalCents: 0,
      minItems: 0,
      minCents: 0,
      isPreview: false,
      shippingCents: null,
    });
    expect(issues).toEqual([
      {
        code: 'preorder_closed',
        message: '"Spring Honey" can no longer be pre-ordered (orders closed Jan 1, 2020). Remove it to check out.',
      },
    ]);
  });
});
