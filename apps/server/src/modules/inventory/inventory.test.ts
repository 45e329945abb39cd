import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';
import { inventoryTransactions } from '../../db/schema.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

async function newProduct(s: TestUser & { orgId: string }) {
  const res = await h.call('PUT', '/api/product', {
    token: s.token,
    body: { name: 'Stocked', organization: { id: s.orgId } },
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

const tx = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  h.call('POST', '/api/inventory/transaction', { token, body, headers });

describe('POST /api/inventory/transaction', () => {
  it('adds, removes and sets stock, recording each transaction', async () => {
    const s = await h.newOrgUser('Merchant');
    const id = await newProduct(s);
    const add = await tx(s.token, { count: 5, product: { id }, inventory_transaction_type: 'add' });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({
      count: 5,
      inventory_transaction_type: 'add',
      product: { id, inventory_count: 5 },
      replayed: false,
    });
    expect(
      (await tx(s.token, { count: 2, product: { id }, inventory_transaction_type: 'remove' })).body.product
        .inventory_count,
    ).toBe(3);
    // `add` is the default type; a negative add corrects a mistake.
    expect((await tx(s.token, { count: -1, product: { id } })).body.product.inventory_count).toBe(2);
    expect(
      (await tx(s.token, { count: 40, product: { id }, inventory_transaction_type: 'set' })).body.product
        .inventory_count,
    ).toBe(40);
    expect(
      (await tx(s.token, { count: 0, product: { id }, inventory_transaction_type: 'set' })).body.product
        .inventory_count,
    ).toBe(0);
    expect((await h.call('GET', `/api/product/${id}`, { token: s.token })).body.inventory_count).toBe(0);
    const rows = await h.testDb.database.db
      .select()
      .from(inventoryTransactions)
      .where(eq(inventoryTransactions.productId, id));
    expect(rows.map((r) => [r.inventoryTransactionType, r.count]).sort()).toEqual(
      [
        ['add', 5],
        ['remove', 2],
        ['add', -1],
        ['set', 40],
        ['set', 0],
      ].sort(),
    );
  });

  it('never lets stock go below zero (409) and writes nothing then', async () => {
    const s = await h.newOrgUser('Merchant');
    const id = await newProduct(s);
    await tx(s.token, { count: 3, product: { id } });
    const res = await tx(s.token, { count: 4, product: { id }, inventory_transaction_type: 'remove' });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('only 3 in stock');
    expect((await tx(s.token, { count: -4, product: { id } })).status).toBe(409);
    const rows = await h.testDb.database.db
      .select()
      .from(inventoryTransactions)
      .where(eq(inventoryTransactions.productId, id));
    expect(rows).toHaveLength(1);
  });

  it('applies 20 concurrent +1 transactions exactly once each', async () => {
    const s = await h.newOrgUser('Merchant');
    const id = await newProduct(s);
    await tx(s.token, { count: 100, product: { id } });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => tx(s.token, { count: 1, product: { id }, inventory_transaction_type: 'add' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.product.inventory_count)).size).toBe(20);
    expect((await h.call('GET', `/api/product/${id}`, { token: s.token })).body.inventory_count).toBe(120);
  });

  it('applies a request once per Idempotency-Key, even when retried concurrently', async () => {
    const s = await h.newOrgUser('Merchant');
    const id = await newProduct(s);
    const key = randomUUID();
    const body = { count: 7, product: { id }, inventory_transaction_type: 'add' };
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => tx(s.token, body, { 'idempotency-key': key })));
    expect([a!.status, b!.status, c!.status]).toEqual([200, 200, 200]);
    expect(new Set([a!.body.id, b!.body.id, c!.body.id]).size).toBe(1);
    expect([a!.body.replayed, b!.body.replayed, c!.body.replayed].filter(Boolean)).toHaveLength(2);
    expect((await h.call('GET', `/api/product/${id}`, { token: s.token })).body.inventory_count).toBe(7);
    const later = await tx(s.token, body, { 'idempotency-key': key });
    expect(later.body).toMatchObject({ id: a!.body.id, replayed: true, product: { inventory_count: 7 } });
    // The same key for something else is a conflict.
    const misuse = await tx(s.token, { ...body, count: 8 }, { 'idempotency-key': key });
    expect(misuse.status).toBe(409);
    expect((await h.call('GET', `/api/product/${id}`, { token: s.token })).body.inventory_count).toBe(7);
    // A failed request does not burn its key.
    const key2 = randomUUID();
    expect(
      (
        await tx(
          s.token,
          { count: 50, product: { id }, inventory_transaction_type: 'remove' },
          { 'idempotency-key': key2 },
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await tx(
          s.token,
          { count: 5, product: { id }, inventory_transaction_type: 'remove' },
          { 'idempotency-key': key2 },
        )
      ).body.product.inventory_count,
    ).toBe(2);
  });

  it.each([
    [{ count: 0, product: {} }, 'product.id'],
    [{ count: 0, product: { id: 'x' } }, 'product.id'],
    [{ product: { id: randomUUID() } }, 'count'],
    [{ count: 1.5, product: { id: randomUUID() } }, 'count'],
    [{ count: '3', product: { id: randomUUID() } }, 'count'],
    [{ count: 1, product: { id: randomUUID() }, inventory_transaction_type: 'steal' }, 'inventory_transaction_type'],
    [{ count: 1, product: { id: randomUUID() }, extra: true }, 'extra'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const s = await h.newOrgUser('Merchant');
    const res = await tx(s.token, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('refuses a zero add, a non-positive remove and a negative set, naming count', async () => {
    const s = await h.newOrgUser('Merchant');
    const id = await newProduct(s);
    for (const [count, type] of [
      [0, 'add'],
      [0, 'remove'],
      [-2, 'remove'],
      [-1, 'set'],
    ] as const) {
      const res = await tx(s.token, { count, product: { id }, inventory_transaction_type: type });
      expect(res.status, `${type} ${count}`).toBe(400);
      expect(res.body.issues[0].path).toBe('count');
    }
    const badKey = await tx(s.token, { count: 1, product: { id } }, { 'idempotency-key': 'has space' });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toContain('idempotency-key');
  });

  it('answers 401 without a token, 404 for another organization’s or an unknown product, 409 for a removed one', async () => {
    const s = await h.newOrgUser('Merchant');
    const other = await h.newOrgUser('Merchant');
    const id = await newProduct(s);
    expect((await tx(undefined, { count: 1, product: { id } })).status).toBe(401);
    expect((await tx(other.token, { count: 1, product: { id } })).status).toBe(404);
    expect((await tx(s.token, { count: 1, product: { id: randomUUID() } })).status).toBe(404);
    await h.call('DELETE', `/api/product/${id}`, { token: s.token });
    expect((await tx(s.token, { count: 1, product: { id } })).status).toBe(409);
    expect((await h.call('GET', `/api/product/${id}`, { token: s.token })).body.inventory_count).toBe(0);
  });
});
