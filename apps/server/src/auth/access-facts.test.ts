/**
 * Access facts kept per process (auth/access-facts.ts): a kept check needs no database round
 * trip, and every change another process commits — a revoked buyer, a removed member, the
 * seller's new name, a changed product — is seen once PostgreSQL's notification arrives; with
 * the listening connection ended, the process reads the database until it listens again.
 *
 * "Another process" is a connection of its own here (`outside`): its writes reach this app only
 * through the notifications, as another server's would. The app's own writes are seen at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Product } from '@cratebase/contract';
import { createHarness, type Harness } from '../../test/support/harness.js';
import { customerOf, liveProduct, ok, readySeller, type Org } from '../../test/support/checkout.js';
import { poolOf } from '../db/client.js';
import { createAccessFacts } from './access-facts.js';

let h: Harness;
let outsideClient: pg.Client;

/** Polls `check` until it is true: at most 500 tries, 10 ms apart (5 s). */
async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
  outsideClient = new pg.Client({ connectionString: h.testDb.url });
  await outsideClient.connect();
  await until('the app listens', () => h.app.accessFacts.listening);
});
afterAll(async () => {
  await outsideClient?.end();
  await h?.close();
});

/** A statement by another process (a connection of its own, not the app's pool). */
const outside = (text: string, values: unknown[] = []) => outsideClient.query(text, values);

const productAs = async (who: Org, id: string): Promise<number | Product> => {
  const res = await h.call('GET', `/api/product/${id}`, { token: who.token });
  return res.status === 200 ? (res.body as Product) : res.status;
};
const gridAs = async (who: Org, seller: Org): Promise<number> =>
  (await h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=tile&limit=20`, { token: who.token })).status;

/** How many statements the app's pool runs during `fn`. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
  const pool = poolOf(h.testDb.database.db);
  let n = 0;
  const count = () => (n += 1);
  pool.on('acquire', count);
  try {
    await fn();
  } finally {
    pool.off('acquire', count);
  }
  return n;
}

describe('access facts kept per process', () => {
  it('answers a kept product page and grid page without a database round trip', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const id = await liveProduct(h, seller, { name: 'Kept' });
    // First reads keep the check and the stamp (and the pages).
    expect(await productAs(buyer, id)).toMatchObject({ name: 'Kept' });
    expect(await gridAs(buyer, seller)).toBe(200);
    expect(await statementsDuring(async () => expect(await productAs(buyer, id)).toMatchObject({ name: 'Kept' }))).toBe(0);
    expect(await statementsDuring(async () => expect(await gridAs(buyer, seller)).toBe(200))).toBe(0);
  });

  it('refuses a buyer revoked by another process once the notification arrives', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const id = await liveProduct(h, seller);
    expect(await productAs(buyer, id)).toMatchObject({ id });
    expect(await gridAs(buyer, seller)).toBe(200);
    await outside('delete from purchasing_relationships where seller_organization_id = $1 and purchaser_organization_id = $2', [
      seller.orgId,
      buyer.orgId,
    ]);
    await until('the product page is refused', async () => (await productAs(buyer, id)) === 404);
    expect(await gridAs(buyer, seller)).toBe(403);
  });

  it('refuses a member removed by another process, and shows the seller’s new name and a changed product', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const id = await liveProduct(h, seller, { name: 'Before' });
    const list = async () =>
      (await h.call('GET', `/api/product/organization/${seller.orgId}?limit=5`, { token: seller.token })).status;
    expect(await list()).toBe(200);
    expect(await productAs(seller, id)).toMatchObject({ name: 'Before' });
    expect(await productAs(buyer, id)).toMatchObject({ name: 'Before' });

    await outside('update organizations set name = $2 where id = $1', [seller.orgId, 'Renamed Elsewhere']);
    await until('the new name shows', async () => {
      const p = await productAs(buyer, id);
      return typeof p === 'object' && p.organization.name === 'Renamed Elsewhere';
    });
    await outside('update products set name = $2 where id = $1', [id, 'After']);
    await until('the changed product shows', async () => {
      const p = await productAs(buyer, id);
      return typeof p === 'object' && p.name === 'After';
    });

    await outside('delete from memberships where organization_id = $1 and user_id = (select id from users where email = $2)', [
      seller.orgId,
      seller.email,
    ]);
    await until('the removed member is refused', async () => (await list()) === 403);
    expect(await productAs(seller, id)).toBe(404);
  });

  it('sees its own writes on the next request (the notification is awaited)', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const id = await liveProduct(h, seller);
    expect(await productAs(buyer, id)).toMatchObject({ id });
    await ok(h.call('PUT', `/api/organization/${seller.orgId}`, { token: seller.token, body: { name: 'Renamed Here' } }));
    expect(await productAs(buyer, id)).toMatchObject({ organization: { name: 'Renamed Here' } });
    await h.testDb.database.db.execute(sql`delete from purchasing_relationships where purchaser_organization_id = ${buyer.orgId}`);
    expect(await productAs(buyer, id)).toBe(404);
  });

  it('reads the database while its listening connection is down, and keeps again once it is back', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    const id = await liveProduct(h, seller);
    expect(await productAs(buyer, id)).toMatchObject({ id });
    expect(await productAs(buyer, id)).toMatchObject({ id });
    const pid = h.app.accessFacts.listenerPid;
    expect(pid).not.toBeNull();
    await outside('select pg_terminate_backend($1)', [pid]);
    // Revoked during the outage: that notification never reaches the app.
    await outside('delete from purchasing_relationships where seller_organization_id = $1 and purchaser_organization_id = $2', [
      seller.orgId,
      buyer.orgId,
    ]);
    await until('the revoked buyer is refused', async () => (await productAs(buyer, id)) === 404);
    await until('the app listens again', () => h.app.accessFacts.listening && h.app.accessFacts.listenerPid !== pid);
    expect(await productAs(buyer, id)).toBe(404);
    // Back: notifications are heard again.
    await outside(
      'insert into purchasing_relationships (seller_organization_id, purchaser_organization_id) values ($1, $2)',
      [seller.orgId, buyer.orgId],
    );
    await until('the buyer is let in again', async () => typeof (await productAs(buyer, id)) === 'object');
    expect(await statementsDuring(async () => expect(await productAs(buyer, id)).toMatchObject({ id }))).toBe(0);
  });

  it('keeps at most maxEntries facts', async () => {
    const facts = createAccessFacts(h.testDb.database.db, { maxEntries: 2 });
    facts.start();
    try {
      await until('the facts listen', () => facts.listening);
      const seller = await readySeller(h, { payments: false });
      const users = [await h.newOrgUser('Buyer'), await h.newOrgUser('Buyer'), await h.newOrgUser('Buyer')];
      for (const u of users) {
        const userId = (await outside('select id from users where email = $1', [u.email])).rows[0].id as string;
        const access = await facts.read(userId, [seller.orgId, u.orgId], undefined, 'test');
        expect(access.roles.get(u.orgId)).toBe('member');
        expect(access.roles.get(seller.orgId)).toBeUndefined();
      }
      expect(facts.size.roles).toBe(2);
    } finally {
      await facts.stop();
    }
    expect(facts.size.roles).toBe(0);
  });
});
