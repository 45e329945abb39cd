/**
 * A local Plaid for tests: a node:http server on a random port that speaks the subset of
 * Plaid's REST API the `plaid` bank-linking adapter uses, with state in memory.
 *
 *   POST /link/token/create             link tokens (products, client_user_id recorded)
 *   POST /item/public_token/exchange    single-use public tokens → item_id + access_token
 *   POST /accounts/get                  the item's accounts and institution
 *
 * Credentials are checked from the PLAID-CLIENT-ID / PLAID-SECRET headers or the body (as Plaid
 * accepts both); errors come in Plaid's shape ({error_type, error_code, error_message,
 * display_message, request_id}) with its status codes. Every request is recorded. A test plays
 * Plaid Link with `completeLink` (the user linked a bank: a public token), and makes Plaid fail
 * with `failNext`.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export const FAKE_PLAID_CLIENT_ID = 'fakeplaidclient0123456789';
export const FAKE_PLAID_SECRET = 'fakeplaidsecret0123456789abcd';

type Json = Record<string, unknown>;

export interface RecordedPlaidRequest {
  path: string;
  body: Json;
  headers: http.IncomingHttpHeaders;
}

export interface FakePlaidAccount {
  account_id: string;
  name: string;
  official_name: string | null;
  type: string;
  subtype: string | null;
  mask: string | null;
}

export interface FakePlaid {
  url: string;
  requests: RecordedPlaidRequest[];
  /** Link tokens created, with the body they were created with. */
  linkTokens: Map<string, Json>;
  /** Plaid Link finished for a link token: the public token the widget would hand over. */
  completeLink(linkToken: string, opts?: { accounts?: FakePlaidAccount[]; institution?: { id: string; name: string } }): string;
  /** Makes a public token older than its 30 minutes. */
  expirePublicToken(publicToken: string): void;
  /** The next `count` requests fail: with an HTTP status (Plaid's API_ERROR body), or `drop`. */
  failNext(count: number, failure?: number | 'drop'): void;
  reset(): void;
  close(): Promise<void>;
}

export const DEFAULT_FAKE_PLAID_ACCOUNTS: FakePlaidAccount[] = [
  { account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp', name: 'Plaid Checking', official_name: 'Plaid Gold Standard 0% Interest Checking', type: 'depository', subtype: 'checking', mask: '0000' },
  { account_id: 'dVzbVMLjrxTnLjX4G66XUp5GLklm4oiZy88yK', name: 'Plaid Saving', official_name: 'Plaid Silver Standard 0.1% Interest Saving', type: 'depository', subtype: 'savings', mask: '1111' },
];

const requestId = () => randomBytes(6).toString('hex');

export async function startFakePlaid(): Promise<FakePlaid> {
  const requests: RecordedPlaidRequest[] = [];
  const linkTokens = new Map<string, Json>();
  const publicTokens = new Map<string, { itemId: string; expiresAt: number; used: boolean }>();
  const accessTokens = new Map<string, string>();
  const items = new Map<string, { institution: { id: string; name: string }; accounts: FakePlaidAccount[] }>();
  let failures: Array<number | 'drop'> = [];

  const send = (res: http.ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, type: string, code: string, message: string) =>
    send(res, status, { error_type: type, error_code: code, error_message: message, display_message: null, request_id: requestId() });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      let body: Json;
      try {
        body = raw ? (JSON.parse(raw) as Json) : {};
      } catch {
        return error(res, 400, 'INVALID_REQUEST', 'INVALID_BODY', 'body could not be parsed as JSON');
      }
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ path, body, headers: req.headers });
      const failure = failures.shift();
      if (failure === 'drop') return req.socket.destroy();
      if (failure !== undefined) return error(res, failure, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'an unexpected error occurred');

      const clientId = req.headers['plaid-client-id'] ?? body.client_id;
      const secret = req.headers['plaid-secret'] ?? body.secret;
      if (clientId !== FAKE_PLAID_CLIENT_ID || secret !== FAKE_PLAID_SECRET) {
        return error(res, 400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');
      }
      if (req.method !== 'POST') return error(res, 404, 'INVALID_REQUEST', 'NOT_FOUND', 'not found');

      if (path === '/link/token/create') {
        const user = body.user as Json | undefined;
        if (!body.client_name || !user?.client_user_id || !Array.isArray(body.products) || !Array.isArray(body.country_codes)) {
          return error(res, 400, 'INVALID_REQUEST', 'MISSING_FIELDS', 'client_name, user.client_user_id, products and country_codes are required');
        }
        const linkToken = `link-sandbox-${randomBytes(16).toString('hex')}`;
        linkTokens.set(linkToken, body);
        const expiration = new Date(Date.now() + 4 * 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
        return send(res, 200, { link_token: linkToken, expiration, request_id: requestId() });
      }
      if (path === '/item/public_token/exchange') {
        const token = publicTokens.get(String(body.public_token ?? ''));
        if (!token || token.used || token.expiresAt <= Date.now()) {
          return error(res, 400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', 'provided public token is in an invalid format. expected format: public-<environment>-<identifier>');
        }
        token.used = true;
        const accessToken = `access-sandbox-${randomBytes(16).toString('hex')}`;
        accessTokens.set(accessToken, token.itemId);
        return send(res, 200, { access_token: accessToken, item_id: token.itemId, request_id: requestId() });
      }
      if (path === '/accounts/get') {
        const itemId = accessTokens.get(String(body.access_token ?? ''));
        const item = itemId ? items.get(itemId) : undefined;
        if (!itemId || !item) {
          return error(res, 400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is in an invalid format');
        }
        return send(res, 200, {
          accounts: item.accounts.map((a) => ({ ...a, balances: { available: 100, current: 110, iso_currency_code: 'USD' } })),
          item: { item_id: itemId, institution_id: item.institution.id, institution_name: item.institution.name, products: ['auth'] },
          request_id: requestId(),
        });
      }
      return error(res, 404, 'INVALID_REQUEST', 'NOT_FOUND', `unknown path ${path}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    linkTokens,
    completeLink(linkToken, opts = {}) {
      if (!linkTokens.has(linkToken)) throw new Error(`fake plaid: unknown link token ${linkToken}`);
      const itemId = `item-${randomBytes(12).toString('hex')}`;
      items.set(itemId, {
        institution: opts.institution ?? { id: 'ins_109508', name: 'First Platypus Bank' },
        accounts: opts.accounts ?? DEFAULT_FAKE_PLAID_ACCOUNTS,
      });
      const publicToken = `public-sandbox-${randomBytes(16).toString('hex')}`;
      publicTokens.set(publicToken, { itemId, expiresAt: Date.now() + 30 * 60 * 1000, used: false });
      return publicToken;
    },
    expirePublicToken(publicToken) {
      const t = publicTokens.get(publicToken);
      if (t) t.expiresAt = Date.now() - 1;
    },
    failNext(count, failure = 500) {
      failures = Array.from({ length: count }, () => failure);
    },
    reset() {
      requests.length = 0;
      linkTokens.clear();
      publicTokens.clear();
      accessTokens.clear();
      items.clear();
      failures = [];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
