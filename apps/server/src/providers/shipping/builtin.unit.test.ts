/**
 * The built-in rate engine against amounts worked out by hand from its tables (builtin.ts):
 * a box costs firstLb[zone] + perLb[zone] × (billable lb − 1), summed over the boxes.
 */
import { describe, expect, it } from 'vitest';
import { quoteBuiltin, createBuiltinShipping } from './builtin.js';
import { ShippingRequestError, type QuoteRequest, type Rate } from './interface.js';
import { zoneBetween } from './zones.js';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const NYC = { postal_code: '10001' };
const SMALL_BOX = { length: 10, width: 8, height: 4, dimension_unit: 'in' as const };

function request(over: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    reference: 'order-1',
    origin: NYC,
    destination: { postal_code: '07030' },
    items: [{ name: 'Mug', weight: 8, weight_unit: 'oz', quantity: 2 }],
    package: SMALL_BOX,
    ...over,
  };
}

/** token → amount in cents, for the table assertions. */
function amounts(rates: Rate[]): Record<string, number> {
  return Object.fromEntries(rates.map((r) => [r.servicelevel.token, r.amount_cents]));
}

function attributeHolders(rates: Rate[]) {
  const holder = (a: string) => rates.filter((r) => r.attributes.includes(a as never)).map((r) => r.servicelevel.token);
  return { CHEAPEST: holder('CHEAPEST'), FASTEST: holder('FASTEST'), BESTVALUE: holder('BESTVALUE') };
}

function errorOf(fn: () => unknown): ShippingRequestError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ShippingRequestError);
    return err as ShippingRequestError;
  }
  throw new Error('expected a ShippingRequestError');
}

describe('zones from ZIP prefixes', () => {
  it.each([
    ['10001', '10002', 1], // same prefix
    ['10001', '07030', 1], // New York → Hoboken
    ['10001', '19103', 2], // → Philadelphia
    ['10001', '02108', 3], // → Boston
    ['10001', '60601', 5], // → Chicago
    ['10001', '30301', 5], // → Atlanta
    ['10001', '33101', 6], // → Miami
    ['10001', '75201', 6], // → Dallas
    ['94103', '90012', 4], // San Francisco → Los Angeles
    ['10001', '94103', 8], // coast to coast
    ['10001', '96813', 8], // → Honolulu
    ['10001', '99501', 8], // → Anchorage
  ])('%s → %s is zone %i (as on the USPS zone chart)', (from, to, zone) => {
    expect(zoneBetween(from, to).zone).toBe(zone);
    expect(zoneBetween(to, from).zone).toBe(zone);
  });
});

