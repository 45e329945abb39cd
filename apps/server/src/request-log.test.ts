/**
 * The request log a person reads in the terminal: one line per request (not Fastify's two),
 * naming the method, the path without its query string (which can carry tokens), the status
 * and the time taken; the Authorization header never appears.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openTestDatabase, type TestDatabase } from '../test/support/database.js';

let app: FastifyInstance;
let testDb: TestDatabase;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  testDb = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://localhost:3999',
    DATA_DIR: '/tmp/cratebase-test-unused',
  });
  app = await buildApp({
    config,
    database: testDb.database,
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await testDb.drop();
});

/** The lines logged for requests (they carry the request id). */
const requestLines = () => lines.filter((l) => 'reqId' in l);

describe('request log', () => {
  it('writes one line per request with method, path, status and time', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: '/healthz?token=secret-value',
      headers: { authorization: 'Bearer secret-token' },
    });
    expect(res.statusCode).toBe(200);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/healthz',
      status: 200,
      msg: expect.stringMatching(/^GET \/healthz 200 [\d.]+ ms$/),
    });
    expect(typeof logged[0]?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
  });

  it('logs a request the identity provider answers (a hijacked reply) once, in the same shape', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration?state=secret-state' });
    expect(res.statusCode).toBe(200);
    expect(requestLines()).toEqual([
      expect.objectContaining({ method: 'GET', url: '/oidc/.well-known/openid-configuration', status: 200 }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
  });

  it('logs a route that does not exist once, with its status', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/no-such-route?code=secret-code' });
    expect(res.statusCode).toBe(404);
    expect(requestLines()).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/no-such-route', status: 404 }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
  });
});
