import { NEXT_CURSOR_HEADER, type ErrorBody } from '@cratebase/contract';
import { AccessTokenError, GET_ACCESS_TOKEN_FAILED } from './auth-shared';
import { renewSessionAccessToken, sessionAccessToken, signInAgain } from './auth-session';

export interface ApiIssue {
  path: string;
  message: string;
}

/** A failed API call, carrying the server's `message` so the UI can show it. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[];

  /** The whole error body as the server sent it (some answers carry more, e.g. row errors). */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, issues: ApiIssue[] = [], body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.body = body;
  }

  /** The message of the issue for one field (path such as "name"), if the server named it. */
  issueFor(path: string): string | undefined {
    return this.issues.find((issue) => issue.path === path || issue.path.endsWith(`.${path}`))?.message;
  }
}

export const NETWORK_ERROR_MESSAGE = 'We could not reach Cratebase. Check your connection and try again.';

export interface ApiHooks {
  getAccessToken: () => Promise<string | null>;
  /**
   * After the API refused `rejected` with 401: a newer token to retry the call with once (one
   * renewal shared by every caller), or null when there is none.
   */
  renewAccessToken: (rejected: string) => Promise<string | null>;
  /** Called when the API answers 401 to a renewed token too: the session is no longer valid. */
  onUnauthorized: () => void;
}

// Tokens come from the auth session: the stored token while it is fresh, the OIDC client
// (loaded on demand) for renewals.
let hooks: ApiHooks = {
  getAccessToken: sessionAccessToken,
  renewAccessToken: renewSessionAccessToken,
  onUnauthorized: signInAgain,
};

/** Replace how tokens are found and what a 401 does (tests, or a different auth setup). */
export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Please log in again.';
  if (status === 403) return 'You do not have access to this.';
  if (status === 404) return 'We could not find what you were looking for.';
  if (status === 413) return 'That is too large to upload.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return `The request failed (HTTP ${status}).`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function bearerToken(renew?: { rejected: string }): Promise<string | null> {
  try {
    return await (renew ? hooks.renewAccessToken(renew.rejected) : hooks.getAccessToken());
  } catch (error) {
    if (error instanceof AccessTokenError && error.sessionEnded) hooks.onUnauthorized();
    throw new ApiError(0, 'access_token_failed', GET_ACCESS_TOKEN_FAILED);
  }
}

/** The ApiError for a failed answer: the server's message when it sent one. */
function errorFromAnswer(status: number, parsed: unknown): ApiError {
  if (status === 401) hooks.onUnauthorized();
  if (isErrorBody(parsed)) return new ApiError(status, parsed.error, parsed.message, parsed.issues ?? [], parsed);
  return new ApiError(status, 'http_error', fallbackMessage(status), [], parsed);
}

/**
 * Sends the call with the current token. A 401 to a token gets one retry with a renewed token
 * (the server refuses a bad token before any handler runs, so a retry never repeats a write).
 */
async function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions & { accept?: string } = {},
): Promise<Response> {
  const token = await bearerToken();
  const response = await sendWithToken(token, method, path, body, options);
  if (response.status !== 401 || !token) return response;
  const renewed = await bearerToken({ rejected: token });
  if (!renewed || renewed === token) return response;
  return sendWithToken(renewed, method, path, body, options);
}

async function sendWithToken(
  token: string | null,
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions & { accept?: string },
): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, cache: 'no-store', credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }
  try {
    return await fetch(path, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await send(method, path, body, options);
  const parsed = await readBody(response);
  if (!response.ok) throw errorFromAnswer(response.status, parsed);
  return parsed as T;
}

/** One page of a keyset-paginated list: the body's array and the `x-next-cursor` header. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** useInfiniteQuery options of a keyset-paginated list: no cursor first, then the x-next-cursor of each page. */
export const keysetPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: Page<unknown>) => last.nextCursor ?? undefined,
};

/** Every item of the pages loaded so far; undefined before the first page arrives. */
export function loadedItems<T>(data: { pages: Page<T>[] } | undefined): T[] | undefined {
  return data?.pages.flatMap((page) => page.items);
}

async function getPage<T>(path: string, options?: RequestOptions): Promise<Page<T>> {
  const response = await send('GET', path, undefined, options);
  const parsed = await readBody(response);
  if (!response.ok) throw errorFromAnswer(response.status, parsed);
  return { items: (parsed as T[] | undefined) ?? [], nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
}

/**
 * A file from the API (e.g. a CSV export): the bytes and the name the server suggests. With a
 * `body`, the file is the answer to a POST of it (e.g. several orders' packing slips).
 */
async function download(
  path: string,
  accept = '*/*',
  body?: unknown,
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(body === undefined ? 'GET' : 'POST', path, body, { accept });
  if (!response.ok) throw errorFromAnswer(response.status, await readBody(response));
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await response.blob(), filename: match?.[1] ? decodeURIComponent(match[1]) : null };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
  getPage,
  download,
};

export interface UploadOptions {
  /** Multipart field name (the API's upload routes use `file`). */
  field?: string;
  /** Called as the bytes go out: a fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a file as multipart/form-data with upload progress (XMLHttpRequest, since fetch
 * reports none) and the same token and error handling as the other calls.
 */
export async function apiUpload<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const token = await bearerToken();
  const form = new FormData();
  form.append(options.field ?? 'file', file, file instanceof File ? file.name : 'upload');
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(parsed as T);
      } else {
        reject(errorFromAnswer(xhr.status, parsed));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** Words to show for any error thrown by a call (the server's message when there is one). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}

/** The path with a query string of the parameters that have a value: withQuery('/api/x', { limit: 25, q: '' }). */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Builds a path with encoded segments: apiPath`/api/organization/${id}`. */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce(
    (out, part, index) => out + part + (index < values.length ? encodeURIComponent(String(values[index])) : ''),
    '',
  );
}
