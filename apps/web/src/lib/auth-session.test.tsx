import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import { api } from './api';
import { AuthProvider, useAuth } from './auth-context';
import { AuthSession, setActiveAuthSession } from './auth-session';
import { createUserManager, getActiveUserManager, setActiveUserManager } from './auth';

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

/** The provider's token endpoint (rotating refresh tokens) and an API that accepts the newest access token. */
function fakeProvider(access: string, refresh: string) {
  const state = { access, refresh, refreshes: 0, apiCalls: 0 };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), ORIGIN);
    if (url.pathname === '/oidc/.well-known/openid-configuration') {
      return json(200, { issuer: `${ORIGIN}/oidc`, token_endpoint: `${ORIGIN}/oidc/token`, jwks_uri: `${ORIGIN}/oidc/jwks` });
    }
    if (url.pathname === '/oidc/token') {
      if (new URLSearchParams(String(init.body)).get('refresh_token') !== state.refresh) {
        return json(400, { error: 'invalid_grant' });
      }
      state.refreshes += 1;
      state.access = `access-${state.refreshes}`;
      state.refresh = `refresh-${state.refreshes}`;
      return json(200, { access_token: state.access, refresh_token: state.refresh, token_type: 'Bearer', expires_in: 900 });
    }
    state.apiCalls += 1;
    if (new Headers(init.headers).get('authorization') !== `Bearer ${state.access}`) {
      return json(401, { error: 'unauthorized', message: 'The access token is not valid.' });
    }
    return json(200, { path: url.pathname });
  });
  vi.stubGlobal('fetch', fetch);
  return state;
}

/** Stores a signed-in user the way the app's UserManager does (same storage, same key). */
async function storeSignedInUser(tokens: { access: string; refresh: string }, expiresIn: number) {
  const manager = createUserManager(config, ORIGIN);
  manager.stopSilentRenew();
  await manager.storeUser(
    new User({
      access_token: tokens.access,
      refresh_token: tokens.refresh,
      token_type: 'Bearer',
      profile: { sub: 'user-1', iss: `${ORIGIN}/oidc`, aud: config.oidc.client_id, exp: 0, iat: 0, email: 'ana@shop.com' },
      expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    }),
  );
}

/** A session whose OIDC client loads for real, counting the loads. */
function newSession() {
  const loadAuth = vi.fn(() => import('./auth'));
  const session = new AuthSession(config, loadAuth);
  setActiveAuthSession(session);
  return { session, loadAuth };
}

afterEach(() => {
  // Stop the automatic renewal timers of the manager that loaded.
  getActiveUserManager()?.stopSilentRenew();
  setActiveUserManager(null);
  setActiveAuthSession(null);
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

function Probe() {
  const auth = useAuth();
  return <p>{auth.isAuthenticated ? `Signed in as ${String(auth.user?.profile.email)}` : 'Signed out'}</p>;
}

describe('auth session', () => {
  it('paints signed in from the stored session and calls the API without loading the OIDC client', async () => {
    const provider = fakeProvider('access-0', 'refresh-0');
    await storeSignedInUser({ access: 'access-0', refresh: 'refresh-0' }, 600);
    const { session, loadAuth } = newSession();

    render(
      <AuthProvider session={session}>
        <Probe />
      </AuthProvider>,
    );

    // The first render already knows who is signed in.
    expect(screen.getByText('Signed in as ana@shop.com')).toBeTruthy();
    await expect(api.get('/api/things/1')).resolves.toEqual({ path: '/api/things/1' });
    expect(loadAuth).not.toHaveBeenCalled();
    expect(provider.refreshes).toBe(0);
    // After the first paint the OIDC client loads in the background (automatic renewal).
    await expect.poll(() => loadAuth.mock.calls.length).toBe(1);
    expect(screen.getByText('Signed in as ana@shop.com')).toBeTruthy();
  });

  it('nobody signed in: signed out, and no token to send', async () => {
    fakeProvider('access-0', 'refresh-0');
    const { session, loadAuth } = newSession();

    expect(session.getState()).toMatchObject({ isAuthenticated: false, isLoading: false, user: null });
    await expect(session.getAccessToken()).resolves.toBeNull();
    expect(loadAuth).not.toHaveBeenCalled();
  });

  it('an expired stored token: parallel API calls load the OIDC client and share one renewal', async () => {
    const provider = fakeProvider('access-0', 'refresh-0');
    await storeSignedInUser({ access: 'access-0', refresh: 'refresh-0' }, -60);
    const { session, loadAuth } = newSession();
    expect(session.getState().isAuthenticated).toBe(false);

    const paths = ['/api/a', '/api/b', '/api/c', '/api/d'];
    const answers = await Promise.all(paths.map((path) => api.get<{ path: string }>(path)));

    expect(answers.map((answer) => answer.path)).toEqual(paths);
    expect(provider.refreshes).toBe(1);
    expect(loadAuth).toHaveBeenCalledTimes(1);
    expect(session.getState()).toMatchObject({ isAuthenticated: true, user: { access_token: 'access-1' } });
  });

  it('a fresh stored token the API refuses: one shared renewal, and every call is retried with the new token', async () => {
    const provider = fakeProvider('access-server', 'refresh-0');
    await storeSignedInUser({ access: 'access-stale', refresh: 'refresh-0' }, 600);
    newSession();

    const paths = ['/api/a', '/api/b', '/api/c'];
    const answers = await Promise.all(paths.map((path) => api.get<{ path: string }>(path)));

    expect(answers.map((answer) => answer.path)).toEqual(paths);
    expect(provider.refreshes).toBe(1);
    expect(provider.apiCalls).toBe(6);
  });

  it('signinSilent renews an expired session and the state turns signed in', async () => {
    fakeProvider('access-0', 'refresh-0');
    await storeSignedInUser({ access: 'access-0', refresh: 'refresh-0' }, -60);
    const { session } = newSession();
    expect(session.getState()).toMatchObject({ isAuthenticated: false, user: { refresh_token: 'refresh-0' } });

    const renewing = session.signinSilent();
    expect(session.getState()).toMatchObject({ isLoading: true, activeNavigator: 'signinSilent' });
    const renewed = await renewing;

    expect(renewed?.access_token).toBe('access-1');
    expect(session.getState()).toMatchObject({ isAuthenticated: true, isLoading: false, activeNavigator: undefined });
  });

  it('when the OIDC client cannot load, sign-out reports it and removeUser still ends the session here', async () => {
    fakeProvider('access-0', 'refresh-0');
    await storeSignedInUser({ access: 'access-0', refresh: 'refresh-0' }, 600);
    const session = new AuthSession(config, () => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    expect(session.getState().isAuthenticated).toBe(true);

    await expect(session.signoutRedirect()).resolves.toBeNull();
    expect(session.getState().error).toMatchObject({ source: 'signoutRedirect' });
    await session.removeUser();

    expect(session.getState()).toMatchObject({ isAuthenticated: false, user: null });
    // A reload finds nobody signed in.
    expect(new AuthSession(config).getState().user).toBeNull();
  });
});
