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

/**
 * The same two rules as whole-string patterns without the `u` flag, so that they reach the
 * OpenAPI document as JSON Schema `pattern`s any client's regex engine reads (\uXXXX ranges).
 */
// eslint-disable-next-line no-control-regex -- the point is to name the control characters
export const SINGLE_LINE_PATTERN = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// eslint-disable-next-line no-control-regex -- the point is to name the control characters
export const MULTI_LINE_PATTERN = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** True when `value` has a character that single-line text may not contain. */
export function hasControlCharacter(value: string): boolean {
  return SINGLE_LINE_FORBIDDEN.test(value);
}

/** True when `value` has a character that multi-line text may not contain (tab and line breaks are fine). */
export function hasMultiLineControlCharacter(value: string): boolean {
  return MULTI_LINE_FORBIDDEN.test(value);
}
