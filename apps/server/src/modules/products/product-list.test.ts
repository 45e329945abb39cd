/** Issue 27 §3: the seller's products list — status filter, counts, search, bulk status change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { NEXT_CURSOR_HEADER, ProductBulkStateResult, ProductList, ProductStateCounts } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Seller = TestUser & { orgId: string };

async function createProduct(s: Seller, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await h.call('PUT', '/api/product', { token: s.token, body: { organization: { id: s.orgId }, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function list(s: Seller, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await h.call('GET', `/api/product/organization/${s.orgId}?${qs}`, { token: s.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const products = ProductList.parse(res.body);
  return { names: products.map((p) => p.name), states: products.map((p) => p.state?.state ?? null), res };
}

const counts = async (s: Seller) => {
  const res = await h.call('GET', `/api/product/organization/${s.orgId}/state-counts`, { token: s.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ProductStateCounts.parse(res.body);
};

const setState = (s: Seller, body: unknown, token = s.token) =>
  h.call('PUT', `/api/product/organization/${s.orgId}/state`, { token, body });

/** A seller with products, oldest first: Live soap, Draft candle, Archived jar, Live SKU SOAP-2. */
async function sellerWithProducts() {
  const s = await h.newOrgUser('Merchant');
  const soap = await createProduct(s, { name: 'Lavender soap', state: 'Live', stock_keeping_unit: `LAV-${randomUUID().slice(0, 6)}` });
  const candle = await createProduct(s, { name: 'Beeswax candle' });
  const jar = await createProduct(s, { name: 'Honey jar', state: 'Archived' });
  const bar = await createProduct(s, { name: 'Oat bar', state: 'Live', stock_keeping_unit: 'SOAP-2' });
  return { s, soap, candle, jar, bar };
}

