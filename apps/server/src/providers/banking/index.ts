/**
 * Bank-linking provider: the built-in one (the default; no network, no account), or Plaid when
 * PLAID_CLIENT_ID and PLAID_SECRET are set (plaid.ts), behind the same interface.
 */
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { BankingProvider } from './interface.js';
import { createBuiltinBanking } from './builtin.js';
import { createPlaidBanking } from './plaid.js';

export type { BankingProvider, BuiltinBankLink, ItemAccounts, ProviderBankAccount } from './interface.js';
export { BankingProviderError } from './interface.js';
export { createBuiltinBanking, BUILTIN_INSTITUTIONS, LINK_TOKEN_TTL_MS, PUBLIC_TOKEN_TTL_MS } from './builtin.js';
export { createPlaidBanking } from './plaid.js';

export function createBankingProvider(opts: { db: DbOrTx; config: Pick<Config, 'banking'> }): BankingProvider {
  const b = opts.config.banking;
  if (b.provider === 'plaid') {
    return createPlaidBanking({
      clientId: b.clientId,
      secret: b.secret,
      env: b.env,
      ...(b.apiUrl ? { apiUrl: b.apiUrl } : {}),
    });
  }
  return createBuiltinBanking(opts.db);
}
