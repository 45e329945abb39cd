import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGES, MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from './text-rules.js';

/** Random UUID identifiers (v4) used for every entity except seeded lookup lists. */
export const Uuid = z.uuid({ message: 'must be a UUID' });

/** Error body of every non-2xx API answer. */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Free text on one line (names, SKUs, tags, address lines, search text): trimmed, and no
 * control character at all (a NUL would reach PostgreSQL, which refuses it). Chain the
 * length checks after it.
 */
export const singleLineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .trim()
    // A regex, not a refine: it reaches the OpenAPI document as the field's `pattern`.
    .regex(SINGLE_LINE_PATTERN, { message: CONTROL_CHARACTER_MESSAGES.singleLine, abort: true });

/** Multi-line free text (descriptions, slogans): trimmed; tab and line breaks allowed, other control characters not. */
export const multiLineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .trim()
    .regex(MULTI_LINE_PATTERN, { message: CONTROL_CHARACTER_MESSAGES.multiLine, abort: true });

/**
 * A JSON Schema pattern (for the OpenAPI document) of one of `values` in any case, with spaces
 * around it: what a rule that trims and upper-cases before it compares accepts.
 */
export function anyCasePattern(values: readonly string[]): string {
  const caseless = (v: string) =>
    [...v].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return `^\\s*(?:${values.map(caseless).join('|')})\\s*$`;
}

/** Keyset pagination accepted by every list that can grow. */
export const ListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
  q: singleLineText().max(200).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;


export const OrgIdParams = z.strictObject({ org_id: Uuid });
export const IdParams = z.strictObject({ id: Uuid });
