/**
 * Plaid as the bank-linking provider (PLAID_CLIENT_ID, PLAID_SECRET, PLAID_ENV; DECISIONS
 * "Outside services"), through Plaid's REST API with fetch (no SDK):
 *
 *   POST /link/token/create            a link token for Plaid Link, products ["auth"], bound to
 *                                       the organization (user.client_user_id)
 *   POST /item/public_token/exchange   Link's public token → item_id + access_token
 *   POST /accounts/get                 the item's accounts (the ones the user picked) and institution
 *
 * Plaid hosts the linking widget (Plaid Link), so this provider has no `builtinLink`.
 *
 * Errors: a network failure, a timeout, Plaid's 5xx or a rate limit become
 * BankingProviderError('provider_unavailable'); INVALID_PUBLIC_TOKEN (unknown, expired or
 * already exchanged) becomes invalid_token on public_token; anything else Plaid refuses is a
 * plain Error naming the call and Plaid's error code (a bug or a configuration problem).
 */
import { BankingProviderError, type BankingProvider, type ProviderBankAccount } from './interface.js';

export type PlaidEnvironment = 'sandbox' | 'development' | 'production';

export const PLAID_BASE_URLS: Record<PlaidEnvironment, string> = {
  sandbox: 'https://sandbox.plaid.com',
  development: 'https://development.plaid.com',
  production: 'https://production.plaid.com',
};

/** The API version this adapter is written against (sent on every request). */
export const PLAID_API_VERSION = '2020-09-14';

export interface PlaidBankingOptions {
  clientId: string;
  secret: string;
  env: PlaidEnvironment;
  /** Base URL of the API (a test's local server, a proxy); default from `env`. */
  apiUrl?: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
}

/** Plaid's error body. */
interface PlaidError {
  error_type?: string;
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
  request_id?: string;
}

interface PlaidAccount {
  account_id: string;
  name: string;
  official_name?: string | null;
  type: string;
  subtype?: string | null;
  mask?: string | null;
}

export class PlaidApiError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    readonly body: PlaidError,
  ) {
    super(`Plaid ${call} failed: ${status} ${body.error_code ?? 'unknown'}: ${body.error_message ?? ''}`.trim());
    this.name = 'PlaidApiError';
  }
}

const unavailable = (cause?: unknown) =>
  Object.assign(
    new BankingProviderError('provider_unavailable', 'The bank-linking service cannot be reached right now. Please try again shortly.'),
    { cause },
  );

export function createPlaidBanking(options: PlaidBankingOptions): BankingProvider {
  const base = (options.apiUrl ?? PLAID_BASE_URLS[options.env]).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'plaid-client-id': options.clientId,
          'plaid-secret': options.secret,
          'plaid-version': PLAID_API_VERSION,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unavailable(error);
    }
    let parsed: unknown;
    try {
      parsed = await res.json();
    } catch (error) {
      // Cut off or not JSON: Plaid (or the way to it) is not answering properly.
      throw unavailable(error);
    }
    if (res.ok) return parsed as T;
    const err = (parsed ?? {}) as PlaidError;
    if (res.status >= 500 || res.status === 429 || err.error_type === 'RATE_LIMIT_EXCEEDED' || err.error_type === 'API_ERROR') {
      throw unavailable(new PlaidApiError(path, res.status, err));
    }
    throw new PlaidApiError(path, res.status, err);
  }

  return {
    name: 'plaid',

    async createLinkToken({ clientUserId, clientName }) {
      const r = await call<{ link_token: string; expiration: string }>('/link/token/create', {
        client_name: clientName,
        user: { client_user_id: clientUserId },
        products: ['auth'],
        country_codes: ['US'],
        language: 'en',
      });
      return { linkToken: r.link_token, expiresAt: new Date(r.expiration) };
    },

    async exchangePublicToken({ publicToken }) {
      try {
        const r = await call<{ access_token: string; item_id: string }>('/item/public_token/exchange', {
          public_token: publicToken,
        });
        return { itemId: r.item_id, accessToken: r.access_token };
      } catch (error) {
        if (error instanceof PlaidApiError && error.body.error_code === 'INVALID_PUBLIC_TOKEN') {
          throw new BankingProviderError(
            'invalid_token',
            'public_token: is not valid, has expired or has already been used. Please link your bank again.',
            'public_token',
          );
        }
        throw error;
      }
    },

    async getAccounts(accessToken) {
      const r = await call<{
        accounts: PlaidAccount[];
        item: { item_id: string; institution_id?: string | null; institution_name?: string | null };
      }>('/accounts/get', { access_token: accessToken });
      const accounts: ProviderBankAccount[] = r.accounts.map((a) => ({
        accountId: a.account_id,
        name: a.name,
        type: a.type,
        subtype: a.subtype ?? null,
        mask: a.mask ?? null,
      }));
      return {
        itemId: r.item.item_id,
        institutionId: r.item.institution_id ?? null,
        institutionName: r.item.institution_name ?? null,
        accounts,
      };
    },
  };
}
