/**
 * Volume pricing and quantity rules (issue 13 item 3), zod-free: shared by the server (the
 * product form's checks on the saved product, the catalogue import) and the browser (display,
 * steppers, the form's inline errors).
 *
 * The price a cart line is charged is computed by PostgreSQL (products/for-carts.ts,
 * `effectiveUnitPriceSql`); `unitPriceForQuantity` below is the same rule for the browser's
 * display only, and the tests of both walk the same cases.
 */
import { dollars } from './money-rules.js';
import { parseDollarsToCents, formatCentsAsDollars } from './catalog-rules.js';

/** A price break: from `min_quantity` units on, each unit costs `unit_price_in_cents`. */
export interface PriceBreak {
  min_quantity: number;
  unit_price_in_cents: number;
}

export const VOLUME_LIMITS = {
  /** The most price breaks a product has. */
  priceBreaks: 5,
  /** The largest order increment ("sold in multiples of"). */
  orderIncrement: 10_000,
} as const;

/** The product's order rules as the rules below read them. */
export interface QuantityRules {
  minimum_order_quantity: number;
  order_increment: number;
}

/**
 * The unit price for `quantity` units: the price of the break with the largest `min_quantity`
 * at or below `quantity`, else the base price (0 when the product has none). `breaks` in any order.
 */
export function unitPriceForQuantity(
  basePriceInCents: number | null | undefined,
  breaks: readonly PriceBreak[] | null | undefined,
  quantity: number,
): number {
  let best: PriceBreak | undefined;
  for (const b of breaks ?? []) {
    if (b.min_quantity <= quantity && (!best || b.min_quantity > best.min_quantity)) best = b;
  }
  return best ? best.unit_price_in_cents : (basePriceInCents ?? 0);
}

/** The break with the lowest price (the largest quantity), for a compact label; null when none. */
export function bestPriceBreak(breaks: readonly PriceBreak[] | null | undefined): PriceBreak | null {
  let best: PriceBreak | null = null;
  for (const b of breaks ?? []) if (!best || b.min_quantity > best.min_quantity) best = b;
  return best;
}

/** "12+ at $4.10" */
export function priceBreakLabel(b: PriceBreak): string {
  return `${b.min_quantity}+ at ${dollars(b.unit_price_in_cents)}`;
}

/** The smallest quantity that can be ordered: the first multiple of the increment at or above the minimum. */
export function firstOrderQuantity(rules: QuantityRules): number {
  const step = Math.max(1, rules.order_increment);
  return Math.ceil(Math.max(1, rules.minimum_order_quantity) / step) * step;
}

export const minimumOrderMessage = (minimum: number) => `Minimum order is ${minimum}`;
export const orderIncrementMessage = (increment: number) => `Sold in multiples of ${increment}`;

/** Why a line cannot hold `quantity` units (0 = no line is always fine); null when it can. */
export type QuantityProblem = 'below_minimum' | 'not_a_multiple';

/** The rule the server applies too (products/for-carts.ts `quantityProblemSql`): minimum first, then increment. */
export function quantityProblem(quantity: number, rules: QuantityRules): QuantityProblem | null {
  if (quantity === 0) return null;
  if (quantity < rules.minimum_order_quantity) return 'below_minimum';
  if (quantity % rules.order_increment !== 0) return 'not_a_multiple';
  return null;
}

/** The buyer's sentence for a problem: "Minimum order is 12" / "Sold in multiples of 6". */
export function quantityProblemMessage(problem: QuantityProblem, rules: QuantityRules): string {
  return problem === 'below_minimum'
    ? minimumOrderMessage(firstOrderQuantity(rules))
    : orderIncrementMessage(rules.order_increment);
}

/** The buyer's sentence for `quantity`, or null when it can be ordered. */
export function quantityRuleMessage(quantity: number, rules: QuantityRules): string | null {
  const problem = quantityProblem(quantity, rules);
  return problem === null ? null : quantityProblemMessage(problem, rules);
}

/** The next quantity up from `current` that can be ordered (the first one from 0 or below it). */
export function stepUp(current: number, rules: QuantityRules): number {
  const first = firstOrderQuantity(rules);
  if (current < first) return first;
  const step = Math.max(1, rules.order_increment);
  return (Math.floor(current / step) + 1) * step;
}

/** The next quantity down from `current` that can be ordered, or 0 (no line) below the first. */
export function stepDown(current: number, rules: QuantityRules): number {
  const first = firstOrderQuantity(rules);
  if (current <= first) return 0;
  const step = Math.max(1, rules.order_increment);
  const below = Math.ceil(current / step) * step - step;
  return below < first ? 0 : below;
}

