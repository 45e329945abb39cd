/**
 * The storefront list (for-sale): the grid's tile view, pages and search, the page cache (new
 * data right after every kind of change, in this process and in another one on the same
 * database), the access check on cached pages, and "Track inventory".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { CATALOG_CSV_COLUMNS, NEXT_CURSOR_HEADER, ProductList, ProductTileList } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';
import { purchasingRelationships } from '../../db/schema.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';
import { accessAlongside, authPlugin, viewerRole } from '../../auth/plugin.js';
import { memberOf, memberOrPurchaserOf, organizationParam } from '../../auth/policies.js';
import { lockCatalogVersion } from './catalog-version.js';

let h: Harness;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-for-sale-test-'));
  h = await createHarness({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Org = TestUser & { orgId: string };
const LIVE = 'Live';
const DRAFT = 'Draft';

async function sellerWithBuyer(): Promise<{ seller: Org; buyer: Org }> {
  const seller = await h.newOrgUser('Merchant');
  const buyer = await h.newOrgUser('Buyer');
  await h.testDb.database.db
    .insert(purchasingRelationships)
    .values({ sellerOrganizationId: seller.orgId, purchaserOrganizationId: buyer.orgId });
  return { seller, buyer };
}

async function uploadPhoto(
  s: Org,
  width = 400,
): Promise<{ id: string; cloudinary_url: string; variants: Record<string, string> }> {
  const mp = multipartBody([{ filename: 'p.png', contentType: 'image/png', data: await makeImage(width, width) }]);
  const res = await h.call('POST', `/api/media/${s.orgId}/upload`, {
    token: s.token,
    body: mp.body,
    headers: mp.headers,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function putProduct(s: Org, body: Record<string, unknown>) {
  const res = await h.call('PUT', '/api/product', { token: s.token, body: { organization: { id: s.orgId }, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A page of the storefront list as `who` sees it. */
async function forSale(who: Org, sellerId: string, qs = 'view=tile', app: Harness = h) {
  return app.call('GET', `/api/product/organization/${sellerId}/for-sale${qs ? `?${qs}` : ''}`, { token: who.token });
}

