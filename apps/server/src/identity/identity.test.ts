/**
 * The built-in identity provider, end to end over HTTP: a bare Fastify app with our identity
 * registered (plus the product's security headers and CSP and a JSON /api route), driven like a
 * browser by test-login.ts. One database for the whole file (a copy of the run's template).
 */
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildSecurityHeaders } from '../lib/security-headers.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../config.js';
import { identityAccounts, oidcPayloads, systemSecrets } from '../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import { registerBuiltinIdentity } from './index.js';
import { MAX_WAIT_SECONDS, type Clock } from './sign-in-throttle.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createOidcAdapter, hashOidcId } from './adapter.js';
import { migrationsFolder } from '../db/client.js';
import { clientUrls } from './provider.js';
import {
  CURRENT_PARAMS,
  configurePasswordHashing,
  hashPassword,
  needsRehash,
  passwordHashingGate,
  verifyPassword,
} from './passwords.js';
import { COOKIE_KEYS_SECRET, JWKS_SECRET, ensureSecret, loadIdentitySecrets } from './secrets.js';
import {
  CookieJar,
  LoginFlow,
  authorizeWithSession,
  refreshTokens,
  signInAndGetTokens,
  signOut,
  signUpAndGetTokens,
  tokenRequest,
} from '../../test/support/test-login.js';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface TestServer {
  app: FastifyInstance;
  verifier: TokenVerifier;
  config: Config;
  /** Where this process listens (127.0.0.1:port). */
  base: string;
}

let testDb: TestDatabase;
let main: TestServer;
let second: TestServer;
let limited: TestServer;
const servers: TestServer[] = [];

/** A server like the product's: its security headers and CSP, our identity, a JSON API route. */
async function startServer(
  env: Record<string, string>,
  port: number,
  deps: { clock?: Clock } = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/cratebase-identity-test',
    ...env,
  });
  const app = Fastify({ logger: false, trustProxy: config.trustProxy });
  const headers = buildSecurityHeaders({ issuerOrigin: new URL(config.identity.issuer).origin, https: false });
  app.addHook('onRequest', async (_req, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
  const { verifier } = await registerBuiltinIdentity(app, { db: testDb.database.db, config, ...deps });
  app.post('/api/echo', { config: { access: 'public' } }, async (req) => ({ received: req.body ?? null }));
  await app.listen({ port, host: '127.0.0.1' });
  const server = { app, verifier, config, base: `http://127.0.0.1:${port}` };
  servers.push(server);
  return server;
}

let n = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++n}@example.com`;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  testDb = await openTestDatabase();
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  main = await startServer({ PUBLIC_URL: publicUrl, IDENTITY_RATE_LIMIT: '1000' }, port);
  // A second process behind the same public URL (as behind a load balancer).
  second = await startServer({ PUBLIC_URL: publicUrl, IDENTITY_RATE_LIMIT: '1000' }, await freePort());
  const limitedPort = await freePort();
  limited = await startServer({ PUBLIC_URL: `http://localhost:${limitedPort}`, IDENTITY_RATE_LIMIT: '3' }, limitedPort);
});

afterAll(async () => {
  for (const s of servers) await s.app.close();
  await testDb?.drop();
});

