/**
 * Ranges of whole days picked in date inputs (YYYY-MM-DD), as the accounting exports and
 * customer statements take them: both ends included, at most a year.
 */

/** The longest range an export or a statement covers (the contract's ACCOUNTING_MAX_RANGE_DAYS). */
export const MAX_RANGE_DAYS = 366;

/** A local date as YYYY-MM-DD (what a date input holds). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Days from `from` to `to`, both counted: 2026-01-01..2026-01-01 is 1. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const RANGE_MISSING_ERROR = 'Choose the first and last day';
export const RANGE_ORDER_ERROR = 'The last day must be on or after the first';
export const RANGE_LENGTH_ERROR = `At most ${MAX_RANGE_DAYS} days: choose a year at a time`;

/** What is wrong with a range, in words for under its fields; undefined when it can be sent. */
export function dayRangeProblem(from: string, to: string): string | undefined {
  if (!from || !to) return RANGE_MISSING_ERROR;
  if (from > to) return RANGE_ORDER_ERROR;
  return daysInRange(from, to) > MAX_RANGE_DAYS ? RANGE_LENGTH_ERROR : undefined;
}
