/**
 * The product form's options and variants (issue 24), zod-free and React-free: the rows the
 * "Options and variants" section edits, how the variant grid follows the options, what PUT
 * /api/product is sent, the stock counts to record after the save, and the problems shown in
 * the section (the contract's variant-rules.ts, as typed).
 */
import {
  allCombinations,
  combinationCount,
  combinationKey,
  optionIssues,
  variantIssues,
  variantTitle,
  VARIANT_LIMITS,
  type Product,
  type VariantInput,
} from '@cratebase/contract';
import { capitalised } from '../../../lib/field-issues';

/** An option as edited: `key` follows the option through renames (new values of a new option are new combinations). */
export interface OptionRow {
  key: string;
  name: string;
  values: string[];
}

/** A variant row of the grid as typed. */
export interface VariantRow {
  /** The saved variant's id; null until the product is saved with it. */
  id: string | null;
  optionValues: string[];
  sku: string;
  priceCents: number | null;
  /** The count in stock as typed (recorded with a 'set' transaction when it changed); '' for none. */
  stock: string;
  available: boolean;
}

/** Rows of the grid per page once there are more than this many (hundreds stay quick). */
export const VARIANT_PAGE_SIZE = 50;
export const PAGED_ABOVE = 100;

let nextOptionKey = 0;
export const newOptionKey = () => `option-${++nextOptionKey}`;

/** "M / Black". */
export const rowTitle = (row: Pick<VariantRow, 'optionValues'>) => variantTitle(row.optionValues);
export const rowKey = (row: Pick<VariantRow, 'optionValues'>) => combinationKey(row.optionValues);

export function optionsToForm(product: Product): OptionRow[] {
  return product.options.map((o) => ({ key: newOptionKey(), name: o.name, values: [...o.values] }));
}

export function variantsToForm(product: Product): VariantRow[] {
  if (product.options.length === 0) return [];
  return product.variants.map((v) => ({
    id: v.id,
    optionValues: [...v.option_values],
    sku: v.stock_keeping_unit ?? '',
    priceCents: v.unit_price_in_cents,
    stock: String(v.inventory_count),
    available: v.available,
  }));
}

/**
 * The options the grid is made of: those with values. An option just added (no value yet) does
 * not empty the grid; its first value joins every row.
 */
export const gridOptions = (options: readonly OptionRow[]) => options.filter((o) => o.values.length > 0);

const newRow = (optionValues: string[], priceCents: number | null): VariantRow => ({
  id: null,
  optionValues,
  sku: '',
  priceCents,
  stock: '',
  available: true,
});

/**
 * The grid after the options changed from `before` to `after`: every combination of `after`,
 * in grid order. A row already there is kept (its id, SKU, price, stock), also when an option
 * was added (it takes the new option's first value) or removed (the first row of each remaining
 * combination is kept). A combination that was possible before but is not a row was removed by
 * the seller and stays removed; a combination with a new value is a new row at `priceCents`.
 */
export function followOptions(
  before: readonly OptionRow[],
  after: readonly OptionRow[],
  rows: readonly VariantRow[],
  priceCents: number | null,
): VariantRow[] {
  before = gridOptions(before);
  after = gridOptions(after);
  if (after.length === 0) return [];
  const beforeByKey = new Map(before.map((o, i) => [o.key, i]));
  const oldValueSets = before.map((o) => new Set(o.values.map((v) => v.trim().toLowerCase())));
  const kept = new Map<string, VariantRow>();
  for (const row of rows) {
    const values: string[] = [];
    for (const option of after) {
      const i = beforeByKey.get(option.key);
      const value = i === undefined ? option.values[0] : row.optionValues[i];
      const own =
        value === undefined
          ? undefined
          : option.values.find((v) => v.trim().toLowerCase() === value.trim().toLowerCase());
      if (own === undefined) break;
      values.push(own);
    }
    if (values.length !== after.length) continue;
    const key = combinationKey(values);
    if (!kept.has(key)) kept.set(key, { ...row, optionValues: values });
  }
  const wasPossible = (values: string[]) =>
    before.length > 0 &&
    after.every((option, j) => {
      const i = beforeByKey.get(option.key);
      return i !== undefined && oldValueSets[i]!.has(values[j]!.trim().toLowerCase());
    });
  return allCombinations(after).flatMap((values) => {
    const row = kept.get(combinationKey(values));
    if (row) return [row];
    if (wasPossible(values)) return [];
    return [newRow(values, priceCents)];
  });
}

/** The grid with every combination of the options again: the rows there kept, the removed ones back at `priceCents`. */
export function restoreCombinations(
  options: readonly OptionRow[],
  rows: readonly VariantRow[],
  priceCents: number | null,
): VariantRow[] {
  const byKey = new Map(rows.map((r) => [rowKey(r), r]));
  return allCombinations(gridOptions(options)).map(
    (values) => byKey.get(combinationKey(values)) ?? newRow(values, priceCents),
  );
}

