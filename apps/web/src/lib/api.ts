import type { ErrorBody } from '@cratebase/contract';
import { AccessTokenError, getAccessToken, GET_ACCESS_TOKEN_FAILED, requestSignInAgain } from './auth';

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

  constructor(status: number, code: string, message: string, issues: ApiIssue[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }

  /** The message of the issue for one field (path such as "name"), if the server named it. */
  issueFor(path: string): string | undefined {
    return this.issues.find((issue) => issue.path === path || issue.path.endsWith(`.${path}`))?.message;
  }
}

export const NETWORK_ERROR_MESSAGE = 'We could not reach Cratebase. Check your connection and try again.';

export interface ApiHooks {
  getAccessToken: () => Promise<string | null>;
  /** Called when the API answers 401: the session is no longer valid. */
  onUnauthorized: () => void;
}

let hooks: ApiHooks = {
  getAccessToken: () => getAccessToken(),
  onUnauthorized: () => {
    requestSignInAgain();
  },
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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  let token: string | null;
  try {
    token = await hooks.getAccessToken();
  } catch (error) {
    if (error instanceof AccessTokenError && error.sessionEnded) hooks.onUnauthorized();
    throw new ApiError(0, 'access_token_failed', GET_ACCESS_TOKEN_FAILED);
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, cache: 'no-store', credentials: 'same-origin' };
  if (method === 'POST' || method === 'PUT') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }

  const parsed = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) hooks.onUnauthorized();
    if (isErrorBody(parsed)) {
      throw new ApiError(response.status, parsed.error, parsed.message, parsed.issues ?? []);
    }
    throw new ApiError(response.status, 'http_error', fallbackMessage(response.status));
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/** Words to show for any error thrown by a call (the server's message when there is one). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}

/** Builds a path with encoded segments: apiPath`/api/organization/${id}`. */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce(
    (out, part, index) => out + part + (index < values.length ? encodeURIComponent(String(values[index])) : ''),
    '',
  );
}
