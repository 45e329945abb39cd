/**
 * Catalogue CSV: reading (encoding, delimiter, header, per-cell validation with the row and
 * column of every problem) and writing (RFC 4180, UTF-8 with BOM for spreadsheets, cells that
 * a spreadsheet would run as a formula escaped with a leading apostrophe, which the reader
 * removes again, so export → import is lossless).
 *
 * Reading is one linear pass that gives the event loop back every few hundred kilobytes, so a
 * large or hostile file (a header and millions of blank lines) never holds up other requests;
 * blank lines cost a few instructions each and are never stored.
 */
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_EXPORT_COLUMNS,
  CATALOG_CSV_OPTIONAL_COLUMNS,
  CATALOG_IMPORT_MAX_ROWS,
  CATALOG_CSV_HANDLE_MAX,
  PRODUCT_LIMITS,
  UPC_PATTERN,
  VARIANT_LIMITS,
  combinationKey,
  variantTitle,
  VOLUME_LIMITS,
  CONTROL_CHARACTER_MESSAGES,
  formatCentsAsDollars,
  hasControlCharacter,
  hasMultiLineControlCharacter,
  parseDollarsToCents,
  parsePriceBreaks,
  formatPriceBreaks,
  type PriceBreak,
  type CatalogCsvColumn,
  type CatalogCsvOptionalColumn,
  type CatalogRowError,
} from '@cratebase/contract';
import { CSV_BOM, FORMULA_START, csvCell } from '../../lib/csv-cell.js';
import { DomainError } from '../../lib/errors.js';
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
  /** null: not given (no column, or empty): unchanged, but on when the row changes the stock. */
  trackInventory: boolean | null;
  /** null: no order_increment column (unchanged; 1 for a new product); an empty cell is 1. */
  orderIncrement: number | null;
  /** null: no price_breaks column (unchanged; none for a new product); an empty cell is none. */
  priceBreaks: PriceBreak[] | null;
  /** The handle cell as written (trimmed), or null. */
  handle: string | null;
  /**
   * A variant row (rows with the same handle and option values): its values in option order,
   * and the option names of its product's first row. [] for a product without options. The
   * product's own cells (name, description, units, status) are the first row's on every row.
   */
  optionValues: string[];
  optionNames: string[];
  /** The first row of the row's product (the row itself unless it is a later variant row). */
  productRow: number;
}

/** A product whose rows share a handle, as the reader has seen it so far. */
interface HandleGroup {
  row: number;
  handle: string;
  names: string[];
  /** Per option: lower-cased value → its spelling and first row. */
  values: Map<string, { spelling: string; row: number }>[];
  combos: Map<string, number>;
  rows: number;
  product: Pick<CatalogRow, 'name' | 'description' | 'orderUnitId' | 'quantityPerUnit' | 'weightUnitId' | 'stateId'>;
}

/** The product cells of a variant row that may repeat the first row's, and the columns they come from. */
const PRODUCT_CELLS = [
  ['name', 'name'],
  ['description', 'description'],
  ['orderUnitId', 'order_unit'],
  ['quantityPerUnit', 'quantity_per_unit'],
  ['weightUnitId', 'weight_unit'],
  ['stateId', 'status'],
] as const;

const OPTION_COUNT = VARIANT_LIMITS.options;
const optionColumn = (i: number, what: 'name' | 'value') => `option${i + 1}_${what}` as CatalogCsvOptionalColumn;

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
  const start = Math.max(0, text.search(/[^\r\n]/));
  const rest = text.slice(start, start + 64 * 1024);
  const firstLine = rest.slice(0, rest.search(/\r?\n|$/));
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes('\t')) return '\t';
  if (firstLine.includes(';')) return ';';
  return ',';
}

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

/** Spellings of the yes/no cells (track_inventory), lower-cased. */
const YES = new Set(['yes', 'y', 'true', '1', 'on']);
const NO = new Set(['no', 'n', 'false', '0', 'off']);

const fileError = (message: string, issues = [{ path: 'file', message }]) =>
  new DomainError('invalid', 'invalid_csv', message, issues);

