/**
 * Catalogue CSV: reading (encoding, delimiter, header, per-cell validation with the row and
 * column of every problem) and writing (RFC 4180, UTF-8 with BOM for spreadsheets, cells that
 * a spreadsheet would run as a formula escaped with a leading apostrophe, which the reader
 * removes again, so export → import is lossless).
 */
import { parse } from 'csv-parse/sync';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_IMPORT_MAX_ROWS,
  PRODUCT_LIMITS,
  UPC_PATTERN,
  formatCentsAsDollars,
  parseDollarsToCents,
  type CatalogCsvColumn,
  type CatalogRowError,
} from '@cratebase/contract';
import { HttpError } from '../../lib/errors.js';
import { findByName, type Lookups } from '../products/lookups.js';

export interface CatalogRow {
  /** Spreadsheet row number (header = 1). */
  row: number;
  name: string;
  description: string | null;
  sku: string | null;
  upc: string | null;
  orderUnitId: number | null;
  quantityPerUnit: number | null;
  wholesaleCents: number | null;
  retailCents: number | null;
  /** Decimal as text (exact), or null. */
  weight: string | null;
  weightUnitId: number | null;
  /** null: not given (Draft for a new product, unchanged for an existing one). */
  stateId: number | null;
  /** null: not given (0 for a new product, unchanged for an existing one). */
  inventory: number | null;
}

export interface ParsedCatalog {
  rows: CatalogRow[];
  /** Rows in the file (including rows with errors; blank rows are not counted). */
  total: number;
  errors: CatalogRowError[];
  ignoredColumns: string[];
}

/** UTF-8 (with or without BOM); files that are not valid UTF-8 are read as Windows-1252 (Excel). */
export function decodeCsv(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes('\t')) return '\t';
  if (firstLine.includes(';')) return ';';
  return ',';
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** Removes the apostrophe our export puts before cells that start like a formula. */
function unescapeFormula(s: string): string {
  return s.startsWith("'") && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s;
}

const WEIGHT_SYNONYMS: Record<string, string> = {
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  ounce: 'oz',
  ounces: 'oz',
  kgs: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  gram: 'g',
  grams: 'g',
};

const fileError = (message: string, issues = [{ path: 'file', message }]) =>
  new HttpError(400, 'invalid_csv', message, issues);

