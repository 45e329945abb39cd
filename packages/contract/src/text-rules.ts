/**
 * Free-text rules shared by the server, the CSV import and the browser (zod-free).
 *
 * Control characters have no place in names, addresses, SKUs or search text: they are
 * invisible, they break e-mail headers and CSV files, and PostgreSQL refuses a NUL (U+0000)
 * outright. Single-line text refuses every control character (C0, DEL and C1, line breaks and
 * tabs included); multi-line text (descriptions, slogans) allows tab, line feed and carriage
 * return and refuses the rest.
 */

/** Any control character (Unicode category Cc: U+0000–U+001F, U+007F–U+009F). */
const SINGLE_LINE_FORBIDDEN = /\p{Cc}/u;
/** Control characters except tab, line feed and carriage return. */
const MULTI_LINE_FORBIDDEN = /[^\P{Cc}\t\n\r]/u;

export const CONTROL_CHARACTER_MESSAGES = {
  singleLine: 'must not contain line breaks or control characters',
  multiLine: 'must not contain control characters',
} as const;

/** True when `value` has a character that single-line text may not contain. */
export function hasControlCharacter(value: string): boolean {
  return SINGLE_LINE_FORBIDDEN.test(value);
}

/** True when `value` has a character that multi-line text may not contain (tab and line breaks are fine). */
export function hasMultiLineControlCharacter(value: string): boolean {
  return MULTI_LINE_FORBIDDEN.test(value);
}
