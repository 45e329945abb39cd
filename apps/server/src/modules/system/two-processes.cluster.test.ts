/**
 * Two production server processes on one PostgreSQL database behave as one: a user signs up
 * and gets tokens from process A; process B accepts the access token, honours the sign-in
 * session (a new authorization needs no second sign-in) and rotates the refresh token.
 * Both start at once on an empty database, so they also race to apply the migrations (one
 * applies them under the advisory lock, the other finds them applied).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, freePort, type RunningServer } from '../../../../../e2e/support/server.js';
import { createScratchPostgres } from '../../../test/support/database.js';
import { signUpAndGetTokens, authorizeWithSession } from '../../../test/support/test-login.js';

const base = process.env.DATABASE_URL;
let a: RunningServer;
let b: RunningServer;
let drop: () => Promise<void>;

beforeAll(async () => {
  if (!base) throw new Error('No DATABASE_URL: run the cluster tests through vitest (its globalSetup provides one).');
  const scratch = await createScratchPostgres(base, { empty: true });
  drop = scratch.drop;
  // Both processes serve the same public origin, as behind one load balancer.
  const portA = await freePort();
  const portB = await freePort();
  const publicUrl = `http://localhost:${portA}`;
  [a, b] = await Promise.all([
    startServer({ DATABASE_URL: scratch.url, PORT: String(portA), PUBLIC_URL: publicUrl }),
    startServer({ DATABASE_URL: scratch.url, PORT: String(portB), PUBLIC_URL: publicUrl }),
  ]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await drop?.();
});

describe('two server processes on one database', () => {
  it('share tokens, sign-in sessions and refresh-token rotation', async () => {
    const aUrl = `http://127.0.0.1:${a.port}`;
    const bUrl = `http://127.0.0.1:${b.port}`;
    const tokens = await signUpAndGetTokens(a.url, { email: `cluster-${Date.now()}@example.com`, password: 'correct horse 1' });

    // An access token from A works on B.
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const created = await fetch(`${bUrl}/api/user/create`, { method: 'POST', headers: auth });
    expect(created.status).toBe(200);
    const meOnA = await fetch(`${aUrl}/api/user/me`, { headers: auth });
    expect(meOnA.status).toBe(200);
    const meBody = (await meOnA.json()) as { id: string };
    const createdBody = (await created.json()) as { id: string };
    expect(meBody.id).toBe(createdBody.id);

    // The sign-in session cookie set by A lets B authorize without a password.
    const again = await authorizeWithSession(b, tokens.cookies);
    expect(again.access_token).toBeTruthy();

    // A refresh token issued by A is rotated by B, and the old one no longer works on A.
    const refresh = async (url: string, token: string) =>
      fetch(`${url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: 'cratebase-web' }),
      });
    const rotated = await refresh(bUrl, tokens.refresh_token);
    expect(rotated.status).toBe(200);
    const next = (await rotated.json()) as { refresh_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await refresh(aUrl, tokens.refresh_token)).status).toBe(400);
  });
});