/** A record of the file with at least one non-blank cell, and its spreadsheet row number (first line = 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/** The file is not readable CSV (an unclosed quote, a row too long); `row` is where it happened. */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    public readonly row: number,
  ) {
    super(message);
  }
}

/** Characters read between two turns of the event loop. */
const CHARS_PER_TURN = 64 * 1024;
/** Longest record (all its cells together), in characters. */
const MAX_RECORD_CHARS = 1_000_000;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const isBlankRecord = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * Reads CSV text in one pass and hands every record that is not blank to `onRecord`, in order.
 * RFC 4180 with a spreadsheet's leniency: rows end with CRLF, LF or CR; a quoted cell may hold
 * delimiters, line breaks and doubled quotes; a quote inside an unquoted cell, or text after a
 * closing quote, is kept as written. Blank records (no cell with more than spaces) still count
 * for row numbers. Gives the event loop a turn every CHARS_PER_TURN characters.
 */
export async function readCsvRecords(
  text: string,
  delimiter: string,
  onRecord: (record: CsvRecord) => void,
): Promise<void> {
  const delim = delimiter.charCodeAt(0);
  const n = text.length;
  /** Where the unquoted text starting at `from` ends: the next delimiter or line end. */
  const fieldEnd = (from: number) => {
    let j = from;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c === delim || c === LF || c === CR) break;
    }
    return j;
  };

  let i = 0;
  let row = 0;
  let nextPause = CHARS_PER_TURN;
  while (i < n) {
    if (i >= nextPause) {
      await nextTurn();
      nextPause = i + CHARS_PER_TURN;
    }
    row += 1;
    const first = text.charCodeAt(i);
    if (first === LF || first === CR) {
      // An empty line: the cheap path that keeps a file of blank lines fast.
      i += first === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      continue;
    }
    const recordStart = i;
    const cells: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        value = '';
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q === -1) throw new CsvSyntaxError('a quoted cell is not closed', row);
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += text.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          value += text.slice(from, q);
          i = q + 1;
          break;
        }
        const after = text.charCodeAt(i);
        if (i < n && after !== delim && after !== LF && after !== CR) {
          // Text after the closing quote: the cell is taken as written.
          const end = fieldEnd(i);
          value = `"${value}"${text.slice(i, end)}`;
          i = end;
        }
      } else {
        const end = fieldEnd(i);
        value = text.slice(i, end);
        i = end;
      }
      cells.push(value);
      if (i - recordStart > MAX_RECORD_CHARS) {
        throw new CsvSyntaxError(`the row is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters`, row);
      }
      const c = text.charCodeAt(i);
      if (c === delim) {
        i += 1;
        continue;
      }
      if (c === CR) i += text.charCodeAt(i + 1) === LF ? 2 : 1;
      else if (c === LF) i += 1;
      break;
    }
    if (!isBlankRecord(cells)) onRecord({ row, cells });
  }
}

/** Rows validated between two turns of the event loop. */
const ROWS_PER_TURN = 2000;

