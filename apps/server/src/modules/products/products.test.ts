import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER, ProductList } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';
import { carts, lineItems, purchasingRelationships } from '../../db/schema.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';

let h: Harness;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-products-test-'));
  h = await createHarness({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Seller = TestUser & { orgId: string };

async function uploadPhoto(s: Seller, width = 400, height = width): Promise<{ id: string; cloudinary_url: string }> {
  const mp = multipartBody([{ filename: 'p.png', contentType: 'image/png', data: await makeImage(width, height) }]);
  const res = await h.call('POST', `/api/media/${s.orgId}/upload`, {
    token: s.token,
    body: mp.body,
    headers: mp.headers,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function lookup(token: string, list: string) {
  const res = await h.call('GET', `/api/product/${list}`, { token });
  return res.body as { id: number; unit?: string; state?: string }[];
}

async function putProduct(s: Seller, body: Record<string, unknown>) {
  return h.call('PUT', '/api/product', { token: s.token, body: { organization: { id: s.orgId }, ...body } });
}

async function createProduct(s: Seller, body: Record<string, unknown> = {}) {
  const res = await putProduct(s, { name: `Product ${randomUUID().slice(0, 8)}`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('lookup lists', () => {
  it('lists states and units for any signed-in caller, cacheable; 401 without a token', async () => {
    const u = await h.newUser();
    const states = await h.call('GET', '/api/product/state', { token: u.token });
    expect(states.status).toBe(200);
    expect(states.headers['cache-control']).toBe('private, max-age=3600');
    expect(states.body.map((s: { state: string }) => s.state)).toEqual(['Draft', 'Live', 'Archived']);
    expect((await lookup(u.token, 'order_unit')).map((x) => x.unit)).toEqual(['Each', 'Case', 'Pack', 'Box', 'Dozen']);
    expect((await lookup(u.token, 'weight_unit')).map((x) => x.unit)).toEqual(['lb', 'oz', 'kg', 'g']);
    expect((await lookup(u.token, 'dimension_unit')).map((x) => x.unit)).toEqual(['ft', 'in', 'cm', 'm']);
    for (const l of ['state', 'order_unit', 'weight_unit', 'dimension_unit']) {
      expect((await h.call('GET', `/api/product/${l}`)).status).toBe(401);
    }
    // A signed-in caller who has not created the user row yet can read them too.
    const fresh = await h.token({ sub: randomUUID(), email: 'fresh@example.com' });
    expect((await h.call('GET', '/api/product/order_unit', { token: fresh })).status).toBe(200);
  });
});

describe('PUT /api/product', () => {
  it('creates a full product with photos in order, then updates it', async () => {
    const s = await h.newOrgUser('Merchant');
    const [a, b, c] = [await uploadPhoto(s), await uploadPhoto(s), await uploadPhoto(s)];
    const states = await lookup(s.token, 'state');
    const units = await lookup(s.token, 'order_unit');
    const live = states.find((x) => x.state === 'Live')!;
    const kase = units.find((x) => x.unit === 'Case')!;
    const lb = (await lookup(s.token, 'weight_unit')).find((x) => x.unit === 'lb')!;
    const inch = (await lookup(s.token, 'dimension_unit')).find((x) => x.unit === 'in')!;

    const res = await putProduct(s, {
      name: '  Habanero Hot Sauce  ',
      description: 'Small batch.\nAged 6 months.',
      order_unit: kase,
      quantity_per_unit: 12,
      state: { id: live.id, state: 'Live' },
      unit_price_in_cents: 4800,
      msrp_in_cents: 799,
      stock_keeping_unit: 'HAB-12',
      universal_product_code: '012345678905',
      tags: ['hot', 'sauce', 'hot'],
      inventory_count: 999,
      media: [
        { display_order: 2, media: { id: a.id } },
        { display_order: 0, media: { id: b.id, cloudinary_url: b.cloudinary_url } },
        { display_order: 1, media: { id: c.id } },
      ],
      product_physical_measurements: {
        weight: 6.5,
        weight_unit: lb,
        length: '10',
        width: 8,
        height: 4.25,
        dimension_unit: { id: inch.id },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body;
    expect(p).toMatchObject({
      name: 'Habanero Hot Sauce',
      description: 'Small batch.\nAged 6 months.',
      order_unit: { id: kase.id, unit: 'Case' },
      quantity_per_unit: 12,
      state: { id: live.id, state: 'Live' },
      unit_price_in_cents: 4800,
      msrp_in_cents: 799,
      stock_keeping_unit: 'HAB-12',
      minimum_order_quantity: 1,
      universal_product_code: '012345678905',
      inventory_count: 0,
      organization: { id: s.orgId },
      tags: ['hot', 'sauce'],
      deleted_at: null,
      product_physical_measurements: {
        weight: 6.5,
        weight_unit: { id: lb.id, unit: 'lb' },
        length: 10,
        width: 8,
        height: 4.25,
        dimension_unit: { id: inch.id, unit: 'in' },
      },
    });
    expect(p.media.map((m: any) => [m.display_order, m.media.id, m.product_id])).toEqual([
      [0, b.id, p.id],
      [1, c.id, p.id],
      [2, a.id, p.id],
    ]);
    expect(p.media[0].media.cloudinary_url).toBe(b.cloudinary_url);
    expect(p.media[0].media.variants['200']).toMatch(/\/w200\.webp$/);

    // Update: rename, reorder photos (drop one), clear the description; other fields stay.
    const upd = await putProduct(s, {
      id: p.id,
      name: 'Habanero Sauce',
      description: null,
      media: [{ media: { id: a.id } }, { media: { id: b.id } }],
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      id: p.id,
      name: 'Habanero Sauce',
      description: null,
      unit_price_in_cents: 4800,
      stock_keeping_unit: 'HAB-12',
      state: { state: 'Live' },
    });
    expect(upd.body.media.map((m: any) => m.media.id)).toEqual([a.id, b.id]);

    // The spec's client sends back the whole product it read.
    const roundTrip = await h.call('PUT', '/api/product', {
      token: s.token,
      body: { ...upd.body, msrp_in_cents: 899 },
    });
    expect(roundTrip.status, JSON.stringify(roundTrip.body)).toBe(200);
    expect(roundTrip.body).toMatchObject({ msrp_in_cents: 899, name: 'Habanero Sauce' });
    expect(roundTrip.body.media.map((m: any) => m.media.id)).toEqual([a.id, b.id]);

    const got = await h.call('GET', `/api/product/${p.id}`, { token: s.token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(roundTrip.body);
    const org = await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token });
    expect(org.body.product_count).toBe(1);
  });

  it('defaults a new product to Draft with minimum order quantity 1, and accepts unit names', async () => {
    const s = await h.newOrgUser('Merchant');
    const p = await createProduct(s, {
      name: 'Plain',
      order_unit: 'dozen',
      product_physical_measurements: { weight: 2, weight_unit: 'KG' },
    });
    expect(p.state.state).toBe('Draft');
    expect(p.minimum_order_quantity).toBe(1);
    expect(p.order_unit.unit).toBe('Dozen');
    expect(p.product_physical_measurements.weight_unit.unit).toBe('kg');
    expect(p.media).toEqual([]);
    expect(p.tags).toEqual([]);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: undefined }, 'name'],
    [{ unit_price_in_cents: -1 }, 'unit_price_in_cents'],
    [{ unit_price_in_cents: 12.5 }, 'unit_price_in_cents'],
    [{ msrp_in_cents: '799' }, 'msrp_in_cents'],
    [{ order_unit: { id: 999 } }, 'order_unit'],
    [{ order_unit: 'Pallet' }, 'order_unit'],
    [{ state: { id: 77 } }, 'state'],
    [
      { product_physical_measurements: { weight: 1, weight_unit: { id: 55 } } },
      'product_physical_measurements.weight_unit',
    ],
    [{ product_physical_measurements: { weight: -1 } }, 'product_physical_measurements.weight'],
    [{ product_physical_measurements: { length: 'long' } }, 'product_physical_measurements.length'],
    [{ quantity_per_unit: 0 }, 'quantity_per_unit'],
    [{ minimum_order_quantity: 0 }, 'minimum_order_quantity'],
    [{ universal_product_code: '12AB' }, 'universal_product_code'],
    [{ organization: undefined }, 'organization'],
    [{ media: [{ media: { id: 'nope' } }] }, 'media.0.media.id'],
    [{ colour: 'red' }, 'colour'],
  ])('refuses %j with 400 naming %s and saves nothing', async (patch, field) => {
    const s = await h.newOrgUser('Merchant');
    const res = await putProduct(s, { name: 'Valid', ...patch });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toContain(field);
    const list = await h.call('GET', `/api/product/organization/${s.orgId}`, { token: s.token });
    expect(list.body).toEqual([]);
  });

  it('updates only the fields sent: an update may leave out even the name; a creation needs one', async () => {
    const s = await h.newOrgUser('Merchant');
    const p = await createProduct(s, {
      name: 'Chipotle Sauce',
      tags: ['spicy'],
      product_physical_measurements: { length: 10, width: 8, height: 6, dimension_unit: 'in' },
    });
    const res = await putProduct(s, { id: p.id, stock_keeping_unit: 'HS-2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Chipotle Sauce',
      stock_keeping_unit: 'HS-2',
      tags: ['spicy'],
      product_physical_measurements: { length: 10, width: 8, height: 6, dimension_unit: { unit: 'in' } },
    });
    const nameless = await putProduct(s, { stock_keeping_unit: 'HS-3' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.issues).toEqual([{ path: 'name', message: 'is required' }]);
  });

  it('refuses photos of another organization, unknown or non-square photos, and the same photo twice', async () => {
    const s = await h.newOrgUser('Merchant');
    const other = await h.newOrgUser('Merchant');
    const theirs = await uploadPhoto(other);
    const wide = await uploadPhoto(s, 600, 300);
    const mine = await uploadPhoto(s);
    for (const [media, field, text] of [
      [[{ media: { id: mine.id } }, { media: { id: theirs.id } }], 'media.1.media.id', 'no image with this id'],
      [[{ media: { id: randomUUID() } }], 'media.0.media.id', 'no image with this id'],
      [[{ media: { id: wide.id } }], 'media.0.media.id', 'The product photo must be square (got 600×300)'],
      [[{ media: { id: mine.id } }, { media: { id: mine.id } }], 'media.1.media.id', 'listed twice'],
    ] as const) {
      const res = await putProduct(s, { name: 'With photos', media });
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toBe(field);
      expect(res.body.message).toContain(text);
    }
    expect((await h.call('GET', `/api/product/organization/${s.orgId}`, { token: s.token })).body).toEqual([]);
  });

  it('answers 409 for a SKU another live product uses, and frees the SKU when that product is deleted', async () => {
    const s = await h.newOrgUser('Merchant');
    const first = await createProduct(s, { stock_keeping_unit: 'SKU-1' });
    const dup = await putProduct(s, { name: 'Second', stock_keeping_unit: 'SKU-1' });
    expect(dup.status).toBe(409);
    expect(dup.body.issues[0].path).toBe('stock_keeping_unit');
    // Another organization may use the same SKU.
    const other = await h.newOrgUser('Merchant');
    expect((await putProduct(other, { name: 'Theirs', stock_keeping_unit: 'SKU-1' })).status).toBe(200);
    // Keeping its own SKU on update is fine.
    expect((await putProduct(s, { id: first.id, name: 'Renamed', stock_keeping_unit: 'SKU-1' })).status).toBe(200);
    await h.call('DELETE', `/api/product/${first.id}`, { token: s.token });
    expect((await putProduct(s, { name: 'Second', stock_keeping_unit: 'SKU-1' })).status).toBe(200);
  });

  it('keeps products to their organization: 401, 403 to create elsewhere, 404 for another organization’s product', async () => {
    const s = await h.newOrgUser('Merchant');
    const other = await h.newOrgUser('Merchant');
    const theirs = await createProduct(other, { name: 'Theirs' });
    expect((await h.call('PUT', '/api/product', { body: { name: 'X', organization: { id: s.orgId } } })).status).toBe(
      401,
    );
    const intoOther = await h.call('PUT', '/api/product', {
      token: s.token,
      body: { name: 'X', organization: { id: other.orgId } },
    });
    expect(intoOther.status).toBe(403);
    const hijack = await putProduct(s, { id: theirs.id, name: 'Hijacked' });
    expect(hijack.status).toBe(404);
    const hijack2 = await h.call('PUT', '/api/product', {
      token: s.token,
      body: { id: theirs.id, name: 'Hijacked', organization: { id: other.orgId } },
    });
    expect(hijack2.status).toBe(404);
    expect((await h.call('GET', `/api/product/${theirs.id}`, { token: s.token })).status).toBe(404);
    expect((await h.call('DELETE', `/api/product/${theirs.id}`, { token: s.token })).status).toBe(404);
    expect((await h.call('GET', `/api/product/${theirs.id}`, { token: other.token })).body.name).toBe('Theirs');
    expect((await h.call('GET', `/api/product/${theirs.id}`)).status).toBe(401);
    expect((await h.call('DELETE', `/api/product/${theirs.id}`)).status).toBe(401);
    expect((await h.call('GET', '/api/product/not-a-uuid', { token: s.token })).status).toBe(400);
    expect((await h.call('GET', `/api/product/${randomUUID()}`, { token: s.token })).status).toBe(404);
  });

  it('cannot move a product to another organization, even one the user belongs to', async () => {
    const s = await h.newOrgUser('Merchant');
    const second = await h.call('POST', '/api/organization', {
      token: s.token,
      body: { selected_type: 'Merchant', name: 'Second store' },
    });
    const p = await createProduct(s);
    const res = await h.call('PUT', '/api/product', {
      token: s.token,
      body: { id: p.id, name: p.name, organization: { id: second.body.id } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('organization.id');
  });
});

describe('DELETE /api/product/{id}', () => {
  it('removes the product from the catalogue but keeps carts and orders that hold it', async () => {
    const s = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const live = (await lookup(s.token, 'state')).find((x) => x.state === 'Live')!;
    const p = await createProduct(s, { name: 'Soon gone', state: live, unit_price_in_cents: 1000 });
    const db = h.testDb.database.db;
    await db
      .insert(purchasingRelationships)
      .values({ sellerOrganizationId: s.orgId, purchaserOrganizationId: buyer.orgId });
    const [cart] = await db
      .insert(carts)
      .values({ sellingOrganizationId: s.orgId, purchasingOrganizationId: buyer.orgId })
      .returning();
    const [line] = await db.insert(lineItems).values({ cartId: cart!.id, productId: p.id, quantity: 3 }).returning();

    const del = await h.call('DELETE', `/api/product/${p.id}`, { token: s.token });
    expect(del.status).toBe(200);
    expect(del.body.deleted_at).not.toBeNull();
    // Idempotent.
    const again = await h.call('DELETE', `/api/product/${p.id}`, { token: s.token });
    expect([again.status, again.body.deleted_at]).toEqual([200, del.body.deleted_at]);

    const [kept] = await db.select().from(lineItems).where(eq(lineItems.id, line!.id));
    expect(kept).toMatchObject({ productId: p.id, quantity: 3 });
    // The seller still reads it (order history); the buyer no longer does.
    expect((await h.call('GET', `/api/product/${p.id}`, { token: s.token })).body.deleted_at).toBe(del.body.deleted_at);
    expect((await h.call('GET', `/api/product/${p.id}`, { token: buyer.token })).status).toBe(404);
    expect((await h.call('GET', `/api/product/organization/${s.orgId}`, { token: s.token })).body).toEqual([]);
    expect((await h.call('GET', `/api/product/organization/${s.orgId}/for-sale`, { token: buyer.token })).body).toEqual(
      [],
    );
    expect((await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token })).body.product_count).toBe(0);
    // A removed product cannot be edited.
    expect((await putProduct(s, { id: p.id, name: 'Back' })).status).toBe(404);
  });
});

describe('product lists', () => {
  it('gives every product in a list exactly as GET /api/product/{id} gives it (contract ProductList)', async () => {
    const s = await h.newOrgUser('Merchant');
    const [a, b] = [await uploadPhoto(s), await uploadPhoto(s, 1200)];
    const states = await lookup(s.token, 'state');
    const full = await createProduct(s, {
      name: 'Everything Set',
      description: 'Line one.\nLine "two" — with ünïcode & <tags>.',
      order_unit: (await lookup(s.token, 'order_unit')).find((x) => x.unit === 'Dozen'),
      quantity_per_unit: 12,
      state: states.find((x) => x.state === 'Live'),
      unit_price_in_cents: 1299,
      msrp_in_cents: 2499,
      stock_keeping_unit: 'EVERY-1',
      universal_product_code: '012345678905',
      tags: ['gift', 'bundle'],
      media: [
        { display_order: 1, media: { id: a.id } },
        { display_order: 0, media: { id: b.id } },
      ],
      product_physical_measurements: {
        weight: 2.25,
        weight_unit: (await lookup(s.token, 'weight_unit')).find((x) => x.unit === 'kg'),
        length: 10.5,
        width: 4,
        height: 3.125,
        dimension_unit: (await lookup(s.token, 'dimension_unit')).find((x) => x.unit === 'cm'),
      },
    });
    const bare = await createProduct(s, { name: 'Nothing Else' });
    const list = await h.call('GET', `/api/product/organization/${s.orgId}`, { token: s.token });
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toContain('application/json');
    expect(() => ProductList.parse(list.body)).not.toThrow();
    for (const made of [full, bare]) {
      const one = await h.call('GET', `/api/product/${made.id}`, { token: s.token });
      expect(list.body.find((p: { id: string }) => p.id === made.id)).toEqual(one.body);
    }
    const media = list.body.find((p: { id: string }) => p.id === full.id).media;
    expect(media.map((m: { media: { id: string } }) => m.media.id)).toEqual([b.id, a.id]);
    expect(Object.keys(media[0].media.variants).length).toBeGreaterThan(0);
    expect(String(Object.values(media[0].media.variants)[0])).toMatch(/^http:\/\/localhost:3999\/media\//);
  });


  it('pages the merchant list by cursor (newest first) without duplicates', async () => {
    const s = await h.newOrgUser('Merchant');
    const created: string[] = [];
    for (let i = 0; i < 7; i++)
      created.push((await createProduct(s, { name: `Item ${i}`, stock_keeping_unit: `IT-${i}` })).id);
    const seen: string[] = [];
    const cursors: string[] = [];
    let url = `/api/product/organization/${s.orgId}?limit=3`;
    for (let page = 0; page < 3; page++) {
      const res = await h.call('GET', url, { token: s.token });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      seen.push(...res.body.map((p: { id: string }) => p.id));
      const next = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (page < 2) {
        expect(res.body).toHaveLength(3);
        expect(next).toBeTruthy();
        cursors.push(next!);
        url = `/api/product/organization/${s.orgId}?limit=3&cursor=${encodeURIComponent(next!)}`;
      } else {
        expect(res.body).toHaveLength(1);
        expect(next).toBeUndefined();
      }
    }
    expect(new Set(cursors).size).toBe(2);
    expect(seen).toEqual([...created].reverse());
    // Default page size covers them all.
    expect((await h.call('GET', `/api/product/organization/${s.orgId}`, { token: s.token })).body).toHaveLength(7);
  });

  it('searches name and SKU with q, taking % and _ literally', async () => {
    const s = await h.newOrgUser('Merchant');
    await createProduct(s, { name: 'Ghost Pepper Sauce', stock_keeping_unit: 'GP-1' });
    await createProduct(s, { name: 'Mild Salsa', stock_keeping_unit: 'SAL_9' });
    await createProduct(s, { name: '100% Agave Syrup' });
    const q = async (text: string) =>
      (
        await h.call('GET', `/api/product/organization/${s.orgId}?q=${encodeURIComponent(text)}`, { token: s.token })
      ).body.map((p: any) => p.name);
    expect(await q('pepper')).toEqual(['Ghost Pepper Sauce']);
    expect(await q('sal_')).toEqual(['Mild Salsa']);
    expect(await q('gp-1')).toEqual(['Ghost Pepper Sauce']);
    expect(await q('100%')).toEqual(['100% Agave Syrup']);
    expect(await q('%')).toEqual(['100% Agave Syrup']);
    expect(await q('zzz')).toEqual([]);
  });

  it('refuses a bad limit or cursor naming it, and strangers', async () => {
    const s = await h.newOrgUser('Merchant');
    const other = await h.newOrgUser('Merchant');
    for (const [qs, field] of [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=abc', 'limit'],
      ['cursor=garbage', 'cursor'],
      ['sort=name', 'sort'],
    ]) {
      const res = await h.call('GET', `/api/product/organization/${s.orgId}?${qs}`, { token: s.token });
      expect(res.status, qs).toBe(400);
      expect(res.body.message, qs).toContain(field);
    }
    expect((await h.call('GET', `/api/product/organization/${s.orgId}`, { token: other.token })).status).toBe(403);
    expect((await h.call('GET', `/api/product/organization/${s.orgId}`)).status).toBe(401);
  });

  it('shows Live products for sale to members and purchasers, not to strangers', async () => {
    const s = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const stranger = await h.newOrgUser('Buyer');
    await h.testDb.database.db
      .insert(purchasingRelationships)
      .values({ sellerOrganizationId: s.orgId, purchaserOrganizationId: buyer.orgId });
    const states = await lookup(s.token, 'state');
    const live = states.find((x) => x.state === 'Live')!;
    const archived = states.find((x) => x.state === 'Archived')!;
    const photo = await uploadPhoto(s);
    const a = await createProduct(s, { name: 'Live A', state: live, media: [{ media: { id: photo.id } }] });
    const draft = await createProduct(s, { name: 'Draft B' });
    await createProduct(s, { name: 'Archived C', state: archived });
    const b = await createProduct(s, { name: 'Live D', state: live });

    const forSale = await h.call('GET', `/api/product/organization/${s.orgId}/for-sale`, { token: buyer.token });
    expect(forSale.status).toBe(200);
    expect(forSale.body.map((p: any) => p.id)).toEqual([b.id, a.id]);
    expect(forSale.body[1].media[0].media.cloudinary_url).toBe(photo.cloudinary_url);
    const paged = await h.call('GET', `/api/product/organization/${s.orgId}/for-sale?limit=1`, { token: buyer.token });
    expect(paged.body.map((p: any) => p.id)).toEqual([b.id]);
    const page2 = await h.call(
      'GET',
      `/api/product/organization/${s.orgId}/for-sale?limit=1&cursor=${paged.headers[NEXT_CURSOR_HEADER]}`,
      { token: buyer.token },
    );
    expect(page2.body.map((p: any) => p.id)).toEqual([a.id]);
    expect(
      (await h.call('GET', `/api/product/organization/${s.orgId}/for-sale`, { token: s.token })).body,
    ).toHaveLength(2);

    // A purchaser reads Live products one by one, not drafts; the merchant list is members only.
    expect((await h.call('GET', `/api/product/${a.id}`, { token: buyer.token })).status).toBe(200);
    expect((await h.call('GET', `/api/product/${draft.id}`, { token: buyer.token })).status).toBe(404);
    expect((await h.call('GET', `/api/product/organization/${s.orgId}`, { token: buyer.token })).status).toBe(403);
    expect((await putProduct(buyer as any, { id: a.id, name: 'Mine now', organization: { id: s.orgId } })).status).toBe(
      404,
    );
    expect((await h.call('DELETE', `/api/product/${a.id}`, { token: buyer.token })).status).toBe(404);

    expect(
      (await h.call('GET', `/api/product/organization/${s.orgId}/for-sale`, { token: stranger.token })).status,
    ).toBe(403);
    expect((await h.call('GET', `/api/product/${a.id}`, { token: stranger.token })).status).toBe(404);
    expect((await h.call('GET', `/api/product/organization/${s.orgId}/for-sale`)).status).toBe(401);
  });
});
