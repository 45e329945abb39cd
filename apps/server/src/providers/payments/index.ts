/**
 * Payments provider: the built-in one (the default; no network, no account), or Stripe when
 * STRIPE_SECRET_KEY is set (stripe.ts), behind the same interface.
 */
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { PaymentsProvider } from './interface.js';
import { createBuiltinPayments } from './builtin.js';
import { createStripePayments } from './stripe.js';

export type { PaymentsProvider, ConnectedAccountStatus, AccountSessionSecret, OnboardingDetails } from './interface.js';
export { PaymentsProviderError } from './interface.js';
export { createBuiltinPayments, ACCOUNT_SESSION_TTL_MS } from './builtin.js';
export { createStripePayments } from './stripe.js';

export function createPaymentsProvider(opts: { db: DbOrTx; config: Pick<Config, 'payments'> }): PaymentsProvider {
  const p = opts.config.payments;
  if (p.provider === 'stripe') {
    return createStripePayments({
      secretKey: p.secretKey,
      webhookSecret: p.webhookSecret,
      ...(p.apiUrl ? { apiUrl: p.apiUrl } : {}),
    });
  }
  return createBuiltinPayments(opts.db);
}
