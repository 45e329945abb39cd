import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { User, type UserManager } from 'oidc-client-ts';
import { api, configureApi } from './api';
import { createUserManager, getAccessToken, renewAccessToken, setActiveUserManager } from './auth';

const ORIGIN = 'http://localhost';
const config = {
  oidc: {
    authority: `${ORIGIN}/oidc`,
    client_id: 'cratebase-web',
    scope: 'openid email offline_access',
    extra_query_params: { resource: `${ORIGIN}/api` },
  },
  public_url: ORIGIN,
};

/**
 * A provider like the built-in one: refresh tokens rotate, and a refresh token used twice
 * revokes the whole grant (every token stops working). The API accepts the newest access
 * token only.
 */
function fakeProvider(first: { access: string; refresh: string }) {
  const state = { access: first.access, refresh: first.refresh, revoked: false, refreshes: 0, apiCalls: 0 };
  const spent = new Set<string>();
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), ORIGIN);
    if (url.pathname === '/oidc/.well-known/openid-configuration') {
      return json(200, {
        issuer: `${ORIGIN}/oidc`,
        authorization_endpoint: `${ORIGIN}/oidc/auth`,
        token_endpoint: `${ORIGIN}/oidc/token`,
        jwks_uri: `${ORIGIN}/oidc/jwks`,
      });
    }
    if (url.pathname === '/oidc/token') {
      const form = new URLSearchParams(String(init.body));
      const presented = form.get('refresh_token') ?? '';
      if (spent.has(presented)) state.revoked = true;
      if (state.revoked || presented !== state.refresh) {
        return json(400, { error: 'invalid_grant', error_description: 'grant request is invalid' });
      }
      spent.add(presented);
      state.refreshes += 1;
      state.access = `access-${state.refreshes}`;
      state.refresh = `refresh-${state.refreshes}`;
      return json(200, {
        access_token: state.access,
        refresh_token: state.refresh,
        token_type: 'Bearer',
        expires_in: 900,
        scope: config.oidc.scope,
      });
    }
    state.apiCalls += 1;
    const authorization = new Headers(init.headers).get('authorization');
    if (state.revoked || authorization !== `Bearer ${state.access}`) {
      return json(401, { error: 'unauthorized', message: 'The access token is not valid.' });
    }
    return json(200, { path: url.pathname });
  });
  return { state, fetch };
}

/** Stores a signed-in user whose access token expires `expiresIn` seconds from now. */
async function signIn(manager: UserManager, tokens: { access: string; refresh: string }, expiresIn: number) {
  await manager.storeUser(
    new User({
      access_token: tokens.access,
      refresh_token: tokens.refresh,
      token_type: 'Bearer',
      scope: config.oidc.scope,
      profile: { sub: 'user-1', iss: `${ORIGIN}/oidc`, aud: config.oidc.client_id, exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    }),
  );
}

const PARALLEL = 6;
const paths = Array.from({ length: PARALLEL }, (_, index) => `/api/things/${index}`);
const managers: UserManager[] = [];
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;

function newManager(): UserManager {
  const manager = createUserManager(config, ORIGIN);
  manager.stopSilentRenew();
  managers.push(manager);
  return manager;
}

beforeEach(() => {
  onUnauthorized = vi.fn<() => void>();
  // The app's own wiring: tokens from the active manager, renewal after a 401.
  configureApi({
    getAccessToken: () => getAccessToken(),
    renewAccessToken: (rejected) => renewAccessToken(rejected),
    onUnauthorized,
  });
});

afterEach(() => {
  for (const manager of managers.splice(0)) manager.stopSilentRenew();
  setActiveUserManager(null);
  configureApi({
    getAccessToken: async () => null,
    renewAccessToken: async () => null,
    onUnauthorized: () => undefined,
  });
});

describe('token renewal', () => {
  it('renews an expired token once for many parallel calls, and every call succeeds', async () => {
    const provider = fakeProvider({ access: 'access-0', refresh: 'refresh-0' });
    vi.stubGlobal('fetch', provider.fetch);
    const manager = newManager();
    setActiveUserManager(manager);
    await signIn(manager, { access: 'access-0', refresh: 'refresh-0' }, -60);

    const answers = await Promise.all(paths.map((path) => api.get<{ path: string }>(path)));

    expect(answers.map((answer) => answer.path)).toEqual(paths);
    expect(provider.state.refreshes).toBe(1);
    expect(provider.state.revoked).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect((await manager.getUser())?.access_token).toBe('access-1');
  });

  it('after parallel 401s renews once, retries each call with the new token, and keeps the session', async () => {
    // The browser thinks its token is good for minutes; the API no longer accepts it.
    const provider = fakeProvider({ access: 'access-server', refresh: 'refresh-0' });
    vi.stubGlobal('fetch', provider.fetch);
    const manager = newManager();
    setActiveUserManager(manager);
    await signIn(manager, { access: 'access-stale', refresh: 'refresh-0' }, 600);

    const answers = await Promise.all(paths.map((path) => api.get<{ path: string }>(path)));

    expect(answers.map((answer) => answer.path)).toEqual(paths);
    expect(provider.state.refreshes).toBe(1);
    expect(provider.state.revoked).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('retries a 401 only once: a refused renewed token signs the user in again', async () => {
    const provider = fakeProvider({ access: 'access-0', refresh: 'refresh-0' });
    vi.stubGlobal('fetch', provider.fetch);
    const manager = newManager();
    setActiveUserManager(manager);
    await signIn(manager, { access: 'access-stale', refresh: 'refresh-0' }, 600);
    // The API refuses every token (say, its keys changed).
    provider.state.access = 'nothing-matches';
    const tokenEndpoint = provider.fetch.getMockImplementation()!;
    provider.fetch.mockImplementation(async (input, init) => {
      const answer = await tokenEndpoint(input, init);
      if (String(input).endsWith('/oidc/token')) provider.state.access = 'nothing-matches';
      return answer;
    });

    await expect(api.get('/api/things/1')).rejects.toMatchObject({ status: 401 });
    expect(provider.state.refreshes).toBe(1);
    expect(provider.state.apiCalls).toBe(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('two tabs with the same expired session renew once between them (browser-wide lock)', async () => {
    const provider = fakeProvider({ access: 'access-0', refresh: 'refresh-0' });
    vi.stubGlobal('fetch', provider.fetch);
    // jsdom has no Web Locks: a one-holder-at-a-time stand-in, shared like the browser's.
    let queue: Promise<unknown> = Promise.resolve();
    const request = vi.fn((_name: string, callback: () => Promise<unknown>) => {
      const run = queue.then(callback);
      queue = run.catch(() => undefined);
      return run;
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    // Two managers on one localStorage are two tabs of the same browser.
    const tabA = newManager();
    const tabB = newManager();
    await signIn(tabA, { access: 'access-0', refresh: 'refresh-0' }, -60);

    const tokens = await Promise.all([getAccessToken(tabA), getAccessToken(tabB), getAccessToken(tabA)]);

    expect(tokens).toEqual(['access-1', 'access-1', 'access-1']);
    expect(provider.state.refreshes).toBe(1);
    expect(provider.state.revoked).toBe(false);
    expect(request).toHaveBeenCalledTimes(2);
  });
});