/** The values typed or pasted into an option's value field: "S, M, L" or one per line. */
export function splitValues(text: string): string[] {
  return text
    .split(/[,\n\t]/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/**
 * Why these values cannot be added to option `index` (one already there, or too many variants);
 * null when they can.
 */
export function addValuesProblem(
  options: readonly OptionRow[],
  index: number,
  values: readonly string[],
): string | null {
  const option = options[index]!;
  const seen = new Set(option.values.map((v) => v.trim().toLowerCase()));
  for (const value of values) {
    if (value.length > VARIANT_LIMITS.value)
      return `“${value.slice(0, 20)}…” is longer than ${VARIANT_LIMITS.value} characters`;
    if (seen.has(value.toLowerCase())) return `“${value}” is already a value of ${option.name.trim() || 'this option'}`;
    seen.add(value.toLowerCase());
  }
  if (seen.size > VARIANT_LIMITS.values) return `An option has at most ${VARIANT_LIMITS.values} values`;
  const next = options.map((o, i) => (i === index ? { ...o, values: [...o.values, ...values] } : o));
  const count = combinationCount(gridOptions(next));
  if (count > VARIANT_LIMITS.variants)
    return `That makes ${count.toLocaleString('en-US')} variants; a product has at most ${VARIANT_LIMITS.variants.toLocaleString('en-US')}`;
  return null;
}

/** The options as PUT /api/product takes them. */
export const optionsInput = (options: readonly OptionRow[]) =>
  options.map((o) => ({ name: o.name.trim(), values: o.values.map((v) => v.trim()) }));

/** The variants as PUT /api/product takes them (stock goes through inventory transactions). */
export function variantsInput(rows: readonly VariantRow[], trackInventory: boolean): VariantInput[] {
  return rows.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    option_values: row.optionValues,
    stock_keeping_unit: row.sku.trim() || null,
    unit_price_in_cents: row.priceCents,
    available: row.available,
    track_inventory: trackInventory,
  }));
}

/** The stock typed in a row that is not a count. */
export function stockProblem(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^\d+$/.test(t)) return 'Enter a whole number';
  return undefined;
}

/**
 * The counts to record after the save: a row whose stock was typed differently from the one
 * saved (or a new row with stock typed), by its id in `saved` (the save's answer, matched by
 * the option values).
 */
export function stockChanges(
  rows: readonly VariantRow[],
  before: readonly VariantRow[],
  saved: Pick<Product, 'variants'>,
): Array<{ id: string; count: number }> {
  const beforeByKey = new Map(before.map((r) => [rowKey(r), r]));
  const idByKey = new Map(saved.variants.map((v) => [combinationKey(v.option_values), v.id]));
  return rows.flatMap((row) => {
    const text = row.stock.trim();
    if (text === '' || stockProblem(text)) return [];
    const was = beforeByKey.get(rowKey(row));
    if (was && was.id && was.stock.trim() === text) return [];
    const id = idByKey.get(rowKey(row));
    return id ? [{ id, count: Number(text) }] : [];
  });
}

/** The rows with the ids the save's answer gave them (a new row keeps its edits, and now its id). */
export function withSavedIds(rows: readonly VariantRow[], saved: Pick<Product, 'variants' | 'options'>): VariantRow[] {
  if (saved.options.length === 0) return [...rows];
  const idByKey = new Map(saved.variants.map((v) => [combinationKey(v.option_values), v.id]));
  return rows.map((row) => ({ ...row, id: idByKey.get(rowKey(row)) ?? row.id }));
}

/** The section's field paths ("options.0.values.1", "variants.3.stock_keeping_unit"). */
export const VARIANT_PATH = /^(options|variants)(\.|$)/;

/** How an issue of the section reads under its field. */
function issueText(path: string, message: string): string {
  return /^options\.\d+\.name$/.test(path) ? `Option name ${message}` : capitalised(message);
}

/**
 * The section's problems as typed, by path: duplicate names and values and SKUs show at once;
 * a missing name or value only once Save was tried (`all`).
 */
export function variantProblems(
  options: readonly OptionRow[],
  rows: readonly VariantRow[],
  trackInventory: boolean,
  all: boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  const specs = optionsInput(options);
  for (const issue of optionIssues(specs)) {
    const waiting = issue.message === 'is required' || issue.message.startsWith('must have at least');
    if (!waiting || all) out[issue.path] ??= issueText(issue.path, issue.message);
  }
  if (options.length > 0 && Object.keys(out).length === 0) {
    const sent = rows.map((r) => ({ option_values: r.optionValues, stock_keeping_unit: r.sku }));
    for (const issue of variantIssues(specs, sent)) out[issue.path] ??= capitalised(issue.message);
    if (all && rows.length === 0 && combinationCount(specs) > 0)
      out.variants = 'Keep at least one variant (or remove the options)';
  }
  if (trackInventory)
    rows.forEach((row, i) => {
      const problem = stockProblem(row.stock);
      if (problem) out[`variants.${i}.stock`] = problem;
    });
  return out;
}
