/**
 * A statement that waits or runs past DATABASE_STATEMENT_TIMEOUT_MS is cancelled by PostgreSQL:
 * the request answers 503 with a clear body instead of holding a pool connection for good, and
 * the next request, once the database is free, is served as usual. The slowness is real: another
 * session holds a lock the request's query must wait for.
 * Runs on the run's PostgreSQL (test/support/global-database.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../../../e2e/support/server.js';
import { createScratchPostgres } from '../../../test/support/database.js';
import { signUpAndGetTokens } from '../../../test/support/test-login.js';

const base = process.env.DATABASE_URL;
let server: RunningServer;
let scratch: { url: string; drop: () => Promise<void> };

beforeAll(async () => {
  if (!base) throw new Error('No DATABASE_URL: run the cluster tests through vitest (its globalSetup provides one).');
  scratch = await createScratchPostgres(base);
  server = await startServer({ DATABASE_URL: scratch.url, DATABASE_STATEMENT_TIMEOUT_MS: '300' });
});

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
});

describe('statement timeout', () => {
  it('answers 503 for a query stuck behind a lock, then serves again', async () => {
    const api = `http://127.0.0.1:${server.port}`;
    const tokens = await signUpAndGetTokens(server.url, { email: `timeout-${Date.now()}@example.com`, password: 'correct horse 1' });
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    expect((await fetch(`${api}/api/user/create`, { method: 'POST', headers })).status).toBe(200);
    expect((await fetch(`${api}/api/user/me`, { headers })).status).toBe(200);

    const blocker = new pg.Client({ connectionString: scratch.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table users in access exclusive mode');
      const stuck = await fetch(`${api}/api/user/me`, { headers });
      expect(stuck.status).toBe(503);
      expect(await stuck.json()).toEqual({
        error: 'service_unavailable',
        message: 'The service took too long to answer. Please try again shortly.',
      });
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    const again = await fetch(`${api}/api/user/me`, { headers });
    expect(again.status).toBe(200);
  });
});
