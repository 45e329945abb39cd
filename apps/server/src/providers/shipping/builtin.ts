/**
 * The built-in shipping rate engine: prices USPS, UPS and FedEx service levels without calling
 * anyone. Pure and deterministic — the same request gives the same rates and the same ids —
 * so a rate_id sent back by the buyer can be checked by quoting again. docs/shipping-rates.md
 * explains the model; in short, per carrier:
 *
 * 1. The goods' actual weight (items × quantity, in pounds) is split evenly into as few boxes
 *    of the seller's package template as keep every box within the carrier's weight limit
 *    (USPS 70 lb, UPS and FedEx 150 lb).
 * 2. Each box is billed at max(actual, dimensional) weight rounded up to the pound. The
 *    dimensional weight is L×W×H (inches, each side rounded to the nearest inch) / 139 for UPS
 *    and FedEx, / 166 for USPS and only for boxes over one cubic foot (1,728 in³).
 * 3. The zone (1–8) comes from the distance between the two ZIP prefixes (zones.ts).
 * 4. A box costs the service's first-pound price for the zone plus its price per additional
 *    pound × (billable pounds − 1); the rate is the sum over the boxes. No surcharges (fuel,
 *    residential, remote area) are added.
 * 5. Delivery days come from the service's days-by-zone row.
 *
 * A box the carrier would refuse (length + girth over its limit, or a dimensional weight over
 * its weight limit) removes that carrier's services, with a note.
 */
import { createHash } from 'node:crypto';
import {
  ShippingRequestError,
  type Carrier,
  type Quote,
  type QuoteNote,
  type QuoteRequest,
  type Rate,
  type ShippingProvider,
} from './interface.js';
import { billablePounds, centsToAmount, normalizeRequest, rankRates, splitIntoBoxes, type Box } from './common.js';
import { zoneBetween, type Zone } from './zones.js';

/** Part of every object_id: changing the tables below changes it, so old rate ids stop matching. */
export const ENGINE_VERSION = 'builtin-2025.1';

/** Values for zones 1–8, in that order. */
type ByZone = readonly [number, number, number, number, number, number, number, number];

interface CarrierRules {
  /** Heaviest box the carrier takes, pounds (actual and billable). */
  maxBoxLb: number;
  /** Cubic inches per pound of dimensional weight. */
  dimDivisor: number;
  /** Dimensional weight applies only above this volume (USPS: one cubic foot). */
  dimMinCubicInches: number;
  /** Longest side allowed, inches. */
  maxLengthIn: number;
  /** 200 × 80 image for the rate cards: the carrier's name on its colours (no trademark artwork). */
  image: string;
}

