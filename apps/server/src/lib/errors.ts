/**
 * Domain errors thrown by services and policies: a kind (what went wrong, in the domain's
 * words), a code, a sentence and the fields at fault. The app's error handler turns them into
 * `{ error, message, issues? }` bodies with the status of their kind (`STATUS_OF_KIND`, the one
 * table of kinds → HTTP statuses); anything else becomes a 500 without internals.
 */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The one table of kinds → HTTP statuses (docs/architecture.md "Errors"). */
export const STATUS_OF_KIND = {
  /** The request is not acceptable as it is: a field, a file, a value. */
  invalid: 400,
  /** No valid token. */
  unauthenticated: 401,
  /** The card was declined: nothing was charged. */
  payment_required: 402,
  /** The caller may not do this. */
  forbidden: 403,
  /** No such thing (or not one the caller may know of). */
  not_found: 404,
  /** Not in this state: already placed, stale, out of stock, a duplicate. */
  conflict: 409,
  /** An upload over the limit. */
  too_large: 413,
  /** A file of a type we do not take. */
  unsupported_media: 415,
  /** Too many attempts: wait and try again. */
  rate_limited: 429,
  /** A provider we called answered with an error. */
  bad_gateway: 502,
  /** A provider or the database cannot be reached now: try again shortly. */
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof STATUS_OF_KIND;

export class DomainError extends Error {
  constructor(
    public readonly kind: ErrorKind,
    public readonly code: string,
    message: string,
    public readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** The status of its kind (the table above); Fastify reads it too. */
  get statusCode(): number {
    return STATUS_OF_KIND[this.kind];
  }
}

/** A refusal of the request as it stands (a 4xx kind), not a failure on our side or a provider's. */
export const isRefusal = (error: unknown): error is DomainError =>
  error instanceof DomainError && STATUS_OF_KIND[error.kind] < 500;

export const badRequest = (message: string, issues?: FieldIssue[]) =>
  new DomainError('invalid', 'bad_request', message, issues);
/** A 400 that names one field: `fieldError('name', 'is required')` → "name is required". */
export const fieldError = (field: string, message: string) =>
  new DomainError('invalid', 'validation_error', `${field} ${message}`, [{ path: field, message }]);
/** A refusal the caller reads as it is (a sentence), naming the field in `issues`. */
export const refusal = (kind: ErrorKind, code: string, field: string, message: string) =>
  new DomainError(kind, code, message, [{ path: field, message }]);
/** A refusal whose sentence starts with the field: `fieldRefusal(…, 'quantity', 'only 3 left')` → "quantity: only 3 left". */
export const fieldRefusal = (kind: ErrorKind, code: string, field: string, message: string) =>
  new DomainError(kind, code, `${field}: ${message}`, [{ path: field, message }]);
export const unauthorized = (message = 'Sign in to continue.') =>
  new DomainError('unauthenticated', 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') =>
  new DomainError('forbidden', 'forbidden', message);
export const notFound = (what = 'Resource') => new DomainError('not_found', 'not_found', `${what} not found.`);
export const conflict = (message: string, code = 'conflict') => new DomainError('conflict', code, message);
export const unavailable = (message = 'The service is temporarily unavailable. Please try again shortly.') =>
  new DomainError('unavailable', 'service_unavailable', message);
