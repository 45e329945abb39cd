import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { addressLinks } from '../../db/schema.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const address = {
  line1: '12 Market St',
  line2: 'Suite 4',
  city: 'Portland',
  state: 'OR',
  postal_code: '97205',
  country: 'US',
};

describe('POST /api/organization/{org_id}/address', () => {
  it('saves the business address; the organization then has it and has_address', async () => {
    const s = await h.newOrgUser('Merchant');
    const res = await h.call('POST', `/api/organization/${s.orgId}/address`, { token: s.token, body: address });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'business', organization: { id: s.orgId }, address: { ...address } });
    const org = await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token });
    expect(org.body.has_address).toBe(true);
    expect(org.body.address).toMatchObject(address);
    const status = await h.call('GET', `/api/organization/${s.orgId}/onboarding/status`, { token: s.token });
    expect(status.body.has_address).toBe(true);
  });

  it('replaces the previous business address, also when two saves race', async () => {
    const s = await h.newOrgUser('Merchant');
    await h.call('POST', `/api/organization/${s.orgId}/address`, { token: s.token, body: address });
    const moved = { line1: '1 New Rd', city: 'Austin', state: 'tx', postal_code: '73301' };
    const res = await h.call('POST', `/api/organization/${s.orgId}/address`, { token: s.token, body: moved });
    expect(res.status).toBe(200);
    expect(res.body.address).toMatchObject({ line1: '1 New Rd', line2: null, state: 'TX', country: 'US' });
    expect((await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token })).body.address).toMatchObject({
      line1: '1 New Rd',
      city: 'Austin',
    });
    await Promise.all(
      ['A', 'B', 'C'].map((x) =>
        h.call('POST', `/api/organization/${s.orgId}/address`, {
          token: s.token,
          body: { ...address, line1: `${x} Street` },
        }),
      ),
    );
    const links = await h.testDb.database.db
      .select()
      .from(addressLinks)
      .where(and(eq(addressLinks.organizationId, s.orgId), eq(addressLinks.kind, 'business')));
    expect(links).toHaveLength(1);
  });

  it.each([
    [{ ...address, postal_code: '1234' }, 'postal_code'],
    [{ ...address, postal_code: '12345-6789' }, 'postal_code'],
    [{ ...address, postal_code: 'ABCDE' }, 'postal_code'],
    [{ ...address, state: 'Oregon' }, 'state'],
    [{ ...address, state: 'ZZ' }, 'state'],
    [{ ...address, line1: '  ' }, 'line1'],
    [{ ...address, city: undefined }, 'city'],
    [{ ...address, country: 'CA' }, 'country'],
    [{ ...address, phone: '555' }, 'phone'],
  ])('refuses %j with 400 naming %s and saves nothing', async (body, field) => {
    const s = await h.newOrgUser('Merchant');
    const res = await h.call('POST', `/api/organization/${s.orgId}/address`, { token: s.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect((await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token })).body.has_address).toBe(false);
  });
});