describe('built-in rate engine: amounts', () => {
  it('a light parcel nearby (zone 1): USPS by actual weight, UPS and FedEx by dimensional weight', () => {
    // 2 × 8 oz = 1 lb; 10×8×4 in = 320 in³: under a cubic foot, so USPS bills 1 lb;
    // UPS/FedEx bill 320 / 139 = 2.3 → 3 lb.
    const q = quoteBuiltin(request(), NOW);
    expect(amounts(q.rates)).toEqual({
      usps_ground_advantage: 760,
      usps_priority: 985,
      usps_priority_express: 3140,
      ups_ground: 1310 + 80 * 2,
      ups_second_day_air: 2740 + 220 * 2,
      ups_next_day_air_saver: 5260 + 360 * 2,
      fedex_ground: 1295 + 78 * 2,
      fedex_express_saver: 2510 + 190 * 2,
      fedex_2_day: 2830 + 230 * 2,
      fedex_standard_overnight: 5680 + 380 * 2,
    });
    expect(q.rates.map((r) => r.amount)).toEqual([
      '7.60',
      '9.85',
      '14.51',
      '14.70',
      '28.90',
      '31.40',
      '31.80',
      '32.90',
      '59.80',
      '64.40',
    ]);
    expect(q.rates[0]).toMatchObject({
      provider: 'USPS',
      servicelevel: { name: 'Ground Advantage', token: 'usps_ground_advantage' },
      currency: 'USD',
      estimated_days: 2,
      duration_terms: 'Estimated delivery in 2 business days (zone 1).',
    });
    expect(q.rates[0]!.provider_image_200).toMatch(/^data:image\/svg\+xml,/);
    // Priority Mail is 1 day in zone 1: the fastest, and $2.25 for the day saved.
    expect(attributeHolders(q.rates)).toEqual({
      CHEAPEST: ['usps_ground_advantage'],
      FASTEST: ['usps_priority'],
      BESTVALUE: ['usps_priority'],
    });
    expect(q.notes).toEqual([]);
  });

  it('the same parcel across the country (zone 8) costs more and takes longer', () => {
    const q = quoteBuiltin(request({ destination: { postal_code: '94103' } }), NOW);
    expect(amounts(q.rates)).toEqual({
      usps_ground_advantage: 1220,
      usps_priority: 1770,
      usps_priority_express: 6190,
      ups_ground: 1760 + 290 * 2,
      ups_second_day_air: 4260 + 710 * 2,
      ups_next_day_air_saver: 9420 + 1040 * 2,
      fedex_ground: 1745 + 286 * 2,
      fedex_express_saver: 3850 + 650 * 2,
      fedex_2_day: 4400 + 720 * 2,
      fedex_standard_overnight: 9980 + 1080 * 2,
    });
    const days = Object.fromEntries(q.rates.map((r) => [r.servicelevel.token, r.estimated_days]));
    expect(days).toMatchObject({
      usps_ground_advantage: 5,
      usps_priority: 3,
      ups_ground: 5,
      ups_next_day_air_saver: 1,
    });
    // Priority saves 2 days for $5.50 ($2.75 a day): the best value; Next Day Air Saver is the
    // cheaper of the two 1-day services.
    expect(attributeHolders(q.rates)).toEqual({
      CHEAPEST: ['usps_ground_advantage'],
      FASTEST: ['ups_next_day_air_saver'],
      BESTVALUE: ['usps_priority'],
    });
  });

  it('a heavy order is split into several boxes, per carrier limit (USPS 70 lb, UPS/FedEx 150 lb)', () => {
    // 20 × 10 lb = 200 lb to Chicago (zone 5) in 12-inch cubes (exactly 1 ft³: no USPS dim weight;
    // UPS/FedEx 1728 / 139 = 12.4 lb, below the actual weight).
    // USPS: 3 boxes of 66.7 → 67 lb; UPS/FedEx: 2 boxes of 100 lb.
    const q = quoteBuiltin(
      request({
        destination: { postal_code: '60601' },
        items: [{ name: 'Cast iron pan', weight: 10, weight_unit: 'lb', quantity: 20 }],
        package: { length: 12, width: 12, height: 12, dimension_unit: 'in' },
      }),
      NOW,
    );
    expect(amounts(q.rates)).toEqual({
      usps_ground_advantage: 3 * (945 + 170 * 66),
      usps_priority: 3 * (1290 + 275 * 66),
      usps_priority_express: 3 * (4460 + 570 * 66),
      ups_ground: 2 * (1560 + 175 * 99),
      ups_second_day_air: 2 * (3570 + 490 * 99),
      ups_next_day_air_saver: 2 * (7940 + 830 * 99),
      fedex_ground: 2 * (1545 + 172 * 99),
      fedex_express_saver: 2 * (3240 + 440 * 99),
      fedex_2_day: 2 * (3690 + 500 * 99),
      fedex_standard_overnight: 2 * (8430 + 860 * 99),
    });
    expect(q.rates[0]).toMatchObject({ servicelevel: { token: 'usps_ground_advantage' }, amount: '364.95' });
    expect(q.notes).toEqual([
      {
        code: 'several_boxes',
        message:
          'The order ships as 3 boxes with USPS (at most 70 lb each), 2 boxes with UPS (at most 150 lb each), 2 boxes with FedEx (at most 150 lb each).',
      },
    ]);
  });

  it('a big light box is billed by its dimensional weight', () => {
    // 2 lb in 24×18×12 in = 5184 in³ to San Francisco (zone 8).
    // USPS: 5184 / 166 = 31.2 → 32 lb; UPS/FedEx: 5184 / 139 = 37.3 → 38 lb.
    const q = quoteBuiltin(
      request({
        destination: { postal_code: '94103' },
        items: [{ name: 'Pillow', weight: 2, weight_unit: 'lb', quantity: 1 }],
        package: { length: 24, width: 18, height: 12, dimension_unit: 'in' },
      }),
      NOW,
    );
    expect(amounts(q.rates)).toMatchObject({
      usps_ground_advantage: 1220 + 295 * 31,
      usps_priority: 1770 + 525 * 31,
      ups_ground: 1760 + 290 * 37,
      fedex_ground: 1745 + 286 * 37,
    });
    // By actual weight alone Ground Advantage would be 1220 + 295 = $15.15.
    expect(q.rates[0]).toMatchObject({ servicelevel: { token: 'usps_ground_advantage' }, amount: '103.65' });
  });

  it('a box too large for USPS leaves UPS and FedEx, and says why', () => {
    // 36×24×20 in: USPS dimensional weight 17280 / 166 = 104.1 → 105 lb > 70 lb; UPS/FedEx 124.3 → 125 lb.
    const q = quoteBuiltin(request({ package: { length: 36, width: 24, height: 20, dimension_unit: 'in' } }), NOW);
    expect(new Set(q.rates.map((r) => r.provider))).toEqual(new Set(['UPS', 'FedEx']));
    expect(amounts(q.rates)).toMatchObject({ ups_ground: 1310 + 80 * 124, fedex_ground: 1295 + 78 * 124 });
    expect(q.notes).toEqual([
      {
        code: 'carrier_unavailable',
        message:
          "USPS is not offered: the package template is too large (its dimensional weight (105 lb) is over USPS's 70 lb per box).",
      },
    ]);
  });

  it('a box over 108 in of length and girth drops Priority Mail but keeps Ground Advantage (130 in)', () => {
    // 50×10×10 in: length + girth = 50 + 2 × 20 = 90 in — fine. 60×14×10: 60 + 48 = 108 — fine.
    // 60×16×12: 60 + 56 = 116 in: over 108, under 130.
    const q = quoteBuiltin(request({ package: { length: 60, width: 16, height: 12, dimension_unit: 'in' } }), NOW);
    const usps = q.rates.filter((r) => r.provider === 'USPS').map((r) => r.servicelevel.token);
    expect(usps).toEqual(['usps_ground_advantage']);
    expect(q.notes.map((n) => n.message)).toEqual([
      'USPS Priority Mail is not offered: the package template is too large (its length plus girth (116 in) is over 108 in).',
      'USPS Priority Mail Express is not offered: the package template is too large (its length plus girth (116 in) is over 108 in).',
    ]);
  });
});

