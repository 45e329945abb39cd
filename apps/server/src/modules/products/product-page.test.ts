/**
 * The product page, GET /api/product/{id} (product-page.ts): the same bytes as before it was
 * kept per process, every kind of change seen on the next request (in this process and in
 * another one on the same database), and the access check on every request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { CATALOG_CSV_COLUMNS, CheckoutSession, Product, TEST_CARDS } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readySeller,
  setStock,
  type Org,
} from '../../../test/support/checkout.js';
import { purchasingRelationships } from '../../db/schema.js';
import { productFrom, productJsonSql } from './service.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => h?.close());

async function uploadPhoto(s: Org, app: Harness = h): Promise<{ id: string; cloudinary_url: string }> {
  const mp = multipartBody([{ filename: 'p.png', contentType: 'image/png', data: await makeImage(400, 400) }]);
  return ok(app.call('POST', `/api/media/${s.orgId}/upload`, { token: s.token, body: mp.body, headers: mp.headers }));
}

const putProduct = (s: Org, body: Record<string, unknown>, app: Harness = h) =>
  ok<Product>(app.call('PUT', '/api/product', { token: s.token, body: { organization: { id: s.orgId }, ...body } }));

const read = (who: Org, id: string, app: Harness = h, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'GET',
    url: `/api/product/${id}`,
    headers: { authorization: `Bearer ${who.token}`, ...headers },
  });

/** The product as `who` reads it: the parsed body, or the status when it is not 200. */
async function productAs(who: Org, id: string, app: Harness = h): Promise<Product | number> {
  const res = await read(who, id, app);
  return res.statusCode === 200 ? (res.json() as Product) : res.statusCode;
}

/**
 * What the route answered before the cache: the product's JSON as PostgreSQL builds it, through
 * JSON.parse and the production serializer (JSON.stringify).
 */
async function uncachedBody(id: string): Promise<string> {
  const result = await h.testDb.database.db.execute<{ doc: string }>(sql`
    select ${productJsonSql(h.config.publicUrl)} as doc ${productFrom()} where p.id = ${id}`);
  return JSON.stringify(JSON.parse(result.rows[0]!.doc));
}

/** `who` on another app instance (its own token for the same subject). */
const on = async (app: Harness, who: Org): Promise<Org> => ({
  ...who,
  token: await app.token({ sub: who.sub, email: who.email }),
});

