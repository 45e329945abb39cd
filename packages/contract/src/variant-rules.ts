/**
 * Variants (issue 24), zod-free: shared by the server (the product save, the catalogue import)
 * and the browser (the product form's options editor and variant grid, the storefront's option
 * buttons and order matrix).
 *
 * A product has up to 3 options (Size, Colour, Scent), each with ordered values, and up to
 * 2,048 variants: one per combination the seller sells, each with its own SKU, price, stock and
 * status. A product without options is sold as itself: its one variant is the product
 * (DECISIONS "Variants").
 */

export const VARIANT_LIMITS = {
  /** Options per product (Shopify's limit too). */
  options: 3,
  /** Values per option. */
  values: 100,
  /** Variants per product (Shopify's limit since 2024). */
  variants: 2048,
  optionName: 40,
  value: 60,
} as const;

/** An option and its values, in the order the buyer sees them. */
export interface OptionSpec {
  name: string;
  values: readonly string[];
}

/** "M / Black": the variant's values in option order. */
export function variantTitle(values: readonly string[]): string {
  return values.join(' / ');
}

/** "Tee — M / Black": how an order line, invoice, packing slip and e-mail name a variant. */
export function variantDisplayName(productName: string, values: readonly string[]): string {
  return values.length === 0 ? productName : `${productName} — ${variantTitle(values)}`;
}

/** A key for a combination of values, case-insensitive (duplicates are found by it). */
export function combinationKey(values: readonly string[]): string {
  return values.map((v) => v.trim().toLowerCase()).join('\u0000');
}

/** How many variants every combination of the options' values makes. */
export function combinationCount(options: readonly OptionSpec[]): number {
  if (options.length === 0) return 0;
  return options.reduce((n, o) => n * o.values.length, 1);
}

/**
 * Every combination of the options' values, first option slowest (S/Red, S/Blue, M/Red, …), the
 * order a seller reads a size × colour grid in. [] when there are no options.
 */
export function allCombinations(options: readonly OptionSpec[]): string[][] {
  if (options.length === 0) return [];
  let rows: string[][] = [[]];
  for (const o of options) {
    const next: string[][] = [];
    for (const row of rows) for (const v of o.values) next.push([...row, v]);
    rows = next;
  }
  return rows;
}

export interface VariantIssue {
  path: string;
  message: string;
}

/** Problems with a product's options: names and values missing, too long, or used twice. */
export function optionIssues(options: readonly OptionSpec[]): VariantIssue[] {
  const issues: VariantIssue[] = [];
  if (options.length > VARIANT_LIMITS.options) {
    issues.push({ path: 'options', message: `must have at most ${VARIANT_LIMITS.options} options` });
  }
  const names = new Set<string>();
  options.forEach((o, i) => {
    const name = o.name.trim();
    if (name === '') issues.push({ path: `options.${i}.name`, message: 'is required' });
    else if (names.has(name.toLowerCase()))
      issues.push({ path: `options.${i}.name`, message: `"${name}" is already an option of this product` });
    names.add(name.toLowerCase());
    if (o.values.length === 0) issues.push({ path: `options.${i}.values`, message: 'must have at least one value' });
    if (o.values.length > VARIANT_LIMITS.values)
      issues.push({ path: `options.${i}.values`, message: `must have at most ${VARIANT_LIMITS.values} values` });
    const seen = new Set<string>();
    o.values.forEach((v, j) => {
      const value = v.trim();
      if (value === '') issues.push({ path: `options.${i}.values.${j}`, message: 'must not be empty' });
      else if (seen.has(value.toLowerCase()))
        issues.push({ path: `options.${i}.values.${j}`, message: `"${value}" is listed twice` });
      seen.add(value.toLowerCase());
    });
  });
  return issues;
}

/**
 * Problems with the variants of a product with these (valid) options: each must name one value
 * of every option, no combination twice, no SKU twice, at most 2,048.
 */
export function variantIssues(
  options: readonly OptionSpec[],
  variants: readonly { option_values: readonly string[]; stock_keeping_unit?: string | null }[],
): VariantIssue[] {
  const issues: VariantIssue[] = [];
  if (variants.length > VARIANT_LIMITS.variants) {
    issues.push({
      path: 'variants',
      message: `must have at most ${VARIANT_LIMITS.variants.toLocaleString('en-US')} variants (got ${variants.length.toLocaleString('en-US')})`,
    });
    return issues;
  }
  // A product without options lists itself as its one variant; a client may echo that back.
  if (options.length === 0 && variants.length === 1 && variants[0]!.option_values.length === 0) return issues;
  if (options.length === 0 && variants.length > 0) {
    issues.push({ path: 'variants', message: 'a product needs options (such as Size) before it has variants' });
    return issues;
  }
  const combos = new Set<string>();
  const skus = new Map<string, number>();
  variants.forEach((v, i) => {
    if (v.option_values.length !== options.length) {
      issues.push({
        path: `variants.${i}.option_values`,
        message: `must have one value for each option (${options.map((o) => o.name).join(', ')})`,
      });
      return;
    }
    v.option_values.forEach((value, j) => {
      const known = options[j]!.values.some((x) => x.trim().toLowerCase() === value.trim().toLowerCase());
      if (!known)
        issues.push({
          path: `variants.${i}.option_values.${j}`,
          message: `"${value}" is not a value of ${options[j]!.name}`,
        });
    });
    const key = combinationKey(v.option_values);
    if (combos.has(key))
      issues.push({ path: `variants.${i}.option_values`, message: `${variantTitle(v.option_values)} is listed twice` });
    combos.add(key);
    const sku = v.stock_keeping_unit?.trim();
    if (sku) {
      const first = skus.get(sku);
      if (first !== undefined)
        issues.push({
          path: `variants.${i}.stock_keeping_unit`,
          message: `"${sku}" is already the SKU of variant ${first + 1}`,
        });
      else skus.set(sku, i);
    }
  });
  return issues;
}

/** The lowest and highest of the prices given (nulls skipped); null when none. */
export function priceRange(prices: readonly (number | null | undefined)[]): { min: number; max: number } | null {
  let min: number | null = null;
  let max: number | null = null;
  for (const p of prices) {
    if (p == null) continue;
    if (min === null || p < min) min = p;
    if (max === null || p > max) max = p;
  }
  return min === null || max === null ? null : { min, max };
}