describe('GET /api/product/organization/{org_id}: state and q', () => {
  it('keeps one status (Draft includes products without one), searches name or SKU, and pages within the filter', async () => {
    const { s } = await sellerWithProducts();
    expect((await list(s, { state: 'Live' })).names).toEqual(['Oat bar', 'Lavender soap']);
    expect((await list(s, { state: 'draft' })).names).toEqual(['Beeswax candle']);
    expect((await list(s, { state: 'Archived' })).names).toEqual(['Honey jar']);
    // q matches the name or the SKU, with the filter or without.
    expect((await list(s, { q: 'soap' })).names).toEqual(['Oat bar', 'Lavender soap']);
    expect((await list(s, { q: 'soap', state: 'Live' })).names).toEqual(['Oat bar', 'Lavender soap']);
    expect((await list(s, { q: 'soap', state: 'Draft' })).names).toEqual([]);
    // Keyset pages inside the filter.
    const first = await list(s, { state: 'Live', limit: 1 });
    expect(first.names).toEqual(['Oat bar']);
    const cursor = first.res.headers[NEXT_CURSOR_HEADER] as string;
    expect(cursor).toBeTruthy();
    const second = await list(s, { state: 'Live', limit: 1, cursor });
    expect(second.names).toEqual(['Lavender soap']);
    expect(second.res.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it('refuses an unknown status with a 400 naming state', async () => {
    const { s } = await sellerWithProducts();
    const res = await h.call('GET', `/api/product/organization/${s.orgId}?state=Sold`, { token: s.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('state must be one of Draft, Live, Archived (got "Sold")');
    expect(res.body.issues).toEqual([{ path: 'state', message: 'must be one of Draft, Live, Archived (got "Sold")' }]);
  });

  it('counts the products of each status for members only', async () => {
    const { s } = await sellerWithProducts();
    expect(await counts(s)).toEqual({ all: 4, by_state: { Draft: 1, Live: 2, Archived: 1 } });
    const stranger = await h.newOrgUser('Merchant');
    const res = await h.call('GET', `/api/product/organization/${s.orgId}/state-counts`, { token: stranger.token });
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/product/organization/{org_id}/state', () => {
  it('sets one status on the products named, once, and changes nothing the second time', async () => {
    const { s, soap, candle, jar } = await sellerWithProducts();
    const res = await setState(s, { product_ids: [candle.id, jar.id, soap.id], state: 'Live' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = ProductBulkStateResult.parse(res.body);
    expect(body.state.state).toBe('Live');
    expect(body.product_ids).toEqual([candle.id, jar.id, soap.id]);
    expect([...body.changed_ids].sort()).toEqual([candle.id, jar.id].sort());
    expect(await counts(s)).toEqual({ all: 4, by_state: { Draft: 0, Live: 4, Archived: 0 } });
    // The storefront shows them at once (its kept pages follow the catalog version).
    const buyerView = await h.call('GET', `/api/product/organization/${s.orgId}/for-sale`, { token: s.token });
    expect(buyerView.status).toBe(200);
    expect((buyerView.body as { name: string }[]).map((p) => p.name).sort()).toEqual(
      ['Beeswax candle', 'Honey jar', 'Lavender soap', 'Oat bar'],
    );

    const again = await setState(s, { product_ids: [candle.id, jar.id], state: 'Live' });
    expect(again.status).toBe(200);
    expect(again.body.changed_ids).toEqual([]);

    const back = await setState(s, { product_ids: [candle.id], state: 'Draft' });
    expect(back.body.changed_ids).toEqual([candle.id]);
    expect((await list(s, { state: 'Draft' })).names).toEqual(['Beeswax candle']);
  });

  it("refuses another store's product, naming it, and changes nothing", async () => {
    const { s, soap, candle } = await sellerWithProducts();
    const other = await h.newOrgUser('Merchant');
    const theirs = await createProduct(other, { name: 'Their product', state: 'Live' });
    const before = await counts(s);
    const res = await setState(s, { product_ids: [candle.id, theirs.id, soap.id], state: 'Archived' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('product_ids.1: no product with this id in this store.');
    expect(res.body.issues).toEqual([{ path: 'product_ids.1', message: 'no product with this id in this store' }]);
    expect(await counts(s)).toEqual(before);
    expect((await list(other, { state: 'Live' })).names).toEqual(['Their product']);
    // An id that is nobody's reads the same.
    const unknown = await setState(s, { product_ids: [randomUUID()], state: 'Archived' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.issues[0].path).toBe('product_ids.0');
  });

  it('names the field of bad input: an unknown status, no ids, a removed product', async () => {
    const { s, soap } = await sellerWithProducts();
    const badState = await setState(s, { product_ids: [soap.id], state: 'Sold' });
    expect(badState.status).toBe(400);
    expect(badState.body.issues).toEqual([{ path: 'state', message: 'must be one of Draft, Live, Archived (got "Sold")' }]);
    const none = await setState(s, { product_ids: [], state: 'Live' });
    expect(none.status).toBe(400);
    expect(none.body.issues[0].path).toBe('product_ids');
    const gone = await createProduct(s, { name: 'Gone' });
    expect((await h.call('DELETE', `/api/product/${gone.id}`, { token: s.token })).status).toBe(200);
    const removed = await setState(s, { product_ids: [gone.id], state: 'Live' });
    expect(removed.status).toBe(404);
    expect(removed.body.message).toBe('product_ids.0: this product was removed from the catalog.');
  });

  it('moves variants with their product', async () => {
    const s = await h.newOrgUser('Merchant');
    const shirt = await createProduct(s, {
      name: 'Shirt',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { option_values: ['S'], unit_price_in_cents: 1000 },
        { option_values: ['M'], unit_price_in_cents: 1000 },
      ],
    });
    const res = await setState(s, { product_ids: [shirt.id], state: 'Live' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await h.call('GET', `/api/product/${shirt.id}`, { token: s.token });
    const variantIds = (read.body.variants as { id: string }[]).map((v) => v.id);
    expect(variantIds).toHaveLength(2);
    for (const id of variantIds) {
      const v = await h.call('GET', `/api/product/${id}`, { token: s.token });
      expect(v.body.state.state).toBe('Live');
    }
    // A variant id is not a product of the list.
    const byVariant = await setState(s, { product_ids: [variantIds[0]], state: 'Draft' });
    expect(byVariant.status).toBe(400);
    expect(byVariant.body.message).toBe(`product_ids.0: is a variant: change the status of its product (${shirt.id}).`);
  });

  it('is for owners and admins of the store: staff get 403, strangers 403', async () => {
    const { s, soap } = await sellerWithProducts();
    const staff = await h.newUser(`staff-${randomUUID().slice(0, 8)}@example.com`);
    const sent = await h.call('POST', `/api/organization/${s.orgId}/members/invites`, {
      token: s.token,
      body: { email: staff.email, role: 'staff' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const accepted = await h.call('POST', `/api/team/invite/${sent.body.id}/accept`, { token: staff.token, body: {} });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const byStaff = await setState(s, { product_ids: [soap.id], state: 'Draft' }, staff.token);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.message).toBe('Only an owner or admin can change the status of several products at once.');
    const stranger = await h.newOrgUser('Merchant');
    expect((await setState(s, { product_ids: [soap.id], state: 'Draft' }, stranger.token)).status).toBe(403);
    expect((await list(s, { state: 'Live' })).names).toContain('Lavender soap');
  });
});