describe('discovery', () => {
  it('publishes the issuer, PKCE S256 only and the public signing key', async () => {
    const res = await fetch(`${main.base}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(main.config.identity.issuer);
    expect(doc.authorization_endpoint).toBe(`${main.config.publicUrl}/oidc/auth`);
    expect(doc.token_endpoint).toBe(`${main.config.publicUrl}/oidc/token`);
    expect(doc.end_session_endpoint).toBe(`${main.config.publicUrl}/oidc/session/end`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'offline_access']));

    const jwks = (await (await fetch(`${main.base}/oidc/jwks`)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]!.d).toBeUndefined();
  });
});

describe('creating an account and signing in', () => {
  const email = uniqueEmail('ada');
  let tokens: Awaited<ReturnType<typeof signUpAndGetTokens>>;

  it('shows the create-account page first when the app asks for sign-up', async () => {
    const flow = await LoginFlow.start(main.base, { screenHint: 'signup' });
    expect(flow.step.kind).toBe('page');
    if (flow.step.kind !== 'page') return;
    expect(flow.step.status).toBe(200);
    expect(flow.step.heading).toBe('Create your account');
    const html = flow.step.html;
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<input id="password" name="password" type="password" autocomplete="new-password"/);
    expect(html).toMatch(/<button class="cb-button" type="submit">Create account<\/button>/);
    expect(html).toMatch(/Already have an account\? <a href="\/interaction\/[^"]+\/login">Sign in<\/a>/);
    // Creating an account agrees to the product's Terms and Privacy Policy: both are links.
    expect(html).toMatch(/By creating an account, you agree to the <a href="[^"]+\/terms">Terms<\/a> and <a href="[^"]+\/privacy">Privacy Policy<\/a>\./);
  });

  it('creates the account, signs the person in and issues tokens', async () => {
    tokens = await signUpAndGetTokens(main.base, { email: email.toUpperCase(), password: PASSWORD });
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(900);
    expect(tokens.refresh_token).toBeTruthy();

    const [account] = await testDb.database.db.select().from(identityAccounts).where(eq(identityAccounts.email, email));
    expect(account).toBeDefined();
    expect(account!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(account!.passwordHash).not.toContain(PASSWORD);

    // The access token: an RS256 JWT for the API, carrying the e-mail the API needs.
    const header = decodeProtectedHeader(tokens.access_token);
    expect(header.alg).toBe('RS256');
    expect(header.typ).toBe('at+jwt');
    const claims = decodeJwt(tokens.access_token);
    expect(claims.iss).toBe(main.config.identity.issuer);
    expect(claims.aud).toBe(main.config.identity.audience);
    expect(claims.sub).toBe(account!.id);
    expect(claims.email).toBe(email);
    expect(claims.client_id).toBe('cratebase-web');
    expect(claims.exp! - claims.iat!).toBe(900);

    // The ID token (for the web app): same subject, e-mail, signed RS256 for the client.
    const id = decodeJwt(tokens.id_token);
    expect(decodeProtectedHeader(tokens.id_token).alg).toBe('RS256');
    expect(id).toMatchObject({
      iss: main.config.identity.issuer,
      aud: 'cratebase-web',
      sub: account!.id,
      email,
      email_verified: false,
    });

    await expect(main.verifier.verify(tokens.access_token)).resolves.toEqual({ sub: account!.id, email });
    // Another process on the same database trusts it too.
    await expect(second.verifier.verify(tokens.access_token)).resolves.toMatchObject({ sub: account!.id });
    // The ID token is not an access token for the API.
    await expect(main.verifier.verify(tokens.id_token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('rotates the refresh token: the new one works, the used one is refused', async () => {
    const rotated = await refreshTokens(main.base, tokens.refresh_token);
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(rotated.access_token)).toMatchObject({
      sub: decodeJwt(tokens.access_token).sub,
      email,
      aud: main.config.identity.audience,
    });
    await expect(main.verifier.verify(rotated.access_token)).resolves.toMatchObject({ email });

    const again = await refreshTokens(second.base, rotated.refresh_token);
    expect(again.refresh_token).not.toBe(rotated.refresh_token);

    const reused = await tokenRequest(main.base, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'cratebase-web',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    // Reuse of a rotated token means it leaked: the whole sign-in is revoked.
    const afterReuse = await tokenRequest(main.base, {
      grant_type: 'refresh_token',
      refresh_token: again.refresh_token,
      client_id: 'cratebase-web',
    });
    expect(afterReuse.status).toBe(400);
  });

  it('keeps no refresh token or session cookie in clear: a row id copied from the database is refused at /oidc/token', async () => {
    const fresh = await signUpAndGetTokens(main.base, { email: uniqueEmail('at-rest'), password: PASSWORD });
    const sessionCookie = /(?:^|; )_cb_session=([^;]+)/.exec(fresh.cookies.headerFor('/oidc/auth') ?? '')?.[1];
    expect(sessionCookie).toBeTruthy();
    const rows = await testDb.database.db
      .select({ model: oidcPayloads.model, id: oidcPayloads.id, payload: oidcPayloads.payload })
      .from(oidcPayloads);
    expect(rows.some((r) => r.id === fresh.refresh_token)).toBe(false);
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(fresh.refresh_token);
    expect(everything).not.toContain(sessionCookie);
    // The row is there, under the token's hash.
    const stored = rows.find((r) => r.model === 'RefreshToken' && r.id === hashOidcId(fresh.refresh_token));
    expect(stored).toBeDefined();

    // What someone with a copy of the table would try: the row id as a refresh token.
    const replay = await tokenRequest(main.base, {
      grant_type: 'refresh_token',
      refresh_token: stored!.id,
      client_id: 'cratebase-web',
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    // The real one, held by the client, still works (the failed replay revoked nothing).
    const rotated = await refreshTokens(main.base, fresh.refresh_token);
    expect(rotated.access_token).toBeTruthy();
    // And the browser's session still signs in without a page.
    await expect(authorizeWithSession(main.base, fresh.cookies)).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it('signs in again with the same account (e-mail in any case) on the sign-in page', async () => {
    const flow = await LoginFlow.start(main.base);
    expect(flow.step.kind === 'page' && flow.step.heading).toBe('Sign in');
    if (flow.step.kind !== 'page') return;
    expect(flow.step.html).toMatch(/<button class="cb-button" type="submit">Sign in<\/button>/);
    expect(flow.step.html).toMatch(
      /Don't have an account\? <a href="\/interaction\/[^"]+\/signup">Create account<\/a>/,
    );
    await flow.submit('login', { email: `  ${email.toUpperCase()} `, password: PASSWORD });
    const signedIn = await flow.exchange();
    expect(decodeJwt(signedIn.access_token).sub).toBe(decodeJwt(tokens.access_token).sub);

    const [account] = await testDb.database.db.select().from(identityAccounts).where(eq(identityAccounts.email, email));
    expect(account!.lastSignInAt).toBeInstanceOf(Date);
  });

  it('accepts resource=<API audience> on both the authorization and token requests', async () => {
    const withResource = await signInAndGetTokens(main.base, { email, password: PASSWORD }, { resource: true });
    expect(decodeJwt(withResource.access_token)).toMatchObject({ aud: main.config.identity.audience, email });
    const refreshed = await refreshTokens(main.base, withResource.refresh_token, {
      resource: main.config.identity.audience,
    });
    expect(decodeJwt(refreshed.access_token).aud).toBe(main.config.identity.audience);
  });

  it('refuses a resource other than the API', async () => {
    const flow = await LoginFlow.start(main.base);
    await flow.submit('login', { email, password: PASSWORD });
    await expect(flow.exchange({ resource: 'https://elsewhere.example/api' })).rejects.toThrow(
      /HTTP 400 .*invalid_target/,
    );
  });

  it('prefills the e-mail from login_hint', async () => {
    const flow = await LoginFlow.start(main.base, { loginHint: email });
    expect(flow.step.kind === 'page' && flow.step.html).toContain(`value="${email}"`);
  });
});

describe('what a person sees when something is wrong', () => {
  const email = uniqueEmail('grace');

  beforeAll(async () => {
    await signUpAndGetTokens(main.base, { email, password: PASSWORD });
  });

  it('a wrong password gets one generic message and keeps the e-mail', async () => {
    const flow = await LoginFlow.start(main.base);
    const step = await flow.submit('login', { email, password: 'not the password' });
    expect(step.kind).toBe('page');
    if (step.kind !== 'page') return;
    expect(step.status).toBe(401);
    expect(step.errors).toEqual(['Incorrect email or password.']);
    expect(step.html.match(/Incorrect email or password\./g)).toHaveLength(1);
    expect(step.html).toContain(`value="${email}"`);
    expect(step.html).toMatch(/<input id="password"[^>]*aria-invalid="true"/);
    expect(step.html).not.toContain('not the password');

    // Still the same interaction: the right password now completes it.
    await flow.submit('login', { email, password: PASSWORD });
    expect(flow.step.kind).toBe('code');
  });

  it('an unknown e-mail gets the very same message', async () => {
    const flow = await LoginFlow.start(main.base);
    const step = await flow.submit('login', { email: uniqueEmail('nobody'), password: PASSWORD });
    expect(step.kind === 'page' && step.status).toBe(401);
    expect(step.kind === 'page' && step.errors).toEqual(['Incorrect email or password.']);
  });

  it('sign-in without a password or with a malformed e-mail names the field', async () => {
    const flow = await LoginFlow.start(main.base);
    let step = await flow.submit('login', { email, password: '' });
    expect(step.kind === 'page' && step.errors).toEqual(['Enter your password.']);
    step = await flow.submit('login', { email: 'grace-at-example.com', password: PASSWORD });
    expect(step.kind === 'page' && step.status).toBe(400);
    expect(step.kind === 'page' && step.errors).toEqual(['Enter a valid email address, like name@example.com.']);
    expect(step.kind === 'page' && step.html).toContain('value="grace-at-example.com"');
    // A NUL never reaches PostgreSQL: the same 400, not a 500.
    step = await flow.submit('login', { email: 'grace\u0000@example.com', password: PASSWORD });
    expect(step.kind === 'page' && step.status).toBe(400);
    expect(step.kind === 'page' && step.errors).toEqual(['Enter a valid email address, like name@example.com.']);
  });

  it('a short password on sign-up says what Password needs', async () => {
    const fresh = uniqueEmail('short');
    const flow = await LoginFlow.start(main.base, { screenHint: 'signup' });
    const step = await flow.submit('signup', { email: fresh, password: 'abc12' });
    expect(step.kind).toBe('page');
    if (step.kind !== 'page') return;
    expect(step.status).toBe(400);
    expect(step.heading).toBe('Create your account');
    expect(step.errors).toEqual(['Password must be at least 8 characters.']);
    expect(step.html).toContain(`value="${fresh}"`);
    expect(step.html).toMatch(
      /<input id="password"[^>]*aria-invalid="true" aria-describedby="password-hint password-error"/,
    );
    const rows = await testDb.database.db.select().from(identityAccounts).where(eq(identityAccounts.email, fresh));
    expect(rows).toHaveLength(0);
  });

  it('a very long password is refused on sign-up', async () => {
    const flow = await LoginFlow.start(main.base, { screenHint: 'signup' });
    const step = await flow.submit('signup', { email: uniqueEmail('long'), password: 'p'.repeat(201) });
    expect(step.kind === 'page' && step.errors).toEqual(['Password must be at most 200 characters.']);
  });

  it('signing up with an e-mail that already has an account says so', async () => {
    const flow = await LoginFlow.start(main.base, { screenHint: 'signup' });
    const step = await flow.submit('signup', { email: email.toUpperCase(), password: 'another password' });
    expect(step.kind).toBe('page');
    if (step.kind !== 'page') return;
    expect(step.status).toBe(409);
    expect(step.errors).toEqual(['An account with this email already exists. Sign in instead.']);
    const rows = await testDb.database.db
      .select()
      .from(identityAccounts)
      .where(sql`lower(${identityAccounts.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it('two sign-ups with one e-mail at the same moment create one account', async () => {
    const fresh = uniqueEmail('race');
    const results = await Promise.allSettled([
      signUpAndGetTokens(main.base, { email: fresh, password: PASSWORD }),
      signUpAndGetTokens(second.base, { email: fresh, password: PASSWORD }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(failed.reason)).toContain('An account with this email already exists');
  });

  it('while the server hashes as many passwords as it may, sign-up and sign-in say to retry shortly (503, Retry-After)', async () => {
    const flow = await LoginFlow.start(main.base);
    await flow.open('signup');
    let release!: () => void;
    configurePasswordHashing({ concurrency: 1, maxWaiting: 0 });
    const held = passwordHashingGate().run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const path = `${flow.interactionPath}/signup`;
      const res = await fetch(`${main.base}${path}`, {
        method: 'POST',
        headers: {
          origin: flow.publicOrigin,
          cookie: flow.cookies.headerFor(path) ?? '',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ email: uniqueEmail('burst'), password: PASSWORD }).toString(),
        redirect: 'manual',
      });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await res.text()).toMatch(/Many people are signing in right now\. Please try again in \d+ seconds?\./);

      const signIn = await flow.submit('login', { email, password: PASSWORD });
      expect(signIn.kind === 'page' && signIn.status).toBe(503);
      expect(signIn.kind === 'page' && signIn.errors[0]).toMatch(/^Many people are signing in right now\./);
    } finally {
      release();
      await held;
      configurePasswordHashing(main.config.passwordHashing);
    }
    // The refusal counted no failed attempt: the right password goes straight through.
    await flow.submit('login', { email, password: PASSWORD });
    expect(flow.step.kind).toBe('code');
  });

  it('an expired or unknown sign-in page explains what to do', async () => {
    const res = await fetch(`${main.base}/interaction/not-a-real-interaction`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('This sign-in page has expired');
    expect(html).toContain('Back to Cratebase');

    const post = await fetch(`${main.base}/interaction/not-a-real-interaction/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.co&password=whatever1',
    });
    expect(post.status).toBe(400);
  });

  it('a form post from another website is refused', async () => {
    const flow = await LoginFlow.start(main.base);
    const step = await flow.submit('login', { email, password: PASSWORD }, { origin: 'https://evil.example' });
    expect(step.kind === 'page' && step.status).toBe(403);
    // Without an Origin header (older clients) the interaction cookie still has to match.
    const ok = await flow.submit('login', { email, password: PASSWORD }, { origin: null });
    expect(ok.kind).toBe('code');
  });
});

describe('protocol rules', () => {
  it('requires PKCE with S256', async () => {
    const params = new URLSearchParams({
      client_id: 'cratebase-web',
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: `${main.config.publicUrl}/auth/callback`,
      state: 's1',
    });
    const res = await fetch(`${main.base}/oidc/auth?${params}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${main.config.publicUrl}/auth/callback`);
    expect(location.searchParams.get('error')).toBe('invalid_request');

    params.set('code_challenge', 'x'.repeat(43));
    params.set('code_challenge_method', 'plain');
    const plain = new URL(
      (await fetch(`${main.base}/oidc/auth?${params}`, { redirect: 'manual' })).headers.get('location')!,
    );
    expect(plain.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a code exchange with the wrong verifier, and a code used twice', async () => {
    const email = uniqueEmail('pkce');
    const flow = await LoginFlow.start(main.base, { screenHint: 'signup' });
    await flow.submit('signup', { email, password: PASSWORD });
    if (flow.step.kind !== 'code') throw new Error('expected a code');
    const form = {
      grant_type: 'authorization_code',
      code: flow.step.code,
      redirect_uri: `${main.config.publicUrl}/auth/callback`,
      client_id: 'cratebase-web',
    };
    const wrong = await tokenRequest(main.base, { ...form, code_verifier: 'y'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const missing = await tokenRequest(main.base, form);
    expect(missing.status).toBe(400);

    const tokens = await flow.exchange();
    await expect(main.verifier.verify(tokens.access_token)).resolves.toMatchObject({ email });
    await expect(flow.exchange()).rejects.toThrow(/HTTP 400 .*invalid_grant/);
    // A replayed code revokes what it produced.
    const refresh = await tokenRequest(main.base, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'cratebase-web',
    });
    expect(refresh.status).toBe(400);
  });

  it('refuses redirect URIs that are not registered', async () => {
    const params = new URLSearchParams({
      client_id: 'cratebase-web',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'https://evil.example/auth/callback',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const res = await fetch(`${main.base}/oidc/auth?${params}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('We could not complete your sign-in');
  });

  it('allows the Vite dev server as a redirect target outside production only', async () => {
    const params = new URLSearchParams({
      client_id: 'cratebase-web',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'http://localhost:5173/auth/callback',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const res = await fetch(`${main.base}/oidc/auth?${params}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/interaction\//);

    const production = clientUrls({ publicUrl: 'https://shop.example.com', nodeEnv: 'production' });
    expect(production.redirectUris).toEqual(['https://shop.example.com/auth/callback']);
    expect(production.postLogoutRedirectUris).toEqual(['https://shop.example.com/']);
    const development = clientUrls({ publicUrl: 'http://localhost:3000', nodeEnv: 'development' });
    expect(development.redirectUris).toEqual([
      'http://localhost:3000/auth/callback',
      'http://localhost:5173/auth/callback',
    ]);
  });
});

describe('sessions', () => {
  it('a signed-in browser gets a new authorization without a page, on any process', async () => {
    const email = uniqueEmail('session');
    const first = await signUpAndGetTokens(main.base, { email, password: PASSWORD });
    expect(first.cookies.names()).toContain('_cb_session');
    const again = await authorizeWithSession(second.base, first.cookies);
    expect(decodeJwt(again.access_token).sub).toBe(decodeJwt(first.access_token).sub);
  });

  it('honours prompt=none, prompt=login and prompt=consent as the web app may send them', async () => {
    await expect(LoginFlow.start(main.base, { prompt: 'none' })).rejects.toThrow(/login_required/);

    const tokens = await signUpAndGetTokens(main.base, { email: uniqueEmail('prompts'), password: PASSWORD });
    const silentFlow = await LoginFlow.start(main.base, { cookies: tokens.cookies, prompt: 'none' });
    expect(silentFlow.visited.some((p) => p.startsWith('/interaction/'))).toBe(false);
    const silent = await silentFlow.exchange();
    expect(decodeJwt(silent.access_token).sub).toBe(decodeJwt(tokens.access_token).sub);

    const relogin = await LoginFlow.start(main.base, { cookies: tokens.cookies, prompt: 'login' });
    expect(relogin.step.kind === 'page' && relogin.step.heading).toBe('Sign in');

    // No consent screen for our own app, even when asked for one.
    const consentFlow = await LoginFlow.start(main.base, { cookies: tokens.cookies, prompt: 'consent' });
    expect(consentFlow.step.kind).toBe('code');
    expect(consentFlow.visited.some((p) => p.startsWith('/interaction/'))).toBe(true);
    const consented = await consentFlow.exchange();
    expect(decodeJwt(consented.access_token)).toMatchObject({
      sub: decodeJwt(tokens.access_token).sub,
      aud: main.config.identity.audience,
    });
    expect(consented.refresh_token).toBeTruthy();
  });

  it('a sign-in started on one process can finish on another', async () => {
    const email = uniqueEmail('split');
    const flow = await LoginFlow.start(main.base, { screenHint: 'signup' });
    const onSecond = await LoginFlow.start(second.base, { cookies: flow.cookies, screenHint: 'signup' });
    await onSecond.submit('signup', { email, password: PASSWORD });
    const tokens = await onSecond.exchange();
    await expect(main.verifier.verify(tokens.access_token)).resolves.toMatchObject({ email });
  });

  it('the session cookie lasts one day and is HttpOnly, SameSite=Lax (not Secure on http)', async () => {
    const flow = await LoginFlow.start(main.base, { screenHint: 'signup' });
    const res = await fetch(`${main.base}${flow.interactionPath}/signup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: flow.cookies.headerFor(`${flow.interactionPath}/signup`)!,
        origin: flow.publicOrigin,
      },
      body: new URLSearchParams({ email: uniqueEmail('cookie'), password: PASSWORD }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const resume = await fetch(`${main.base}${new URL(res.headers.get('location')!).pathname}`, {
      headers: { cookie: flow.cookies.headerFor(new URL(res.headers.get('location')!).pathname) ?? '' },
      redirect: 'manual',
    });
    const session = resume.headers.getSetCookie().find((c) => c.startsWith('_cb_session='));
    expect(session).toBeDefined();
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);
    expect(session).not.toMatch(/;\s*secure/i);
    const expires = Date.parse(/expires=([^;]+)/i.exec(session!)![1]!);
    expect(Math.abs(expires - (Date.now() + 86_400_000))).toBeLessThan(120_000);
  });

  it('signing out from the web app needs no confirmation and ends the sign-in', async () => {
    const email = uniqueEmail('bye');
    const tokens = await signUpAndGetTokens(main.base, { email, password: PASSWORD });
    const out = await signOut(main.base, { cookies: tokens.cookies, idToken: tokens.id_token });
    expect(out.page.autoSubmit).toBe(true);
    expect(out.page.html).toContain('<script src="/interaction/assets/identity.js');
    expect(out.location).toBe(`${main.config.publicUrl}/`);

    // The browser is signed out: the next authorization shows the sign-in page again...
    const next = await LoginFlow.start(main.base, { cookies: tokens.cookies });
    expect(next.step.kind === 'page' && next.step.heading).toBe('Sign in');
    // ...and the refresh token of that sign-in no longer works.
    const refresh = await tokenRequest(main.base, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'cratebase-web',
    });
    expect(refresh.status).toBe(400);
  });

  it('signing out without an ID token asks for confirmation with one button', async () => {
    const tokens = await signUpAndGetTokens(main.base, { email: uniqueEmail('confirm'), password: PASSWORD });
    const res = await fetch(
      `${main.base}/oidc/session/end?client_id=cratebase-web&post_logout_redirect_uri=${encodeURIComponent(`${main.config.publicUrl}/`)}`,
      { headers: { cookie: tokens.cookies.headerFor('/oidc/session/end')! } },
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Sign out of Cratebase?');
    expect(html).toMatch(
      /<button class="cb-button" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out<\/button>/,
    );
    expect(html).not.toContain('data-auto-sign-out');
  });
});

describe('pages, assets and headers', () => {
  it('serves pages that need no inline script or style (CSP default-src self)', async () => {
    const flow = await LoginFlow.start(main.base);
    const res = await fetch(`${main.base}${flow.interactionPath}`, {
      headers: { cookie: flow.cookies.headerFor(flow.interactionPath)! },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/<style/);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1">/);
    // The product's full-colour logo: the mark and the two-colour wordmark, named for screen readers.
    expect(html).toMatch(/<svg class="cb-logo"[^>]*role="img" aria-label="Cratebase"/);
    expect(html).toContain('<tspan fill="#2f2d3a">Crate</tspan><tspan fill="#6e56cf">base</tspan>');

    const src = /<script src="([^"]+)" defer><\/script>/.exec(html)![1]!;
    const js = await fetch(`${main.base}${src}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');

    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1]!;
    const css = await fetch(`${main.base}${href}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toContain('immutable');
    const text = await css.text();
    expect(text).toContain("font-family: 'IBM Plex Sans', sans-serif");
    expect(text).toContain('#6e56cf');
    expect(text).toMatch(/@media \(max-width: 480px\)/);
    // The product's font is served beside the stylesheet, so the pages look like the app.
    const fontUrl = /url\('([^']+ibm-plex-sans-400\.woff2)'\)/.exec(text)![1]!;
    const font = await fetch(`${main.base}${fontUrl}`);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });

  it('names the product icon on its pages and answers /favicon.ico for any page of the origin', async () => {
    const flow = await LoginFlow.start(main.base);
    const res = await fetch(`${main.base}${flow.interactionPath}`, {
      headers: { cookie: flow.cookies.headerFor(flow.interactionPath)! },
    });
    const html = await res.text();
    const iconHref = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(html)![1]!;
    const svg = await fetch(`${main.base}${iconHref}`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');

    // Pages that name no icon (oidc-provider's own) make the browser ask the origin's root.
    const ico = await fetch(`${main.base}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toBe('image/x-icon');
    const bytes = new Uint8Array(await ico.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // an ICO header
    // Every page links the Terms and the Privacy Policy in its footer.
    expect(html).toMatch(/<a href="[^"]+\/terms">Terms<\/a> · <a href="[^"]+\/privacy">Privacy Policy<\/a>/);
  });

  it('leaves JSON parsing of the API alone and does not accept forms there', async () => {
    const json = await fetch(`${main.base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ received: { a: 1 } });
    const form = await fetch(`${main.base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
  });

  it('also works through app.inject, without listening', async () => {
    const tokens = await signUpAndGetTokens(main.app, { email: uniqueEmail('inject'), password: PASSWORD });
    await expect(main.verifier.verify(tokens.access_token)).resolves.toMatchObject({
      sub: decodeJwt(tokens.access_token).sub,
    });
  });
});

describe('behind a TLS-terminating load balancer', () => {
  it('issues Secure cookies and https URLs from PUBLIC_URL, whatever the inner connection', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://shop.example.test',
      TRUST_PROXY: 'true',
      DATA_DIR: '/tmp/x',
    });
    const app = Fastify({ logger: false, trustProxy: true });
    // This app keeps the default limit (30 a minute per address), and the counters it reads are
    // the ones the file's other servers (limit 1000) have been adding to from the same address.
    await testDb.database.db.execute(sql`delete from rate_limit_counters`);
    try {
      const { verifier } = await registerBuiltinIdentity(app, { db: testDb.database.db, config });
      await app.ready();
      const discovery = await app.inject({
        url: '/oidc/.well-known/openid-configuration',
        headers: { host: 'internal:3000', 'x-forwarded-host': 'attacker.example' },
      });
      expect(discovery.json()).toMatchObject({
        issuer: 'https://shop.example.test/oidc',
        token_endpoint: 'https://shop.example.test/oidc/token',
      });

      const flow = await LoginFlow.start(app, { screenHint: 'signup' });
      expect(flow.step.kind).toBe('page');
      const path = `${flow.interactionPath}/signup`;
      const submitted = await app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: flow.cookies.headerFor(path)!,
          origin: 'https://shop.example.test',
        },
        payload: new URLSearchParams({ email: uniqueEmail('tls'), password: PASSWORD }).toString(),
      });
      expect(submitted.statusCode).toBe(303);
      const resume = new URL(String(submitted.headers.location));
      expect(resume.origin).toBe('https://shop.example.test');
      const resumed = await app.inject({
        url: resume.pathname,
        headers: { cookie: flow.cookies.headerFor(resume.pathname) ?? '' },
      });
      const cookies = [resumed.headers['set-cookie']].flat().map(String);
      const session = cookies.find((c) => c.startsWith('_cb_session='));
      expect(session).toMatch(/;\s*secure/i);
      expect(String(resumed.headers.location)).toMatch(/^https:\/\/shop\.example\.test\/auth\/callback\?code=/);

      const tokens = await signUpAndGetTokens(app, { email: uniqueEmail('tls2'), password: PASSWORD });
      await expect(verifier.verify(tokens.access_token)).resolves.toMatchObject({
        sub: decodeJwt(tokens.access_token).sub,
      });
      expect(decodeJwt(tokens.access_token).iss).toBe('https://shop.example.test/oidc');
    } finally {
      await app.close();
    }
  });
});

describe('rate limits', () => {
  // Counters are shared by every process on the database (the other servers of this file
  // too), so each test starts from fresh counters.
  beforeEach(async () => {
    await testDb.database.db.execute(sql`delete from rate_limit_counters`);
  });

  it('counts attempts in the database, so every process enforces one limit', async () => {
    const other = await startServer({ PUBLIC_URL: limited.config.publicUrl, IDENTITY_RATE_LIMIT: '3' }, await freePort());
    const statuses: number[] = [];
    for (const base of [limited.base, other.base, limited.base, other.base]) {
      const res = await tokenRequest(base, { grant_type: 'refresh_token', refresh_token: 'nope', client_id: 'cratebase-web' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('limits sign-in attempts per address and says so in words', async () => {
    const flow = await LoginFlow.start(limited.base);
    const statuses: number[] = [];
    let last = flow.step;
    for (let i = 0; i < 4; i++) {
      last = await flow.submit('login', { email: 'someone@example.com', password: 'wrong password' });
      statuses.push(last.kind === 'page' ? last.status : 200);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last.kind === 'page' && last.heading).toBe('Too many attempts');
    expect(last.kind === 'page' && last.html).toMatch(/Please wait \d+ (seconds?|minutes?) and try again\./);
  });

  it('limits the token endpoint per address', async () => {
    const statuses: number[] = [];
    let body: Record<string, unknown> = {};
    for (let i = 0; i < 4; i++) {
      const res = await tokenRequest(limited.base, {
        grant_type: 'refresh_token',
        refresh_token: 'nope',
        client_id: 'cratebase-web',
      });
      statuses.push(res.status);
      body = res.body;
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(body.error).toBe('rate_limited');
    expect(String(body.message)).toMatch(/Too many attempts/);
  });
});

describe('per-account back-off', () => {
  // Two processes on one database reading one clock that the test moves (no sleeping).
  let now = Date.now();
  const clock: Clock = () => new Date(now);
  const advance = (seconds: number) => (now += seconds * 1000);
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    const port = await freePort();
    const env = { PUBLIC_URL: `http://localhost:${port}`, IDENTITY_RATE_LIMIT: '1000' };
    a = await startServer(env, port, { clock });
    b = await startServer(env, await freePort(), { clock });
  });

  const TOO_MANY = 'Too many failed sign-in attempts for this account.';

  async function attempt(flow: LoginFlow, email: string, password: string) {
    const step = await flow.submit('login', { email, password });
    return step.kind === 'page'
      ? { status: step.status, errors: step.errors, html: step.html }
      : { status: 303, errors: [], html: '' };
  }

  it('after five failures each attempt waits 2, 4, 8… seconds up to 15 minutes, whatever the password', async () => {
    const email = uniqueEmail('guessed');
    await signUpAndGetTokens(a.base, { email, password: PASSWORD });
    const flow = await LoginFlow.start(a.base);

    for (let i = 1; i <= 4; i++) {
      expect(await attempt(flow, email, `wrong ${i}`)).toMatchObject({
        status: 401,
        errors: ['Incorrect email or password.'],
      });
    }
    // The fifth failure says how long the next attempt must wait.
    expect((await attempt(flow, email, 'wrong 5')).errors).toEqual([
      `Incorrect email or password. ${TOO_MANY} Try again in 2 seconds.`,
    ]);
    // While it lasts, even the right password is refused unchecked, and the e-mail is kept.
    const refused = await attempt(flow, email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.errors).toEqual([`${TOO_MANY} Try again in 2 seconds.`]);
    expect(refused.html).toContain(`value="${email}"`);
    advance(1);
    expect((await attempt(flow, email, 'wrong again')).errors).toEqual([`${TOO_MANY} Try again in 1 second.`]);

    // Each further failure doubles the wait, up to the cap: a back-off, never a lock.
    let wait = 1;
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      advance(wait);
      // The other process counts the same failures.
      const other = await LoginFlow.start(b.base);
      const { errors } = await attempt(other, email, `wrong ${i}`);
      const waited = /Try again in (\d+) (second|minute)s?\.$/.exec(errors[0] ?? '');
      expect(errors[0]).toMatch(/^Incorrect email or password\. Too many failed sign-in attempts for this account\./);
      seen.push(Number(waited?.[1]) * (waited?.[2] === 'minute' ? 60 : 1));
      wait = seen.at(-1)!;
    }
    // 64 s and up are shown in whole minutes, rounded up.
    expect(seen).toEqual([4, 8, 16, 32, 120, 180, 300, 540, 900, 900, 900, 900]);
    expect((await attempt(flow, email, PASSWORD)).errors).toEqual([`${TOO_MANY} Try again in 15 minutes.`]);

    // Once the wait is over the right password signs in, and the count starts again.
    advance(MAX_WAIT_SECONDS);
    await flow.submit('login', { email, password: PASSWORD });
    expect(flow.step.kind).toBe('code');
    const fresh = await LoginFlow.start(a.base);
    expect((await attempt(fresh, email, 'wrong after success')).errors).toEqual(['Incorrect email or password.']);
  });

  it('counts an unknown e-mail the same way, so the answer does not tell whether an account exists', async () => {
    const known = uniqueEmail('known');
    await signUpAndGetTokens(a.base, { email: known, password: PASSWORD });
    const unknown = uniqueEmail('unknown');
    const answers: Record<string, unknown[]> = { [known]: [], [unknown]: [] };
    for (const email of [known, unknown]) {
      const flow = await LoginFlow.start(a.base);
      for (let i = 0; i < 6; i++) {
        const { status, errors } = await attempt(flow, email, `wrong ${i}`);
        answers[email]!.push([status, errors]);
      }
    }
    expect(answers[unknown]).toEqual(answers[known]);
    expect(answers[unknown]!.at(-1)).toEqual([429, [`${TOO_MANY} Try again in 2 seconds.`]]);
    // Letter case and spaces do not make another account.
    const flow = await LoginFlow.start(a.base);
    expect((await attempt(flow, `  ${unknown.toUpperCase()} `, 'wrong')).status).toBe(429);
  });

  it('forgets failures after 15 quiet minutes', async () => {
    const email = uniqueEmail('forgetful');
    await signUpAndGetTokens(a.base, { email, password: PASSWORD });
    const flow = await LoginFlow.start(a.base);
    for (let i = 0; i < 4; i++) expect((await attempt(flow, email, `wrong ${i}`)).status).toBe(401);
    advance(15 * 60);
    for (let i = 0; i < 4; i++) {
      expect(await attempt(flow, email, `again ${i}`)).toMatchObject({
        status: 401,
        errors: ['Incorrect email or password.'],
      });
    }
    await flow.submit('login', { email, password: PASSWORD });
    expect(flow.step.kind).toBe('code');
  });
});

describe('storage', () => {
  it('keeps provider state in the database and ignores expired rows', async () => {
    let clock = new Date('2030-01-01T00:00:00Z');
    const Adapter = createOidcAdapter(testDb.database.db, { now: () => clock });
    const sessions = new Adapter('Session');
    const codes = new Adapter('AuthorizationCode');
    const tokens = new Adapter('RefreshToken');

    await sessions.upsert('s1', { jti: 's1', uid: 'uid-1', accountId: 'a' }, 60);
    await expect(sessions.find('s1')).resolves.toMatchObject({ accountId: 'a' });
    // By uid the session is found, but not its id: only the id's hash is stored.
    await expect(sessions.findByUid('uid-1')).resolves.toEqual({ uid: 'uid-1', accountId: 'a' });
    await sessions.upsert('s1', { jti: 's1', uid: 'uid-2', accountId: 'a' }, 60);
    await expect(sessions.findByUid('uid-1')).resolves.toBeUndefined();
    await expect(sessions.findByUid('uid-2')).resolves.toMatchObject({ uid: 'uid-2', accountId: 'a' });

    await codes.upsert('c1', { jti: 'c1', grantId: 'g1' }, 60);
    await codes.consume('c1');
    const consumed = await codes.find('c1');
    expect(consumed?.consumed).toBe(Math.floor(clock.getTime() / 1000));

    await tokens.upsert('r1', { jti: 'r1', grantId: 'g1' }, 3600);
    await tokens.upsert('r2', { jti: 'r2', grantId: 'g2' }, 3600);
    await tokens.revokeByGrantId('g1');
    await expect(tokens.find('r1')).resolves.toBeUndefined();
    await expect(tokens.find('r2')).resolves.toBeDefined();
    // Another model with the same grant is not touched by this model's revocation.
    await expect(codes.find('c1')).resolves.toBeDefined();

    clock = new Date(clock.getTime() + 120_000);
    await expect(sessions.find('s1')).resolves.toBeUndefined();
    await expect(codes.find('c1')).resolves.toBeUndefined();
    await expect(tokens.find('r2')).resolves.toBeDefined();
    expect(await Adapter.removeExpired()).toBeGreaterThanOrEqual(2);
    const left = await testDb.database.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(sql`${oidcPayloads.id} in (${hashOidcId('s1')}, ${hashOidcId('c1')})`);
    expect(left).toHaveLength(0);

    await tokens.destroy('r2');
    await expect(tokens.find('r2')).resolves.toBeUndefined();
  });

  it('stores bearer ids hashed and without the payload’s copy; grants stay as they are', async () => {
    const Adapter = createOidcAdapter(testDb.database.db);
    const refresh = new Adapter('RefreshToken');
    const grants = new Adapter('Grant');
    const interactions = new Adapter('Interaction');
    const value = `rt-${uniqueEmail('hash')}`;
    await refresh.upsert(value, { jti: value, grantId: 'g-hash', kind: 'RefreshToken' }, 60);
    await grants.upsert('g-hash', { jti: 'g-hash', kind: 'Grant' }, 60);
    const uid = `int-${uniqueEmail('hash')}`;
    await interactions.upsert(
      uid,
      {
        jti: uid,
        kind: 'Interaction',
        returnTo: `http://localhost/oidc/auth/${uid}`,
        session: { uid: 'su', accountId: 'a', cookie: 'session-secret' },
      },
      60,
    );
    const rows = await testDb.database.db
      .select({ model: oidcPayloads.model, id: oidcPayloads.id, payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(sql`${oidcPayloads.grantId} = 'g-hash' or ${oidcPayloads.id} in ('g-hash', ${hashOidcId(uid)})`);
    const byModel = Object.fromEntries(rows.map((r) => [r.model, r]));
    expect(byModel.RefreshToken!.id).toBe(hashOidcId(value));
    expect(byModel.Grant!.id).toBe('g-hash');
    expect(byModel.Interaction!.id).toBe(hashOidcId(uid));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(value);
    expect(stored).not.toContain(uid);
    expect(stored).not.toContain('session-secret');
    // Read back with the presented value: its jti (and the interaction's resume URL) as given.
    await expect(refresh.find(value)).resolves.toMatchObject({ jti: value, grantId: 'g-hash' });
    await expect(refresh.find(hashOidcId(value))).resolves.toBeUndefined();
    await expect(interactions.find(uid)).resolves.toMatchObject({
      jti: uid,
      returnTo: `http://localhost/oidc/auth/${uid}`,
      session: { uid: 'su', accountId: 'a' },
    });
    await expect(grants.find('g-hash')).resolves.toMatchObject({ jti: 'g-hash' });
    await refresh.consume(value);
    expect((await refresh.find(value))?.consumed).toBeTypeOf('number');
    await refresh.destroy(value);
    await expect(refresh.find(value)).resolves.toBeUndefined();
  });

  it('migration 0024 hashes the rows stored before it in place, and they still work', async () => {
    const db = testDb.database.db;
    const sqlText = readFileSync(path.join(migrationsFolder(), '0024_hash_oidc_token_ids.sql'), 'utf8');
    // One transaction rolled back: the other rows of this file's database are left as they were.
    const rollback = new Error('rollback');
    const outcome = db.transaction(async (tx) => {
      const old = { refresh: 'old-refresh-token-value', session: 'old-session-cookie', interaction: 'old-interaction' };
      await tx.execute(sql`delete from oidc_payloads`);
      await tx.insert(oidcPayloads).values([
        {
          model: 'RefreshToken',
          id: old.refresh,
          payload: { jti: old.refresh, kind: 'RefreshToken', grantId: 'g-old' },
          grantId: 'g-old',
        },
        {
          model: 'Session',
          id: old.session,
          payload: { jti: old.session, kind: 'Session', uid: 'su-old', accountId: 'a' },
          uid: 'su-old',
        },
        {
          model: 'Interaction',
          id: old.interaction,
          payload: {
            jti: old.interaction,
            kind: 'Interaction',
            returnTo: `http://localhost/oidc/auth/${old.interaction}`,
            session: { uid: 'su-old', accountId: 'a', cookie: old.session },
          },
        },
        { model: 'Grant', id: 'g-old', payload: { jti: 'g-old', kind: 'Grant' } },
      ]);
      for (const statement of sqlText.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
      const rows = await tx.select().from(oidcPayloads);
      expect(rows.map((r) => [r.model, r.id]).sort()).toEqual(
        [
          ['Grant', 'g-old'],
          ['Interaction', hashOidcId(old.interaction)],
          ['RefreshToken', hashOidcId(old.refresh)],
          ['Session', hashOidcId(old.session)],
        ].sort(),
      );
      const text = JSON.stringify(rows);
      for (const secret of Object.values(old)) expect(text).not.toContain(secret);
      // The adapter finds each by the value the client still holds.
      const Adapter = createOidcAdapter(tx as unknown as typeof db);
      await expect(new Adapter('RefreshToken').find(old.refresh)).resolves.toMatchObject({
        jti: old.refresh,
        grantId: 'g-old',
      });
      await expect(new Adapter('Session').find(old.session)).resolves.toMatchObject({
        jti: old.session,
        accountId: 'a',
      });
      await expect(new Adapter('Session').findByUid('su-old')).resolves.toMatchObject({ accountId: 'a' });
      await expect(new Adapter('Interaction').find(old.interaction)).resolves.toMatchObject({
        jti: old.interaction,
        returnTo: `http://localhost/oidc/auth/${old.interaction}`,
        session: { uid: 'su-old', accountId: 'a' },
      });
      await expect(new Adapter('Grant').find('g-old')).resolves.toMatchObject({ jti: 'g-old' });
      throw rollback;
    });
    await expect(outcome).rejects.toBe(rollback);
  });

  it('creates the signing keys once, even when processes race', async () => {
    const db = testDb.database.db;
    const values = await Promise.all([1, 2, 3].map((i) => ensureSecret(db, 'race_test', () => ({ i }))));
    expect(new Set(values.map((v) => JSON.stringify(v))).size).toBe(1);

    const a = await loadIdentitySecrets(db);
    const b = await loadIdentitySecrets(db);
    expect(a.jwks.keys[0]!.kid).toBe(b.jwks.keys[0]!.kid);
    expect(a.cookieKeys).toEqual(b.cookieKeys);
    const rows = await db
      .select({ name: systemSecrets.name })
      .from(systemSecrets)
      .where(sql`${systemSecrets.name} in (${JWKS_SECRET}, ${COOKIE_KEYS_SECRET})`);
    expect(rows).toHaveLength(2);
  });
});

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies', async () => {
    const one = await hashPassword('hunter2hunter2');
    const two = await hashPassword('hunter2hunter2');
    expect(one).not.toBe(two);
    expect(one.split('$').slice(0, 4)).toEqual(['scrypt', String(CURRENT_PARAMS.N), '8', '1']);
    await expect(verifyPassword('hunter2hunter2', one)).resolves.toBe(true);
    await expect(verifyPassword('hunter2hunter3', one)).resolves.toBe(false);
    await expect(verifyPassword('hunter2hunter2', 'garbage')).resolves.toBe(false);
    expect(needsRehash(one)).toBe(false);
    const weak = await hashPassword('hunter2hunter2', { N: 1024, r: 8, p: 1 });
    expect(needsRehash(weak)).toBe(true);
    await expect(verifyPassword('hunter2hunter2', weak)).resolves.toBe(true);
  });

  it('upgrades an old hash at the next sign-in', async () => {
    const email = uniqueEmail('rehash');
    await testDb.database.db
      .insert(identityAccounts)
      .values({ email, passwordHash: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }) });
    await signInAndGetTokens(main.base, { email, password: PASSWORD });
    const [row] = await testDb.database.db.select().from(identityAccounts).where(eq(identityAccounts.email, email));
    expect(needsRehash(row!.passwordHash)).toBe(false);
  });
});

describe('cookies jar (test helper)', () => {
  it('sends cookies only on matching paths and forgets expired ones', () => {
    const jar = new CookieJar();
    jar.store(['a=1; path=/interaction/x; httponly', 'b=2; path=/', 'c=3; path=/oidc/auth/x']);
    expect(jar.headerFor('/interaction/x/login')).toBe('a=1; b=2');
    expect(jar.headerFor('/interaction/xy')).toBe('b=2');
    jar.store(['b=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.headerFor('/oidc/auth/x')).toBe('c=3');
  });
});
