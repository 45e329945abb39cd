/**
 * What a wholesale price is for (issue 27 §3): the seller's price is per ORDER unit (a case of
 * 12, a pack, a dozen, one unit) and the MSRP per RETAIL unit (one bar of the case). Every place
 * a buyer sees a price — storefront tiles, the product page, the cart, quick order, checkout's
 * summary — says it with these functions: "$4.50 / case of 12 · MSRP $9.00 / unit".
 */
import { formatCents } from './format';

/** The product facts a price's unit is read from (order_unit is the unit's name: "Case"). */
export interface PriceUnit {
  order_unit: string | null | undefined;
  quantity_per_unit: number | null | undefined;
}

/** The retail unit the MSRP is per. */
export const RETAIL_UNIT = 'unit';

const hasCount = (quantityPerUnit: number | null | undefined): quantityPerUnit is number =>
  typeof quantityPerUnit === 'number' && quantityPerUnit > 1;

/**
 * What one order unit is, in a price: "case of 12", "pack of 6", "box", "dozen", and "unit" for a
 * product sold one at a time (order unit "Each", or none set).
 */
export function orderUnitText({ order_unit, quantity_per_unit }: PriceUnit): string {
  const unit = order_unit?.trim();
  if (!unit || unit.toLowerCase() === 'each') return RETAIL_UNIT;
  const name = unit.toLowerCase();
  // A dozen says how many it holds already.
  if (name === 'dozen' || !hasCount(quantity_per_unit)) return name;
  return `${name} of ${quantity_per_unit}`;
}

/** The order unit's name alone, for short texts ("12+ at $4.10 / case"): "case", "dozen", "unit". */
export function orderUnitShortText({ order_unit }: Pick<PriceUnit, 'order_unit'>): string {
  const unit = order_unit?.trim();
  return !unit || unit.toLowerCase() === 'each' ? RETAIL_UNIT : unit.toLowerCase();
}

/**
 * The wholesale price with its unit: "$4.50 / case of 12", "$4.50 / unit", "from $4.50 / case of 12"
 * (`from`: variants priced differently); null without a price.
 */
export function wholesalePriceText(cents: number | null | undefined, unit: PriceUnit, options: { from?: boolean } = {}): string | null {
  if (cents === null || cents === undefined) return null;
  return `${options.from ? 'from ' : ''}${formatCents(cents)} / ${orderUnitText(unit)}`;
}

/** The suggested retail price, per retail unit: "$9.00 / unit"; null without one. */
export function retailPriceText(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  return `${formatCents(cents)} / ${RETAIL_UNIT}`;
}

/** "MSRP $9.00 / unit"; null without an MSRP. */
export function msrpText(cents: number | null | undefined): string | null {
  const retail = retailPriceText(cents);
  return retail && `MSRP ${retail}`;
}

/** The whole price line: "$4.50 / case of 12 · MSRP $9.00 / unit" (each part only when set). */
export function priceLineText(product: PriceUnit & { unit_price_in_cents: number | null; msrp_in_cents: number | null }): string | null {
  const parts = [wholesalePriceText(product.unit_price_in_cents, product), msrpText(product.msrp_in_cents)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** A volume price with its unit: "12+ at $4.10 / case". */
export function volumePriceText(
  priceBreak: { min_quantity: number; unit_price_in_cents: number },
  unit: Pick<PriceUnit, 'order_unit'>,
): string {
  return `${priceBreak.min_quantity}+ at ${formatCents(priceBreak.unit_price_in_cents)} / ${orderUnitShortText(unit)}`;
}

/** "Price / case of 12": the heading of a column of wholesale prices. */
export function priceColumnLabel(unit: PriceUnit): string {
  return `Price / ${orderUnitText(unit)}`;
}
