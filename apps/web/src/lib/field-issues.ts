/**
 * A 400's field issues mapped to a form's fields. Its own module (not lib/api.ts, which every first
 * paint loads) because only the seller's forms use it.
 */
import { ApiError } from './api';

/**
 * Which form field a server issue belongs to: a map from the last segment of the issue's path
 * ("address.postal_code" → `postal_code`) to the form's field name, or a function of the whole
 * path (undefined: not a field of this form).
 */
export type IssueFields<F extends string> = Readonly<Record<string, F>> | ((path: string) => F | undefined);

export interface IssuesByFieldOptions<F extends string> {
  /** How the message reads under its field; by default as the server sent it, with a capital first letter. */
  word?: (message: string, field: F) => string;
}

/** The server's message as a sentence under a field: its first letter capitalised. */
export const capitalised = (message: string): string => message.charAt(0).toUpperCase() + message.slice(1);

/**
 * A failed call's field issues (a 400's `issues`) by the form's own field names, for showing each
 * under its field: the first issue for a field wins, issues of no field of this form are left out,
 * and anything but an ApiError gives {}. Every form maps the server's issues through this; one
 * field alone is `error.issueFor(path)`.
 */
export function issuesByField<F extends string>(
  error: unknown,
  fields: IssueFields<F>,
  options: IssuesByFieldOptions<F> = {},
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return out;
  const fieldOf =
    typeof fields === 'function'
      ? fields
      : (path: string) => {
          const last = path.split('.').pop() ?? '';
          return Object.hasOwn(fields, last) ? fields[last] : undefined;
        };
  const word = options.word ?? capitalised;
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    if (field !== undefined && out[field] === undefined) out[field] = word(issue.message, field);
  }
  return out;
}
