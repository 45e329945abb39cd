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
