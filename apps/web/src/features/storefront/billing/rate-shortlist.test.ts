import { describe, expect, it } from 'vitest';
import type { ShippingEstimate } from '@cratebase/contract';
import { rateShortlist } from './rate-shortlist';

const rate = (id: string, attributes: string[] = []): ShippingEstimate => ({
  object_id: id,
  provider: 'USPS',
  provider_image_200: '',
  servicelevel: { name: id, token: id },
  amount: '1.00',
  amount_cents: 100,
  currency: 'USD',
  estimated_days: 3,
  duration_terms: null,
  attributes,
});

// Ten options as the built-in rate engine answers them, three of them tagged.
const ten = [
  rate('a'),
  rate('cheap', ['CHEAPEST']),
  rate('b'),
  rate('c'),
  rate('value', ['BESTVALUE']),
  rate('d'),
  rate('e'),
  rate('fast', ['FASTEST']),
  rate('f'),
  rate('g'),
];
const ids = (list: ShippingEstimate[]) => list.map((r) => r.object_id);

describe('rateShortlist', () => {
  it('shows the three tagged options first and hides the seven others until expanded', () => {
    expect(rateShortlist(ten, 'cheap', false)).toEqual({ shown: [ten[1], ten[4], ten[7]], hidden: 7 });
    const open = rateShortlist(ten, 'cheap', true);
    expect(ids(open.shown)).toEqual(['cheap', 'value', 'fast', 'a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(open.hidden).toBe(7);
  });

  it('never hides the chosen option', () => {
    const short = rateShortlist(ten, 'e', false);
    expect(ids(short.shown)).toEqual(['cheap', 'value', 'fast', 'e']);
    expect(short.hidden).toBe(6);
  });

  it('shows every option when none is tagged or hiding would save fewer than two cards', () => {
    const plain = [rate('a'), rate('b'), rate('c'), rate('d'), rate('e')];
    expect(rateShortlist(plain, null, false)).toEqual({ shown: plain, hidden: 0 });
    const four = [rate('cheap', ['CHEAPEST']), rate('value', ['BESTVALUE']), rate('fast', ['FASTEST']), rate('x')];
    expect(rateShortlist(four, null, false)).toEqual({ shown: four, hidden: 0 });
    // One tag on two attributes (cheapest is also the best value): two tagged, still the rest hidden.
    const both = [rate('x'), rate('cheap', ['CHEAPEST', 'BESTVALUE']), rate('y'), rate('fast', ['FASTEST']), rate('z')];
    expect(ids(rateShortlist(both, 'cheap', false).shown)).toEqual(['cheap', 'fast']);
  });
});
