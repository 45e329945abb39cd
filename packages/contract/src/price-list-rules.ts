/**
 * Price lists (issue 25 part 1), the rules the browser shares with the server: limits, the
 * percentage as basis points, and what a percentage leaves of a price (the SQL of
 * apps/server/src/modules/price-lists/sql.ts `discountedCentsSql` is the same rule).
 */

export const PRICE_LIST_LIMITS = {
  /** Price lists a seller may have. */
  lists: 50,
  /** Characters of a list's name. */
  name: 60,
  /** The largest percentage off (exclusive of 100: a list never gives goods away). */
  percentOffMax: 99.99,
  /** Fixed prices one PUT may set. */
  pricesPerRequest: 500,
  /** Hidden-product changes one PUT may make. */
  hiddenPerRequest: 500,
  /** Volume breaks per fixed price (as a product's own). */
  breaks: 5,
} as const;

/** A percentage with up to two decimals (12.5) as basis points (1250). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** Basis points (1250) as the percentage a person reads (12.5). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * What is left of `cents` after `basisPoints` off, rounded half up to the cent: the price a
 * customer on a list pays for a product the list gives no fixed price.
 */
export function discountedCents(cents: number, basisPoints: number): number {
  return Math.floor((cents * (10000 - basisPoints) + 5000) / 10000);
}

/** "12.5% off wholesale", "Wholesale prices" for 0. */
export function percentOffLabel(basisPoints: number): string {
  if (basisPoints === 0) return 'Wholesale prices';
  return `${basisPointsToPercent(basisPoints)}% off wholesale`;
}
