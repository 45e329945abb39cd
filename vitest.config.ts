import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// expect.poll waits 1 s by default, too short on a busy 2-core machine: wait for what the
// user would see for up to 30 s (a passing poll returns as soon as it holds).
const expectOptions = { poll: { timeout: 30_000, interval: 100 } };

// Projects: `unit` (pure functions and React components, jsdom), `api` (server through
// app.inject() on a fresh database per file), `cluster` (several processes on PostgreSQL)
// and `e2e` (browser journeys). scripts/test.mjs (`npm test`) runs them in that order. `live`
// (the vendors in test mode) runs only through `npm run test:live`.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/server/src/**/*.unit.test.ts',
            'scripts/**/*.unit.test.ts',
          ],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Rendering a screen in jsdom can take seconds on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 30_000,
          expect: expectOptions,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts', 'apps/server/src/**/*.cluster.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          expect: expectOptions,
        },
      },
      {
        // Needs a PostgreSQL server (DATABASE_URL): several server processes on one database.
        test: {
          name: 'cluster',
          include: ['apps/server/src/**/*.cluster.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: expectOptions,
        },
      },
      {
        // Opt-in, never part of `npm test`: the vendors' real browser code in test mode (Stripe
        // test keys, Plaid sandbox). Run it with `npm run test:live` (scripts/live-check.mjs).
        test: {
          name: 'live',
          include: ['e2e/live/**/*.live.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          expect: expectOptions,
        },
      },
      {
        // Browser journeys: production build, fresh database per file, headless Chromium.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          expect: expectOptions,
        },
      },
    ],
  },
});
