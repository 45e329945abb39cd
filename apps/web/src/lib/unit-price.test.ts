import { describe, expect, it } from 'vitest';
import {
  msrpText,
  orderUnitText,
  priceColumnLabel,
  priceLineText,
  retailPriceText,
  volumePriceText,
  wholesalePriceText,
} from './unit-price';

const product = (order_unit: string | null, quantity_per_unit: number | null, unit = 450, msrp: number | null = 900) => ({
  order_unit,
  quantity_per_unit,
  unit_price_in_cents: unit,
  msrp_in_cents: msrp,
});

describe('unit prices', () => {
  it('says a case price is per case of N and the MSRP per unit (the review’s example)', () => {
    expect(priceLineText(product('Case', 12))).toBe('$4.50 / case of 12 · MSRP $9.00 / unit');
  });

  it('names each kind of order unit', () => {
    expect(orderUnitText({ order_unit: 'Each', quantity_per_unit: 1 })).toBe('unit');
    expect(orderUnitText({ order_unit: 'Each', quantity_per_unit: 12 })).toBe('unit');
    expect(orderUnitText({ order_unit: null, quantity_per_unit: null })).toBe('unit');
    expect(orderUnitText({ order_unit: 'Pack', quantity_per_unit: 6 })).toBe('pack of 6');
    expect(orderUnitText({ order_unit: 'Box', quantity_per_unit: 24 })).toBe('box of 24');
    // A case without a count (or of one) is just a case.
    expect(orderUnitText({ order_unit: 'Case', quantity_per_unit: null })).toBe('case');
    expect(orderUnitText({ order_unit: 'Case', quantity_per_unit: 1 })).toBe('case');
    // A dozen already says how many.
    expect(orderUnitText({ order_unit: 'Dozen', quantity_per_unit: 12 })).toBe('dozen');
  });

  it('prices a single unit, a pack and a dozen', () => {
    expect(priceLineText(product('Each', 1, 1250, 2500))).toBe('$12.50 / unit · MSRP $25.00 / unit');
    expect(priceLineText(product(null, null, 1250, null))).toBe('$12.50 / unit');
    expect(priceLineText(product('Pack', 6, 1800, 600))).toBe('$18.00 / pack of 6 · MSRP $6.00 / unit');
    expect(priceLineText(product('Dozen', 12, 3000, 500))).toBe('$30.00 / dozen · MSRP $5.00 / unit');
  });

  it('says "from" for variants priced differently, and nothing for a missing price', () => {
    expect(wholesalePriceText(450, { order_unit: 'Case', quantity_per_unit: 12 }, { from: true })).toBe(
      'from $4.50 / case of 12',
    );
    expect(wholesalePriceText(null, { order_unit: 'Case', quantity_per_unit: 12 })).toBeNull();
    expect(msrpText(null)).toBeNull();
    expect(retailPriceText(900)).toBe('$9.00 / unit');
    expect(priceLineText({ ...product('Case', 12), unit_price_in_cents: null, msrp_in_cents: null })).toBeNull();
    expect(priceLineText({ ...product('Case', 12), unit_price_in_cents: null })).toBe('MSRP $9.00 / unit');
  });

  it('gives volume prices and the price column their unit', () => {
    expect(volumePriceText({ min_quantity: 12, unit_price_in_cents: 410 }, { order_unit: 'Case' })).toBe(
      '12+ at $4.10 / case',
    );
    expect(volumePriceText({ min_quantity: 24, unit_price_in_cents: 99 }, { order_unit: 'Each' })).toBe(
      '24+ at $0.99 / unit',
    );
    expect(priceColumnLabel({ order_unit: 'Case', quantity_per_unit: 12 })).toBe('Price / case of 12');
    expect(priceColumnLabel({ order_unit: null, quantity_per_unit: null })).toBe('Price / unit');
  });
});
