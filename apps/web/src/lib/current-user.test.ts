import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, makeUser } from '../test/fixtures';
import { fetchSignedInUser } from './current-user';

describe('fetchSignedInUser (after a sign-in)', () => {
  it('creates or reads the user with POST /api/user/create, so a first sign-in requests no 404', async () => {
    const user = makeUser();
    // The user row does not exist yet: GET /api/user/me would answer 404.
    const fetch = fakeFetch({
      'POST /api/user/create': { body: user },
      'GET /api/user/me': { status: 404, body: { error: 'user_not_found', message: 'No user yet' } },
    });
    vi.stubGlobal('fetch', fetch.fn);
    expect(await fetchSignedInUser()).toEqual(user);
    expect(fetch.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/user/create']);
  });

  it('falls back to GET /api/user/me when the token cannot create a user', async () => {
    const fetch = fakeFetch({
      'POST /api/user/create': {
        status: 400,
        body: { error: 'validation_error', message: 'email is missing from the access token', issues: [] },
      },
      'GET /api/user/me': { status: 404, body: { error: 'user_not_found', message: 'No user yet' } },
    });
    vi.stubGlobal('fetch', fetch.fn);
    expect(await fetchSignedInUser()).toBeNull();
    expect(fetch.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/user/create', 'GET /api/user/me']);
  });

  it('passes a server failure on (the callback page offers Try again)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'POST /api/user/create': { status: 503, body: { error: 'unavailable', message: 'Down' } } }).fn,
    );
    await expect(fetchSignedInUser()).rejects.toMatchObject({ status: 503 });
  });
});
