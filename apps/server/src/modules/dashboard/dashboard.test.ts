import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Dashboard, OrderSummaryList, Product, TEST_CARDS, type CheckoutSession } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { migrationsFolder } from '../../db/client.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readySeller,
  type Org,
} from '../../../test/support/checkout.js';
import { readDashboard, rebuildSellerDashboard } from './service.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** The buyer pays for `lines` at the seller's store with 4242 (the checkout's real completion). */
async function placeOrder(seller: Org, buyer: Org, lines: Record<string, number>): Promise<void> {
  const { cart } = await atPayment(h, seller, buyer, lines);
  const session = await ok(createSession(h, seller, buyer, cart));
  await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
}

const dashboardOf = (seller: Org, token = seller.token) =>
  h.call('GET', `/api/organization/${seller.orgId}/dashboard`, { token });
const readOf = async (seller: Org) => Dashboard.parse(await ok(dashboardOf(seller)));

/** The Monday (UTC, YYYY-MM-DD) of the week holding `at`. */
function mondayOf(at: string): string {
  const d = new Date(at);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

describe('the seller dashboard', () => {
  it('a seller without orders sees 12 empty weeks ending with the current one', async () => {
    const seller = await readySeller(h, { payments: false });
    const d = await readOf(seller);
    expect(d.has_orders).toBe(false);
    expect(d.weeks).toHaveLength(12);
    expect(d.weeks.every((w) => w.order_count === 0 && w.sales_in_cents === 0)).toBe(true);
    // Consecutive Mondays, the last one this week's.
    for (const [i, w] of d.weeks.entries()) {
      expect(new Date(`${w.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
      if (i > 0) expect(Date.parse(w.week_start) - Date.parse(d.weeks[i - 1]!.week_start)).toBe(7 * DAY_MS);
    }
    expect(d.weeks[11]!.week_start).toBe(mondayOf(new Date().toISOString()));
    expect(d).toMatchObject({
      totals: { orders: 0, sales_in_cents: 0, average_order_value_in_cents: 0 },
      top_products: [],
      top_customers: [],
      reorder_rate: null,
      customers: 0,
      returning_customers: 0,
      open_invoices: { count: 0, amount_in_cents: 0 },
    });
  });

  it('counts placed orders: weeks, totals, top lists, reorder rate; only for the seller’s members', async () => {
    const seller = await readySeller(h);
    const jam = await liveProduct(h, seller, {
      name: 'Fig Jam',
      unit_price_in_cents: 1_200,
      stock_keeping_unit: 'FIG',
    });
    const honey = await liveProduct(h, seller, {
      name: 'Wild Honey',
      unit_price_in_cents: 800,
      stock_keeping_unit: 'HON',
    });
    const alpha = await customerOf(h, seller, 'Alpha Grocer');
    const beta = await customerOf(h, seller, 'Beta Deli');

    await placeOrder(seller, alpha, { [jam]: 2, [honey]: 1 }); // 3,200
    const afterOne = await readOf(seller);
    expect(afterOne.totals).toEqual({
      orders: 1,
      sales_in_cents: 3_200,
      average_order_value_in_cents: 3_200,
      refunded_in_cents: 0,
      net_sales_in_cents: 3_200,
    });
    expect(afterOne.reorder_rate).toBe(0);

    await placeOrder(seller, beta, { [jam]: 5 }); // 6,000
    await placeOrder(seller, alpha, { [honey]: 3 }); // 2,400
    const d = await readOf(seller);
    expect(d.has_orders).toBe(true);
    expect(d.totals).toEqual({
      orders: 3,
      sales_in_cents: 11_600,
      average_order_value_in_cents: 3_867,
      refunded_in_cents: 0,
      net_sales_in_cents: 11_600,
    });
    // Every order sits in the week it was placed; the other weeks are zeros.
    const placed = OrderSummaryList.parse(
      await ok(h.call('GET', `/api/order/organization/${seller.orgId}/selling`, { token: seller.token })),
    );
    const byWeek = new Map<string, number>();
    for (const o of placed) byWeek.set(mondayOf(o.completed_on!), (byWeek.get(mondayOf(o.completed_on!)) ?? 0) + 1);
    for (const w of d.weeks) expect(w.order_count).toBe(byWeek.get(w.week_start) ?? 0);
    expect(d.weeks.reduce((n, w) => n + w.sales_in_cents, 0)).toBe(11_600);

    expect(d.top_products).toEqual([
      { product: { id: jam, name: 'Fig Jam' }, units: 7, sales_in_cents: 8_400, variants: [], variants_sold: 0 },
      { product: { id: honey, name: 'Wild Honey' }, units: 4, sales_in_cents: 3_200, variants: [], variants_sold: 0 },
    ]);
    expect(d.top_customers).toEqual([
      { organization: { id: beta.orgId, name: 'Beta Deli' }, orders: 1, sales_in_cents: 6_000 },
      { organization: { id: alpha.orgId, name: 'Alpha Grocer' }, orders: 2, sales_in_cents: 5_600 },
    ]);
    // Alpha ordered twice, Beta once: one returning customer of two.
    expect(d).toMatchObject({ customers: 2, returning_customers: 1, reorder_rate: 0.5 });
    expect(d.open_invoices).toEqual({ count: 0, amount_in_cents: 0 });

    // Counting again from the orders (what the migration and the benchmark do) gives the same.
    const now = new Date();
    const before = await readDashboard(h.testDb.database.db, seller.orgId, now);
    await h.testDb.database.db.transaction((tx) => rebuildSellerDashboard(tx, seller.orgId));
    expect(await readDashboard(h.testDb.database.db, seller.orgId, now)).toEqual(before);
    // So does migration 0017's backfill, run again on empty aggregates.
    const migration = fs.readFileSync(path.join(migrationsFolder(), '0017_seller_dashboard.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- Backfill')).split('--> statement-breakpoint');
    await h.testDb.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`truncate seller_sales_days, seller_product_sales_weeks, seller_customer_sales_weeks, seller_customers`,
      );
      for (const statement of backfill) await tx.execute(sql.raw(statement));
    });
    expect(await readDashboard(h.testDb.database.db, seller.orgId, now)).toEqual(before);

    // Three weeks on, the orders are three weeks back and the newer weeks are zeros.
    const later = await readDashboard(h.testDb.database.db, seller.orgId, new Date(now.getTime() + 21 * DAY_MS));
    expect(later.weeks.slice(0, 9)).toEqual(before.weeks.slice(3));
    expect(later.weeks.slice(9).every((w) => w.order_count === 0 && w.sales_in_cents === 0)).toBe(true);
    expect(later.totals).toEqual(d.totals);
    // Twelve weeks on, nothing is in the period; the seller still has orders.
    const gone = await readDashboard(h.testDb.database.db, seller.orgId, new Date(now.getTime() + 13 * 7 * DAY_MS));
    expect(gone).toMatchObject({
      totals: { orders: 0 },
      top_products: [],
      top_customers: [],
      reorder_rate: null,
      has_orders: true,
    });

    // Nobody else sees it: a customer, a member of another store, anyone signed out.
    const stranger = await h.newOrgUser('Merchant');
    expect((await dashboardOf(seller, alpha.token)).status).toBe(403);
    expect((await dashboardOf(seller, stranger.token)).status).toBe(403);
    expect((await h.call('GET', `/api/organization/${seller.orgId}/dashboard`)).status).toBe(401);
    // …and the other store's own dashboard has none of these orders.
    expect((await readOf(stranger)).totals.orders).toBe(0);
  });

  it('ranks products, not variants: a product sold in several variants is one entry with its breakdown', async () => {
    const seller = await readySeller(h);
    const teeId = await liveProduct(h, seller, {
      name: 'Heavy tee',
      options: [
        { name: 'Size', values: ['S', 'M', 'L', 'XL', 'XXL'] },
        { name: 'Colour', values: ['Black'] },
      ],
    });
    const tee = Product.parse(await ok(h.call('GET', `/api/product/${teeId}`, { token: seller.token })));
    const variant = (size: string) => tee.variants.find((v) => v.option_values[0] === size)!.id;
    const jam = await liveProduct(h, seller, { name: 'Jam', unit_price_in_cents: 1_500 });
    const buyer = await customerOf(h, seller);
    // M sells 12, L 8: 20 tees (20,000) beat 10 jars (15,000), though each variant alone would not.
    await placeOrder(seller, buyer, { [variant('M')]: 5, [variant('L')]: 8, [jam]: 10 });
    await placeOrder(seller, buyer, { [variant('M')]: 7 });

    const d = await readOf(seller);
    expect(d.top_products).toEqual([
      {
        product: { id: tee.id, name: 'Heavy tee' },
        units: 20,
        sales_in_cents: 20_000,
        variants: [
          { id: variant('M'), title: 'M / Black', units: 12, sales_in_cents: 12_000 },
          { id: variant('L'), title: 'L / Black', units: 8, sales_in_cents: 8_000 },
        ],
        variants_sold: 2,
      },
      { product: { id: jam, name: 'Jam' }, units: 10, sales_in_cents: 15_000, variants: [], variants_sold: 0 },
    ]);

    // Five variants sold: the best four are listed, and the count says there is one more.
    await placeOrder(seller, buyer, { [variant('S')]: 1, [variant('XL')]: 2, [variant('XXL')]: 3 });
    const more = (await readOf(seller)).top_products[0]!;
    expect(more).toMatchObject({ units: 26, sales_in_cents: 26_000, variants_sold: 5 });
    expect(more.variants.map((v) => v.title)).toEqual(['M / Black', 'L / Black', 'XXL / Black', 'XL / Black']);
    // Counting again from the orders gives the same.
    const now = new Date();
    const before = await readDashboard(h.testDb.database.db, seller.orgId, now);
    await h.testDb.database.db.transaction((tx) => rebuildSellerDashboard(tx, seller.orgId));
    expect(await readDashboard(h.testDb.database.db, seller.orgId, now)).toEqual(before);
  });

  it('open invoices: the seller’s invoices still to be paid, counted and summed', async () => {
    const seller = await readySeller(h);
    const jam = await liveProduct(h, seller, { unit_price_in_cents: 1_000 });
    const buyer = await customerOf(h, seller);
    await placeOrder(seller, buyer, { [jam]: 2 });
    await placeOrder(seller, buyer, { [jam]: 1 });
    const other = await readySeller(h);
    const otherJam = await liveProduct(h, other, { unit_price_in_cents: 1_000 });
    await placeOrder(other, await customerOf(h, other), { [otherJam]: 4 });
    // No path opens an invoice yet (every order is paid by card): mark them as a net-30 order's would be.
    const db = h.testDb.database.db;
    await db.execute(sql`
      update invoices set status = 'OPEN', paid_at = null
       where order_id in (select id from orders where selling_organization_id in (${seller.orgId}, ${other.orgId}))`);
    const amounts = await db.execute<{ total: string }>(sql`
      select sum(i.amount_cents)::text as total from invoices i join orders o on o.id = i.order_id
       where o.selling_organization_id = ${seller.orgId}`);
    const d = await readDashboard(db, seller.orgId, new Date());
    expect(d.open_invoices).toEqual({ count: 2, amount_in_cents: Number(amounts.rows[0]!.total) });
  });

  it('orders completed at the same time are each counted once', async () => {
    const seller = await readySeller(h);
    const jam = await liveProduct(h, seller, { name: 'Jam', unit_price_in_cents: 1_000 });
    const honey = await liveProduct(h, seller, { name: 'Honey', unit_price_in_cents: 500 });
    const n = 6;
    const buyers = await Promise.all(Array.from({ length: n }, (_, i) => customerOf(h, seller, `Buyer ${i}`)));
    const sessions: CheckoutSession[] = [];
    for (const [i, buyer] of buyers.entries()) {
      const { cart } = await atPayment(h, seller, buyer, { [jam]: 1 + i, [honey]: 2 });
      sessions.push(await ok(createSession(h, seller, buyer, cart)));
    }
    const paid = await Promise.all(buyers.map((buyer, i) => payWith(h, buyer, sessions[i]!, TEST_CARDS.succeeds)));
    expect(paid.map((r) => r.status)).toEqual(Array(n).fill(200));

    const d = await readOf(seller);
    const jamUnits = (n * (n + 1)) / 2;
    expect(d.totals.orders).toBe(n);
    expect(d.totals.sales_in_cents).toBe(jamUnits * 1_000 + n * 2 * 500);
    expect(d.top_products).toEqual([
      {
        product: { id: jam, name: 'Jam' },
        units: jamUnits,
        sales_in_cents: jamUnits * 1_000,
        variants: [],
        variants_sold: 0,
      },
      {
        product: { id: honey, name: 'Honey' },
        units: 2 * n,
        sales_in_cents: 2 * n * 500,
        variants: [],
        variants_sold: 0,
      },
    ]);
    expect(d.top_customers).toHaveLength(5);
    expect(d.top_customers[0]).toMatchObject({ organization: { name: `Buyer ${n - 1}` }, orders: 1 });
    expect(d).toMatchObject({ customers: n, returning_customers: 0, reorder_rate: 0 });
  });
});