/** Parses and validates the whole file; throws only for problems with the file itself. */
export async function parseCatalogCsv(bytes: Buffer, lk: Lookups): Promise<ParsedCatalog> {
  const text = decodeCsv(bytes);
  if (text.trim() === '') throw fileError('file is empty: the first line must name the columns.');
  const records: CsvRecord[] = [];
  try {
    await readCsvRecords(text, detectDelimiter(text), (record) => {
      // The header and at most CATALOG_IMPORT_MAX_ROWS product rows.
      if (records.length > CATALOG_IMPORT_MAX_ROWS) {
        throw fileError(
          `The CSV has more than ${CATALOG_IMPORT_MAX_ROWS} product rows (row ${record.row} is one too many); import it in parts.`,
        );
      }
      records.push(record);
    });
  } catch (err) {
    if (err instanceof CsvSyntaxError) {
      throw fileError(`file: the CSV could not be read (row ${err.row}): ${err.message}.`);
    }
    throw err;
  }
  if (records.length === 0) throw fileError('file is empty: the first line must name the columns.');

  // "Option1 Name" (Shopify's spelling) reads as option1_name.
  const header = records[0]!.cells.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
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
  const known = new Set<string>([...CATALOG_CSV_COLUMNS, ...CATALOG_CSV_OPTIONAL_COLUMNS]);
  // option4_name, option5_value…: refused in any row that fills them (at most 3 options).
  const extraOptionColumns = header.filter((h) => /^option([4-9]|\d{2,})_(name|value)$/.test(h));
  const ignoredColumns = header.filter((h) => h && !known.has(h) && !extraOptionColumns.includes(h));
  const groups = new Map<string, HandleGroup>();

  const rows: CatalogRow[] = [];
  const errors: CatalogRowError[] = [];
  const skuRows = new Map<string, number>();
  const namelessSkuRows = new Map<string, number>();
  const total = records.length - 1;

  for (let r = 1; r < records.length; r++) {
    if (r % ROWS_PER_TURN === 0) await nextTurn();
    const { row: rowNo, cells } = records[r]!;
    const rowErrors: CatalogRowError[] = [];
    const err = (field: string, message: string) => rowErrors.push({ row: rowNo, field, message });
    const cell = (c: CatalogCsvColumn | CatalogCsvOptionalColumn) => {
      const i = index.get(c);
      return i === undefined ? '' : unescapeFormula((cells[i] ?? '').trim());
    };
    if (cells.length > header.length && cells.slice(header.length).some((c) => c.trim() !== '')) {
      err('row', `has ${cells.length} cells but the header has ${header.length} columns`);
    }

    // ── Handle and options (variants) ──
    const handle = cell('handle') || null;
    if (handle && hasControlCharacter(handle)) err('handle', CONTROL_CHARACTER_MESSAGES.singleLine);
    else if (handle && handle.length > CATALOG_CSV_HANDLE_MAX)
      err('handle', `must be at most ${CATALOG_CSV_HANDLE_MAX} characters`);
    for (const column of extraOptionColumns) {
      const i = index.get(column)!;
      if ((cells[i] ?? '').trim() !== '') err(column, `a product has at most ${OPTION_COUNT} options`);
    }
    const optNames: string[] = [];
    const optValues: string[] = [];
    for (let i = 0; i < OPTION_COUNT; i++) {
      const n = cell(optionColumn(i, 'name'));
      const v = cell(optionColumn(i, 'value'));
      if (hasControlCharacter(n)) err(optionColumn(i, 'name'), CONTROL_CHARACTER_MESSAGES.singleLine);
      else if (n.length > VARIANT_LIMITS.optionName)
        err(optionColumn(i, 'name'), `must be at most ${VARIANT_LIMITS.optionName} characters`);
      if (hasControlCharacter(v)) err(optionColumn(i, 'value'), CONTROL_CHARACTER_MESSAGES.singleLine);
      else if (v.length > VARIANT_LIMITS.value)
        err(optionColumn(i, 'value'), `must be at most ${VARIANT_LIMITS.value} characters`);
      optNames.push(n);
      optValues.push(v);
    }
    // Shopify writes a product without options as option "Title" = "Default Title".
    if (
      optNames[0]!.toLowerCase() === 'title' &&
      optValues[0]!.toLowerCase() === 'default title' &&
      optValues.slice(1).every((v) => v === '')
    ) {
      optNames[0] = '';
      optValues[0] = '';
    }
    const valueCount = optValues.reduce((n, v, i) => (v ? i + 1 : n), 0);
    const values = optValues.slice(0, valueCount);
    values.forEach((v, i) => {
      if (!v) err(optionColumn(i, 'value'), `is required when option${valueCount}_value is given`);
    });
    if (values.length > 0 && !handle) {
      err(
        'handle',
        'is required on a row with option values: the rows with one handle are the variants of one product',
      );
    }

    let group: HandleGroup | undefined;
    let firstOfGroup = false;
    let optionNames: string[] = [];
    if (handle) {
      const key = handle.toLowerCase();
      group = groups.get(key);
      if (!group) {
        firstOfGroup = true;
        const names = optNames.slice(
          0,
          Math.max(
            valueCount,
            optNames.reduce((n, x, i) => (x ? i + 1 : n), 0),
          ),
        );
        const seenNames = new Map<string, number>();
        names.forEach((n, i) => {
          if (!n) err(optionColumn(i, 'name'), `is required: the first row of a product names its options`);
          else if (i >= valueCount) err(optionColumn(i, 'value'), 'is required with its option name');
          else if (seenNames.has(n.toLowerCase()))
            err(
              optionColumn(i, 'name'),
              `"${n}" is already option ${seenNames.get(n.toLowerCase())! + 1} of this product`,
            );
          seenNames.set(n.toLowerCase(), i);
        });
        group = {
          row: rowNo,
          handle,
          names: names.slice(0, valueCount),
          values: names.map(() => new Map()),
          combos: new Map(),
          rows: 0,
          product: {
            name: '',
            description: null,
            orderUnitId: null,
            quantityPerUnit: null,
            weightUnitId: null,
            stateId: null,
          },
        };
        groups.set(key, group);
      } else {
        const g = group;
        if (g.names.length === 0) {
          err(
            'handle',
            `"${handle}" is also on row ${g.row}, which has no option values: rows that share a handle are the variants of one product, each with its option values`,
          );
        } else {
          optNames.forEach((n, i) => {
            if (!n) return;
            if (i >= g.names.length)
              err(optionColumn(i, 'name'), `the product's first row (row ${g.row}) has no option ${i + 1}`);
            else if (n.toLowerCase() !== g.names[i]!.toLowerCase())
              err(
                optionColumn(i, 'name'),
                `must be "${g.names[i]}" as on row ${g.row} (the product's first row), or empty`,
              );
          });
          for (let i = 0; i < Math.max(values.length, g.names.length); i++) {
            if (i >= g.names.length)
              err(optionColumn(i, 'value'), `the product's first row (row ${g.row}) names no option ${i + 1}`);
            else if (i >= values.length)
              err(optionColumn(i, 'value'), `is required: the product "${handle}" has the option "${g.names[i]}"`);
          }
        }
      }
      group.rows += 1;
      optionNames = group.names;
      if (group.names.length > 0 && values.length === group.names.length && values.every((v) => v)) {
        values.forEach((v, i) => {
          const seen = group!.values[i]!;
          const prev = seen.get(v.toLowerCase());
          if (prev && prev.spelling !== v) {
            err(
              optionColumn(i, 'value'),
              `"${v}" is written "${prev.spelling}" on row ${prev.row}: write a value the same way on every row`,
            );
          } else if (!prev) {
            if (seen.size >= VARIANT_LIMITS.values)
              err(
                optionColumn(i, 'value'),
                `the option "${group!.names[i]}" has more than ${VARIANT_LIMITS.values} values`,
              );
            seen.set(v.toLowerCase(), { spelling: v, row: rowNo });
          }
        });
        const combo = combinationKey(values);
        const other = group.combos.get(combo);
        if (other)
          err(
            optionColumn(0, 'value'),
            `${variantTitle(values)} is also on row ${other}: each combination of values once per product`,
          );
        else group.combos.set(combo, rowNo);
        if (group.rows > VARIANT_LIMITS.variants) {
          err(
            'handle',
            `"${handle}" has more than ${VARIANT_LIMITS.variants.toLocaleString('en-US')} rows: a product has at most ${VARIANT_LIMITS.variants.toLocaleString('en-US')} variants`,
          );
        }
      }
    }
    /** A later row of a product with options: its product cells are the first row's. */
    const laterVariant = group !== undefined && !firstOfGroup && group.names.length > 0;

    let name = cell('name');
    if (laterVariant && !name) name = group!.product.name;
    if (!name)
      err('name', firstOfGroup && valueCount > 0 ? 'is required on the first row of a product' : 'is required');
    else if (hasControlCharacter(name)) err('name', CONTROL_CHARACTER_MESSAGES.singleLine);
    else if (name.length > PRODUCT_LIMITS.name) err('name', `must be at most ${PRODUCT_LIMITS.name} characters`);

    const description = cell('description') || null;
    if (description && hasMultiLineControlCharacter(description)) {
      err('description', CONTROL_CHARACTER_MESSAGES.multiLine);
    } else if (description && description.length > PRODUCT_LIMITS.description) {
      err('description', `must be at most ${PRODUCT_LIMITS.description} characters`);
    }

    const sku = cell('sku') || null;
    if (sku && hasControlCharacter(sku)) err('sku', CONTROL_CHARACTER_MESSAGES.singleLine);
    else if (sku && sku.length > PRODUCT_LIMITS.sku) err('sku', `must be at most ${PRODUCT_LIMITS.sku} characters`);
    if (sku) {
      const first = skuRows.get(sku);
      if (first) err('sku', `"${sku}" is also on row ${first}; each SKU may appear once`);
      else skuRows.set(sku, rowNo);
    } else if (name && values.length === 0) {
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

    const integer = (column: CatalogCsvColumn | CatalogCsvOptionalColumn, min: number, max: number) => {
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
    // How these fit the price and the minimum is checked once the product is known (service.ts).
    const orderIncrement = index.has('order_increment')
      ? (integer('order_increment', 1, VOLUME_LIMITS.orderIncrement) ?? 1)
      : null;
    let priceBreaks: PriceBreak[] | null = null;
    if (index.has('price_breaks')) {
      const read = parsePriceBreaks(cell('price_breaks'));
      if ('error' in read) err('price_breaks', read.error);
      else priceBreaks = read.breaks;
    }

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

    let trackInventory: boolean | null = null;
    const track = cell('track_inventory').toLowerCase();
    if (track) {
      if (YES.has(track)) trackInventory = true;
      else if (NO.has(track)) trackInventory = false;
      else err('track_inventory', `must be yes or no (got "${cell('track_inventory')}")`);
    }

    const product: HandleGroup['product'] = { name, description, orderUnitId, quantityPerUnit, weightUnitId, stateId };
    if (group && firstOfGroup) {
      group.product = product;
    } else if (laterVariant) {
      const first = group!.product;
      for (const [key, column] of PRODUCT_CELLS) {
        const mine = product[key];
        if (mine === null || mine === '') continue;
        if (mine !== first[key]) {
          err(
            column,
            `differs from row ${group!.row} (the first row of "${group!.handle}"): a product's cells are on its first row; leave them empty on its other rows or repeat them`,
          );
        }
      }
    }
    const inherited = laterVariant ? group!.product : null;

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
      trackInventory,
      orderIncrement,
      priceBreaks,
      ...(inherited ?? {}),
      handle,
      optionValues: optionNames.length > 0 ? values : [],
      optionNames,
      productRow: group && optionNames.length > 0 ? group.row : rowNo,
    });
  }
  return { rows, total, errors, ignoredColumns };
}

