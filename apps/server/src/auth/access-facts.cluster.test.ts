/**
 * Access facts kept per process (auth/access-facts.ts) across two production server processes on
 * one PostgreSQL database: a change made through process A or straight in the database —
 * a revoked buyer, a removed member, the seller's new name, a changed product — is seen by
 * process B once PostgreSQL's notification reaches it (each wait is a bounded poll on B's
 * answer); with B's listening connection ended, a revoke made during the outage is still seen.
 * Needs the production build; runs on the run's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Product } from '@cratebase/contract';
import type { HttpHarness } from '../../test/support/http-harness.js';
import { startTwoProcesses, type TwoProcesses } from '../../test/support/two-processes.js';
import { customerOf, liveProduct, ok, readySeller, type Org } from '../../test/support/checkout.js';

let cluster: TwoProcesses;
let h: HttpHarness;
let a: HttpHarness;
let b: HttpHarness;

const LISTENING = sql`select count(*)::int as n from pg_stat_activity
                       where datname = current_database() and application_name = 'cratebase-listen'
                         and query in ('select pg_backend_pid() as pid', 'select 1')`;

/** Polls `check` until it is true: at most 500 tries, 10 ms apart (5 s). */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

const run = (query: ReturnType<typeof sql>) => h.testDb.database.db.execute(query);
const listeners = async () => ((await run(LISTENING)).rows[0] as { n: number }).n;

beforeAll(async () => {
  cluster = await startTwoProcesses();
  h = cluster.h;
  a = h.at(0);
  b = h.at(1);
  await until('both processes listen', async () => (await listeners()) === 2);
});

afterAll(async () => {
  await cluster?.close();
});

const productOn = async (server: HttpHarness, who: Org, id: string): Promise<number | Product> => {
  const res = await server.call('GET', `/api/product/${id}`, { token: who.token });
  return res.status === 200 ? (res.body as Product) : res.status;
};
const gridOn = async (server: HttpHarness, who: Org, seller: Org) =>
  (await server.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=tile&limit=20`, { token: who.token })).status;

describe('access facts across two processes', () => {
  it('process B refuses a buyer revoked, and a member removed, elsewhere', async () => {
    const seller = await readySeller(a, { payments: false });
    const buyer = await customerOf(a, seller);
    const id = await liveProduct(a, seller);
    // Kept by B.
    for (let i = 0; i < 2; i++) {
      expect(await productOn(b, buyer, id)).toMatchObject({ id });
      expect(await gridOn(b, buyer, seller)).toBe(200);
      expect(await productOn(b, seller, id)).toMatchObject({ id });
    }
    await run(sql`delete from purchasing_relationships
                   where seller_organization_id = ${seller.orgId} and purchaser_organization_id = ${buyer.orgId}`);
    await until('B refuses the revoked buyer', async () => (await productOn(b, buyer, id)) === 404);
    expect(await gridOn(b, buyer, seller)).toBe(403);

    await run(sql`delete from memberships
                   where organization_id = ${seller.orgId} and user_id = (select id from users where email = ${seller.email})`);
    await until('B refuses the removed member', async () => (await productOn(b, seller, id)) === 404);
    expect((await b.call('GET', `/api/product/organization/${seller.orgId}?limit=5`, { token: seller.token })).status).toBe(403);
    cluster.expectNothingBroke();
  });

  it('process B shows the seller’s new name and a changed product made through process A', async () => {
    const seller = await readySeller(a, { payments: false });
    const buyer = await customerOf(a, seller);
    const id = await liveProduct(a, seller, { name: 'Before', unit_price_in_cents: 100 });
    for (let i = 0; i < 2; i++) expect(await productOn(b, buyer, id)).toMatchObject({ name: 'Before' });
    await ok(a.call('PUT', `/api/organization/${seller.orgId}`, { token: seller.token, body: { name: 'Renamed on A' } }));
    await until('B shows the new name', async () => {
      const p = await productOn(b, buyer, id);
      return typeof p === 'object' && p.organization.name === 'Renamed on A';
    });
    await ok(a.call('PUT', '/api/product', { token: seller.token, body: { organization: { id: seller.orgId }, id, unit_price_in_cents: 250 } }));
    await until('B shows the new price', async () => {
      const p = await productOn(b, buyer, id);
      return typeof p === 'object' && p.unit_price_in_cents === 250;
    });
    cluster.expectNothingBroke();
  });

  it('process B reads the database while its listening connection is down: a revoke made then is seen', async () => {
    const seller = await readySeller(a, { payments: false });
    const buyer = await customerOf(a, seller);
    const id = await liveProduct(a, seller);
    for (let i = 0; i < 2; i++) expect(await productOn(b, buyer, id)).toMatchObject({ id });
    // Both processes' listening connections end; the revoke's notification reaches neither.
    await run(sql`select pg_terminate_backend(pid) from pg_stat_activity
                   where datname = current_database() and application_name = 'cratebase-listen'`);
    await run(sql`delete from purchasing_relationships
                   where seller_organization_id = ${seller.orgId} and purchaser_organization_id = ${buyer.orgId}`);
    await until('B refuses the revoked buyer', async () => (await productOn(b, buyer, id)) === 404);
    await until('both processes listen again', async () => (await listeners()) === 2);
    expect(await productOn(b, buyer, id)).toBe(404);
    // Listening again: a relationship restored elsewhere is seen through the notification.
    await run(sql`insert into purchasing_relationships (seller_organization_id, purchaser_organization_id)
                   values (${seller.orgId}, ${buyer.orgId})`);
    await until('B lets the buyer in again', async () => typeof (await productOn(b, buyer, id)) === 'object');
    // The process logged the lost connection as a warning, not an error.
    cluster.expectNothingBroke();
  });
});
