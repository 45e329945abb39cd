/**
 * What both shipping providers share: checking and normalising a quote request (units to
 * pounds and inches, the default weight for products without one), splitting the goods into
 * boxes, money formatting, and the order and attributes of a list of rates.
 */
import { DIMENSION_UNIT_NAMES, WEIGHT_UNIT_NAMES } from '@cratebase/contract';
import {
  ShippingRequestError,
  type DimensionUnit,
  type QuoteNote,
  type QuoteRequest,
  type Rate,
  type RateAttribute,
  type ShippingAddress,
  type WeightUnit,
} from './interface.js';

/** Assumed per unit for a product whose weight was never entered (or is 0): said in the quote's notes. */
export const DEFAULT_ITEM_WEIGHT_LB = 1;

/** Exact definitions: 1 lb = 0.45359237 kg, 1 in = 2.54 cm. */
const POUNDS_PER: Record<WeightUnit, number> = { lb: 1, oz: 1 / 16, kg: 1 / 0.45359237, g: 1 / 453.59237 };
const INCHES_PER: Record<DimensionUnit, number> = { in: 1, ft: 12, cm: 1 / 2.54, m: 100 / 2.54 };

export function toPounds(value: number, unit: WeightUnit): number {
  return value * POUNDS_PER[unit];
}

export function toInches(value: number, unit: DimensionUnit): number {
  return value * INCHES_PER[unit];
}

/**
 * Whole pounds as carriers bill them: any fraction counts as a pound, at least 1 lb. Rounded
 * to a millionth first so 453.59237 g is 1 lb, not 2 (floating point would give 1.0000000000002).
 */
export function billablePounds(lb: number): number {
  return Math.max(1, Math.ceil(Math.round(lb * 1e6) / 1e6));
}

export interface Box {
  /** Inches, as the template gives them (not rounded). */
  length: number;
  width: number;
  height: number;
}

export interface NormalizedRequest {
  reference: string;
  origin: ShippingAddress;
  destination: ShippingAddress;
  /** Actual weight of all the goods, pounds. */
  totalWeightLb: number;
  box: Box;
  notes: QuoteNote[];
}

const ZIP5 = /^\d{5}$/;
const isWeightUnit = (u: unknown): u is WeightUnit => (WEIGHT_UNIT_NAMES as readonly unknown[]).includes(u);
const isDimensionUnit = (u: unknown): u is DimensionUnit => (DIMENSION_UNIT_NAMES as readonly unknown[]).includes(u);

function checkAddress(address: ShippingAddress, field: 'origin' | 'destination'): void {
  const who = field === 'origin' ? "The seller's ship-from address" : 'The shipping address';
  if (address.country != null && address.country !== '' && address.country.toUpperCase() !== 'US') {
    throw new ShippingRequestError(
      `${field}.country`,
      'invalid_country',
      `${who} must be in the United States (country US).`,
    );
  }
  if (typeof address.postal_code !== 'string' || !ZIP5.test(address.postal_code)) {
    throw new ShippingRequestError(
      `${field}.postal_code`,
      'invalid_postal_code',
      `${who} needs a 5-digit ZIP code (got ${JSON.stringify(address.postal_code ?? null)}).`,
    );
  }
}

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * Checks a request in the order someone can fix it — the seller's set-up first (package
 * template, ship-from address), then the buyer's address, then the cart — and converts it to
 * pounds and inches. Products without a weight count DEFAULT_ITEM_WEIGHT_LB each, noted.
 */
export function normalizeRequest(request: QuoteRequest): NormalizedRequest {
  const pkg = request.package;
  if (!pkg) {
    throw new ShippingRequestError(
      'package',
      'missing_package',
      'The seller has no package template: add package dimensions in Shipping Details.',
    );
  }
  if (!request.origin) {
    throw new ShippingRequestError(
      'origin',
      'missing_origin',
      'The seller has no ship-from address: add one in Shipping Details.',
    );
  }
  checkAddress(request.origin, 'origin');
  checkAddress(request.destination, 'destination');

  if (!isDimensionUnit(pkg.dimension_unit)) {
    throw new ShippingRequestError(
      'package.dimension_unit',
      'invalid_package',
      `The package template's unit must be one of ${DIMENSION_UNIT_NAMES.join(', ')} (got ${JSON.stringify(pkg.dimension_unit)}).`,
    );
  }
  for (const side of ['length', 'width', 'height'] as const) {
    if (!positive(pkg[side])) {
      throw new ShippingRequestError(
        `package.${side}`,
        'invalid_package',
        `The package template's ${side} must be greater than 0.`,
      );
    }
  }
  const box: Box = {
    length: toInches(pkg.length, pkg.dimension_unit),
    width: toInches(pkg.width, pkg.dimension_unit),
    height: toInches(pkg.height, pkg.dimension_unit),
  };

  if (request.items.length === 0) {
    throw new ShippingRequestError('items', 'no_items', 'There is nothing to ship: the order has no items.');
  }
  let totalWeightLb = 0;
  const unweighed: string[] = [];
  const unitless: string[] = [];
  request.items.forEach((item, i) => {
    const label = item.name?.trim() || `Item ${i + 1}`;
    if (!Number.isInteger(item.quantity) || item.quantity < 1) {
      throw new ShippingRequestError(
        `items[${i}].quantity`,
        'invalid_item',
        `${label}: the quantity must be a whole number of at least 1.`,
      );
    }
    const weight = item.weight;
    if (weight === null || weight === 0) {
      unweighed.push(label);
      totalWeightLb += DEFAULT_ITEM_WEIGHT_LB * item.quantity;
      return;
    }
    if (!positive(weight)) {
      throw new ShippingRequestError(
        `items[${i}].weight`,
        'invalid_item',
        `${label}: the weight must be a number greater than 0.`,
      );
    }
    let unit: WeightUnit = 'lb';
    if (item.weight_unit === null) unitless.push(label);
    else if (isWeightUnit(item.weight_unit)) unit = item.weight_unit;
    else {
      throw new ShippingRequestError(
        `items[${i}].weight_unit`,
        'invalid_item',
        `${label}: the weight unit must be one of ${WEIGHT_UNIT_NAMES.join(', ')} (got ${JSON.stringify(item.weight_unit)}).`,
      );
    }
    totalWeightLb += toPounds(weight, unit) * item.quantity;
  });

  const notes: QuoteNote[] = [];
  if (unweighed.length > 0) {
    notes.push({
      code: 'default_weight',
      message: `${listOf(unweighed)} ${unweighed.length === 1 ? 'has' : 'have'} no weight: ${DEFAULT_ITEM_WEIGHT_LB} lb per unit was assumed.`,
    });
  }
  if (unitless.length > 0) {
    notes.push({
      code: 'assumed_unit',
      message: `${listOf(unitless)} ${unitless.length === 1 ? 'has' : 'have'} a weight without a unit: pounds were assumed.`,
    });
  }
  return {
    reference: request.reference ?? '',
    origin: request.origin,
    destination: request.destination,
    totalWeightLb,
    box,
    notes,
  };
}

