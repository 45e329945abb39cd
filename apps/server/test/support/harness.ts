/**
 * API test harness: the real app on a fresh database, with access tokens signed by a test
 * key that the app's verifier trusts exactly like the identity provider's (same issuer,
 * audience, RS256, leeway). The sign-in flow itself is tested in identity/.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, createLocalJWKSet, type JWK } from 'jose';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import { buildApp } from '../../src/app.js';
import { createJwksVerifier } from '../../src/auth/token-verifier.js';
import { openTestDatabase, type TestDatabase } from './database.js';

export interface TestUser {
  sub: string;
  email: string;
  token: string;
}

export interface Harness {
  app: FastifyInstance;
  config: Config;
  testDb: TestDatabase;
  /** A signed access token for any subject/e-mail (optionally with other claims). */
  token(claims: { sub: string; email?: string; [k: string]: unknown }, opts?: { expiresIn?: string; issuer?: string; audience?: string }): Promise<string>;
  /** A user with a user row (POST /api/user/create done). */
  newUser(email?: string): Promise<TestUser>;
  /** A user with an organization of the given type. */
  newOrgUser(type?: 'Merchant' | 'Buyer', name?: string): Promise<TestUser & { orgId: string }>;
  call(method: InjectOptions['method'], url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function createHarness(
  env: Record<string, string> = {},
  opts: { testDb?: TestDatabase } = {},
): Promise<Harness> {
  const testDb = opts.testDb ?? (await openTestDatabase());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3999', DATA_DIR: '/tmp/cratebase-test-unused', ...env });
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const pub: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const verifier = createJwksVerifier({
    issuer: config.identity.issuer,
    audience: config.identity.audience,
    jwks: createLocalJWKSet({ keys: [pub] }),
  });
  const app = await buildApp({ config, database: testDb.database, verifier });
  await app.ready();

  const token: Harness['token'] = async (claims, opts = {}) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
      .setIssuer(opts.issuer ?? config.identity.issuer)
      .setAudience(opts.audience ?? config.identity.audience)
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '15m')
      .setJti(randomUUID())
      .sign(privateKey);

  const call: Harness['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers as Record<string, unknown> };
  };

  let n = 0;
  const newUser: Harness['newUser'] = async (email) => {
    n += 1;
    const sub = randomUUID();
    const u = { sub, email: email ?? `user${n}-${sub.slice(0, 6)}@example.com` };
    const t = await token(u);
    const res = await call('POST', '/api/user/create', { token: t });
    if (res.status !== 200) throw new Error(`user/create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...u, token: t };
  };

  const newOrgUser: Harness['newOrgUser'] = async (type = 'Merchant', name) => {
    const user = await newUser();
    const res = await call('POST', '/api/organization', {
      token: user.token,
      body: { selected_type: type, name: name ?? `${type} ${user.email.split('@')[0]}` },
    });
    if (res.status !== 200) throw new Error(`organization create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...user, orgId: res.body.id as string };
  };

  return {
    app,
    config,
    testDb,
    token,
    newUser,
    newOrgUser,
    call,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}
