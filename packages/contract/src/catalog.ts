import { z } from 'zod';
import { ErrorBody } from './common.js';
import { PriceBreakList } from './products.js';

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
  /** The track_inventory cell (null: empty or no such column). */
  track_inventory: z.boolean().nullable().optional(),
  /** The order_increment cell (null: no such column). */
  order_increment: z.number().int().nullable().optional(),
  /** The price_breaks cell, read (null: no such column; [] empty). */
  price_breaks: PriceBreakList.nullable().optional(),
  /** The handle cell (null: empty or no such column). */
  handle: z.string().nullable().optional(),
  /** A variant row's option values, in option order ([] for a product without options). */
  option_values: z.array(z.string()).optional(),
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
