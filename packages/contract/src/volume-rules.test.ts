import { describe, expect, it } from 'vitest';
import {
  bestPriceBreak,
  firstOrderQuantity,
  formatPriceBreaks,
  parsePriceBreaks,
  priceBreakLabel,
  quantityChoices,
  quantityRuleMessage,
  stepDown,
  stepUp,
  unitPriceForQuantity,
  volumeRuleIssues,
  type PriceBreak,
} from './volume-rules.js';

const BREAKS: PriceBreak[] = [
  { min_quantity: 12, unit_price_in_cents: 410 },
  { min_quantity: 24, unit_price_in_cents: 390 },
];

describe('unitPriceForQuantity (the browser’s mirror of products/for-carts.ts effectiveUnitPriceSql)', () => {
  // The same cases as the API test of the cart (volume-pricing.test.ts).
  it.each([
    [1, 500],
    [11, 500],
    [12, 410],
    [13, 410],
    [23, 410],
    [24, 390],
    [25, 390],
  ])('%i units cost %i cents each', (quantity, unit) => {
    expect(unitPriceForQuantity(500, BREAKS, quantity)).toBe(unit);
    expect(unitPriceForQuantity(500, [...BREAKS].reverse(), quantity)).toBe(unit);
  });
  it('is the base price without breaks, and 0 without a price', () => {
    expect(unitPriceForQuantity(500, [], 100)).toBe(500);
    expect(unitPriceForQuantity(null, undefined, 3)).toBe(0);
  });
});

describe('quantity rules', () => {
  const rules = { minimum_order_quantity: 12, order_increment: 6 };
  it('names the minimum first, then the increment; 0 (no line) is always fine', () => {
    expect(quantityRuleMessage(0, rules)).toBeNull();
    expect(quantityRuleMessage(6, rules)).toBe('Minimum order is 12');
    expect(quantityRuleMessage(15, rules)).toBe('Sold in multiples of 6');
    expect(quantityRuleMessage(18, rules)).toBeNull();
    // No minimum (1) with an increment: the first quantity is the increment.
    expect(quantityRuleMessage(3, { minimum_order_quantity: 1, order_increment: 6 })).toBe('Sold in multiples of 6');
    expect(firstOrderQuantity({ minimum_order_quantity: 1, order_increment: 6 })).toBe(6);
  });
  it('steps up and down by the increment from the minimum, and down to 0 below it', () => {
    expect(stepUp(0, rules)).toBe(12);
    expect(stepUp(12, rules)).toBe(18);
    expect(stepUp(15, rules)).toBe(18);
    expect(stepDown(18, rules)).toBe(12);
    expect(stepDown(15, rules)).toBe(12);
    expect(stepDown(12, rules)).toBe(0);
    expect(stepUp(0, { minimum_order_quantity: 1, order_increment: 1 })).toBe(1);
    expect(stepDown(1, { minimum_order_quantity: 1, order_increment: 1 })).toBe(0);
  });
  it('offers 0 and the orderable quantities in a select', () => {
    expect(quantityChoices(rules, 40)).toEqual([0, 12, 18, 24, 30, 36]);
    expect(quantityChoices({ minimum_order_quantity: 1, order_increment: 1 }, 79)).toHaveLength(80);
  });
});

describe('volumeRuleIssues', () => {
  const ok = { unit_price_in_cents: 500, minimum_order_quantity: 12, order_increment: 6, price_breaks: BREAKS };
  it('accepts rules that fit together', () => {
    expect(volumeRuleIssues(ok)).toEqual([]);
    expect(volumeRuleIssues({ ...ok, minimum_order_quantity: 1 })).toEqual([]);
  });
  it('names the field of each problem', () => {
    expect(volumeRuleIssues({ ...ok, price_breaks: [BREAKS[1]!, BREAKS[0]!] })).toEqual([
      { path: 'price_breaks.1.min_quantity', message: 'must be more than the break above (24)' },
      { path: 'price_breaks.1.unit_price_in_cents', message: 'must be less than the break above ($3.90)' },
    ]);
    expect(volumeRuleIssues({ ...ok, minimum_order_quantity: 10 })).toContainEqual({
      path: 'minimum_order_quantity',
      message: 'must be a multiple of the order increment (6)',
    });
    expect(volumeRuleIssues({ ...ok, unit_price_in_cents: 400 })).toEqual([
      { path: 'price_breaks.0.unit_price_in_cents', message: 'must be less than the unit price ($4.00)' },
    ]);
    expect(volumeRuleIssues({ ...ok, price_breaks: [{ min_quantity: 15, unit_price_in_cents: 1 }] })).toEqual([
      { path: 'price_breaks.0.min_quantity', message: 'must be a multiple of the order increment (6)' },
    ]);
  });
});

describe('labels and the CSV column', () => {
  it('labels the best break compactly', () => {
    expect(priceBreakLabel(bestPriceBreak(BREAKS)!)).toBe('24+ at $3.90');
    expect(bestPriceBreak([])).toBeNull();
  });
  it('writes and reads "12:4.10;24:3.90"', () => {
    expect(formatPriceBreaks(BREAKS)).toBe('12:4.10;24:3.90');
    expect(parsePriceBreaks('12:4.10;24:3.90')).toEqual({ breaks: BREAKS });
    expect(parsePriceBreaks(' 12 : $4.10 ; 24:3.9 ;')).toEqual({ breaks: BREAKS });
    expect(parsePriceBreaks('')).toEqual({ breaks: [] });
    expect(parsePriceBreaks('12-4.10')).toEqual({ error: '"12-4.10" must be quantity:price such as 12:4.10' });
    expect(parsePriceBreaks('12:4.101')).toEqual({ error: 'the price in "12:4.101" must have at most 2 decimals' });
    expect(parsePriceBreaks('2:1;3:1;4:1;5:1;6:1;7:1')).toEqual({ error: 'must have at most 5 price breaks' });
  });
});
