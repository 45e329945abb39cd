/**
 * The inventory sync by SKU (issue 26; docs/inventory-sync.md): POST
 * /api/organization/{org_id}/inventory/sync sets the stock of up to 5,000 products and variants
 * in one request, answers per line in order, keeps the storefront's caches right, is idempotent
 * with a key, and two at once are safe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { INVENTORY_SYNC_MAX_ITEMS } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';
import { inviteAndAccept } from '../../../test/support/world.js';
import { ok, sizedTee, type Org } from '../../../test/support/checkout.js';

let h: Harness;
let seller: Org;
let buyer: Org;
/** The seller's bulk products: SKU `SYNC-<n>` for n in 1 … MAX, Live, stock 0, not tracked. */
const MAX = INVENTORY_SYNC_MAX_ITEMS;
const bulkSku = (n: number) => `SYNC-${n}`;

const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => (await h.testDb.database.db.execute(q)).rows as T[];

/** `count` Live products of the organization in one statement, SKUs `<prefix>-1` … (stock 0, not tracked). */
async function insertProducts(orgId: string, prefix: string, count: number): Promise<void> {
  await h.testDb.database.db.execute(sql`
    insert into products (organization_id, name, stock_keeping_unit, state_id, unit_price_in_cents, created_at)
    select ${orgId}::uuid, 'Synced ' || g, ${prefix} || '-' || g,
           (select id from product_states where state = 'Live'), 500, now() - g * interval '1 millisecond'
      from generate_series(1, ${count}::int) g`);
}

const sync = (who: TestUser | undefined, body: unknown, opts: { org?: string; key?: string } = {}) =>
  h.call('POST', `/api/organization/${opts.org ?? seller.orgId}/inventory/sync`, {
    token: who?.token,
    body,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });

/** The seller's catalogue version (what the storefront's page caches compare). */
const catalogVersion = async (orgId: string) =>
  Number(
    (
      await rows<{ v: string }>(
        sql`select coalesce(sum(version), 0)::text as v from catalog_versions where organization_id = ${orgId}`,
      )
    )[0]!.v,
  );

/** Stock and tracking by SKU of the organization's live rows. */
async function stockBySku(orgId: string, skus: string[]): Promise<Map<string, { count: number; tracked: boolean }>> {
  const found = await rows<{ sku: string; count: number; tracked: boolean }>(sql`
    select stock_keeping_unit as sku, inventory_count as count, track_inventory as tracked from products
     where organization_id = ${orgId} and deleted_at is null and stock_keeping_unit = any(${sql.param(skus)}::text[])`);
  return new Map(found.map((r) => [r.sku, { count: r.count, tracked: r.tracked }]));
}

const inventoryTransactionCount = async (orgId: string) =>
  Number(
    (
      await rows<{ n: string }>(
        sql`select count(*)::text as n from inventory_transactions where organization_id = ${orgId}`,
      )
    )[0]!.n,
  );

