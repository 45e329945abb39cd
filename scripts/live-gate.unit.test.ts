/**
 * The gate of `npm run test:live` (scripts/live-gate.mjs and live-check.mjs): test keys run, live
 * keys and another Plaid environment are refused, no keys skip with one line and exit 0.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveGate } from './live-gate.mjs';

const TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_livegate0123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_livegate0123',
  PLAID_CLIENT_ID: 'livegateclient01',
  PLAID_SECRET: 'livegatesecret01',
  PLAID_ENV: 'sandbox',
};

describe('the live check gate', () => {
  it('runs with Stripe test keys (secret or restricted) and Plaid sandbox', () => {
    expect(liveGate(TEST_ENV)).toEqual({ action: 'run' });
    expect(liveGate({ ...TEST_ENV, STRIPE_SECRET_KEY: 'rk_test_livegate0123' })).toEqual({ action: 'run' });
  });

  it('refuses a live key or another Plaid environment, even with other keys missing', () => {
    for (const env of [
      { ...TEST_ENV, STRIPE_SECRET_KEY: 'sk_live_livegate0123' },
      { ...TEST_ENV, STRIPE_SECRET_KEY: 'rk_live_livegate0123' },
      { ...TEST_ENV, STRIPE_PUBLISHABLE_KEY: 'pk_live_livegate0123' },
      { ...TEST_ENV, PLAID_ENV: 'production' },
      { STRIPE_SECRET_KEY: 'sk_live_livegate0123' },
    ]) {
      const gate = liveGate(env);
      expect(gate.action, JSON.stringify(env)).toBe('refuse');
    }
    const gate = liveGate({ ...TEST_ENV, PLAID_ENV: 'development', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' });
    expect(gate).toEqual({
      action: 'refuse',
      line: 'test:live refused: STRIPE_PUBLISHABLE_KEY is a live key; PLAID_ENV is development. It runs only in test mode: sk_test_/rk_test_ and pk_test_ keys, PLAID_ENV=sandbox.',
    });
    expect(liveGate({ ...TEST_ENV, STRIPE_SECRET_KEY: 'whatever' }).action).toBe('refuse');
  });

  it('skips with one line naming what to set when keys are missing', () => {
    const { PLAID_SECRET: _secret, PLAID_ENV: _env, ...partial } = TEST_ENV;
    expect(liveGate(partial)).toEqual({
      action: 'skip',
      line: 'test:live skipped: set PLAID_SECRET, PLAID_ENV (Stripe test-mode keys, PLAID_ENV=sandbox) to run the live vendor check; see docs/payments-live-check.md.',
    });
  });

  it('npm run test:live prints that one line and exits 0 without keys, and exits 1 with a live key', () => {
    const script = path.resolve(import.meta.dirname, 'live-check.mjs');
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(STRIPE|PLAID)_/.test(name)),
    ) as NodeJS.ProcessEnv;
    const skipped = spawnSync(process.execPath, [script], { env: clean, encoding: 'utf8' });
    expect(skipped.status).toBe(0);
    const { line } = liveGate({}) as { line: string };
    expect(skipped.stdout.trim().split('\n')).toEqual([line]);
    const refused = spawnSync(process.execPath, [script], {
      env: { ...clean, ...TEST_ENV, STRIPE_SECRET_KEY: 'sk_live_livegate0123' },
      encoding: 'utf8',
    });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain('test:live refused: STRIPE_SECRET_KEY is a live key');
  });
});