function carrierImage(label: string, background: string, foreground: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" viewBox="0 0 200 80">` +
    `<rect width="200" height="80" rx="10" fill="${background}"/>` +
    `<text x="100" y="52" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" ` +
    `text-anchor="middle" fill="${foreground}">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const CARRIERS: Record<Carrier, CarrierRules> = {
  USPS: {
    maxBoxLb: 70,
    dimDivisor: 166,
    dimMinCubicInches: 1728,
    maxLengthIn: 108,
    image: carrierImage('USPS', '#333366', '#FFFFFF'),
  },
  UPS: {
    maxBoxLb: 150,
    dimDivisor: 139,
    dimMinCubicInches: 0,
    maxLengthIn: 108,
    image: carrierImage('UPS', '#351C15', '#FFB500'),
  },
  FedEx: {
    maxBoxLb: 150,
    dimDivisor: 139,
    dimMinCubicInches: 0,
    maxLengthIn: 108,
    image: carrierImage('FedEx', '#4D148C', '#FF6600'),
  },
};

/** The built-in image of a carrier (also the Shippo adapter's fallback when Shippo sends none). */
export function carrierImage200(carrier: Carrier): string {
  return CARRIERS[carrier].image;
}

interface Service {
  carrier: Carrier;
  /** Shippo's servicelevel token for the same service, so both providers agree. */
  token: string;
  name: string;
  /** Price of a 1 lb box, cents. */
  firstLb: ByZone;
  /** Price of every further billable pound, cents. */
  perLb: ByZone;
  /** Business days in transit. */
  days: ByZone;
  /** Longest side + 2 × (the other two), inches. */
  maxLengthPlusGirthIn: number;
}

/*
 * Prices, cents, per zone 1–8: the first pound, then each further pound. They are rounded
 * approximations of the carriers' 2025 published retail (counter, non-account) prices — USPS
 * Notice 123 retail Ground Advantage, Priority Mail and Priority Mail Express; the UPS 2025
 * daily rates guide (retail) for Ground, 2nd Day Air and Next Day Air Saver; the FedEx 2025
 * Service Guide list rates for Ground, Express Saver, 2Day and Standard Overnight — fitted as
 * a straight line per zone so that 1 lb, 5 lb, 10 lb and 20 lb land within a few dollars of
 * the published figures. They are not the carriers' exact tables (which are step tables by
 * pound and change every January and July); UPS and FedEx have no zone 1, so it repeats zone 2.
 * A rate for real money comes from Shippo (SHIPPO_API_TOKEN).
 */
const SERVICES: readonly Service[] = [
  {
    carrier: 'USPS',
    token: 'usps_ground_advantage',
    name: 'Ground Advantage',
    firstLb: [760, 760, 805, 860, 945, 1035, 1105, 1220],
    perLb: [55, 55, 85, 125, 170, 215, 255, 295],
    days: [2, 2, 3, 3, 4, 4, 5, 5],
    maxLengthPlusGirthIn: 130,
  },
  {
    carrier: 'USPS',
    token: 'usps_priority',
    name: 'Priority Mail',
    firstLb: [985, 985, 1065, 1140, 1290, 1445, 1595, 1770],
    perLb: [95, 95, 130, 185, 275, 360, 445, 525],
    days: [1, 2, 2, 2, 3, 3, 3, 3],
    maxLengthPlusGirthIn: 108,
  },
  {
    carrier: 'USPS',
    token: 'usps_priority_express',
    name: 'Priority Mail Express',
    firstLb: [3140, 3140, 3460, 3970, 4460, 5060, 5550, 6190],
    perLb: [180, 180, 290, 430, 570, 710, 810, 930],
    days: [1, 1, 1, 1, 2, 2, 2, 2],
    maxLengthPlusGirthIn: 108,
  },
  {
    carrier: 'UPS',
    token: 'ups_ground',
    name: 'Ground',
    firstLb: [1310, 1310, 1405, 1495, 1560, 1620, 1675, 1760],
    perLb: [80, 80, 105, 145, 175, 210, 245, 290],
    days: [1, 1, 2, 3, 3, 4, 4, 5],
    maxLengthPlusGirthIn: 165,
  },
  {
    carrier: 'UPS',
    token: 'ups_second_day_air',
    name: '2nd Day Air',
    firstLb: [2740, 2740, 3015, 3350, 3570, 3785, 3995, 4260],
    perLb: [220, 220, 310, 420, 490, 580, 640, 710],
    days: [2, 2, 2, 2, 2, 2, 2, 2],
    maxLengthPlusGirthIn: 165,
  },
  {
    carrier: 'UPS',
    token: 'ups_next_day_air_saver',
    name: 'Next Day Air Saver',
    firstLb: [5260, 5260, 6210, 7380, 7940, 8570, 8910, 9420],
    perLb: [360, 360, 540, 720, 830, 910, 970, 1040],
    days: [1, 1, 1, 1, 1, 1, 1, 1],
    maxLengthPlusGirthIn: 165,
  },
  {
    carrier: 'FedEx',
    token: 'fedex_ground',
    name: 'Ground',
    firstLb: [1295, 1295, 1385, 1480, 1545, 1605, 1660, 1745],
    perLb: [78, 78, 102, 142, 172, 207, 242, 286],
    days: [1, 1, 2, 3, 3, 4, 4, 5],
    maxLengthPlusGirthIn: 165,
  },
  {
    carrier: 'FedEx',
    token: 'fedex_express_saver',
    name: 'Express Saver',
    firstLb: [2510, 2510, 2730, 3015, 3240, 3420, 3630, 3850],
    perLb: [190, 190, 270, 370, 440, 520, 580, 650],
    days: [3, 3, 3, 3, 3, 3, 3, 3],
    maxLengthPlusGirthIn: 165,
  },
  {
    carrier: 'FedEx',
    token: 'fedex_2_day',
    name: '2Day',
    firstLb: [2830, 2830, 3110, 3460, 3690, 3910, 4130, 4400],
    perLb: [230, 230, 320, 430, 500, 590, 650, 720],
    days: [2, 2, 2, 2, 2, 2, 2, 2],
    maxLengthPlusGirthIn: 165,
  },
  {
    carrier: 'FedEx',
    token: 'fedex_standard_overnight',
    name: 'Standard Overnight',
    firstLb: [5680, 5680, 6640, 7860, 8430, 9070, 9420, 9980],
    perLb: [380, 380, 570, 750, 860, 940, 1000, 1080],
    days: [1, 1, 1, 1, 1, 1, 1, 1],
    maxLengthPlusGirthIn: 165,
  },
];

/** Service tokens the engine prices, cheapest-first order not implied. */
export const BUILTIN_SERVICE_TOKENS = SERVICES.map((s) => s.token);

/** How a carrier would bill the goods: the boxes and the billable pounds of each. */
export interface CarrierPacking {
  boxes: number;
  /** Actual weight per box, pounds. */
  actualLbPerBox: number;
  /** Dimensional weight of one box, pounds (0 where it does not apply). */
  dimensionalLb: number;
  /** Whole pounds billed per box. */
  billableLbPerBox: number;
}

/** Sides rounded to the nearest inch (at least 1), longest first: how carriers measure. */
function measuredSides(box: Box): [number, number, number] {
  const sides = [box.length, box.width, box.height].map((s) => Math.max(1, Math.round(s)));
  return sides.sort((a, b) => b - a) as [number, number, number];
}

export function packForCarrier(totalWeightLb: number, box: Box, carrier: Carrier): CarrierPacking {
  const rules = CARRIERS[carrier];
  const [l, w, h] = measuredSides(box);
  const volume = l * w * h;
  const dimensionalLb = volume > rules.dimMinCubicInches ? volume / rules.dimDivisor : 0;
  const { count, weightPerBoxLb } = splitIntoBoxes(totalWeightLb, rules.maxBoxLb);
  return {
    boxes: count,
    actualLbPerBox: weightPerBoxLb,
    dimensionalLb,
    billableLbPerBox: billablePounds(Math.max(weightPerBoxLb, dimensionalLb)),
  };
}

/** Why the carrier would refuse one box of the template, or null if it takes it. */
function refusal(box: Box, carrier: Carrier, service: Service | null, packing: CarrierPacking): string | null {
  const rules = CARRIERS[carrier];
  const [l, w, h] = measuredSides(box);
  if (l > rules.maxLengthIn) return `its longest side (${l} in) is over ${carrier}'s ${rules.maxLengthIn} in`;
  if (packing.billableLbPerBox > rules.maxBoxLb) {
    return `its dimensional weight (${Math.ceil(packing.dimensionalLb)} lb) is over ${carrier}'s ${rules.maxBoxLb} lb per box`;
  }
  if (service && l + 2 * (w + h) > service.maxLengthPlusGirthIn) {
    return `its length plus girth (${l + 2 * (w + h)} in) is over ${service.maxLengthPlusGirthIn} in`;
  }
  return null;
}

