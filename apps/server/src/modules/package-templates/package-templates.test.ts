import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('package templates', () => {
  it('saves the default package (name defaults), updates it on a second save, and lists it', async () => {
    const s = await h.newOrgUser('Merchant');
    const units = (await h.call('GET', '/api/product/dimension_unit', { token: s.token })).body as {
      id: number;
      unit: string;
    }[];
    const inch = units.find((u) => u.unit === 'in')!;
    const cm = units.find((u) => u.unit === 'cm')!;
    const first = await h.call('POST', '/api/package_template', {
      token: s.token,
      body: { height: 10, width: 8.5, length: '12', dimension_unit: inch, organization_id: s.orgId },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      name: 'Default Package',
      height: 10,
      width: 8.5,
      length: 12,
      dimension_unit: { id: inch.id, unit: 'in' },
      organization_id: s.orgId,
    });

    // Same name again (the dialog saved twice): the template is updated, not duplicated. A bare id works too.
    const again = await h.call('POST', '/api/package_template', {
      token: s.token,
      body: {
        name: 'default package',
        height: 20,
        width: 15,
        length: 30,
        dimension_unit: cm.id,
        organization_id: s.orgId,
      },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      id: first.body.id,
      name: 'Default Package',
      height: 20,
      dimension_unit: { unit: 'cm' },
    });
    const big = await h.call('POST', '/api/package_template', {
      token: s.token,
      body: { name: 'Big box', height: 1, width: 1, length: 1, dimension_unit: 'ft', organization_id: s.orgId },
    });
    expect(big.status).toBe(200);

    const list = await h.call('GET', `/api/package_template/organization/${s.orgId}`, { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body.map((t: any) => [t.name, t.height, t.dimension_unit.unit])).toEqual([
      ['Default Package', 20, 'cm'],
      ['Big box', 1, 'ft'],
    ]);

    // Updating by id can rename, but not onto another template's name.
    const renamed = await h.call('POST', '/api/package_template', {
      token: s.token,
      body: {
        id: big.body.id,
        name: 'Large box',
        height: 2,
        width: 2,
        length: 2,
        dimension_unit: 'ft',
        organization_id: s.orgId,
      },
    });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Large box']);
    const clash = await h.call('POST', '/api/package_template', {
      token: s.token,
      body: {
        id: big.body.id,
        name: 'Default Package',
        height: 2,
        width: 2,
        length: 2,
        dimension_unit: 'ft',
        organization_id: s.orgId,
      },
    });
    expect(clash.status).toBe(409);
  });

  it.each([
    [{ height: 0 }, 'height'],
    [{ width: -3 }, 'width'],
    [{ length: undefined }, 'length'],
    [{ length: '' }, 'length'],
    [{ height: 'tall' }, 'height'],
    [{ dimension_unit: { id: 99 } }, 'dimension_unit'],
    [{ dimension_unit: 'yard' }, 'dimension_unit'],
    [{ dimension_unit: undefined }, 'dimension_unit'],
    [{ organization_id: 'nope' }, 'organization_id'],
    [{ weight: 3 }, 'weight'],
  ])('refuses %j with 400 naming %s', async (patch, field) => {
    const s = await h.newOrgUser('Merchant');
    const res = await h.call('POST', '/api/package_template', {
      token: s.token,
      body: { height: 10, width: 8, length: 12, dimension_unit: 'in', organization_id: s.orgId, ...patch },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toContain(field);
    expect((await h.call('GET', `/api/package_template/organization/${s.orgId}`, { token: s.token })).body).toEqual([]);
  });

});