async function tiles(who: Org, sellerId: string, qs = 'view=tile', app: Harness = h): Promise<any[]> {
  const res = await forSale(who, sellerId, qs, app);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('GET …/for-sale?view=tile', () => {
  it('gives the grid’s lean tiles (contract ProductTileList): first photo, the copies a tile needs (200–1152 px)', async () => {
    const { seller, buyer } = await sellerWithBuyer();
    const [big, small] = [await uploadPhoto(seller, 1300), await uploadPhoto(seller, 400)];
    expect(Object.keys(big.variants)).toEqual(['64', '120', '160', '200', '320', '400', '480', '600', '880', '1152', '1300']);
    const withPhotos = await putProduct(seller, {
      name: 'Chipotle Sauce',
      state: LIVE,
      order_unit: 'Case',
      quantity_per_unit: 12,
      unit_price_in_cents: 4200,
      msrp_in_cents: 799,
      media: [
        { display_order: 1, media: { id: small.id } },
        { display_order: 0, media: { id: big.id } },
      ],
    });
    const bare = await putProduct(seller, { name: 'No Photo', state: LIVE });
    await putProduct(seller, { name: 'Still a draft' });

    const res = await forSale(buyer, seller.orgId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(() => ProductTileList.parse(res.body)).not.toThrow();
    expect(res.body).toEqual([
      {
        id: bare.id,
        name: 'No Photo',
        options: [],
        variant_count: 1,
        price_range: null,
        order_unit: null,
        quantity_per_unit: null,
        unit_price_in_cents: null,
        msrp_in_cents: null,
        minimum_order_quantity: 1,
        order_increment: 1,
        price_breaks: [],
        track_inventory: false,
        inventory_count: null,
        preorder: null,
        image: null,
      },
      {
        id: withPhotos.id,
        name: 'Chipotle Sauce',
        options: [],
        variant_count: 1,
        price_range: { min: 4200, max: 4200 },
        order_unit: 'Case',
        quantity_per_unit: 12,
        unit_price_in_cents: 4200,
        msrp_in_cents: 799,
        minimum_order_quantity: 1,
        order_increment: 1,
        price_breaks: [],
        track_inventory: false,
        inventory_count: null,
        preorder: null,
        image: {
          url: big.cloudinary_url,
          width: 1300,
          height: 1300,
          variants: Object.fromEntries(['200', '320', '400', '480', '600', '880', '1152'].map((w) => [w, big.variants[w]])),
        },
      },
    ]);
    // Every key of the contract, nothing more: the tile stays lean.
    expect(Object.keys(res.body[1]).sort()).toEqual(Object.keys(ProductTileList.element.shape).sort());

    // The full view (the default, or view=full) is the Product as GET /api/product/{id} gives it.
    for (const qs of ['', 'view=full']) {
      const full = await forSale(buyer, seller.orgId, qs);
      expect(() => ProductList.parse(full.body)).not.toThrow();
      const one = await h.call('GET', `/api/product/${withPhotos.id}`, { token: buyer.token });
      expect(full.body[1]).toEqual(one.body);
    }
    const wrong = await forSale(buyer, seller.orgId, 'view=cards');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('view');
  });

  it('pages by cursor without duplicates and searches name and SKU with q', async () => {
    const { seller, buyer } = await sellerWithBuyer();
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      made.push((await putProduct(seller, { name: `Item ${i}`, stock_keeping_unit: `IT-${i}`, state: LIVE })).id);
    }
    await putProduct(seller, { name: 'Item hidden', stock_keeping_unit: 'IT-X' });
    const seen: string[] = [];
    let qs = 'view=tile&limit=3';
    for (let page = 0; page < 3; page++) {
      const res = await forSale(buyer, seller.orgId, qs);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((t: { id: string }) => t.id));
      const next = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (page < 2) {
        expect(res.body).toHaveLength(3);
        qs = `view=tile&limit=3&cursor=${encodeURIComponent(next!)}`;
      } else {
        expect(res.body).toHaveLength(1);
        expect(next).toBeUndefined();
      }
    }
    expect(seen).toEqual([...made].reverse());
    // The same pages again (from the cache) are the same.
    expect((await tiles(buyer, seller.orgId, 'view=tile&limit=3')).map((t) => t.id)).toEqual(seen.slice(0, 3));

    const names = async (q: string, view = 'tile') =>
      (await tiles(buyer, seller.orgId, `view=${view}&q=${encodeURIComponent(q)}`)).map((t) => t.name);
    expect(await names('item 3')).toEqual(['Item 3']);
    expect(await names('it-5')).toEqual(['Item 5']);
    expect(await names('it-5', 'full')).toEqual(['Item 5']);
    expect(await names('hidden')).toEqual([]);
    expect(await names('%')).toEqual([]);
    const q2 = await forSale(buyer, seller.orgId, 'view=tile&q=item&limit=2');
    expect(q2.body.map((t: { name: string }) => t.name)).toEqual(['Item 6', 'Item 5']);
    const q2next = await forSale(
      buyer,
      seller.orgId,
      `view=tile&q=item&limit=2&cursor=${encodeURIComponent(q2.headers[NEXT_CURSOR_HEADER] as string)}`,
    );
    expect(q2next.body.map((t: { name: string }) => t.name)).toEqual(['Item 4', 'Item 3']);
    const bad = await forSale(buyer, seller.orgId, 'view=tile&cursor=garbage');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('cursor');
  });

  it('sends the page compressed when the client accepts it', async () => {
    const { seller, buyer } = await sellerWithBuyer();
    for (let i = 0; i < 12; i++) await putProduct(seller, { name: `Compressible product number ${i}`, state: LIVE });
    const plain = await tiles(buyer, seller.orgId);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await h.app.inject({
          method: 'GET',
          url: `/api/product/organization/${seller.orgId}/for-sale?view=tile`,
          headers: { authorization: `Bearer ${buyer.token}`, 'accept-encoding': accept },
        });
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers.vary).toContain('accept-encoding');
        expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain);
      }
    }
  });
});