function rateId(reference: string, request: QuoteRequest, service: Service, amountCents: number): string {
  // What identifies the quote: the order, both ZIPs, the template and the goods (the cart's
  // lines in a fixed order, so reordering the cart changes nothing), plus the service and price.
  const pkg = request.package!;
  const items = request.items
    .map((i) => [i.weight ?? null, i.weight_unit ?? null, i.quantity] as const)
    .map((i) => JSON.stringify(i))
    .sort();
  const key = JSON.stringify([
    ENGINE_VERSION,
    reference,
    request.origin!.postal_code,
    request.destination.postal_code,
    [pkg.length, pkg.width, pkg.height, pkg.dimension_unit],
    items,
    service.token,
    amountCents,
  ]);
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

function termsFor(days: number, zone: Zone): string {
  return `Estimated delivery in ${days} business day${days === 1 ? '' : 's'} (zone ${zone}).`;
}

export interface BuiltinShippingOptions {
  /** The clock for expires_at (tests pass a fixed one). */
  now?: () => Date;
  /** How long a quote stays valid; default 24 hours. */
  ttlMs?: number;
}

export const DEFAULT_QUOTE_TTL_MS = 24 * 60 * 60 * 1000;

/** Prices every service synchronously: the pure core of the built-in provider. */
export function quoteBuiltin(request: QuoteRequest, now: Date, ttlMs = DEFAULT_QUOTE_TTL_MS): Quote {
  const normalized = normalizeRequest(request);
  const { zone } = zoneBetween(normalized.origin.postal_code, normalized.destination.postal_code);
  const notes: QuoteNote[] = [...normalized.notes];
  const rates: Rate[] = [];
  const refused = new Map<Carrier, string>();
  const multiBox: string[] = [];

  for (const carrier of Object.keys(CARRIERS) as Carrier[]) {
    const packing = packForCarrier(normalized.totalWeightLb, normalized.box, carrier);
    const carrierProblem = refusal(normalized.box, carrier, null, packing);
    if (carrierProblem) {
      refused.set(carrier, carrierProblem);
      continue;
    }
    if (packing.boxes > 1)
      multiBox.push(`${packing.boxes} boxes with ${carrier} (at most ${CARRIERS[carrier].maxBoxLb} lb each)`);
    for (const service of SERVICES.filter((s) => s.carrier === carrier)) {
      const serviceProblem = refusal(normalized.box, carrier, service, packing);
      if (serviceProblem) {
        notes.push({
          code: 'carrier_unavailable',
          message: `${carrier} ${service.name} is not offered: the package template is too large (${serviceProblem}).`,
        });
        continue;
      }
      const z = zone - 1;
      const perBox = service.firstLb[z]! + service.perLb[z]! * (packing.billableLbPerBox - 1);
      const amountCents = perBox * packing.boxes;
      const days = service.days[z]!;
      rates.push({
        object_id: rateId(normalized.reference, request, service, amountCents),
        provider: carrier,
        provider_image_200: CARRIERS[carrier].image,
        servicelevel: { name: service.name, token: service.token },
        amount: centsToAmount(amountCents),
        amount_cents: amountCents,
        currency: 'USD',
        estimated_days: days,
        duration_terms: termsFor(days, zone),
        attributes: [],
      });
    }
  }

  for (const [carrier, problem] of refused) {
    notes.push({
      code: 'carrier_unavailable',
      message: `${carrier} is not offered: the package template is too large (${problem}).`,
    });
  }
  if (rates.length === 0) {
    const reasons = notes.filter((n) => n.code === 'carrier_unavailable').map((n) => n.message);
    throw new ShippingRequestError(
      'package',
      'package_too_large',
      `No carrier takes a box of the package template's size. ${reasons.join(' ')} Use a smaller package template.`,
    );
  }
  if (multiBox.length > 0) notes.push({ code: 'several_boxes', message: `The order ships as ${multiBox.join(', ')}.` });

  return {
    rates: rankRates(rates),
    expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    notes,
  };
}

export function createBuiltinShipping(options: BuiltinShippingOptions = {}): ShippingProvider {
  const now = options.now ?? (() => new Date());
  return {
    name: 'builtin',
    async quote(request) {
      return quoteBuiltin(request, now(), options.ttlMs);
    },
  };
}
