/**
 * HTTP errors thrown by services and policies. The app's error handler turns them into
 * `{ error, message, issues? }` bodies; anything else becomes a 500 without internals.
 */
export interface FieldIssue {
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: FieldIssue[]) =>
  new HttpError(400, 'bad_request', message, issues);
/** A 400 that names one field: `fieldError('name', 'is required')` → "name is required". */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, 'validation_error', `${field} ${message}`, [{ path: field, message }]);
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, 'forbidden', message);
export const notFound = (what = 'Resource') => new HttpError(404, 'not_found', `${what} not found.`);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, code, message);
export const unavailable = (message = 'The service is temporarily unavailable. Please try again shortly.') =>
  new HttpError(503, 'service_unavailable', message);