/** A storefront grid page (tile view) of the seller, as the buyer sees it. */
const grid = async (limit = 20) =>
  await ok<{ id: string; stock_keeping_unit?: string; inventory_count: number | null; track_inventory: boolean }[]>(
    h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=tile&limit=${limit}`, {
      token: buyer.token,
    }),
  );

const productPage = async (id: string) => ok<any>(h.call('GET', `/api/product/${id}`, { token: buyer.token }));

beforeAll(async () => {
  h = await createHarness();
  seller = await h.newOrgUser('Merchant', 'Sync Sellers');
  buyer = await h.newOrgUser('Buyer', 'Sync Buyers');
  await inviteAndAccept(h, seller, buyer);
  await insertProducts(seller.orgId, 'SYNC', MAX);
});
afterAll(async () => h?.close());

describe('POST /api/organization/:org_id/inventory/sync', () => {
  it('sets 5,000 SKUs in one request, answers per line in the order sent, and the storefront shows it at once', async () => {
    // The buyer's grid and a product page are built (and cached) before the sync.
    const before = await grid();
    expect(before.every((t) => t.track_inventory === false && t.inventory_count === null)).toBe(true);
    const pageId = before[0]!.id;
    expect(await productPage(pageId)).toMatchObject({ track_inventory: false });

    // Sent in an order of its own (not the products' order), each with its own count.
    const items = Array.from({ length: MAX }, (_, i) => {
      const n = ((i * 7919) % MAX) + 1;
      return { sku: bulkSku(n), inventory_count: (n * 13) % 1000 };
    });
    expect(new Set(items.map((i) => i.sku)).size).toBe(MAX);
    const versionBefore = await catalogVersion(seller.orgId);
    const res = await sync(seller, { items });
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({
      lines: MAX,
      updated: MAX,
      unchanged: 0,
      not_found: 0,
      duplicate: 0,
      not_tracked: 0,
      has_variants: 0,
    });
    expect(res.body.replayed).toBe(false);
    expect(res.body.items.map((l: { sku: string }) => l.sku)).toEqual(items.map((i) => i.sku));
    expect(res.body.items.map((l: { inventory_count: number }) => l.inventory_count)).toEqual(
      items.map((i) => i.inventory_count),
    );
    expect(
      res.body.items.every(
        (l: any) => l.status === 'updated' && l.variant_id === null && typeof l.product_id === 'string',
      ),
    ).toBe(true);
    expect(await catalogVersion(seller.orgId)).toBeGreaterThan(versionBefore);

    const stored = await stockBySku(
      seller.orgId,
      items.map((i) => i.sku),
    );
    expect(items.filter((i) => stored.get(i.sku)?.count !== i.inventory_count || !stored.get(i.sku)?.tracked)).toEqual(
      [],
    );
    expect(await inventoryTransactionCount(seller.orgId)).toBe(MAX);

    // The buyer sees the new stock on the grid and the product page straight away.
    const skuOf = new Map(res.body.items.map((l: any) => [l.product_id, l.sku]));
    const want = new Map(items.map((i) => [i.sku, i.inventory_count]));
    const after = await grid();
    expect(after.map((t) => t.id)).toEqual(before.map((t) => t.id));
    expect(after.map((t) => [t.track_inventory, t.inventory_count])).toEqual(
      after.map((t) => [true, want.get(skuOf.get(t.id) as string)]),
    );
    expect(await productPage(pageId)).toMatchObject({
      track_inventory: true,
      inventory_count: want.get(skuOf.get(pageId) as string),
    });

    // The same counts again change nothing: every line unchanged, no version bump, no history.
    const version = await catalogVersion(seller.orgId);
    const again = await sync(seller, { items });
    expect(again.status).toBe(200);
    expect(again.body.totals).toMatchObject({ lines: MAX, updated: 0, unchanged: MAX });
    expect(again.body.items[17]).toEqual({ ...res.body.items[17], status: 'unchanged' });
    expect(await catalogVersion(seller.orgId)).toBe(version);
    expect(await inventoryTransactionCount(seller.orgId)).toBe(MAX);
  });

  it('answers variants, unknown SKUs (case counts), repeated SKUs, a product with variants and untracked stock per line', async () => {
    const putProduct = (body: Record<string, unknown>) =>
      ok<any>(
        h.call('PUT', '/api/product', { token: seller.token, body: { organization: { id: seller.orgId }, ...body } }),
      );
    const { id: teeId, small, medium } = await sizedTee(h, seller);
    const tee = await putProduct({
      id: teeId,
      stock_keeping_unit: 'TEE',
      variants: [
        { id: small, option_values: ['S'], stock_keeping_unit: 'TEE-S' },
        { id: medium, option_values: ['M'], stock_keeping_unit: 'TEE-M' },
      ],
    });
    const mug = await putProduct({ name: 'Mug', state: 'Live', stock_keeping_unit: 'Mug-1', unit_price_in_cents: 900 });
    const teeBefore = await productPage(tee.id);
    expect(teeBefore.variants.map((v: any) => v.track_inventory)).toEqual([false, false]);

    const res = await sync(seller, {
      items: [
        { sku: 'TEE-S', inventory_count: 4 },
        { sku: 'tee-s', inventory_count: 9 },
        { sku: 'NO-SUCH-SKU', inventory_count: 1 },
        { sku: 'TEE', inventory_count: 3 },
        { sku: 'Mug-1', inventory_count: 2 },
        { sku: '  TEE-M ', inventory_count: 0 },
        { sku: 'Mug-1', inventory_count: 5 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { sku: 'TEE-S', status: 'updated', inventory_count: 4, product_id: tee.id, variant_id: small },
      { sku: 'tee-s', status: 'not_found', inventory_count: null, product_id: null, variant_id: null },
      { sku: 'NO-SUCH-SKU', status: 'not_found', inventory_count: null, product_id: null, variant_id: null },
      { sku: 'TEE', status: 'has_variants', inventory_count: null, product_id: tee.id, variant_id: null },
      { sku: 'Mug-1', status: 'duplicate', inventory_count: 0, product_id: mug.id, variant_id: null },
      // Tracking was off: setting the count turns it on, so the line is an update even at 0.
      { sku: 'TEE-M', status: 'updated', inventory_count: 0, product_id: tee.id, variant_id: medium },
      { sku: 'Mug-1', status: 'duplicate', inventory_count: 0, product_id: mug.id, variant_id: null },
    ]);
    expect(res.body.totals).toEqual({
      lines: 7,
      updated: 2,
      unchanged: 0,
      not_found: 2,
      duplicate: 2,
      not_tracked: 0,
      has_variants: 1,
    });
    // The buyer's product page shows the variants' stock; the repeated SKU's product was not touched.
    const teeAfter = await productPage(tee.id);
    expect(teeAfter.variants.map((v: any) => [v.stock_keeping_unit, v.track_inventory, v.inventory_count])).toEqual([
      ['TEE-S', true, 4],
      ['TEE-M', true, 0],
    ]);
    expect(await stockBySku(seller.orgId, ['Mug-1'])).toEqual(new Map([['Mug-1', { count: 0, tracked: false }]]));

    // skip_untracked: an untracked line answers not_tracked and nothing is written.
    const version = await catalogVersion(seller.orgId);
    const skipped = await sync(seller, {
      items: [
        { sku: 'Mug-1', inventory_count: 7 },
        { sku: 'TEE-S', inventory_count: 4 },
        { sku: 'TEE', inventory_count: 1 },
        { sku: 'TEE', inventory_count: 1 },
      ],
      skip_untracked: true,
    });
    expect(skipped.body.items.map((l: any) => [l.status, l.inventory_count, l.product_id])).toEqual([
      ['not_tracked', 0, mug.id],
      ['unchanged', 4, tee.id],
      // A repeated SKU is a duplicate even when it is a product with variants (which has no count).
      ['duplicate', null, tee.id],
      ['duplicate', null, tee.id],
    ]);
    expect(await catalogVersion(seller.orgId)).toBe(version);
    expect(await stockBySku(seller.orgId, ['Mug-1'])).toEqual(new Map([['Mug-1', { count: 0, tracked: false }]]));
  });

  it('touches only the organization in the path: the same SKU of another seller keeps its stock', async () => {
    const other = await h.newOrgUser('Merchant', 'Other Sync Sellers');
    await insertProducts(other.orgId, 'SYNC', 3);
    const res = await sync(seller, { items: [{ sku: bulkSku(1), inventory_count: 4242 }] });
    expect(res.body.items[0]).toMatchObject({ status: 'updated', inventory_count: 4242 });
    expect(await stockBySku(other.orgId, [bulkSku(1)])).toEqual(new Map([[bulkSku(1), { count: 0, tracked: false }]]));
    // And the other seller's sync reaches its own row only.
    const theirs = await sync(other, { items: [{ sku: bulkSku(1), inventory_count: 7 }] }, { org: other.orgId });
    expect(theirs.body.items[0]).toMatchObject({ status: 'updated', inventory_count: 7 });
    expect((await stockBySku(seller.orgId, [bulkSku(1)])).get(bulkSku(1))).toEqual({ count: 4242, tracked: true });
    // A member of one seller cannot sync the other's.
    const cross = await sync(other, { items: [{ sku: bulkSku(1), inventory_count: 1 }] });
    expect(cross.status).toBe(403);
    expect((await stockBySku(seller.orgId, [bulkSku(1)])).get(bulkSku(1))).toEqual({ count: 4242, tracked: true });
  });

  it('answers a retry with the same Idempotency-Key as the first time and changes nothing; another body with it is 409', async () => {
    const key = randomUUID();
    const body = {
      items: [
        { sku: bulkSku(2), inventory_count: 11 },
        { sku: 'MISSING', inventory_count: 1 },
      ],
    };
    const first = await sync(seller, body, { key });
    expect(first.status).toBe(200);
    expect(first.body.items[0]).toMatchObject({ status: 'updated', inventory_count: 11 });
    // The stock moves on in between (another sync, without a key).
    await ok(sync(seller, { items: [{ sku: bulkSku(2), inventory_count: 12 }] }));
    const transactions = await inventoryTransactionCount(seller.orgId);
    const version = await catalogVersion(seller.orgId);

    const retry = await sync(seller, body, { key });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ ...first.body, replayed: true });
    expect((await stockBySku(seller.orgId, [bulkSku(2)])).get(bulkSku(2))!.count).toBe(12);
    expect(await inventoryTransactionCount(seller.orgId)).toBe(transactions);
    expect(await catalogVersion(seller.orgId)).toBe(version);

    const misuse = await sync(seller, { items: [{ sku: bulkSku(2), inventory_count: 99 }] }, { key });
    expect(misuse.status).toBe(409);
    expect(misuse.body.error).toBe('idempotency_key_reused');
    expect((await stockBySku(seller.orgId, [bulkSku(2)])).get(bulkSku(2))!.count).toBe(12);

    // Three at once with one new key: applied once, the others answer it.
    const key2 = randomUUID();
    const together = await Promise.all(
      [1, 2, 3].map(() => sync(seller, { items: [{ sku: bulkSku(2), inventory_count: 30 }] }, { key: key2 })),
    );
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(together.map((r) => r.body.replayed).sort()).toEqual([false, true, true]);
    expect(await inventoryTransactionCount(seller.orgId)).toBe(transactions + 1);
  });

  it('runs syncs at once safely: each applies whole, in some order, none deadlocks', async () => {
    // Six syncs over the same 1,000 SKUs, sent in different orders, each with its own counts.
    const skus = Array.from({ length: 1000 }, (_, i) => bulkSku(3001 + i));
    const bodies = Array.from({ length: 6 }, (_, k) => {
      const order = k % 2 === 0 ? skus : [...skus].reverse();
      return { items: order.map((sku, i) => ({ sku, inventory_count: 100_000 * (k + 1) + i })) };
    });
    const results = await Promise.all(bodies.map((b) => sync(seller, b)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(results.every((r) => r.body.totals.updated === 1000)).toBe(true);
    // The stock is exactly one request's counts, all of them (no line of one mixed with another's).
    const stored = await stockBySku(seller.orgId, skus);
    const matching = bodies.filter((b) => b.items.every((i) => stored.get(i.sku)!.count === i.inventory_count));
    expect(matching).toHaveLength(1);
  });

  it('lets any member of the team sync (Staff too), nobody else', async () => {
    const email = `sync-staff-${randomUUID().slice(0, 8)}@example.com`;
    const staff = await h.newUser(email);
    const invite = await ok(
      h.call('POST', `/api/organization/${seller.orgId}/members/invites`, {
        token: seller.token,
        body: { email, role: 'staff' },
      }),
    );
    await ok(h.call('POST', `/api/team/invite/${invite.id}/accept`, { token: staff.token, body: {} }));
    const body = { items: [{ sku: bulkSku(4), inventory_count: 44 }] };
    expect((await sync(staff, body)).body.items[0]).toMatchObject({ status: 'updated', inventory_count: 44 });

    const stranger = await h.newUser();
    const next = { items: [{ sku: bulkSku(4), inventory_count: 45 }] };
    expect((await sync(undefined, next)).status).toBe(401);
    expect((await sync(stranger, next)).status).toBe(403);
    expect((await sync(buyer, next)).status).toBe(403);
    expect((await sync(seller, next, { org: randomUUID() })).status).toBe(403);
    expect((await stockBySku(seller.orgId, [bulkSku(4)])).get(bulkSku(4))!.count).toBe(44);
  });

  it('takes an API key of the organization with the scope inventory:write, and no other key', async () => {
    const keyOf = async (owner: Org, scopes: string[]) => {
      const created = await h.call('POST', `/api/organization/${owner.orgId}/api_keys`, {
        token: owner.token,
        body: { name: `sync ${scopes.join(' ')}`, scopes },
      });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      return { token: created.body.token as string } as TestUser;
    };
    const body = { items: [{ sku: bulkSku(5), inventory_count: 55 }] };
    const res = await sync(await keyOf(seller, ['inventory:write']), body);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ status: 'updated', inventory_count: 55 });

    const next = { items: [{ sku: bulkSku(5), inventory_count: 56 }] };
    const readOnly = await sync(await keyOf(seller, ['inventory:read', 'catalog:write']), next);
    expect([readOnly.status, readOnly.body.error]).toEqual([403, 'api_key_scope_missing']);
    const other = await h.newOrgUser('Merchant', 'Keyed Sync Sellers');
    expect((await sync(await keyOf(other, ['inventory:write']), next)).status).toBe(403);
    expect((await stockBySku(seller.orgId, [bulkSku(5)])).get(bulkSku(5))!.count).toBe(55);
  });

  it('records an inventory.changed webhook event per 1,000 changed lines, in the sync’s transaction', async () => {
    const other = await h.newOrgUser('Merchant', 'Hooked Sync Sellers');
    await insertProducts(other.orgId, 'HOOK', 2500);
    await h.testDb.database.db.execute(sql`
      insert into webhook_endpoints (organization_id, url, events, secret)
      values (${other.orgId}, 'https://127.0.0.1:9/hooks', array['inventory.changed'], 'whsec_test')`);
    const items = Array.from({ length: 2500 }, (_, i) => ({ sku: `HOOK-${i + 1}`, inventory_count: i === 0 ? 0 : i }));
    items.push({ sku: 'HOOK-NONE', inventory_count: 1 });
    const res = await sync(other, { items }, { org: other.orgId });
    expect(res.body.totals).toMatchObject({ updated: 2500, not_found: 1 });
    const events = await rows<{
      payload: {
        type: string;
        data: { items: { sku: string; inventory_count: number; product_id: string; variant_id: null }[] };
      };
    }>(
      sql`select payload from webhook_events where organization_id = ${other.orgId} and type = 'inventory.changed' order by created_at`,
    );
    expect(events.map((e) => e.payload.data.items.length).sort()).toEqual([1000, 1000, 500]);
    const sent = events.flatMap((e) => e.payload.data.items);
    expect(new Set(sent.map((i) => i.sku))).toEqual(new Set(items.slice(0, 2500).map((i) => i.sku)));
    const line = res.body.items[1];
    expect(sent.find((i) => i.sku === 'HOOK-2')).toEqual({
      product_id: line.product_id,
      variant_id: null,
      sku: 'HOOK-2',
      inventory_count: 1,
    });

    // A sync that changes nothing sends nothing.
    await ok(sync(other, { items: items.slice(0, 10) }, { org: other.orgId }));
    expect(await rows(sql`select 1 from webhook_events where organization_id = ${other.orgId}`)).toHaveLength(3);
  });

  it.each([
    ['a body without items', {}, 'items'],
    ['items that are not a list', { items: { sku: 'A', inventory_count: 1 } }, 'items'],
    ['no lines', { items: [] }, 'items'],
    [
      'more than 5,000 lines',
      { items: Array.from({ length: MAX + 1 }, (_, i) => ({ sku: `X-${i}`, inventory_count: 1 })) },
      'items',
    ],
    [
      'a negative count',
      {
        items: [
          { sku: 'A', inventory_count: 1 },
          { sku: 'B', inventory_count: -1 },
        ],
      },
      'items.1.inventory_count',
    ],
    [
      'a fractional count',
      { items: Array.from({ length: 13 }, (_, i) => ({ sku: `F-${i}`, inventory_count: i === 12 ? 1.5 : 1 })) },
      'items.12.inventory_count',
    ],
    ['a count past the limit', { items: [{ sku: 'A', inventory_count: 1_000_000_001 }] }, 'items.0.inventory_count'],
    ['a count as text', { items: [{ sku: 'A', inventory_count: '3' }] }, 'items.0.inventory_count'],
    ['an empty SKU', { items: [{ sku: '   ', inventory_count: 1 }] }, 'items.0.sku'],
    ['a SKU with a control character', { items: [{ sku: 'A\u0000B', inventory_count: 1 }] }, 'items.0.sku'],
    ['a SKU that is too long', { items: [{ sku: 'S'.repeat(101), inventory_count: 1 }] }, 'items.0.sku'],
    ['a line with another field', { items: [{ sku: 'A', inventory_count: 1, price: 3 }] }, 'items.0'],
    [
      'skip_untracked that is not a boolean',
      { items: [{ sku: 'A', inventory_count: 1 }], skip_untracked: 'yes' },
      'skip_untracked',
    ],
  ])('refuses %s with 400 naming %s, writing nothing', async (_what, body, path) => {
    const version = await catalogVersion(seller.orgId);
    const res = await sync(seller, body);
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await catalogVersion(seller.orgId)).toBe(version);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const res = await sync(seller, { items: [{ sku: 'A', inventory_count: 1 }] }, { key: 'has space' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('idempotency-key');
  });
});
