/**
 * Payments provider: the built-in one (the default; no network, no account). A vendor adapter
 * (`stripe`, selected by configuration) plugs in here behind the same interface.
 */
import type { DbOrTx } from '../../db/client.js';
import type { PaymentsProvider } from './interface.js';
import { createBuiltinPayments } from './builtin.js';

export type { PaymentsProvider, ConnectedAccountStatus, AccountSessionSecret, OnboardingDetails } from './interface.js';
export { PaymentsProviderError } from './interface.js';
export { createBuiltinPayments, ACCOUNT_SESSION_TTL_MS } from './builtin.js';

export function createPaymentsProvider(opts: { db: DbOrTx }): PaymentsProvider {
  return createBuiltinPayments(opts.db);
}