/** Parses and validates the whole file; throws only for problems with the file itself. */
export function parseCatalogCsv(bytes: Buffer, lk: Lookups): ParsedCatalog {
  const text = decodeCsv(bytes);
  if (text.trim() === '') throw fileError('file is empty: the first line must name the columns.');
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: 1_000_000,
    }) as string[][];
  } catch (err) {
    const e = err as { message?: string; lines?: number };
    throw fileError(
      `file: the CSV could not be read${e.lines ? ` (line ${e.lines})` : ''}: ${e.message ?? 'malformed'}.`,
    );
  }

  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const index = new Map<string, number>();
  for (const [i, h] of header.entries()) {
    if (!h) continue;
    if (index.has(h))
      throw fileError(`The CSV header names the column "${h}" twice.`, [
        { path: h, message: 'appears twice in the header' },
      ]);
    index.set(h, i);
  }
  const missing = CATALOG_CSV_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0) {
    throw fileError(
      `The CSV header is missing the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. ` +
        `The first line must name these columns: ${CATALOG_CSV_COLUMNS.join(', ')}.`,
      missing.map((c) => ({ path: c, message: 'column is missing from the header' })),
    );
  }
  const known = new Set<string>(CATALOG_CSV_COLUMNS);
  const ignoredColumns = header.filter((h) => h && !known.has(h));

  const dataRecords = records.length - 1;
  const rows: CatalogRow[] = [];
  const errors: CatalogRowError[] = [];
  const skuRows = new Map<string, number>();
  const namelessSkuRows = new Map<string, number>();
  let total = 0;

  for (let r = 1; r < records.length; r++) {
    const cells = records[r]!;
    if (cells.every((c) => c.trim() === '')) continue;
    total += 1;
    if (total > CATALOG_IMPORT_MAX_ROWS) {
      throw fileError(
        `The CSV has more than ${CATALOG_IMPORT_MAX_ROWS} product rows (${dataRecords} lines); import it in parts.`,
      );
    }
    const rowNo = r + 1;
    const rowErrors: CatalogRowError[] = [];
    const err = (field: string, message: string) => rowErrors.push({ row: rowNo, field, message });
    const cell = (c: CatalogCsvColumn) => unescapeFormula((cells[index.get(c)!] ?? '').trim());
    if (cells.length > header.length && cells.slice(header.length).some((c) => c.trim() !== '')) {
      err('row', `has ${cells.length} cells but the header has ${header.length} columns`);
    }

    const name = cell('name');
    if (!name) err('name', 'is required');
    else if (name.length > PRODUCT_LIMITS.name) err('name', `must be at most ${PRODUCT_LIMITS.name} characters`);

    const description = cell('description') || null;
    if (description && description.length > PRODUCT_LIMITS.description) {
      err('description', `must be at most ${PRODUCT_LIMITS.description} characters`);
    }

    const sku = cell('sku') || null;
    if (sku && sku.length > PRODUCT_LIMITS.sku) err('sku', `must be at most ${PRODUCT_LIMITS.sku} characters`);
    if (sku) {
      const first = skuRows.get(sku);
      if (first) err('sku', `"${sku}" is also on row ${first}; each SKU may appear once`);
      else skuRows.set(sku, rowNo);
    } else if (name) {
      const key = name.toLowerCase();
      const first = namelessSkuRows.get(key);
      if (first) err('sku', `is empty and row ${first} has the same name without a SKU; give them SKUs`);
      else namelessSkuRows.set(key, rowNo);
    }

    const upc = cell('upc') || null;
    if (upc && !UPC_PATTERN.test(upc)) {
      err(
        'upc',
        /e\+/i.test(upc)
          ? 'must be 8 to 14 digits (format the column as text: it shows in scientific notation)'
          : 'must be 8 to 14 digits (UPC, EAN or GTIN)',
      );
    }

    const lookup = (
      column: CatalogCsvColumn,
      list: { id: number; unit?: string; state?: string }[],
      synonyms: Record<string, string> = {},
    ) => {
      const v = cell(column);
      if (!v) return null;
      const found = findByName(list, synonyms[v.toLowerCase()] ?? v);
      if (!found) {
        err(column, `must be one of ${list.map((x) => x.unit ?? x.state).join(', ')} (got "${v}")`);
        return null;
      }
      return found.id;
    };
    const orderUnitId = lookup('order_unit', lk.orderUnits);
    const weightUnitId = lookup('weight_unit', lk.weightUnits, WEIGHT_SYNONYMS);
    const stateId = lookup('status', lk.states);

    const integer = (column: CatalogCsvColumn, min: number, max: number) => {
      const v = cell(column).replace(/,/g, '');
      if (!v) return null;
      if (!/^-?\d+(\.0+)?$/.test(v)) {
        err(column, 'must be a whole number');
        return null;
      }
      const n = Number.parseInt(v, 10);
      if (n < min) err(column, min === 0 ? 'must not be negative' : `must be at least ${min}`);
      else if (n > max) err(column, `must be at most ${max}`);
      return n;
    };
    const quantityPerUnit = integer('quantity_per_unit', 1, PRODUCT_LIMITS.quantity);
    const inventory = integer('inventory', 0, PRODUCT_LIMITS.inventory);

    const money = (column: CatalogCsvColumn) => {
      const v = cell(column);
      if (!v) return null;
      const parsed = parseDollarsToCents(v);
      if ('error' in parsed) {
        err(column, parsed.error);
        return null;
      }
      if (parsed.cents > PRODUCT_LIMITS.priceCents) {
        err(column, `must be at most ${formatCentsAsDollars(PRODUCT_LIMITS.priceCents)}`);
        return null;
      }
      return parsed.cents;
    };
    const wholesaleCents = money('wholesale_price');
    const retailCents = money('retail_price');

    let weight: string | null = null;
    const w = cell('weight');
    if (w) {
      if (w.startsWith('-')) err('weight', 'must not be negative');
      else if (!/^\d*\.?\d+$|^\d+\.$/.test(w)) err('weight', 'must be a number such as 1.5');
      else if (Number(w) > PRODUCT_LIMITS.measure) err('weight', `must be at most ${PRODUCT_LIMITS.measure}`);
      else weight = String(Math.round(Number(w) * 1000) / 1000);
    }

    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    rows.push({
      row: rowNo,
      name,
      description,
      sku,
      upc,
      orderUnitId,
      quantityPerUnit: quantityPerUnit,
      wholesaleCents,
      retailCents,
      weight,
      weightUnitId,
      stateId,
      inventory,
    });
  }
  return { rows, total, errors, ignoredColumns };
}

// ─── Writing ─────────────────────────────────────────────────────────────────────────
export const CSV_BOM = '\uFEFF';

function escapeCell(value: string | number | null | undefined, text = false): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvHeaderLine(): string {
  return `${CATALOG_CSV_COLUMNS.join(',')}\r\n`;
}

export interface ExportRow {
  name: string;
  description: string | null;
  sku: string | null;
  upc: string | null;
  orderUnit: string | null;
  quantityPerUnit: number | null;
  wholesaleCents: number | null;
  retailCents: number | null;
  weight: number | null;
  weightUnit: string | null;
  status: string | null;
  inventory: number;
}

export function csvLine(r: ExportRow): string {
  return (
    [
      escapeCell(r.name, true),
      escapeCell(r.description, true),
      escapeCell(r.sku, true),
      escapeCell(r.upc),
      escapeCell(r.orderUnit),
      escapeCell(r.quantityPerUnit),
      escapeCell(r.wholesaleCents === null ? null : formatCentsAsDollars(r.wholesaleCents)),
      escapeCell(r.retailCents === null ? null : formatCentsAsDollars(r.retailCents)),
      escapeCell(r.weight),
      escapeCell(r.weightUnit),
      escapeCell(r.status),
      escapeCell(r.inventory),
    ].join(',') + '\r\n'
  );
}
