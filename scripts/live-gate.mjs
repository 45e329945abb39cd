/**
 * Whether `npm run test:live` (the vendors' real browser code, docs/payments-live-check.md) may
 * run with this environment. It moves money only in test mode: Stripe test keys (sk_test_ or
 * rk_test_ with pk_test_) and Plaid's sandbox. A live key or another Plaid environment is
 * refused; without the keys the check is skipped with one line saying what to set.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {{ action: 'run' } | { action: 'skip' | 'refuse'; line: string }}
 */
export function liveGate(env) {
  const value = (name) => (env[name] ?? '').trim();
  const live = [];
  if (/^(sk|rk)_live_/.test(value('STRIPE_SECRET_KEY'))) live.push('STRIPE_SECRET_KEY is a live key');
  if (/^pk_live_/.test(value('STRIPE_PUBLISHABLE_KEY'))) live.push('STRIPE_PUBLISHABLE_KEY is a live key');
  if (value('PLAID_ENV') && value('PLAID_ENV') !== 'sandbox') live.push(`PLAID_ENV is ${value('PLAID_ENV')}`);
  if (live.length > 0) {
    return {
      action: 'refuse',
      line: `test:live refused: ${live.join('; ')}. It runs only in test mode: sk_test_/rk_test_ and pk_test_ keys, PLAID_ENV=sandbox.`,
    };
  }
  const needed = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'PLAID_CLIENT_ID', 'PLAID_SECRET', 'PLAID_ENV'];
  const missing = needed.filter((name) => !value(name));
  if (missing.length > 0) {
    return {
      action: 'skip',
      line: `test:live skipped: set ${missing.join(', ')} (Stripe test-mode keys, PLAID_ENV=sandbox) to run the live vendor check; see docs/payments-live-check.md.`,
    };
  }
  if (!/^(sk|rk)_test_/.test(value('STRIPE_SECRET_KEY')) || !/^pk_test_/.test(value('STRIPE_PUBLISHABLE_KEY'))) {
    return {
      action: 'refuse',
      line: 'test:live refused: STRIPE_SECRET_KEY must start with sk_test_ or rk_test_ and STRIPE_PUBLISHABLE_KEY with pk_test_.',
    };
  }
  return { action: 'run' };
}
