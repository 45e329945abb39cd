import { z } from 'zod';
import { ErrorBody } from './common.js';

/**
 * Catalogue CSV: the columns of an import file and of an export, in this order. Headers are
 * matched case-insensitively; extra columns are ignored; every one of these must be present.
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

export const CatalogRowError = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1, the first product row 2. */
  row: z.number().int(),
  /** The column, or "row" for a problem with the whole row. */
  field: z.string(),
  message: z.string(),
});
export type CatalogRowError = z.infer<typeof CatalogRowError>;

export const CatalogParsedRow = z.object({
  row: z.number().int(),
  action: z.enum(['create', 'update']),
  name: z.string(),
  description: z.string().nullable(),
  sku: z.string().nullable(),
  upc: z.string().nullable(),
  order_unit: z.string().nullable(),
  quantity_per_unit: z.number().int().nullable(),
  wholesale_price_in_cents: z.number().int().nullable(),
  retail_price_in_cents: z.number().int().nullable(),
  weight: z.number().nullable(),
  weight_unit: z.string().nullable(),
  status: z.string().nullable(),
  inventory: z.number().int().nullable(),
});
export type CatalogParsedRow = z.infer<typeof CatalogParsedRow>;

/** POST /api/product/organization/{org_id}/import/preview */
export const CatalogImportPreview = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  error_count: z.number().int(),
  errors: z.array(CatalogRowError),
  sample: z.array(CatalogParsedRow),
  to_create: z.number().int(),
  to_update: z.number().int(),
  ignored_columns: z.array(z.string()),
});
export type CatalogImportPreview = z.infer<typeof CatalogImportPreview>;

/** POST /api/product/organization/{org_id}/import */
export const CatalogImportResult = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows that matched a product whose fields were already the same. */
  unchanged: z.number().int(),
  ignored_columns: z.array(z.string()),
});
export type CatalogImportResult = z.infer<typeof CatalogImportResult>;

/** 400 of an import: the usual error body plus every row error. Nothing was written. */
export const CatalogImportErrorBody = ErrorBody.extend({
  rows: z.number().int().optional(),
  error_count: z.number().int().optional(),
  errors: z.array(CatalogRowError).optional(),
});
export type CatalogImportErrorBody = z.infer<typeof CatalogImportErrorBody>;