describe('the storefront page cache', () => {
  it('serves a cached page while the seller’s catalogue version is unchanged', async () => {
    const { seller, buyer } = await sellerWithBuyer();
    const p = await putProduct(seller, { name: 'Original name', state: LIVE });
    expect((await tiles(buyer, seller.orgId))[0].name).toBe('Original name');
    // A write that skips the version triggers (never done by the app) stays unseen: the page
    // came from the cache. Any tracked change then shows everything.
    await h.testDb.database.db.transaction(async (tx) => {
      // (in one transaction: no other session ever sees the trigger off)
      await tx.execute(sql`alter table products disable trigger products_catalog_version_update`);
      await tx.execute(sql`update products set name = 'Renamed behind its back' where id = ${p.id}`);
      await tx.execute(sql`alter table products enable trigger products_catalog_version_update`);
    });
    expect((await tiles(buyer, seller.orgId))[0].name).toBe('Original name');
    await putProduct(seller, { id: p.id, unit_price_in_cents: 500 });
    expect((await tiles(buyer, seller.orgId))[0]).toMatchObject({
      name: 'Renamed behind its back',
      unit_price_in_cents: 500,
    });
  });

  it('shows every kind of change on the next request', async () => {
    const { seller, buyer } = await sellerWithBuyer();
    const [a, b] = [await uploadPhoto(seller), await uploadPhoto(seller)];
    const photos = await putProduct(seller, {
      name: 'Photos',
      state: LIVE,
      stock_keeping_unit: 'PH-1',
      media: [{ media: { id: a.id } }, { media: { id: b.id } }],
    });
    const other = await putProduct(seller, { name: 'Other', state: LIVE, stock_keeping_unit: 'OT-1' });
    /** Reads the page twice (the second from the cache), changes something, reads it again. */
    const after = async (change: () => Promise<unknown>, qs = 'view=tile') => {
      const before = await tiles(buyer, seller.orgId, qs);
      expect(await tiles(buyer, seller.orgId, qs)).toEqual(before);
      await change();
      return tiles(buyer, seller.orgId, qs);
    };
    const byId = (list: any[], id: string) => list.find((t) => t.id === id);

    // Product save.
    let page = await after(() =>
      putProduct(seller, { id: other.id, name: 'Other, renamed', unit_price_in_cents: 999 }),
    );
    expect(byId(page, other.id)).toMatchObject({ name: 'Other, renamed', unit_price_in_cents: 999 });
    // Photo reorder.
    expect(byId(page, photos.id).image.url).toBe(a.cloudinary_url);
    page = await after(() =>
      putProduct(seller, { id: photos.id, media: [{ media: { id: b.id } }, { media: { id: a.id } }] }),
    );
    expect(byId(page, photos.id).image.url).toBe(b.cloudinary_url);
    // Unpublish, publish.
    page = await after(() => putProduct(seller, { id: other.id, state: DRAFT }));
    expect(page.map((t) => t.id)).toEqual([photos.id]);
    page = await after(() => putProduct(seller, { id: other.id, state: LIVE }));
    expect(page.map((t) => t.id)).toEqual([other.id, photos.id]);
    // Inventory transaction (and tracking switched on by it).
    page = await after(() =>
      h.call('POST', '/api/inventory/transaction', {
        token: seller.token,
        body: { count: 9, product: { id: photos.id }, inventory_transaction_type: 'set' },
      }),
    );
    expect(byId(page, photos.id)).toMatchObject({ track_inventory: true, inventory_count: 9 });
    // CSV import.
    const header = CATALOG_CSV_COLUMNS.join(',');
    page = await after(async () => {
      const res = await h.call('POST', `/api/product/organization/${seller.orgId}/import`, {
        token: seller.token,
        body: Buffer.from(`${header}\nPhotos,,PH-1,,,,12.34,,,,Live,3\nImported,,IM-1,,,,1.00,,,,Live,\n`),
        headers: { 'content-type': 'text/csv' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(byId(page, photos.id)).toMatchObject({ unit_price_in_cents: 1234, inventory_count: 3 });
    expect(page.map((t) => t.name)).toContain('Imported');
    // Delete.
    page = await after(() => h.call('DELETE', `/api/product/${other.id}`, { token: seller.token }));
    expect(byId(page, other.id)).toBeUndefined();
    // The full view names the seller in every product: a new name shows too.
    page = await after(async () => {
      const res = await h.call('PUT', `/api/organization/${seller.orgId}`, {
        token: seller.token,
        body: { name: 'Renamed Seller' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }, 'view=full');
    expect(page[0].organization.name).toBe('Renamed Seller');
  });

  it('shows a change made through another app instance on the same database', async () => {
    // A second app on the same database, with its own page cache (as another server process).
    const other = await createHarness({}, { testDb: { ...h.testDb, drop: async () => {} } });
    try {
      const { seller, buyer } = await sellerWithBuyer();
      const buyerOnOther = { ...buyer, token: await other.token({ sub: buyer.sub, email: buyer.email }) };
      const sellerOnOther = { ...seller, token: await other.token({ sub: seller.sub, email: seller.email }) };
      const p = await putProduct(seller, { name: 'Shared', state: LIVE, unit_price_in_cents: 100 });
      // Both caches hold the page.
      for (const app of [h, other]) {
        const who = app === h ? buyer : buyerOnOther;
        expect((await tiles(who, seller.orgId, 'view=tile', app))[0].unit_price_in_cents).toBe(100);
        expect((await tiles(who, seller.orgId, 'view=tile', app))[0].unit_price_in_cents).toBe(100);
      }
      // A change through this app shows on the other, and the other way round.
      await putProduct(seller, { id: p.id, unit_price_in_cents: 200 });
      expect((await tiles(buyerOnOther, seller.orgId, 'view=tile', other))[0].unit_price_in_cents).toBe(200);
      const res = await other.call('PUT', '/api/product', {
        token: sellerOnOther.token,
        body: { id: p.id, unit_price_in_cents: 300, organization: { id: seller.orgId } },
      });
      expect(res.status).toBe(200);
      expect((await tiles(buyer, seller.orgId))[0].unit_price_in_cents).toBe(300);
      expect((await tiles(buyerOnOther, seller.orgId, 'view=tile', other))[0].unit_price_in_cents).toBe(300);
    } finally {
      await other.close();
    }
  });

  it('lets concurrent writers of one seller’s catalogue all finish (the version row is taken first)', async () => {
    const { seller, buyer } = await sellerWithBuyer();
    const [a, b] = [await uploadPhoto(seller), await uploadPhoto(seller)];
    const one = await putProduct(seller, { name: 'One', state: LIVE, stock_keeping_unit: 'C-1' });
    const two = await putProduct(seller, { name: 'Two', state: LIVE, stock_keeping_unit: 'C-2' });
    const header = CATALOG_CSV_COLUMNS.join(',');
    const writes = [
      ...[1, 2, 3, 4].map((n) =>
        h.call('POST', '/api/inventory/transaction', {
          token: seller.token,
          body: { count: n, product: { id: n % 2 ? one.id : two.id }, inventory_transaction_type: 'add' },
        }),
      ),
      ...[0, 1, 2].map((n) =>
        h.call('PUT', '/api/product', {
          token: seller.token,
          body: {
            id: n % 2 ? two.id : one.id,
            organization: { id: seller.orgId },
            media: n % 2 ? [{ media: { id: a.id } }, { media: { id: b.id } }] : [{ media: { id: b.id } }],
          },
        }),
      ),
      h.call('POST', `/api/product/organization/${seller.orgId}/import`, {
        token: seller.token,
        body: Buffer.from(`${header}\nOne,,C-1,,,,2.00,,,,Live,\nTwo,,C-2,,,,3.00,,,,Live,\n`),
        headers: { 'content-type': 'text/csv' },
      }),
      h.call('DELETE', `/api/product/${(await putProduct(seller, { name: 'Gone', state: LIVE })).id}`, {
        token: seller.token,
      }),
    ];
    const results = await Promise.all(writes);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const page = await tiles(buyer, seller.orgId);
    expect(page.map((t) => [t.name, t.unit_price_in_cents, t.inventory_count])).toEqual([
      ['Two', 300, 6],
      ['One', 200, 4],
    ]);
  });

  it('makes an inventory transaction wait for the seller’s version row, not deadlock with a writer holding it', async () => {
    const { seller } = await sellerWithBuyer();
    const p = await putProduct(seller, { name: 'Contended', state: LIVE });
    const db = h.testDb.database.db;
    let call: ReturnType<typeof h.call> | undefined;
    // A writer following the rule: the version row first, then (while the inventory transaction
    // waits) the product row the inventory transaction is about to change.
    await db.transaction(async (tx) => {
      await lockCatalogVersion(tx, seller.orgId);
      call = h.call('POST', '/api/inventory/transaction', {
        token: seller.token,
        body: { count: 3, product: { id: p.id }, inventory_transaction_type: 'add' },
      });
      // Wait until the request waits for the lock.
      await expect
        .poll(async () => {
          const r = await db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return r.rows[0]!.n;
        })
        .toBeGreaterThan(0);
      await tx.execute(sql`update products set name = 'Renamed while held' where id = ${p.id}`);
    });
    const res = await call!;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await h.call('GET', `/api/product/${p.id}`, { token: seller.token });
    expect(read.body).toMatchObject({ name: 'Renamed while held', inventory_count: 3, track_inventory: true });
  });

  it('keeps the access check on every request: strangers and former buyers are refused a cached page', async () => {
    const { seller, buyer } = await sellerWithBuyer();
    const stranger = await h.newOrgUser('Buyer');
    await putProduct(seller, { name: 'Cached secret', state: LIVE });
    expect(await tiles(buyer, seller.orgId)).toHaveLength(1);
    expect(await tiles(seller, seller.orgId)).toHaveLength(1);
    for (const qs of ['view=tile', '']) {
      const refused = await forSale(stranger, seller.orgId, qs);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain('Cached secret');
      expect((await h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?${qs}`)).status).toBe(401);
    }
    // The relationship ends: the page is still cached, the buyer is refused at once.
    await h.testDb.database.db
      .delete(purchasingRelationships)
      .where(
        and(
          eq(purchasingRelationships.sellerOrganizationId, seller.orgId),
          eq(purchasingRelationships.purchaserOrganizationId, buyer.orgId),
        ),
      );
    expect((await forSale(buyer, seller.orgId)).status).toBe(403);
    expect(await tiles(seller, seller.orgId)).toHaveLength(1);
  });
});

describe('Track inventory', () => {
  it('is off by default, saved by PUT /api/product, and shown in tiles with the count only when on', async () => {
    const { seller, buyer } = await sellerWithBuyer();
    const p = await putProduct(seller, { name: 'Counted', state: LIVE });
    expect(p.track_inventory).toBe(false);
    expect((await putProduct(seller, { id: p.id, track_inventory: true })).track_inventory).toBe(true);
    // Left out on update: kept.
    expect((await putProduct(seller, { id: p.id, name: 'Counted still' })).track_inventory).toBe(true);
    expect((await tiles(buyer, seller.orgId))[0]).toMatchObject({ track_inventory: true, inventory_count: 0 });
    expect((await putProduct(seller, { id: p.id, track_inventory: false })).track_inventory).toBe(false);
    expect((await tiles(buyer, seller.orgId))[0]).toMatchObject({ track_inventory: false, inventory_count: null });
    const bad = await h.call('PUT', '/api/product', {
      token: seller.token,
      body: { id: p.id, track_inventory: 'yes', organization: { id: seller.orgId } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('track_inventory');
  });

  it('turns on when an inventory transaction changes the stock', async () => {
    const { seller } = await sellerWithBuyer();
    const p = await putProduct(seller, { name: 'Stocked' });
    const res = await h.call('POST', '/api/inventory/transaction', {
      token: seller.token,
      body: { count: 5, product: { id: p.id }, inventory_transaction_type: 'add' },
    });
    expect(res.status).toBe(200);
    const read = await h.call('GET', `/api/product/${p.id}`, { token: seller.token });
    expect(read.body).toMatchObject({ track_inventory: true, inventory_count: 5 });
    // A refused transaction (below zero) changes nothing, tracking included.
    const q = await putProduct(seller, { name: 'Untouched' });
    const refused = await h.call('POST', '/api/inventory/transaction', {
      token: seller.token,
      body: { count: 1, product: { id: q.id }, inventory_transaction_type: 'remove' },
    });
    expect(refused.status).toBe(409);
    expect((await h.call('GET', `/api/product/${q.id}`, { token: seller.token })).body.track_inventory).toBe(false);
  });
});

describe('the policy plugin’s accessAlongside (what the storefront list builds on)', () => {
  /** A bare app with the auth plugin only; a token is the subject it stands for. */
  async function appWithPlugin(register: (app: FastifyInstance) => void) {
    const app = Fastify();
    await app.register(authPlugin, {
      db: h.testDb.database.db,
      verifier: { verify: async (token) => ({ sub: token }) },
      apiKeyRateLimit: 600,
    });
    register(app);
    await app.ready();
    return app;
  }
  const get = (app: FastifyInstance, url: string, sub?: string) =>
    app.inject({ method: 'GET', url, headers: sub ? { authorization: `Bearer ${sub}` } : {} });

  it('hands the handler a value selected with the access check, for every kind of policy', async () => {
    const { seller, buyer } = await sellerWithBuyer();
    const stranger = await h.newOrgUser('Buyer');
    const app = await appWithPlugin((a) => {
      const handler = async (req: FastifyRequest) => ({ value: accessAlongside(req) ?? null });
      a.get(
        '/signed-in',
        { config: { access: 'signed-in', accessAlongside: () => sql`'for anyone signed in'::text` } },
        handler,
      );
      a.get('/user', { config: { access: 'user', accessAlongside: () => sql`(40 + 2)::text` } }, handler);
      a.get(
        '/org/:org_id',
        {
          config: {
            access: memberOrPurchaserOf(organizationParam()),
            accessAlongside: (req) => sql`'about ' || ${(req.params as { org_id: string }).org_id}::text`,
          },
        },
        async (req) => ({
          value: accessAlongside(req),
          role: viewerRole(req, (req.params as { org_id: string }).org_id),
        }),
      );
      a.get('/plain/:org_id', { config: { access: memberOf(organizationParam()) } }, handler);
    });
    try {
      expect((await get(app, '/signed-in', 'someone-without-a-user-row')).json()).toEqual({
        value: 'for anyone signed in',
      });
      expect((await get(app, '/user', buyer.sub)).json()).toEqual({ value: '42' });
      expect((await get(app, `/org/${seller.orgId}`, buyer.sub)).json()).toEqual({
        value: `about ${seller.orgId}`,
        role: 'purchaser',
      });
      expect((await get(app, `/org/${seller.orgId}`, seller.sub)).json()).toMatchObject({ role: 'member' });
      expect((await get(app, `/org/${seller.orgId}`, stranger.sub)).statusCode).toBe(403);
      expect((await get(app, `/org/${seller.orgId}`)).statusCode).toBe(401);
      // Routes without one are as before.
      expect((await get(app, `/plain/${seller.orgId}`, seller.sub)).json()).toEqual({ value: null });
      expect((await get(app, `/plain/${seller.orgId}`, buyer.sub)).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });

  it('refuses to start with an accessAlongside on a public route', async () => {
    await expect(
      appWithPlugin((a) => {
        a.get('/open', { config: { access: 'public', accessAlongside: () => sql`1` } }, async () => ({}));
      }),
    ).rejects.toThrow(/accessAlongside/);
  });
});
