/**
 * Bank accounts for payouts through the built-in bank linking (spec section 7 "/api/plaid/...";
 * DECISIONS "Bank accounts screen", "The built-in bank linking accepts user_good / pass_good").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INVALID_BANK_CREDENTIALS_MESSAGE } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';
import { FAKE_PLAID_CLIENT_ID, FAKE_PLAID_SECRET, startFakePlaid } from '../../../test/support/fake-plaid.js';

let h: Harness;
type Org = TestUser & { orgId: string };

const PLATYPUS = 'ins_109508';
const TARTAN = 'ins_109511';

async function ok<T = any>(res: Promise<{ status: number; body: any }>): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`call failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

const linkToken = async (s: Org): Promise<string> =>
  (await ok(h.call('GET', `/api/plaid/link/token/create?organization_id=${s.orgId}`, { token: s.token }))).link_token;

const signIn = (s: Org, link: string, institution = PLATYPUS, username = 'user_good', password = 'pass_good') =>
  h.call('POST', '/api/plaid/builtin/link/credentials', {
    token: s.token,
    body: { link_token: link, institution_id: institution, username, password },
  });

const choose = (s: Org, link: string, accountIds: string[]) =>
  h.call('POST', '/api/plaid/builtin/link/accounts', { token: s.token, body: { link_token: link, account_ids: accountIds } });

/** The whole widget: a link token, sign in, pick accounts (all, or the first `pick`) → the public token. */
async function linkBank(s: Org, institution = PLATYPUS, pick?: number): Promise<string> {
  const link = await linkToken(s);
  const signedIn = await ok(signIn(s, link, institution));
  const ids = signedIn.accounts.map((a: { id: string }) => a.id).slice(0, pick ?? signedIn.accounts.length);
  return (await ok(choose(s, link, ids))).public_token;
}

const exchange = (s: Org, publicToken: string, orgId = s.orgId) =>
  h.call('POST', '/api/plaid/item/public_token/exchange', {
    token: s.token,
    body: { public_token: publicToken, organization_id: orgId },
  });

const accountsOf = (s: Org) => ok<any[]>(h.call('GET', `/api/plaid/accounts?organization_id=${s.orgId}`, { token: s.token }));

const summary = (list: any[]) => list.map((a) => `${a.name} ${a.subtype} ${a.mask}${a.is_default ? ' (default)' : ''}`);