describe('GET /api/product/{id}', () => {
  it('answers byte for byte what it answered before it was kept, to a buyer and to the seller', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const [a, b] = [await uploadPhoto(seller), await uploadPhoto(seller)];
    const p = await putProduct(seller, {
      name: 'Smoked "Paprika" — ünïcode & <tags>',
      description: 'Line one.\nLine two.',
      state: 'Live',
      order_unit: 'Case',
      quantity_per_unit: 12,
      unit_price_in_cents: 1299,
      msrp_in_cents: 2499,
      stock_keeping_unit: 'PAP-1',
      universal_product_code: '012345678905',
      tags: ['spice', 'smoked'],
      minimum_order_quantity: 12,
      price_breaks: [{ min_quantity: 24, unit_price_in_cents: 1199 }],
      media: [{ media: { id: b.id } }, { media: { id: a.id } }],
      product_physical_measurements: {
        weight: 2.25,
        weight_unit: 'kg',
        length: 10.5,
        width: 4,
        height: 3.125,
        dimension_unit: 'cm',
      },
    });
    const expected = await uncachedBody(p.id);
    // First read builds the page, the second is the kept one; the seller gets the same bytes.
    for (const who of [buyer, buyer, seller, seller]) {
      const res = await read(who, p.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.payload).toBe(expected);
    }
    expect(() => Product.parse(JSON.parse(expected))).not.toThrow();
    expect(JSON.parse(expected)).toMatchObject({
      name: p.name,
      media: [{ media: { id: b.id } }, { media: { id: a.id } }],
    });
    // Compressed when the client accepts it, the same bytes inside.
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await read(buyer, p.id, h, { 'accept-encoding': accept });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(decode(res.rawPayload).toString('utf8')).toBe(expected);
      }
    }
    // The storefront list's full view gives the same product.
    const list = await ok(h.call('GET', `/api/product/organization/${seller.orgId}/for-sale`, { token: buyer.token }));
    expect(list[0]).toEqual(JSON.parse(expected));
  });

  it('serves the kept page while the seller’s catalogue stamp is unchanged', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const id = await liveProduct(h, seller, { name: 'Original name' });
    expect(await productAs(buyer, id)).toMatchObject({ name: 'Original name' });
    // A write that skips the version triggers (never done by the app) stays unseen: the page is
    // the kept one. Any tracked change then shows everything.
    await h.testDb.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table products disable trigger products_catalog_version_update`);
      await tx.execute(sql`update products set name = 'Renamed behind its back' where id = ${id}`);
      await tx.execute(sql`alter table products enable trigger products_catalog_version_update`);
    });
    expect(await productAs(buyer, id)).toMatchObject({ name: 'Original name' });
    expect(await productAs(seller, id)).toMatchObject({ name: 'Original name' });
    await putProduct(seller, { id, unit_price_in_cents: 500 });
    expect(await productAs(buyer, id)).toMatchObject({ name: 'Renamed behind its back', unit_price_in_cents: 500 });
  });

  it('shows every kind of change on the next request, to the buyer and to the seller', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const [a, b] = [await uploadPhoto(seller), await uploadPhoto(seller)];
    const id = await liveProduct(h, seller, {
      name: 'Changing',
      stock_keeping_unit: 'CH-1',
      media: [{ media: { id: a.id } }, { media: { id: b.id } }],
    });
    /** Reads the product as both (twice: the second is kept), changes something, reads again. */
    const after = async (change: () => Promise<unknown>) => {
      for (const who of [buyer, seller]) {
        const first = await productAs(who, id);
        expect(await productAs(who, id)).toEqual(first);
      }
      await change();
      return { buyer: await productAs(buyer, id), seller: await productAs(seller, id) };
    };
    const photos = (p: Product | number) => (p as Product).media.map((m) => m.media.id);

    // Price and name.
    let now = await after(() => putProduct(seller, { id, name: 'Changed', unit_price_in_cents: 777 }));
    expect(now.buyer).toMatchObject({ name: 'Changed', unit_price_in_cents: 777 });
    expect(now.seller).toEqual(now.buyer);
    // Photos: reordered, one removed, none, one added.
    now = await after(() => putProduct(seller, { id, media: [{ media: { id: b.id } }, { media: { id: a.id } }] }));
    expect(photos(now.buyer)).toEqual([b.id, a.id]);
    now = await after(() => putProduct(seller, { id, media: [{ media: { id: a.id } }] }));
    expect(photos(now.buyer)).toEqual([a.id]);
    now = await after(() => putProduct(seller, { id, media: [] }));
    expect(photos(now.buyer)).toEqual([]);
    now = await after(() => putProduct(seller, { id, media: [{ media: { id: b.id } }] }));
    expect(photos(now.buyer)).toEqual([b.id]);
    // Price breaks: added, replaced, removed.
    now = await after(() => putProduct(seller, { id, price_breaks: [{ min_quantity: 10, unit_price_in_cents: 700 }] }));
    expect((now.buyer as Product).price_breaks).toEqual([{ min_quantity: 10, unit_price_in_cents: 700 }]);
    now = await after(() => putProduct(seller, { id, price_breaks: [{ min_quantity: 20, unit_price_in_cents: 650 }] }));
    expect((now.buyer as Product).price_breaks).toEqual([{ min_quantity: 20, unit_price_in_cents: 650 }]);
    now = await after(() => putProduct(seller, { id, price_breaks: [] }));
    expect((now.buyer as Product).price_breaks).toEqual([]);
    // Stock: an inventory transaction (tracking switched on by it), then a sale.
    now = await after(() => setStock(h, seller, id, 50));
    expect(now.buyer).toMatchObject({ track_inventory: true, inventory_count: 50 });
    now = await after(async () => {
      const { cart } = await atPayment(h, seller, buyer, { [id]: 3 });
      const session = CheckoutSession.parse(
        await ok(createSession(h, seller, buyer, { id: cart.id, total_cents: cart.total_cents })),
      );
      await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
    });
    expect(now.buyer).toMatchObject({ inventory_count: 47 });
    expect(now.seller).toMatchObject({ inventory_count: 47 });
    // The catalogue import: price, stock and breaks.
    const header = [...CATALOG_CSV_COLUMNS, 'price_breaks'].join(',');
    now = await after(() =>
      ok(
        h.call('POST', `/api/product/organization/${seller.orgId}/import`, {
          token: seller.token,
          body: Buffer.from(`${header}\nChanged,,CH-1,,,,12.34,,,,Live,5,12:11.00\n`),
          headers: { 'content-type': 'text/csv' },
        }),
      ),
    );
    expect(now.buyer).toMatchObject({
      unit_price_in_cents: 1234,
      inventory_count: 5,
      price_breaks: [{ min_quantity: 12, unit_price_in_cents: 1100 }],
    });
    // State: a Draft or Archived product is the seller's only; Live again, the buyer's too.
    now = await after(() => putProduct(seller, { id, state: 'Draft' }));
    expect(now.buyer).toBe(404);
    expect(now.seller).toMatchObject({ state: { state: 'Draft' } });
    now = await after(() => putProduct(seller, { id, state: 'Live' }));
    expect(now.buyer).toMatchObject({ state: { state: 'Live' } });
    now = await after(() => putProduct(seller, { id, state: 'Archived' }));
    expect(now.buyer).toBe(404);
    now = await after(() => putProduct(seller, { id, state: 'Live' }));
    expect(now.buyer).toMatchObject({ state: { state: 'Live' } });
    // The seller's new name (every product names its seller).
    now = await after(() =>
      ok(h.call('PUT', `/api/organization/${seller.orgId}`, { token: seller.token, body: { name: 'New Name Co' } })),
    );
    expect(now.buyer).toMatchObject({ organization: { id: seller.orgId, name: 'New Name Co' } });
    // Removed: gone for the buyer, still there for the seller (order history), with deleted_at.
    now = await after(() => ok(h.call('DELETE', `/api/product/${id}`, { token: seller.token })));
    expect(now.buyer).toBe(404);
    expect((now.seller as Product).deleted_at).not.toBeNull();
    // Every answer was the uncached one.
    expect((await read(seller, id)).payload).toBe(await uncachedBody(id));
  });

  it('shows a change made through another app instance on the same database', async () => {
    // A second app on the same database, with its own kept pages (as another server process).
    const other = await createHarness({ LOG_LEVEL: 'error' }, { testDb: { ...h.testDb, drop: async () => {} } });
    try {
      const seller = await readySeller(h, { payments: false });
      const buyer = await customerOf(h, seller);
      const [sellerThere, buyerThere] = [await on(other, seller), await on(other, buyer)];
      const photo = await uploadPhoto(seller);
      const id = await liveProduct(h, seller, { unit_price_in_cents: 100 });
      /** The product as the buyer reads it on both apps (each read twice: the second is kept). */
      const both = async () => {
        const here = [await productAs(buyer, id), await productAs(buyer, id)];
        const there = [await productAs(buyerThere, id, other), await productAs(buyerThere, id, other)];
        expect(here[1]).toEqual(here[0]);
        expect(there[1]).toEqual(there[0]);
        expect(there[0]).toEqual(here[0]);
        return here[0]!;
      };
      expect(await both()).toMatchObject({ unit_price_in_cents: 100 });
      // A change through either app shows on both: price, photos, stock, breaks, state, removal.
      await putProduct(seller, { id, unit_price_in_cents: 200 });
      expect(await both()).toMatchObject({ unit_price_in_cents: 200 });
      await putProduct(sellerThere, { id, media: [{ media: { id: photo.id } }] }, other);
      expect(((await both()) as Product).media.map((m) => m.media.id)).toEqual([photo.id]);
      await setStock(other, sellerThere, id, 9);
      expect(await both()).toMatchObject({ inventory_count: 9 });
      await putProduct(seller, { id, price_breaks: [{ min_quantity: 6, unit_price_in_cents: 150 }] });
      expect(await both()).toMatchObject({ price_breaks: [{ min_quantity: 6, unit_price_in_cents: 150 }] });
      await putProduct(sellerThere, { id, state: 'Draft' }, other);
      expect(await both()).toBe(404);
      await putProduct(seller, { id, state: 'Live' });
      expect(await both()).toMatchObject({ state: { state: 'Live' } });
      await ok(other.call('DELETE', `/api/product/${id}`, { token: sellerThere.token }));
      expect(await both()).toBe(404);
      expect(((await productAs(seller, id)) as Product).deleted_at).not.toBeNull();
      expect((await productAs(sellerThere, id, other)) as Product).toEqual(await productAs(seller, id));
    } finally {
      await other.close();
    }
  });

  it('keeps the access check on every request: strangers, former buyers and other stores’ buyers get 404', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const otherSeller = await readySeller(h, { payments: false });
    const otherStoresBuyer = await customerOf(h, otherSeller);
    const stranger = await h.newOrgUser('Buyer');
    const id = await liveProduct(h, seller, { name: 'Kept secret' });
    const draft = (await putProduct(seller, { name: 'Draft secret' })).id;
    expect(await productAs(buyer, id)).toMatchObject({ name: 'Kept secret' });
    expect(await productAs(seller, draft)).toMatchObject({ name: 'Draft secret' });
    for (const product of [id, draft]) {
      for (const who of [stranger, otherStoresBuyer, otherSeller]) {
        const res = await read(who, product);
        expect(res.statusCode).toBe(404);
        expect(res.payload).not.toContain('secret');
      }
      expect((await h.call('GET', `/api/product/${product}`)).status).toBe(401);
    }
    expect(await productAs(buyer, draft)).toBe(404);
    // The relationship ends: the page is still kept, the buyer is refused at once.
    await h.testDb.database.db
      .delete(purchasingRelationships)
      .where(
        and(
          eq(purchasingRelationships.sellerOrganizationId, seller.orgId),
          eq(purchasingRelationships.purchaserOrganizationId, buyer.orgId),
        ),
      );
    expect(await productAs(buyer, id)).toBe(404);
    expect(await productAs(seller, id)).toMatchObject({ name: 'Kept secret' });
  });

  it('remembers no product that does not exist yet', async () => {
    const seller = await readySeller(h, { payments: false });
    const id = randomUUID();
    expect(await productAs(seller, id)).toBe(404);
    await h.testDb.database.db.execute(
      sql`insert into products (id, organization_id, name) values (${id}, ${seller.orgId}, 'Made later')`,
    );
    expect(await productAs(seller, id)).toMatchObject({ id, name: 'Made later' });
  });
});
