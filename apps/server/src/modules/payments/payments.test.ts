import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';

let h: Harness;
type Org = TestUser & { orgId: string };

const base = (orgId: string) => `/api/stripe/organization/${orgId}`;

/** A complete onboarding form (without the client secret). */
const form = {
  legal_name: 'Hot Sauce Co LLC',
  ein: '12-3456789',
  line1: '1 Main St',
  line2: 'Suite 5',
  city: 'Austin',
  state: 'tx',
  postal_code: '78701',
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1985-12-10',
  routing_number: '021000021',
  account_number: '000123456789',
};

async function ok<T = any>(res: Promise<{ status: number; body: any }>): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`call failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

/** Get Started, then a client secret for the embedded form: what the page does. */
async function startOnboarding(s: Org): Promise<{ account: string; secret: string }> {
  const { account } = await ok(h.call('POST', `${base(s.orgId)}/create-connect-account`, { token: s.token }));
  const { client_secret } = await ok(
    h.call('POST', `${base(s.orgId)}/refresh-connect-account`, { token: s.token, body: { account } }),
  );
  return { account, secret: client_secret };
}

const statusOf = (s: Org) => ok(h.call('GET', `${base(s.orgId)}/account-status`, { token: s.token }));
const organizationOf = (s: Org) => ok(h.call('GET', `/api/organization/${s.orgId}`, { token: s.token }));
const onboardingStatusOf = (s: Org) =>
  ok(h.call('GET', `/api/organization/${s.orgId}/onboarding/status`, { token: s.token }));

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('seller payment set-up', () => {
  it('has no account before Get Started: account_id null, both flags false, payments not active', async () => {
    const s = await h.newOrgUser('Merchant');
    expect(await statusOf(s)).toEqual({ account_id: null, details_submitted: false, charges_enabled: false });
    const o = await organizationOf(s);
    expect(o).toMatchObject({ stripe_connect_status: null, has_stripe_connect: false, has_payment_info: false });
  });

  it('creates one account per organization, however often (and however concurrently) Get Started is pressed', async () => {
    const s = await h.newOrgUser('Merchant');
    const [a, b] = await Promise.all([
      ok(h.call('POST', `${base(s.orgId)}/create-connect-account`, { token: s.token })),
      ok(h.call('POST', `${base(s.orgId)}/create-connect-account`, { token: s.token })),
    ]);
    expect(a.account).toMatch(/^acct_[0-9a-f]{24}$/);
    expect(b.account).toBe(a.account);
    const again = await ok(
      h.call('POST', `${base(s.orgId)}/create-connect-account`, {
        token: s.token,
        headers: { 'content-type': 'application/json' },
        body: '',
      }),
    );
    expect(again.account).toBe(a.account);
    expect(await statusOf(s)).toEqual({ account_id: a.account, details_submitted: false, charges_enabled: false });
    expect((await organizationOf(s)).stripe_connect_status).toBe('onboarding');

    const other = await h.newOrgUser('Merchant');
    const theirs = await ok(h.call('POST', `${base(other.orgId)}/create-connect-account`, { token: other.token }));
    expect(theirs.account).not.toBe(a.account);
  });

  it('gives a client secret only for the organization’s own account', async () => {
    const s = await h.newOrgUser('Merchant');
    const other = await h.newOrgUser('Merchant');
    const theirs = await startOnboarding(other);
    const before = await h.call('POST', `${base(s.orgId)}/refresh-connect-account`, {
      token: s.token,
      body: { account: theirs.account },
    });
    expect(before.status).toBe(404);
    expect(before.body.issues).toEqual([{ path: 'account', message: 'is not this organization’s payment account' }]);

    const mine = await startOnboarding(s);
    expect(mine.secret).toMatch(/^accs_secret_/);
    const foreign = await h.call('POST', `${base(s.orgId)}/refresh-connect-account`, {
      token: s.token,
      body: { account: theirs.account },
    });
    expect(foreign.status).toBe(404);
    const missing = await h.call('POST', `${base(s.orgId)}/refresh-connect-account`, { token: s.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe('account');

    // Another organization's secret does not open this account's form.
    const res = await h.call('POST', `${base(s.orgId)}/onboarding`, {
      token: s.token,
      body: { ...form, client_secret: theirs.secret },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_session', issues: [{ path: 'client_secret' }] });
    expect(await statusOf(s)).toMatchObject({ details_submitted: false, charges_enabled: false });
  });

  it('refuses the form before Get Started', async () => {
    const s = await h.newOrgUser('Merchant');
    const res = await h.call('POST', `${base(s.orgId)}/onboarding`, {
      token: s.token,
      body: { ...form, client_secret: 'x' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Get Started/);
  });

  it.each([
    ['legal_name', '   ', 'is required'],
    ['ein', '12-34567', 'must be 9 digits, such as 12-3456789'],
    ['ein', '12345678a', 'must be 9 digits, such as 12-3456789'],
    ['line1', '', 'is required'],
    ['city', '', 'is required'],
    ['state', 'ZZ', 'must be a two-letter US state code such as CA'],
    ['postal_code', '7870', 'must be exactly 5 digits'],
    ['first_name', '', 'is required'],
    ['last_name', '', 'is required'],
    ['date_of_birth', '1990-02-30', 'must be a real date (YYYY-MM-DD)'],
    ['date_of_birth', '31/01/1990', 'must be a real date (YYYY-MM-DD)'],
    ['routing_number', '021000022', 'is not a valid ABA routing number (check the 9 digits)'],
    ['routing_number', '02100002', 'must be 9 digits'],
    ['account_number', '123', 'must be 4 to 17 digits'],
    ['account_number', '123456789012345678', 'must be 4 to 17 digits'],
  ])('refuses %s %j field by field, leaving the account as it was', async (field, value, message) => {
    const s = await h.newOrgUser('Merchant');
    const { secret } = await startOnboarding(s);
    const res = await h.call('POST', `${base(s.orgId)}/onboarding`, {
      token: s.token,
      body: { ...form, [field]: value, client_secret: secret },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: field, message }]);
    expect(res.body.message).toBe(`${field}: ${message}`);
    expect(await statusOf(s)).toMatchObject({ details_submitted: false, charges_enabled: false });
  });

  it('refuses a representative younger than 18 and names every missing field', async () => {
    const s = await h.newOrgUser('Merchant');
    const { secret } = await startOnboarding(s);
    const now = new Date();
    const seventeen = `${now.getUTCFullYear() - 17}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
    const young = await h.call('POST', `${base(s.orgId)}/onboarding`, {
      token: s.token,
      body: { ...form, date_of_birth: seventeen, client_secret: secret },
    });
    expect(young.status).toBe(400);
    expect(young.body.issues).toEqual([
      { path: 'date_of_birth', message: 'must show the representative is at least 18' },
    ]);

    const empty = await h.call('POST', `${base(s.orgId)}/onboarding`, {
      token: s.token,
      body: { client_secret: secret },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(
      [
        'account_number',
        'city',
        'date_of_birth',
        'ein',
        'first_name',
        'last_name',
        'legal_name',
        'line1',
        'postal_code',
        'routing_number',
        'state',
      ].sort(),
    );
  });

  it('keeps the test EIN 000000000 under review: details submitted, charges not enabled, payments not active', async () => {
    const s = await h.newOrgUser('Merchant');
    const { account, secret } = await startOnboarding(s);
    const res = await h.call('POST', `${base(s.orgId)}/onboarding`, {
      token: s.token,
      body: { ...form, ein: '000000000', client_secret: secret },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ account_id: account, details_submitted: true, charges_enabled: false });
    expect(await statusOf(s)).toEqual({ account_id: account, details_submitted: true, charges_enabled: false });
    expect(await organizationOf(s)).toMatchObject({
      stripe_connect_status: 'pending_review',
      has_stripe_connect: false,
      has_payment_info: false,
    });
    expect((await onboardingStatusOf(s)).has_payment_info).toBe(false);
  });

  it('enables charges for any other valid EIN (12-3456789 form), and the organization’s set-up flags follow', async () => {
    const s = await h.newOrgUser('Merchant');
    const { account, secret } = await startOnboarding(s);
    expect((await onboardingStatusOf(s)).has_payment_info).toBe(false);
    const res = await h.call('POST', `${base(s.orgId)}/onboarding`, {
      token: s.token,
      body: { ...form, client_secret: secret },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ account_id: account, details_submitted: true, charges_enabled: true });
    expect(await statusOf(s)).toEqual({ account_id: account, details_submitted: true, charges_enabled: true });
    expect(await organizationOf(s)).toMatchObject({
      stripe_connect_status: 'active',
      has_stripe_connect: true,
      has_payment_info: true,
    });
    expect((await onboardingStatusOf(s)).has_payment_info).toBe(true);
    // Get Started again (a second tab) changes nothing.
    const again = await ok(h.call('POST', `${base(s.orgId)}/create-connect-account`, { token: s.token }));
    expect(again.account).toBe(account);
    expect((await statusOf(s)).charges_enabled).toBe(true);

    // Stored like a payments company stores it: the EIN and bank account by their last four digits only.
    const stored = await h.testDb.database.db.execute<Record<string, string | null>>(
      sql`select * from builtin_payment_accounts where id = ${account}`,
    );
    const row = stored.rows[0]!;
    expect(row).toMatchObject({
      legal_name: 'Hot Sauce Co LLC',
      tax_id_last4: '6789',
      state: 'TX',
      routing_number: '021000021',
      bank_account_last4: '6789',
      representative_last_name: 'Lovelace',
    });
    expect(JSON.stringify(row)).not.toContain('123456789');
  });

  it('refuses an expired client secret; a fresh one works', async () => {
    const s = await h.newOrgUser('Merchant');
    const { account, secret } = await startOnboarding(s);
    await h.testDb.database.db.execute(
      sql`update builtin_account_sessions set expires_at = now() - interval '1 minute' where account_id = ${account}`,
    );
    const expired = await h.call('POST', `${base(s.orgId)}/onboarding`, {
      token: s.token,
      body: { ...form, client_secret: secret },
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      error: 'session_expired',
      issues: [{ path: 'client_secret', message: 'has expired' }],
    });
    const fresh = await ok(
      h.call('POST', `${base(s.orgId)}/refresh-connect-account`, { token: s.token, body: { account } }),
    );
    expect(fresh.client_secret).not.toBe(secret);
    const res = await h.call('POST', `${base(s.orgId)}/onboarding`, {
      token: s.token,
      body: { ...form, client_secret: fresh.client_secret },
    });
    expect(res.status).toBe(200);
    expect(res.body.charges_enabled).toBe(true);
  });

  it('lets only the organization’s members in: not a stranger, not its purchaser, not an anonymous caller', async () => {
    const s = await h.newOrgUser('Merchant');
    const { account, secret } = await startOnboarding(s);
    const stranger = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const invites = await ok(
      h.call('POST', '/api/invite/purchaser', {
        token: s.token,
        body: { to_organization_id: s.orgId, to_emails: [buyer.email] },
      }),
    );
    await ok(h.call('POST', `/api/invite/purchaser/accept/${invites[0].id}`, { token: buyer.token, body: {} }));

    const calls: Array<[string, string, unknown]> = [
      ['POST', 'create-connect-account', undefined],
      ['POST', 'refresh-connect-account', { account }],
      ['GET', 'account-status', undefined],
      ['POST', 'onboarding', { ...form, client_secret: secret }],
    ];
    for (const [method, path, body] of calls) {
      for (const caller of [stranger, buyer]) {
        const res = await h.call(method as 'GET', `${base(s.orgId)}/${path}`, { token: caller.token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain(account);
      }
      const anonymous = await h.call(method as 'GET', `${base(s.orgId)}/${path}`, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect(await statusOf(s)).toEqual({ account_id: account, details_submitted: false, charges_enabled: false });
  });
});