/** Moves every token of the built-in provider to the past (the 30 minutes went by). */
async function expireEverything() {
  const db = h.testDb.database.db;
  await db.execute(sql`update builtin_bank_link_tokens set expires_at = now() - interval '1 minute'`);
  await db.execute(sql`update builtin_bank_public_tokens set expires_at = now() - interval '1 minute'`);
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('bank accounts', () => {
  it('starts empty, links a bank through the built-in widget and makes the first account the default', async () => {
    const s = await h.newOrgUser('Merchant');
    expect(await accountsOf(s)).toEqual([]);

    const token = await ok(h.call('GET', `/api/plaid/link/token/create?organization_id=${s.orgId}`, { token: s.token }));
    expect(token.link_token).toMatch(/^link-builtin-[0-9a-f]{48}$/);
    expect(token.provider).toBe('builtin');
    const minutes = (Date.parse(token.expiration) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(25);
    expect(minutes).toBeLessThanOrEqual(30);

    const session = await ok(h.call('POST', '/api/plaid/builtin/link/session', { token: s.token, body: { link_token: token.link_token } }));
    expect(session.client_name).toBe('Cratebase');
    expect(session.institutions.map((i: { name: string }) => i.name)).toEqual([
      'First Platypus Bank',
      'Tartan Bank',
      'Houndstooth Bank',
    ]);

    const signedIn = await ok(signIn(s, token.link_token));
    expect(signedIn.institution).toEqual({ institution_id: PLATYPUS, name: 'First Platypus Bank' });
    expect(signedIn.accounts.map((a: any) => [a.name, a.type, a.subtype, a.mask])).toEqual([
      ['Platypus Business Checking', 'depository', 'checking', '0000'],
      ['Platypus Business Savings', 'depository', 'savings', '1111'],
    ]);
    const picked = await ok(choose(s, token.link_token, signedIn.accounts.map((a: any) => a.id)));
    expect(picked.public_token).toMatch(/^public-builtin-/);
    expect(picked.accounts).toHaveLength(2);
    // Nothing is ours until the public token is exchanged.
    expect(await accountsOf(s)).toEqual([]);

    const linked = await ok(exchange(s, picked.public_token));
    expect(summary(linked)).toEqual(['Platypus Business Checking checking 0000 (default)', 'Platypus Business Savings savings 1111']);
    expect(linked[0]).toMatchObject({ type: 'depository', institution_name: 'First Platypus Bank', default: true });
    expect(await accountsOf(s)).toEqual(linked);
  });

  it('refuses a wrong username or password with the bank’s message, and signs in after', async () => {
    const s = await h.newOrgUser('Merchant');
    const link = await linkToken(s);
    for (const [user, pass] of [
      ['user_good', 'pass_bad'],
      ['user_bad', 'pass_good'],
      ['USER_GOOD', 'PASS_GOOD'],
    ]) {
      const res = await signIn(s, link, TARTAN, user, pass);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'invalid_credentials',
        message: INVALID_BANK_CREDENTIALS_MESSAGE,
        issues: [{ path: 'password' }],
      });
    }
    // A failed sign-in leaves nothing to pick from.
    const early = await choose(s, link, ['acc-anything']);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: 'not_signed_in', issues: [{ path: 'link_token' }] });

    const unknownBank = await signIn(s, link, 'ins_nope');
    expect(unknownBank.status).toBe(400);
    expect(unknownBank.body.issues).toEqual([{ path: 'institution_id', message: 'is not a test institution.' }]);

    const signedIn = await ok(signIn(s, link, TARTAN));
    expect(signedIn.institution.name).toBe('Tartan Bank');
    // Another session's account id is not one of this bank's.
    const foreign = await choose(s, link, ['acc-000000000000000000000000']);
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues[0].path).toBe('account_ids');
    const picked = await ok(choose(s, link, [signedIn.accounts[1].id]));
    expect(summary(await ok(exchange(s, picked.public_token)))).toEqual(['Tartan High-Yield Savings savings 3333 (default)']);
  });

  it('uses a link token once: after the public token, the session cannot be used again', async () => {
    const s = await h.newOrgUser('Merchant');
    const link = await linkToken(s);
    const signedIn = await ok(signIn(s, link));
    await ok(choose(s, link, [signedIn.accounts[0].id]));
    for (const res of [await choose(s, link, [signedIn.accounts[1].id]), await signIn(s, link)]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'token_used', issues: [{ path: 'link_token' }] });
    }
    const bogus = await h.call('POST', '/api/plaid/builtin/link/session', { token: s.token, body: { link_token: 'link-builtin-nope' } });
    expect(bogus.status).toBe(404);
  });

  it('refuses a public token used twice, and a second concurrent exchange: one item, nothing doubled', async () => {
    const s = await h.newOrgUser('Merchant');
    const publicToken = await linkBank(s);
    const [a, b] = await Promise.all([exchange(s, publicToken), exchange(s, publicToken)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toMatchObject({
      error: 'token_used',
      message: 'public_token: has already been used.',
      issues: [{ path: 'public_token', message: 'has already been used.' }],
    });
    const again = await exchange(s, publicToken);
    expect(again.status).toBe(409);
    const list = await accountsOf(s);
    expect(summary(list)).toEqual(['Platypus Business Checking checking 0000 (default)', 'Platypus Business Savings savings 1111']);
  });

  it('refuses expired link and public tokens, changing nothing', async () => {
    const s = await h.newOrgUser('Merchant');
    const publicToken = await linkBank(s);
    const link = await linkToken(s);
    await expireEverything();

    const late = await exchange(s, publicToken);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'token_expired', issues: [{ path: 'public_token' }] });
    for (const res of [
      await h.call('POST', '/api/plaid/builtin/link/session', { token: s.token, body: { link_token: link } }),
      await signIn(s, link),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'token_expired', issues: [{ path: 'link_token' }] });
    }
    expect(await accountsOf(s)).toEqual([]);
    // Expired is expired: the refused exchange did not use the token up either.
    expect((await exchange(s, publicToken)).body.error).toBe('token_expired');
  });

  it('binds tokens to their organization: another organization gets 403/404, and its own tokens do not fit', async () => {
    const s = await h.newOrgUser('Merchant');
    const other = await h.newOrgUser('Merchant');
    await ok(exchange(s, await linkBank(s)));
    const mine = await accountsOf(s);
    const link = await linkToken(s);
    const publicToken = await linkBank(s, TARTAN);

    expect((await h.call('GET', `/api/plaid/accounts?organization_id=${s.orgId}`, { token: other.token })).status).toBe(403);
    expect((await h.call('GET', `/api/plaid/link/token/create?organization_id=${s.orgId}`, { token: other.token })).status).toBe(403);
    expect((await exchange(other, publicToken, s.orgId)).status).toBe(403);
    expect((await h.call('POST', `/api/plaid/accounts/${mine[1].id}/default`, { token: other.token })).status).toBe(404);
    expect((await signIn(other, link)).status).toBe(404);
    expect((await h.call('POST', '/api/plaid/builtin/link/session', { token: other.token, body: { link_token: link } })).status).toBe(404);

    // s's public token exchanged for the other organization (its own member asking): not valid there.
    const crossed = await exchange(other, publicToken);
    expect(crossed.status).toBe(400);
    expect(crossed.body).toMatchObject({ error: 'invalid_token', issues: [{ path: 'public_token' }] });
    expect(await accountsOf(other)).toEqual([]);
    expect(await accountsOf(s)).toEqual(mine);
    // …and it still works for s.
    expect(summary(await ok(exchange(s, publicToken)))).toHaveLength(4);

    const anonymous = await h.call('GET', `/api/plaid/accounts?organization_id=${s.orgId}`);
    expect(anonymous.status).toBe(401);
  });

  it('switches the default: one default at a time, also under concurrent switches', async () => {
    const s = await h.newOrgUser('Merchant');
    await ok(exchange(s, await linkBank(s)));
    await ok(exchange(s, await linkBank(s, TARTAN)));
    const list = await accountsOf(s);
    expect(list.filter((a) => a.is_default).map((a) => a.name)).toEqual(['Platypus Business Checking']);

    const switched = await ok<any[]>(h.call('POST', `/api/plaid/accounts/${list[3].id}/default`, { token: s.token }));
    expect(switched.filter((a) => a.is_default).map((a) => a.name)).toEqual(['Tartan High-Yield Savings']);
    expect(switched.map((a) => a.id)).toEqual(list.map((a) => a.id));

    const results = await Promise.all(
      list.map((a) => h.call('POST', `/api/plaid/accounts/${a.id}/default`, { token: s.token })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const after = await accountsOf(s);
    expect(after.filter((a) => a.is_default)).toHaveLength(1);

    const missing = await h.call('POST', '/api/plaid/accounts/00000000-0000-4000-8000-000000000000/default', { token: s.token });
    expect(missing.status).toBe(404);
  });

  it('keeps one default when two banks are linked at the same time, and does not double a bank linked again', async () => {
    const s = await h.newOrgUser('Merchant');
    const [p1, p2] = [await linkBank(s), await linkBank(s, TARTAN)];
    const [a, b] = await Promise.all([exchange(s, p1), exchange(s, p2)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const list = await accountsOf(s);
    expect(list).toHaveLength(4);
    expect(list.filter((x) => x.is_default)).toHaveLength(1);

    // The same bank again: the accounts are refreshed, not added twice; the default stays.
    const again = await ok<any[]>(exchange(s, await linkBank(s, PLATYPUS, 1)));
    expect(again.map((x) => x.id)).toEqual(list.map((x) => x.id));
    expect(again.filter((x) => x.is_default).map((x) => x.id)).toEqual(list.filter((x) => x.is_default).map((x) => x.id));
  });

  it('validates the requests, naming the field', async () => {
    const s = await h.newOrgUser('Merchant');
    const noOrg = await h.call('GET', '/api/plaid/accounts', { token: s.token });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.issues[0].path).toBe('organization_id');
    const noToken = await h.call('POST', '/api/plaid/item/public_token/exchange', {
      token: s.token,
      body: { organization_id: s.orgId },
    });
    expect(noToken.status).toBe(400);
    expect(noToken.body.issues[0].path).toBe('public_token');
    const bogus = await exchange(s, 'public-builtin-unknown');
    expect(bogus.status).toBe(400);
    expect(bogus.body).toMatchObject({ error: 'invalid_token', issues: [{ path: 'public_token' }] });
    const link = await linkToken(s);
    const none = await choose(s, link, []);
    expect(none.status).toBe(400);
    expect(none.body.issues[0].path).toBe('account_ids');
  });
});

describe('bank accounts through Plaid (PLAID_CLIENT_ID and PLAID_SECRET set)', () => {
  it('hands out Plaid’s link token and records the accounts of the exchanged item; the built-in widget is not there', async () => {
    const fake = await startFakePlaid();
    const plaid = await createHarness(
      { PLAID_CLIENT_ID: FAKE_PLAID_CLIENT_ID, PLAID_SECRET: FAKE_PLAID_SECRET, PLAID_API_URL: fake.url },
      { testDb: h.testDb },
    );
    try {
      const s = await plaid.newOrgUser('Merchant');
      const token = await ok(plaid.call('GET', `/api/plaid/link/token/create?organization_id=${s.orgId}`, { token: s.token }));
      expect(token).toMatchObject({ provider: 'plaid', link_token: expect.stringMatching(/^link-sandbox-/) });
      expect((fake.linkTokens.get(token.link_token)!.user as { client_user_id: string }).client_user_id).toBe(s.orgId);

      const publicToken = fake.completeLink(token.link_token);
      const body = { public_token: publicToken, organization_id: s.orgId };
      const linked = await ok<any[]>(plaid.call('POST', '/api/plaid/item/public_token/exchange', { token: s.token, body }));
      expect(summary(linked)).toEqual(['Plaid Checking checking 0000 (default)', 'Plaid Saving savings 1111']);
      expect(linked[0].institution_name).toBe('First Platypus Bank');

      const reused = await plaid.call('POST', '/api/plaid/item/public_token/exchange', { token: s.token, body });
      expect(reused.status).toBe(400);
      expect(reused.body.issues).toEqual([{ path: 'public_token', message: expect.stringContaining('already been used') }]);

      const builtin = await plaid.call('POST', '/api/plaid/builtin/link/session', { token: s.token, body: { link_token: token.link_token } });
      expect(builtin.status).toBe(404);

      fake.failNext(1, 503);
      const down = await plaid.call('GET', `/api/plaid/link/token/create?organization_id=${s.orgId}`, { token: s.token });
      expect(down.status).toBe(503);
    } finally {
      await plaid.app.close();
      await fake.close();
    }
  });
});
