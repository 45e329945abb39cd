import { describe, expect, it } from 'vitest';
import {
  EMPTY_CART_MESSAGE,
  PREVIEW_CHECKOUT_MESSAGE,
  QUANTITY_RULES_MESSAGE,
  UNAVAILABLE_LINES_MESSAGE,
  applicableMinimum,
  checkoutIssues,
  meetsMinimum,
  minimumCentsMessage,
  minimumItemsMessage,
  type CheckoutFacts,
} from './cart-rules.js';
import { MONEY_LIMITS, orderTooLargeMessage } from './money-rules.js';

const line = { available: true, quantity_issue: null };

/** A cart of one available line that keeps its rules, 10 items for $120.00, no minimum. */
function facts(overrides: Partial<CheckoutFacts> = {}): CheckoutFacts {
  return { lines: [line], itemCount: 10, totalCents: 12_000, minItems: 0, minCents: 0, isPreview: false, shippingCents: null, ...overrides };
}

const codes = (f: CheckoutFacts) => checkoutIssues(f).map((issue) => issue.code);

describe('checkoutIssues', () => {
  it('has none for a cart that can check out', () => {
    expect(checkoutIssues(facts())).toEqual([]);
    expect(checkoutIssues(facts({ minItems: 10, minCents: 12_000 }))).toEqual([]);
  });

  it('names an empty cart (and its unmet minimum)', () => {
    expect(checkoutIssues(facts({ lines: [], itemCount: 0, totalCents: 0 }))).toEqual([
      { code: 'empty', message: EMPTY_CART_MESSAGE },
    ]);
    expect(codes(facts({ lines: [], itemCount: 0, totalCents: 0, minItems: 1 }))).toEqual(['empty', 'min_items']);
  });

  it('names lines that can no longer be bought', () => {
    expect(checkoutIssues(facts({ lines: [line, { available: false, quantity_issue: null }] }))).toEqual([
      { code: 'unavailable_lines', message: UNAVAILABLE_LINES_MESSAGE },
    ]);
  });

  it("names quantities off the product's order rules, on available lines only", () => {
    expect(checkoutIssues(facts({ lines: [{ available: true, quantity_issue: 'Order in multiples of 6.' }] }))).toEqual([
      { code: 'quantity_rules', message: QUANTITY_RULES_MESSAGE },
    ]);
    expect(codes(facts({ lines: [line, { available: false, quantity_issue: 'Order in multiples of 6.' }] }))).toEqual([
      'unavailable_lines',
    ]);
  });

  it('names the minimum number of items and the minimum value not reached', () => {
    expect(checkoutIssues(facts({ minItems: 11 }))).toEqual([{ code: 'min_items', message: minimumItemsMessage(11) }]);
    expect(checkoutIssues(facts({ minCents: 12_001 }))).toEqual([{ code: 'min_cents', message: minimumCentsMessage(12_001) }]);
    expect(minimumCentsMessage(12_001)).toBe('Your wholesale order must cost at least $120.01 to checkout.');
  });

  it("names the seller's preview of its own store", () => {
    expect(checkoutIssues(facts({ isPreview: true }))).toEqual([{ code: 'preview', message: PREVIEW_CHECKOUT_MESSAGE }]);
  });

  it('names an order over the order maximum, with shipping once a rate is chosen', () => {
    const max = MONEY_LIMITS.orderTotalCents;
    expect(checkoutIssues(facts({ totalCents: max }))).toEqual([]);
    expect(checkoutIssues(facts({ totalCents: max + 1 }))).toEqual([
      { code: 'order_too_large', message: orderTooLargeMessage(max + 1, false) },
    ]);
    expect(checkoutIssues(facts({ totalCents: max, shippingCents: 1 }))).toEqual([
      { code: 'order_too_large', message: orderTooLargeMessage(max + 1, true) },
    ]);
  });

  it('lists several issues in one order, the one the server answers and the browser keeps', () => {
    const all = facts({
      lines: [{ available: false, quantity_issue: null }, { available: true, quantity_issue: 'Order at least 6.' }],
      itemCount: 2,
      totalCents: MONEY_LIMITS.orderTotalCents + 1,
      minItems: 3,
      minCents: MONEY_LIMITS.orderTotalCents + 2,
      isPreview: true,
    });
    expect(codes(all)).toEqual(['unavailable_lines', 'quantity_rules', 'min_items', 'min_cents', 'preview', 'order_too_large']);
  });
});

describe('applicableMinimum', () => {
  const minimums = { new_customer_min: 12, returning_customer_min: 6, new_customer_min_cents: 10_000, returning_customer_min_cents: null };

  it("is the new customer's minimum before a first order and the returning customer's after", () => {
    expect(applicableMinimum(minimums, false)).toEqual({ items: 12, cents: 10_000 });
    expect(applicableMinimum(minimums, true)).toEqual({ items: 6, cents: 0 });
  });
});

describe('meetsMinimum', () => {
  it('needs both the items and the value', () => {
    expect(meetsMinimum({ itemCount: 6, totalCents: 100, minItems: 6, minCents: 100 })).toBe(true);
    expect(meetsMinimum({ itemCount: 5, totalCents: 100, minItems: 6, minCents: 100 })).toBe(false);
    expect(meetsMinimum({ itemCount: 6, totalCents: 99, minItems: 6, minCents: 100 })).toBe(false);
  });
});