describe('built-in rate engine: units', () => {
  it.each([
    ['16 oz', { weight: 16, weight_unit: 'oz' as const }, 1],
    ['453.59237 g (exactly 1 lb)', { weight: 453.59237, weight_unit: 'g' as const }, 1],
    ['454 g (just over 1 lb)', { weight: 454, weight_unit: 'g' as const }, 2],
    ['5 kg (11.02 lb)', { weight: 5, weight_unit: 'kg' as const }, 12],
    ['0.5 kg (1.10 lb)', { weight: 0.5, weight_unit: 'kg' as const }, 2],
    ['3 lb', { weight: 3, weight_unit: 'lb' as const }, 3],
  ])('%s is billed as %i lb', (_label, weight, billableLb) => {
    const q = quoteBuiltin(request({ items: [{ name: 'Thing', quantity: 1, ...weight }] }), NOW);
    // Ground Advantage, zone 1, small box (no USPS dimensional weight).
    expect(amounts(q.rates).usps_ground_advantage).toBe(760 + 55 * (billableLb - 1));
  });

  it('package templates in cm, m and ft price like the same box in inches', () => {
    const inches = amounts(quoteBuiltin(request(), NOW).rates);
    const cm = amounts(
      quoteBuiltin(request({ package: { length: 25.4, width: 20.32, height: 10.16, dimension_unit: 'cm' } }), NOW)
        .rates,
    );
    const m = amounts(
      quoteBuiltin(request({ package: { length: 0.254, width: 0.2032, height: 0.1016, dimension_unit: 'm' } }), NOW)
        .rates,
    );
    expect(cm).toEqual(inches);
    expect(m).toEqual(inches);
  });

  it('a 1 ft cube has no USPS dimensional weight; a 1.5 ft cube does', () => {
    const foot = amounts(
      quoteBuiltin(request({ package: { length: 1, width: 1, height: 1, dimension_unit: 'ft' } }), NOW).rates,
    );
    // UPS: 1728 / 139 = 12.4 → 13 lb.
    expect(foot).toMatchObject({ usps_ground_advantage: 760, ups_ground: 1310 + 80 * 12 });
    const bigger = amounts(
      quoteBuiltin(request({ package: { length: 1.5, width: 1.5, height: 1.5, dimension_unit: 'ft' } }), NOW).rates,
    );
    // 18³ = 5832 in³: USPS 5832 / 166 = 35.1 → 36 lb.
    expect(bigger.usps_ground_advantage).toBe(760 + 55 * 35);
  });

  it('a product without a weight counts 1 lb per unit, and the quote says so', () => {
    const q = quoteBuiltin(
      request({
        items: [
          { name: 'Candle', weight: null, weight_unit: null, quantity: 3 },
          { name: 'Soap', weight: 0, weight_unit: 'oz', quantity: 1 },
        ],
      }),
      NOW,
    );
    expect(amounts(q.rates).usps_ground_advantage).toBe(760 + 55 * 3);
    expect(q.notes).toEqual([
      { code: 'default_weight', message: '"Candle", "Soap" have no weight: 1 lb per unit was assumed.' },
    ]);
  });

  it('a weight without a unit is read as pounds, and the quote says so', () => {
    const q = quoteBuiltin(request({ items: [{ name: 'Vase', weight: 2, weight_unit: null, quantity: 1 }] }), NOW);
    expect(amounts(q.rates).usps_ground_advantage).toBe(760 + 55);
    expect(q.notes).toEqual([
      { code: 'assumed_unit', message: '"Vase" has a weight without a unit: pounds were assumed.' },
    ]);
  });
});

