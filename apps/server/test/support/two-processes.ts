/**
 * Two production server processes on one scratch PostgreSQL database, serving one public origin
 * as behind a load balancer, with an HTTP harness whose `at(0)` / `at(1)` views reach each
 * process — for the cluster tests' races. Needs DATABASE_URL and the production build.
 */
import { expect } from 'vitest';
import { startServer, freePort, type RunningServer } from '../../../../e2e/support/server.js';
import { createScratchPostgres } from './database.js';
import { createHttpHarness, type HttpHarness } from './http-harness.js';

export interface TwoProcesses {
  a: RunningServer;
  b: RunningServer;
  h: HttpHarness;
  /** No request got a 5xx, and neither process logged an error (pino levels error and fatal). */
  expectNothingBroke(): void;
  close(): Promise<void>;
}

/** `env`: more of the processes' environment (a test's own settings). */
export async function startTwoProcesses(extraEnv: Record<string, string> = {}): Promise<TwoProcesses> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('The cluster tests need DATABASE_URL (a PostgreSQL server).');
  const scratch = await createScratchPostgres(base);
  const portA = await freePort();
  const portB = await freePort();
  // Many accounts sign up from this one address, so the per-IP sign-in limit is raised as the
  // benchmark does.
  const env = { DATABASE_URL: scratch.url, PUBLIC_URL: `http://localhost:${portA}`, IDENTITY_RATE_LIMIT: '1000', ...extraEnv };
  const [a, b] = await Promise.all([
    startServer({ ...env, PORT: String(portA) }),
    startServer({ ...env, PORT: String(portB) }),
  ]);
  const h = await createHttpHarness({
    baseUrls: [`http://127.0.0.1:${a.port}`, `http://127.0.0.1:${b.port}`],
    databaseUrl: scratch.url,
    publicUrl: env.PUBLIC_URL,
  });
  return {
    a,
    b,
    h,
    expectNothingBroke() {
      expect(h.serverErrors()).toEqual([]);
      const logged = [a, b]
        .flatMap((server) => server.logs().split('\n'))
        .filter((line) => /"level":(50|60)\b/.test(line));
      expect(logged).toEqual([]);
    },
    async close() {
      await h.close();
      await Promise.all([a.stop(), b.stop()]);
      await scratch.drop();
    },
  };
}