// ─── Writing ─────────────────────────────────────────────────────────────────────────
export { CSV_BOM };
const escapeCell = csvCell;

export function csvHeaderLine(): string {
  return `${CATALOG_CSV_EXPORT_COLUMNS.join(',')}\r\n`;
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
  trackInventory: boolean;
  orderIncrement: number;
  priceBreaks: PriceBreak[];
  handle: string;
  /** The option names: on a product's first row only ([] on its other rows and without options). */
  optionNames: readonly string[];
  /** The variant's values ([] without options). */
  optionValues: readonly string[];
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
      r.trackInventory ? 'yes' : 'no',
      escapeCell(r.orderIncrement),
      escapeCell(formatPriceBreaks(r.priceBreaks)),
      escapeCell(r.handle, true),
      ...[0, 1, 2].flatMap((i) => [
        escapeCell(r.optionNames[i] ?? null, true),
        escapeCell(r.optionValues[i] ?? null, true),
      ]),
    ].join(',') + '\r\n'
  );
}

/**
 * A product's handle in an export: its name as a slug ("Heavy tee" → "heavy-tee"), made unique
 * within the file with -2, -3… (`used` holds the handles given so far).
 */
export function exportHandle(name: string, used: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100)
      .replace(/-+$/, '') || 'product';
  let handle = base;
  for (let n = 2; used.has(handle); n++) handle = `${base}-${n}`;
  used.add(handle);
  return handle;
}
