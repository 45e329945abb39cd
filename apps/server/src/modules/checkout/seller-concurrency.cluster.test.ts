/**
 * Orders of one seller completing at once (issue 11, checkout/seller-slot.ts): they share only
 * their products' rows. These need two connections at once, so PostgreSQL only (the cluster
 * project; the embedded database serves one transaction at a time).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutSession, Dashboard, TEST_CARDS } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
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
import { lockCatalogVersion } from '../products/catalog-version.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => h?.close());

const db = () => h.testDb.database.db;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db().execute(query)).rows as T[];
}

async function session(seller: Org, buyer: Org, cart: { id: string }): Promise<CheckoutSession> {
  return CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
}

describe('orders of one seller at once', () => {
  it(
    'an order of a seller completes while another of its orders is still completing: they share only their products’ rows',
    async () => {
      const seller = await readySeller(h);
      const [buyerA, buyerB] = [await customerOf(h, seller), await customerOf(h, seller)];
      const jam = await liveProduct(h, seller, { name: 'Plum jam', unit_price_in_cents: 1_000 });
      const honey = await liveProduct(h, seller, { name: 'Honey', unit_price_in_cents: 700 });
      await setStock(h, seller, jam, 10);
      await setStock(h, seller, honey, 10);
      const a = (await atPayment(h, seller, buyerA, { [jam]: 2 })).cart;
      const b = (await atPayment(h, seller, buyerB, { [honey]: 3 })).cart;
      const [sessionA, sessionB] = [await session(seller, buyerA, a), await session(seller, buyerB, b)];

      // What the next request of anyone shows (each read is kept per process under a version).
      const stock = async () => {
        const res = await h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=tile`, {
          token: buyerB.token,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const count = (id: string) => (res.body as { id: string; inventory_count: number }[]).find((t) => t.id === id);
        return { jam: count(jam)?.inventory_count, honey: count(honey)?.inventory_count };
      };
      const listed = async () => {
        const rows = await ok<{ id: string }[]>(
          h.call('GET', `/api/order/organization/${seller.orgId}/selling`, { token: seller.token }),
        );
        return rows.map((o) => o.id).sort();
      };
      const totals = async () =>
        Dashboard.parse(await ok(h.call('GET', `/api/organization/${seller.orgId}/dashboard`, { token: seller.token })))
          .totals;
      expect(await stock()).toEqual({ jam: 10, honey: 10 });
      expect(await listed()).toEqual([]);
      expect((await totals()).orders).toBe(0);
      /** The server's backends waiting for a lock `pid` holds. */
      const blockedBy = async (pid: number) =>
        (
          await rows<{ pid: number }>(sql`
            select pid from pg_stat_activity
             where datname = current_database() and ${pid}::int = any(pg_blocking_pids(pid))`)
        ).map((r) => r.pid);

      // The test's own connection locks the jam's row: A's completion sells it in its last
      // statement, so it waits there with everything else it writes done and locked — its slot
      // of the seller's catalogue version, order lists and dashboard rows, its buyer's rows.
      const holder = new pg.Client({ connectionString: h.testDb.url });
      await holder.connect();
      let paidA: ReturnType<typeof payWith> | undefined;
      try {
        await holder.query('begin');
        await holder.query('select id from products where id = $1 for no key update', [jam]);
        const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        paidA = payWith(h, buyerA, sessionA, TEST_CARDS.succeeds);
        await expect.poll(() => blockedBy(holderPid)).toHaveLength(1);
        const [completingA] = await blockedBy(holderPid);

        // B pays meanwhile: its completion never waits for A's open transaction.
        let answeredB = false;
        const paidB = payWith(h, buyerB, sessionB, TEST_CARDS.succeeds).finally(() => {
          answeredB = true;
        });
        while (!answeredB) {
          expect(await blockedBy(completingA!), 'a completion waits for the open one of the same seller').toEqual([]);
          await sleep(20);
        }
        expect((await paidB).status, JSON.stringify((await paidB).body)).toBe(200);
        expect(await blockedBy(holderPid)).toEqual([completingA]);
        // B's order shows on the next request, A's not yet.
        expect(await listed()).toEqual([b.order.id]);
        expect(await stock()).toEqual({ jam: 10, honey: 7 });
        expect(await totals()).toMatchObject({ orders: 1, sales_in_cents: 2_100 });
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      expect((await paidA!).status).toBe(200);
      expect(await listed()).toEqual([a.order.id, b.order.id].sort());
      expect(await stock()).toEqual({ jam: 8, honey: 7 });
      expect(await totals()).toEqual({
        orders: 2,
        sales_in_cents: 4_100,
        average_order_value_in_cents: 2_050,
        refunded_in_cents: 0,
        net_sales_in_cents: 4_100,
      });
    },
  );

  it(
    'a checkout holding stock waits for a writer of the seller’s products, never deadlocks with it',
    async () => {
      const seller = await readySeller(h);
      const buyer = await customerOf(h, seller);
      const products = [
        await liveProduct(h, seller, { name: 'Fig' }),
        await liveProduct(h, seller, { name: 'Quince' }),
      ];
      for (const p of products) await setStock(h, seller, p, 5);
      const { cart } = await atPayment(h, seller, buyer, { [products[0]!]: 1, [products[1]!]: 2 });
      const [first, second] = [...products].sort();
      let made: ReturnType<typeof createSession> | undefined;
      // A writer following the rule of catalog-version.ts (the seller's version lock first)
      // changes the two products in the order opposite to the one holds lock them in.
      await db().transaction(async (tx) => {
        await lockCatalogVersion(tx, seller.orgId);
        await tx.execute(sql`update products set inventory_count = inventory_count + 1 where id = ${second}`);
        const writer = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
        made = createSession(h, seller, buyer, cart);
        await expect
          .poll(
            async () =>
              (
                await rows<{ n: number }>(sql`
                select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and ${writer}::int = any(pg_blocking_pids(pid))`)
              )[0]!.n,
          )
          .toBe(1);
        // The checkout waits for the seller's version, before it locked either product.
        await tx.execute(sql`update products set inventory_count = inventory_count + 1 where id = ${first}`);
      });
      const res = await made!;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(
        await rows(sql`
          select p.inventory_count, r.quantity from products p join stock_reservations r on r.product_id = p.id
           where p.id = any(${sql.param(products)}::uuid[]) and r.status = 'held' order by r.quantity`),
      ).toEqual([
        { inventory_count: 6, quantity: 1 },
        { inventory_count: 6, quantity: 2 },
      ]);
    },
  );

});
