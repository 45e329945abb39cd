/**
 * The Plaid adapter against a local Plaid (test/support/fake-plaid.ts): what it sends (keys in
 * headers, the organization as client_user_id, products), how it reads Plaid's answers, and
 * how it fails (a used or expired public token, Plaid down, bad keys).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_PLAID_CLIENT_ID, FAKE_PLAID_SECRET, startFakePlaid, type FakePlaid } from '../../../test/support/fake-plaid.js';
import { BankingProviderError } from './interface.js';
import { createPlaidBanking, PLAID_API_VERSION } from './plaid.js';

let fake: FakePlaid;
const ORG = '6f1d1c2e-9a4b-4c55-8d0e-0123456789ab';

beforeAll(async () => {
  fake = await startFakePlaid();
});
beforeEach(() => fake.reset());
afterAll(async () => fake.close());

const provider = (secret = FAKE_PLAID_SECRET) =>
  createPlaidBanking({ clientId: FAKE_PLAID_CLIENT_ID, secret, env: 'sandbox', apiUrl: fake.url, timeoutMs: 5_000 });

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
}

describe('plaid bank linking', () => {
  it('creates a link token for the organization, with the keys in headers and not in the body', async () => {
    const token = await provider().createLinkToken({ clientUserId: ORG, clientName: 'Cratebase' });
    expect(token.linkToken).toMatch(/^link-sandbox-/);
    expect(token.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const [req] = fake.requests;
    expect(req!.path).toBe('/link/token/create');
    expect(req!.body).toEqual({
      client_name: 'Cratebase',
      user: { client_user_id: ORG },
      products: ['auth'],
      country_codes: ['US'],
      language: 'en',
    });
    expect(req!.headers['plaid-client-id']).toBe(FAKE_PLAID_CLIENT_ID);
    expect(req!.headers['plaid-secret']).toBe(FAKE_PLAID_SECRET);
    expect(req!.headers['plaid-version']).toBe(PLAID_API_VERSION);
  });

  it('exchanges the public token Link handed over and reads the item’s accounts and institution', async () => {
    const p = provider();
    const { linkToken } = await p.createLinkToken({ clientUserId: ORG, clientName: 'Cratebase' });
    const publicToken = fake.completeLink(linkToken, { institution: { id: 'ins_109511', name: 'Tartan Bank' } });
    const item = await p.exchangePublicToken({ publicToken, clientUserId: ORG });
    expect(item.itemId).toMatch(/^item-/);
    expect(item.accessToken).toMatch(/^access-sandbox-/);
    const accounts = await p.getAccounts(item.accessToken);
    expect(accounts).toEqual({
      itemId: item.itemId,
      institutionId: 'ins_109511',
      institutionName: 'Tartan Bank',
      accounts: [
        { accountId: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp', name: 'Plaid Checking', type: 'depository', subtype: 'checking', mask: '0000' },
        { accountId: 'dVzbVMLjrxTnLjX4G66XUp5GLklm4oiZy88yK', name: 'Plaid Saving', type: 'depository', subtype: 'savings', mask: '1111' },
      ],
    });
    expect(fake.requests.map((r) => r.path)).toEqual(['/link/token/create', '/item/public_token/exchange', '/accounts/get']);
    expect(fake.requests[2]!.body).toEqual({ access_token: item.accessToken });
  });

  it('refuses a public token used twice, or expired, as invalid_token on public_token', async () => {
    const p = provider();
    const { linkToken } = await p.createLinkToken({ clientUserId: ORG, clientName: 'Cratebase' });
    const used = fake.completeLink(linkToken);
    await p.exchangePublicToken({ publicToken: used, clientUserId: ORG });
    const expired = fake.completeLink(linkToken);
    fake.expirePublicToken(expired);
    for (const publicToken of [used, expired]) {
      const err = await failure(p.exchangePublicToken({ publicToken, clientUserId: ORG }));
      expect(err).toBeInstanceOf(BankingProviderError);
      expect(err).toMatchObject({ code: 'invalid_token', field: 'public_token' });
    }
  });

  it('reports Plaid down (5xx, rate limit, a dropped connection) as provider_unavailable', async () => {
    const p = provider();
    for (const f of [500, 429, 'drop'] as const) {
      fake.failNext(1, f);
      const err = await failure(p.createLinkToken({ clientUserId: ORG, clientName: 'Cratebase' }));
      expect(err).toBeInstanceOf(BankingProviderError);
      expect((err as BankingProviderError).code).toBe('provider_unavailable');
    }
    const closed = createPlaidBanking({ clientId: FAKE_PLAID_CLIENT_ID, secret: FAKE_PLAID_SECRET, env: 'sandbox', apiUrl: 'http://127.0.0.1:1' });
    expect(await failure(closed.createLinkToken({ clientUserId: ORG, clientName: 'Cratebase' }))).toMatchObject({ code: 'provider_unavailable' });
  });

  it('fails loudly on a configuration problem (wrong keys), naming the call and Plaid’s code', async () => {
    const err = await failure(provider('wrongsecret000000').createLinkToken({ clientUserId: ORG, clientName: 'Cratebase' }));
    expect(err).not.toBeInstanceOf(BankingProviderError);
    expect((err as Error).message).toContain('/link/token/create');
    expect((err as Error).message).toContain('INVALID_API_KEYS');
  });
});
