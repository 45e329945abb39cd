import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// expect.poll waits 1 s by default, too short on a busy 2-core machine: wait for what the
// user would see for up to 30 s (a passing poll returns as soon as it holds).
const expectOptions = { poll: { timeout: 30_000, interval: 100 } };

// Projects: `unit` (web components and hooks, jsdom), `unit-node` (pure modules), `api` (server through
// app.inject() on a fresh copy of a migrated database per file), `cluster` (several processes on one database)
// and `e2e` (browser journeys). scripts/test.mjs (`npm test`) runs them in that order. `live`
// (the vendors in test mode) runs only through `npm run test:live`.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Both cores: in `npm test` this lane shares them with lint → typecheck → build → cluster.
          maxWorkers: 2,
          // Rendering a screen in jsdom can take seconds on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 30_000,
          expect: expectOptions,
        },
      },
      {
        // Pure modules (the contract's rules, the server's pure functions, scripts): no DOM.
        test: {
          name: 'unit-node',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts', 'bench/**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          maxWorkers: 2,
          expect: expectOptions,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          // One PostgreSQL and one migrated template database for the run (the server at
          // DATABASE_URL, else an embedded one); each file copies the template.
          globalSetup: ['apps/server/test/support/global-database.ts'],
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
        // Several server processes on one PostgreSQL database (the server at DATABASE_URL, else
        // an embedded one).
        test: {
          name: 'cluster',
          include: ['apps/server/src/**/*.cluster.test.ts'],
          globalSetup: ['apps/server/test/support/global-database.ts'],
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
        // Browser journeys: production build, a server with its own embedded PostgreSQL per
        // file, headless Chromium; two files at a time (each has its own ports and folders).
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
          expect: expectOptions,
        },
      },
    ],
  },
});