function listOf(names: string[]): string {
  const quoted = names.map((n) => `"${n}"`);
  if (quoted.length <= 3) return quoted.join(', ');
  return `${quoted.slice(0, 3).join(', ')} and ${quoted.length - 3} more`;
}

/**
 * The goods split evenly into as few boxes as keep each box at or under `maxLb` actual weight.
 * Weight is treated as divisible (units are not packed one by one): an estimate, documented.
 */
export function splitIntoBoxes(totalLb: number, maxLb: number): { count: number; weightPerBoxLb: number } {
  const count = Math.max(1, Math.ceil(Math.round((totalLb / maxLb) * 1e6) / 1e6));
  return { count, weightPerBoxLb: totalLb / count };
}

/** Integer cents → Shippo's dollar string ("12.30"). */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Shippo's dollar string → integer cents, read as a decimal (no floating point); null if malformed. */
export function amountToCents(amount: unknown): number | null {
  const text = typeof amount === 'number' ? String(amount) : amount;
  if (typeof text !== 'string') return null;
  const m = /^\s*(\d+)(?:\.(\d*))?\s*$/.exec(text);
  if (!m) return null;
  const fraction = (m[2] ?? '').padEnd(3, '0');
  const cents = Number(m[1]) * 100 + Number(fraction.slice(0, 2));
  // Half a cent or more rounds up (Shippo answers in cents, so this is only defensive).
  return Number(fraction[2]) >= 5 ? cents + 1 : cents;
}

/** A rate without an estimate counts as the slowest. */
const daysOf = (r: Rate): number => r.estimated_days ?? Number.MAX_SAFE_INTEGER;

/** Cheapest first; equal prices by speed, then carrier and service so the order never varies. */
export function compareRates(a: Rate, b: Rate): number {
  return (
    a.amount_cents - b.amount_cents ||
    daysOf(a) - daysOf(b) ||
    a.provider.localeCompare(b.provider, 'en') ||
    a.servicelevel.token.localeCompare(b.servicelevel.token, 'en')
  );
}

/**
 * Sorts the rates and marks them (each attribute on exactly one rate):
 * - CHEAPEST: the lowest amount (the first after sorting).
 * - FASTEST: the fewest estimated days; the cheaper of equally fast rates.
 * - BESTVALUE: the lowest price per business day saved against the cheapest rate — the extra
 *   dollars divided by the days it saves. When nothing is faster than the cheapest rate, the
 *   cheapest is also the best value.
 */
export function rankRates(rates: Rate[]): Rate[] {
  const sorted = [...rates].sort(compareRates).map((r) => ({ ...r, attributes: [] as RateAttribute[] }));
  if (sorted.length === 0) return sorted;
  const cheapest = sorted[0]!;
  cheapest.attributes.push('CHEAPEST');
  let fastest = cheapest;
  for (const r of sorted) if (daysOf(r) < daysOf(fastest)) fastest = r;
  fastest.attributes.push('FASTEST');
  let best = cheapest;
  let bestPerDay = Infinity;
  for (const r of sorted) {
    if (r.estimated_days === null || cheapest.estimated_days === null) continue;
    const daysSaved = cheapest.estimated_days - r.estimated_days;
    if (daysSaved <= 0) continue;
    const perDay = (r.amount_cents - cheapest.amount_cents) / daysSaved;
    if (perDay < bestPerDay) {
      bestPerDay = perDay;
      best = r;
    }
  }
  best.attributes.push('BESTVALUE');
  // A stable attribute order on a rate that has several.
  const order: RateAttribute[] = ['CHEAPEST', 'FASTEST', 'BESTVALUE'];
  for (const r of sorted) r.attributes.sort((x, y) => order.indexOf(x) - order.indexOf(y));
  return sorted;
}