/** The quantities a select offers: 0 and every orderable quantity up to `max` (at most `count` of them). */
export function quantityChoices(rules: QuantityRules, max: number, count = 80): number[] {
  const choices = [0];
  for (let q = firstOrderQuantity(rules); q <= max && choices.length < count; q += Math.max(1, rules.order_increment)) {
    choices.push(q);
  }
  return choices;
}

/** What the volume checks read of a product (as it will be saved). */
export interface VolumeRulesInput {
  unit_price_in_cents: number | null | undefined;
  minimum_order_quantity: number;
  order_increment: number;
  price_breaks: readonly PriceBreak[];
}

export interface VolumeIssue {
  path: string;
  message: string;
}

/**
 * The checks of a product's quantity rules and price breaks, each naming its field
 * (`price_breaks.1.unit_price_in_cents`). Breaks in the order given: quantities strictly
 * increasing, above 1, multiples of the increment and at least the minimum; prices strictly
 * decreasing and below the unit price. The minimum is a multiple of the increment, or 1 (no
 * minimum: the first orderable quantity is then the increment).
 */
export function volumeRuleIssues(p: VolumeRulesInput): VolumeIssue[] {
  const issues: VolumeIssue[] = [];
  const inc = p.order_increment;
  const min = p.minimum_order_quantity;
  if (min !== 1 && min % inc !== 0) {
    issues.push({ path: 'minimum_order_quantity', message: `must be a multiple of the order increment (${inc})` });
  }
  if (p.price_breaks.length > VOLUME_LIMITS.priceBreaks) {
    issues.push({ path: 'price_breaks', message: `must have at most ${VOLUME_LIMITS.priceBreaks} price breaks` });
  }
  if (p.price_breaks.length > 0 && p.unit_price_in_cents == null) {
    issues.push({ path: 'unit_price_in_cents', message: 'is required when the product has price breaks' });
  }
  p.price_breaks.forEach((b, i) => {
    const prev = i > 0 ? p.price_breaks[i - 1] : undefined;
    const q = `price_breaks.${i}.min_quantity`;
    const c = `price_breaks.${i}.unit_price_in_cents`;
    if (b.min_quantity <= 1) issues.push({ path: q, message: 'must be more than 1' });
    else if (prev && b.min_quantity <= prev.min_quantity)
      issues.push({ path: q, message: `must be more than the break above (${prev.min_quantity})` });
    else if (b.min_quantity % inc !== 0)
      issues.push({ path: q, message: `must be a multiple of the order increment (${inc})` });
    else if (b.min_quantity < min) issues.push({ path: q, message: `must be at least the minimum order (${min})` });
    if (p.unit_price_in_cents != null && b.unit_price_in_cents >= p.unit_price_in_cents)
      issues.push({ path: c, message: `must be less than the unit price (${dollars(p.unit_price_in_cents)})` });
    else if (prev && b.unit_price_in_cents >= prev.unit_price_in_cents)
      issues.push({ path: c, message: `must be less than the break above (${dollars(prev.unit_price_in_cents)})` });
  });
  return issues;
}

// ─── Catalogue CSV: "12:4.10;24:3.90" (quantity:dollars, separated by semicolons) ─────────
/** Breaks → "12:4.10;24:3.90" (empty when none). */
export function formatPriceBreaks(breaks: readonly PriceBreak[]): string {
  return breaks.map((b) => `${b.min_quantity}:${formatCentsAsDollars(b.unit_price_in_cents)}`).join(';');
}

/** "12:4.10;24:3.90" → breaks in the order written; empty text → none. The order rules are checked by volumeRuleIssues. */
export function parsePriceBreaks(text: string): { breaks: PriceBreak[] } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { breaks: [] };
  const breaks: PriceBreak[] = [];
  for (const part of trimmed.split(';')) {
    if (part.trim() === '') continue;
    const m = /^\s*(\d{1,7})\s*:\s*(.+?)\s*$/.exec(part);
    if (!m) return { error: `"${part.trim()}" must be quantity:price such as 12:4.10` };
    const price = parseDollarsToCents(m[2]!);
    if ('error' in price) return { error: `the price in "${part.trim()}" ${price.error}` };
    breaks.push({ min_quantity: Number(m[1]), unit_price_in_cents: price.cents });
  }
  if (breaks.length > VOLUME_LIMITS.priceBreaks)
    return { error: `must have at most ${VOLUME_LIMITS.priceBreaks} price breaks` };
  return { breaks };
}
