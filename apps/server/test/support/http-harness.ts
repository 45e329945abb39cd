/**
 * The API harness over real HTTP: the same `Harness` the API tests' helpers take
 * (checkout.ts: readySeller, customerOf, atPayment…), but every call goes to running server
 * processes — round-robin over their base URLs, as a load balancer would spread them — with
 * access tokens from the built-in provider's real sign-up flow (no test signing key: the
 * processes trust only their own). For assertions on what the database kept, `testDb` is a
 * pool on the processes' database.
 *
 * Every answer's status is recorded, so a test can assert that no request anywhere got a 5xx.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import type { Harness, TestUser } from './harness.js';
import { signUpAndGetTokens } from './test-login.js';

export interface ServerError {
  base: string;
  method: string;
  url: string;
  status: number;
  body: unknown;
}

export interface HttpHarness extends Harness {
  readonly baseUrls: readonly string[];
  /** The same harness with every call sent to `baseUrls[index]` (users and records shared). */
  at(index: number): HttpHarness;
  /** Every 5xx answered so far, through this harness or any of its `at()` views. */
  serverErrors(): readonly ServerError[];
}

type CallResult = Awaited<ReturnType<Harness['call']>>;

/** A password the sign-up page accepts; every test user gets the same one. */
export const TEST_PASSWORD = 'correct horse battery 1';

export async function createHttpHarness(opts: {
  /** The processes' base URLs, e.g. http://127.0.0.1:PORT. */
  baseUrls: readonly string[];
  /** The database the processes use (a scratch database). */
  databaseUrl: string;
  /** The processes' PUBLIC_URL (one origin in front of all of them). */
  publicUrl: string;
}): Promise<HttpHarness> {
  if (opts.baseUrls.length === 0) throw new Error('createHttpHarness needs at least one base URL.');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: opts.publicUrl,
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: '/tmp/cratebase-test-unused',
  });
  // The processes ran the migrations before they became ready.
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, poolSize: 3, migrate: false });
  const testDb = { database, url: opts.databaseUrl, drop: async () => database.close() };
  const errors: ServerError[] = [];
  let turn = 0;
  const nextBase = () => opts.baseUrls[turn++ % opts.baseUrls.length]!;

  async function send(
    base: string,
    method: Parameters<Harness['call']>[0],
    url: string,
    callOpts: Parameters<Harness['call']>[2] = {},
  ): Promise<CallResult> {
    const headers: Record<string, string> = { ...(callOpts.headers ?? {}) };
    if (callOpts.token) headers.authorization = `Bearer ${callOpts.token}`;
    let body: string | undefined;
    if (callOpts.body !== undefined) {
      body = typeof callOpts.body === 'string' ? callOpts.body : JSON.stringify(callOpts.body);
      headers['content-type'] ??= 'application/json';
    }
    const verb = String(method).toUpperCase();
    const res = await fetch(`${base}${url}`, { method: verb, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const responseHeaders: Record<string, unknown> = {};
    res.headers.forEach((value, key) => (responseHeaders[key] = value));
    if (res.status >= 500) errors.push({ base, method: verb, url, status: res.status, body: parsed });
    return { status: res.status, body: parsed, headers: responseHeaders };
  }

  function view(pinned: string | undefined): HttpHarness {
    const pick = () => pinned ?? nextBase();

    const call: Harness['call'] = (method, url, callOpts) => send(pick(), method, url, callOpts);

    const newUser: Harness['newUser'] = async (email) => {
      const base = pick();
      const address = email ?? `user-${randomUUID().slice(0, 12)}@example.com`;
      const tokens = await signUpAndGetTokens(base, { email: address, password: TEST_PASSWORD });
      const sub = decodeJwt(tokens.access_token).sub;
      if (!sub) throw new Error('The access token has no subject.');
      const created = await send(base, 'POST', '/api/user/create', { token: tokens.access_token });
      if (created.status !== 200)
        throw new Error(`user/create failed: ${created.status} ${JSON.stringify(created.body)}`);
      return { sub, email: address, token: tokens.access_token };
    };

    const newOrgUser: Harness['newOrgUser'] = async (type = 'Merchant', name) => {
      const user: TestUser = await newUser();
      const res = await call('POST', '/api/organization', {
        token: user.token,
        body: { selected_type: type, name: name ?? `${type} ${user.email.split('@')[0]}` },
      });
      if (res.status !== 200) throw new Error(`organization create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { ...user, orgId: (res.body as { id: string }).id };
    };

    return {
      get app(): FastifyInstance {
        throw new Error('The HTTP harness has no in-process app: the servers run as their own processes.');
      },
      config,
      testDb,
      baseUrls: opts.baseUrls,
      async token() {
        throw new Error('The HTTP harness cannot sign tokens: sign up with newUser() for a real one.');
      },
      newUser,
      newOrgUser,
      call,
      at(index: number) {
        const base = opts.baseUrls[index];
        if (!base) throw new Error(`No server at index ${index}.`);
        return view(base);
      },
      serverErrors: () => errors,
      close: () => testDb.drop(),
    };
  }

  return view(undefined);
}
