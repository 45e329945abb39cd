/**
 * Writing CSV cells for the exports (the catalogue, the seller's orders): quoted when they hold a
 * comma, a quote, a line break or edge spaces; text that starts like a spreadsheet formula gets
 * an apostrophe first, so opening the file runs nothing (the catalogue import removes it again).
 */

/** What a spreadsheet would read as the start of a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A UTF-8 byte-order mark: spreadsheets then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** One cell; `text` guards free text (names, notes) against formulas. */
export function csvCell(value: string | number | null | undefined, text = false): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line of cells, ended by CRLF. */
export const csvRow = (cells: readonly string[]): string => `${cells.join(',')}\r\n`;
