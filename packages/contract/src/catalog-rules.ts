/** Catalogue CSV rules and the money conversions of its price columns (zod-free). */

/**
 * Catalogue CSV: the columns of an import file and of an export, in this order. Headers are
 * matched case-insensitively (spaces read as underscores); extra columns are ignored; every one of these must be present.
 */
export const CATALOG_CSV_COLUMNS = [
  'name',
  'description',
  'sku',
  'upc',
  'order_unit',
  'quantity_per_unit',
  'wholesale_price',
  'retail_price',
  'weight',
  'weight_unit',
  'status',
  'inventory',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];
/**
 * Variants (issue 24; README "Catalogue CSV", "Variants in the CSV"): one row per variant; rows
 * with the same `handle` are the variants of one product, whose options are named on its first
 * row (option1_name…option3_name) and valued on every row (option1_value…). The product's own
 * cells (name, description, order_unit, quantity_per_unit, weight_unit, status) are read from
 * its first row; later rows leave them empty or repeat them. Shopify's header spelling
 * ("Handle", "Option1 Name") is read too: headers are matched with spaces as underscores.
 */
export const CATALOG_CSV_VARIANT_COLUMNS = [
  'handle',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
] as const;
/**
 * Columns an import may have (a file without them reads as before) and an export writes after
 * the required ones. track_inventory: yes/no (also true/false, 1/0); empty keeps the product's
 * setting, except that a row changing the stock turns tracking on. order_increment: sold in
 * multiples of (empty: 1). price_breaks: volume prices "12:4.10;24:3.90" (quantity:dollars;
 * empty: none). Without the order_increment or price_breaks column a product keeps its own.
 */
export const CATALOG_CSV_OPTIONAL_COLUMNS = [
  'track_inventory',
  'order_increment',
  'price_breaks',
  ...CATALOG_CSV_VARIANT_COLUMNS,
] as const;
export type CatalogCsvOptionalColumn = (typeof CATALOG_CSV_OPTIONAL_COLUMNS)[number];
/** Longest handle. */
export const CATALOG_CSV_HANDLE_MAX = 255;
/** The columns of an export, in order. */
export const CATALOG_CSV_EXPORT_COLUMNS = [...CATALOG_CSV_COLUMNS, ...CATALOG_CSV_OPTIONAL_COLUMNS] as const;
/** Largest number of data rows in one import. */
export const CATALOG_IMPORT_MAX_ROWS = 50_000;
/** Rows of the parsed file shown in a preview. */
export const CATALOG_PREVIEW_SAMPLE = 20;
/** Row errors listed in one answer (error_count has them all). */
export const CATALOG_MAX_LISTED_ERRORS = 1000;

/**
 * Dollars as typed by a person or a spreadsheet ("12.5", "$1,234.50") → integer cents, exactly
 * (no floating point). Negative values, more than 2 decimals and non-numbers are refused.
 */
export function parseDollarsToCents(text: string): { cents: number } | { error: string } {
  let s = text.trim().replace(/^\$\s*/, '');
  if (s.startsWith('-') || s.startsWith('(')) return { error: 'must not be negative' };
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s)) s = s.replace(/,/g, '');
  const m = /^(\d+)?(?:\.(\d*))?$/.exec(s);
  if (!m || (!m[1] && !m[2])) return { error: 'must be an amount in dollars such as 12.50' };
  const decimals = m[2] ?? '';
  if (decimals.length > 2) return { error: 'must have at most 2 decimals' };
  const whole = m[1] ?? '0';
  if (whole.length > 9) return { error: 'is too large' };
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, '0') || '0');
  return { cents };
}

/** Integer cents → "12.50" (no currency sign, no thousands separator: spreadsheet friendly). */
export function formatCentsAsDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
