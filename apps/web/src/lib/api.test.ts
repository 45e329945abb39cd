import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fixtures';
import { api, ApiError, apiPath, configureApi, errorMessage, NETWORK_ERROR_MESSAGE } from './api';
import { issuesByField } from './field-issues';
import { AccessTokenError, GET_ACCESS_TOKEN_FAILED } from './auth';

function useHooks(token: string | null | (() => Promise<string | null>)) {
  const onUnauthorized = vi.fn();
  configureApi({
    getAccessToken: typeof token === 'function' ? token : async () => token,
    renewAccessToken: async () => null,
    onUnauthorized,
  });
  return onUnauthorized;
}

afterEach(() =>
  configureApi({
    getAccessToken: async () => null,
    renewAccessToken: async () => null,
    onUnauthorized: () => undefined,
  }),
);

describe('api client', () => {
  it('sends the bearer token and JSON, and parses the answer', async () => {
    useHooks('tok-123');
    const fetch = fakeFetch({ 'PUT /api/organization/o1': { body: { id: 'o1', slogan: 'Fresh' } } });
    vi.stubGlobal('fetch', fetch.fn);
    const result = await api.put<{ slogan: string }>('/api/organization/o1', { slogan: 'Fresh' });
    expect(result.slogan).toBe('Fresh');
    expect(fetch.calls[0]?.headers).toMatchObject({
      Authorization: 'Bearer tok-123',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(fetch.calls[0]?.body).toEqual({ slogan: 'Fresh' });
  });

  it('sends an empty JSON object for POST without a body and no body on GET', async () => {
    useHooks(null);
    const fetch = fakeFetch({ 'POST /api/user/create': { body: {} }, 'GET /api/user/me': { body: {} } });
    vi.stubGlobal('fetch', fetch.fn);
    await api.post('/api/user/create');
    await api.get('/api/user/me');
    expect(fetch.calls[0]?.body).toEqual({});
    expect(fetch.calls[1]?.body).toBeUndefined();
    expect(fetch.calls[1]?.headers.Authorization).toBeUndefined();
    expect(fetch.calls[1]?.headers['Content-Type']).toBeUndefined();
  });

  it('throws an ApiError carrying the server message, code and issues', async () => {
    useHooks('t');
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/organization': {
          status: 409,
          body: { error: 'conflict', message: 'That name is taken', issues: [{ path: 'name', message: 'is taken' }] },
        },
      }).fn,
    );
    const error = await api.post('/api/organization', { name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: 'That name is taken' });
    expect((error as ApiError).issueFor('name')).toBe('is taken');
    expect(errorMessage(error)).toBe('That name is taken');
  });

  it('words errors without a JSON body by status', async () => {
    useHooks('t');
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/api/user/me')).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
  });

  it('asks for sign-in again on 401', async () => {
    const onUnauthorized = useHooks('expired');
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/user/me': { status: 401, body: { error: 'unauthorized', message: 'Token expired' } } }).fn,
    );
    await expect(api.get('/api/user/me')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure in words', async () => {
    useHooks('t');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/user/me')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('says "Get access token failed" when the token cannot be renewed', async () => {
    const onUnauthorized = useHooks(async () => {
      throw new AccessTokenError(false);
    });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(api.get('/api/user/me')).rejects.toMatchObject({ message: GET_ACCESS_TOKEN_FAILED });
    expect(fetch).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs in again when the renewal says the session ended', async () => {
    const onUnauthorized = useHooks(async () => {
      throw new AccessTokenError(true);
    });
    vi.stubGlobal('fetch', vi.fn());
    await expect(api.get('/api/user/me')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('encodes path segments', () => {
    expect(apiPath`/api/organization/${'a/b c'}/onboarding/status`).toBe(
      '/api/organization/a%2Fb%20c/onboarding/status',
    );
  });
});

describe('api.getPage', () => {
  it('returns the items and the next cursor from the x-next-cursor header', async () => {
    useHooks('t');
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify([{ id: 1 }]), {
          headers: { 'content-type': 'application/json', 'x-next-cursor': 'abc' },
        }),
    );
    expect(await api.getPage('/api/product/organization/o1?limit=1')).toEqual({
      items: [{ id: 1 }],
      nextCursor: 'abc',
    });
    vi.stubGlobal('fetch', async () => new Response('[]', { headers: { 'content-type': 'application/json' } }));
    expect(await api.getPage('/api/product/organization/o1')).toEqual({ items: [], nextCursor: null });
  });

  it('keeps the whole error body on an ApiError', async () => {
    useHooks('t');
    const body = {
      error: 'invalid_csv',
      message: '2 rows have problems',
      errors: [{ row: 2, field: 'name', message: 'is required' }],
    };
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/x': { status: 400, body } }).fn);
    const error = (await api.post('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('2 rows have problems');
    expect(error.body).toEqual(body);
  });
});

describe('requestSignInAgain', () => {
  it('redirects to sign in with the current path, at most once in 30 seconds', async () => {
    const { requestSignInAgain } = await import('./auth');
    const signinRedirect = vi.fn(() => Promise.resolve());
    const manager = { settings: { extraQueryParams: { resource: 'https://api' } }, signinRedirect };
    window.history.replaceState(null, '', '/app/o1/products?q=tea');
    expect(requestSignInAgain(manager as never)).toBe(true);
    expect(requestSignInAgain(manager as never)).toBe(false);
    expect(signinRedirect).toHaveBeenCalledTimes(1);
    expect(signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/app/o1/products?q=tea' },
      extraQueryParams: { resource: 'https://api' },
    });
  });
});

describe('issuesByField', () => {
  const refused = new ApiError(400, 'validation_error', 'invalid', [
    { path: 'address.postal_code', message: 'must be exactly 5 digits' },
    { path: 'address.postal_code', message: 'is required' },
    { path: 'name', message: 'Too long' },
    { path: 'constructor', message: 'not a field' },
    { path: 'to_emails.3', message: 'not an e-mail address' },
  ]);

  it('maps the last segment of each path to the form field, first issue first, capitalised', () => {
    expect(issuesByField(refused, { postal_code: 'zip', name: 'name' })).toEqual({
      zip: 'Must be exactly 5 digits',
      name: 'Too long',
    });
  });

  it('takes a function of the whole path and a wording of its own', () => {
    const byIndex = issuesByField(refused, (path) => /^to_emails\.(\d+)$/.exec(path)?.[1], {
      word: (message, field) => `#${field}: ${message}`,
    });
    expect(byIndex).toEqual({ 3: '#3: not an e-mail address' });
  });

  it('gives nothing for an error that is not the API’s', () => {
    expect(issuesByField(new Error('offline'), { name: 'name' })).toEqual({});
    expect(issuesByField(undefined, () => 'name')).toEqual({});
  });
});