// ─── A buyer's saved shipping addresses (checkout step 1) ────────────────────────────
describe('POST /api/address/organization and GET /api/address/organization/{id}', () => {
  const shipTo = { first_name: 'Grace', last_name: 'Hopper', ...address };
  const save = (token: string | undefined, body: unknown) =>
    h.call('POST', '/api/address/organization', token ? { token, body } : { body });
  const list = (orgId: string, token?: string) =>
    h.call('GET', `/api/address/organization/${orgId}`, token ? { token } : {});

  it('saves a shipping address with its name; the list has it (not the business address)', async () => {
    const buyer = await h.newOrgUser('Buyer');
    expect((await list(buyer.orgId, buyer.token)).body).toEqual([]);
    const res = await save(buyer.token, { organization: { id: buyer.orgId }, address: { ...shipTo, state: 'or' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      address: { id: expect.any(String), ...shipTo, state: 'OR' },
      organization: { id: buyer.orgId },
      kind: 'shipping',
      is_default_shipping: false,
      is_default_billing: false,
    });
    // The business address of the same organization is not a saved shipping address.
    expect(
      (await h.call('POST', `/api/organization/${buyer.orgId}/address`, { token: buyer.token, body: address })).status,
    ).toBe(200);
    expect((await list(buyer.orgId, buyer.token)).body).toEqual([res.body]);
    // Saving one does not give the organization a business address.
    const other = await h.newOrgUser('Buyer');
    expect((await save(other.token, { organization: { id: other.orgId }, address })).status).toBe(200);
    expect((await h.call('GET', `/api/organization/${other.orgId}`, { token: other.token })).body.has_address).toBe(
      false,
    );
  });

  it('lists defaults first, then newest first; a new default takes the mark', async () => {
    const buyer = await h.newOrgUser('Buyer');
    const add = async (line1: string, defaults: Record<string, boolean> = {}) => {
      const res = await save(buyer.token, {
        organization: { id: buyer.orgId },
        address: { ...address, line1 },
        ...defaults,
      });
      expect(res.status).toBe(200);
      return res.body.address.line1 as string;
    };
    await add('1 First St', { is_default_shipping: true, is_default_billing: true });
    await add('2 Second St');
    await add('3 Third St', { is_default_shipping: true });
    const rows = (await list(buyer.orgId, buyer.token)).body as Array<Record<string, any>>;
    expect(rows.map((r) => [r.address.line1, r.is_default_shipping, r.is_default_billing])).toEqual([
      ['3 Third St', true, false],
      ['2 Second St', false, false],
      ['1 First St', false, true],
    ]);
  });

  it('keeps one card for one address: saved again (any case, outer spaces, at once) it is the saved one', async () => {
    const buyer = await h.newOrgUser('Buyer');
    const first = await save(buyer.token, { organization: { id: buyer.orgId }, address: shipTo });
    expect(first.status).toBe(200);
    const typedAgain = {
      ...shipTo,
      first_name: ' grace ',
      last_name: 'HOPPER',
      line1: shipTo.line1.toUpperCase(),
      city: ` ${shipTo.city.toLowerCase()}`,
    };
    const again = await save(buyer.token, { organization: { id: buyer.orgId }, address: typedAgain });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // Ten saves of another address racing: one new card.
    const other = { ...shipTo, line2: 'Suite 5' };
    const raced = await Promise.all(
      Array.from({ length: 10 }, () => save(buyer.token, { organization: { id: buyer.orgId }, address: other })),
    );
    expect(raced.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(raced.map((r) => r.body.id)).size).toBe(1);
    // Saved again as the default, the same card becomes the default.
    const asDefault = await save(buyer.token, {
      organization: { id: buyer.orgId },
      address: shipTo,
      is_default_shipping: true,
    });
    expect(asDefault.body.id).toBe(first.body.id);
    const rows = (await list(buyer.orgId, buyer.token)).body as Array<Record<string, any>>;
    expect(rows.map((r) => [r.id, r.is_default_shipping])).toEqual([
      [first.body.id, true],
      [raced[0]!.body.id, false],
    ]);
  });

  it.each([
    [{ ...shipTo, postal_code: '9720' }, 'address.postal_code'],
    [{ ...shipTo, postal_code: '97205-1234' }, 'address.postal_code'],
    [{ ...shipTo, state: 'Oregon' }, 'address.state'],
    [{ ...shipTo, line1: ' ' }, 'address.line1'],
    [{ ...shipTo, city: undefined }, 'address.city'],
    [{ ...shipTo, country: 'MX' }, 'address.country'],
  ])('refuses %j with 400 naming %s and saves nothing', async (bad, field) => {
    const buyer = await h.newOrgUser('Buyer');
    const res = await save(buyer.token, { organization: { id: buyer.orgId }, address: bad });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect((await list(buyer.orgId, buyer.token)).body).toEqual([]);
  });

  it('refuses a body without an organization (400 naming it)', async () => {
    const buyer = await h.newOrgUser('Buyer');
    const res = await save(buyer.token, { address: shipTo });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('organization');
  });

  it('keeps addresses to the organization’s members: anonymous 401, its seller and strangers 403', async () => {
    const buyer = await h.newOrgUser('Buyer');
    const seller = await h.newOrgUser('Merchant');
    const inv = await h.call('POST', '/api/invite/purchaser', {
      token: seller.token,
      body: { to_organization_id: seller.orgId, to_emails: [buyer.email] },
    });
    expect(
      (await h.call('POST', `/api/invite/purchaser/accept/${inv.body[0].id}`, { token: buyer.token })).status,
    ).toBe(200);
    expect((await save(buyer.token, { organization: { id: buyer.orgId }, address: shipTo })).status).toBe(200);
    const stranger = await h.newOrgUser('Buyer');

    expect((await list(buyer.orgId)).status).toBe(401);
    expect((await save(undefined, { organization: { id: buyer.orgId }, address: shipTo })).status).toBe(401);
    for (const who of [seller, stranger]) {
      const read = await list(buyer.orgId, who.token);
      expect(read.status).toBe(403);
      expect(JSON.stringify(read.body)).not.toContain('Hopper');
      expect((await save(who.token, { organization: { id: buyer.orgId }, address: shipTo })).status).toBe(403);
    }
    // The buyer cannot add addresses to its seller either.
    expect((await save(buyer.token, { organization: { id: seller.orgId }, address: shipTo })).status).toBe(403);
    expect((await list(buyer.orgId, buyer.token)).body).toHaveLength(1);
  });
});