describe('built-in rate engine: determinism and ids', () => {
  it('the same request gives the same rates and ids; the quote expires 24 hours later', async () => {
    const provider = createBuiltinShipping({ now: () => NOW });
    expect(provider.name).toBe('builtin');
    const a = await provider.quote(request());
    const b = await provider.quote(structuredClone(request()));
    expect(b).toEqual(a);
    expect(a.expires_at).toBe('2025-06-02T12:00:00.000Z');
    expect(new Set(a.rates.map((r) => r.object_id)).size).toBe(a.rates.length);
    for (const r of a.rates) expect(r.object_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('the order of the cart lines does not matter; the order (reference), ZIP and goods do', () => {
    const items = [
      { name: 'Mug', weight: 8, weight_unit: 'oz' as const, quantity: 2 },
      { name: 'Plate', weight: 1, weight_unit: 'lb' as const, quantity: 1 },
    ];
    const ids = (over: Partial<QuoteRequest>) =>
      quoteBuiltin(request({ items, ...over }), NOW)
        .rates.map((r) => r.object_id)
        .sort();
    const base = ids({});
    expect(ids({ items: [...items].reverse() })).toEqual(base);
    for (const other of [
      ids({ reference: 'order-2' }),
      ids({ destination: { postal_code: '07031' } }),
      ids({ items: [items[0]!, { ...items[1]!, quantity: 2 }] }),
    ]) {
      expect(other.filter((id) => base.includes(id))).toEqual([]);
    }
  });

  it('every quote marks exactly one CHEAPEST, one FASTEST and one BESTVALUE, cheapest first', () => {
    for (const zip of ['10002', '19103', '02108', '60601', '33101', '94103', '96813']) {
      const { rates } = quoteBuiltin(request({ destination: { postal_code: zip } }), NOW);
      const holders = attributeHolders(rates);
      expect([holders.CHEAPEST.length, holders.FASTEST.length, holders.BESTVALUE.length]).toEqual([1, 1, 1]);
      expect(rates[0]!.attributes).toContain('CHEAPEST');
      const cents = rates.map((r) => r.amount_cents);
      expect(cents).toEqual([...cents].sort((x, y) => x - y));
      const fastestDays = Math.min(...rates.map((r) => r.estimated_days!));
      expect(rates.find((r) => r.attributes.includes('FASTEST'))!.estimated_days).toBe(fastestDays);
    }
  });
});

describe('built-in rate engine: errors name the field', () => {
  it.each<[string, Partial<QuoteRequest>, string, string, RegExp]>([
    ['no package template', { package: null }, 'package', 'missing_package', /no package template/],
    ['no ship-from address', { origin: null }, 'origin', 'missing_origin', /no ship-from address/],
    [
      'a 4-digit origin ZIP',
      { origin: { postal_code: '1000' } },
      'origin.postal_code',
      'invalid_postal_code',
      /5-digit ZIP code \(got "1000"\)/,
    ],
    [
      'a 6-digit destination ZIP',
      { destination: { postal_code: '941031' } },
      'destination.postal_code',
      'invalid_postal_code',
      /5-digit/,
    ],
    [
      'a ZIP+4',
      { destination: { postal_code: '94103-1234' } },
      'destination.postal_code',
      'invalid_postal_code',
      /5-digit/,
    ],
    [
      'a ZIP with a letter',
      { destination: { postal_code: '9410a' } },
      'destination.postal_code',
      'invalid_postal_code',
      /5-digit/,
    ],
    [
      'a foreign address',
      { destination: { postal_code: '94103', country: 'CA' } },
      'destination.country',
      'invalid_country',
      /United States/,
    ],
    ['no items', { items: [] }, 'items', 'no_items', /nothing to ship/],
    [
      'a quantity of 0',
      { items: [{ name: 'Mug', weight: 1, weight_unit: 'lb', quantity: 0 }] },
      'items[0].quantity',
      'invalid_item',
      /Mug: the quantity must be a whole number/,
    ],
    [
      'a negative weight',
      { items: [{ name: 'Mug', weight: -1, weight_unit: 'lb', quantity: 1 }] },
      'items[0].weight',
      'invalid_item',
      /Mug: the weight must be a number greater than 0/,
    ],
    [
      'an unknown weight unit',
      { items: [{ name: 'Mug', weight: 1, weight_unit: 'stone' as never, quantity: 1 }] },
      'items[0].weight_unit',
      'invalid_item',
      /one of lb, oz, kg, g/,
    ],
    [
      'a template side of 0',
      { package: { ...SMALL_BOX, width: 0 } },
      'package.width',
      'invalid_package',
      /width must be greater than 0/,
    ],
    [
      'an unknown dimension unit',
      { package: { ...SMALL_BOX, dimension_unit: 'yd' as never } },
      'package.dimension_unit',
      'invalid_package',
      /one of ft, in, cm, m/,
    ],
    [
      'a template no carrier takes',
      { package: { length: 10, width: 10, height: 10, dimension_unit: 'ft' } },
      'package',
      'package_too_large',
      /No carrier takes a box of the package template's size/,
    ],
  ])('%s', (_label, over, field, code, message) => {
    const err = errorOf(() => quoteBuiltin(request(over), NOW));
    expect(err.field).toBe(field);
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
  });

  it('the seller’s set-up is reported before the buyer’s address', () => {
    const err = errorOf(() => quoteBuiltin(request({ package: null, destination: { postal_code: 'x' } }), NOW));
    expect(err.field).toBe('package');
  });
});
