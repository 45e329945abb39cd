/**
 * The seller dashboard (issue 13 item 6): sales by week, top products and customers, reorder
 * rate and open invoices, read from the aggregates in schema.ts.
 *
 * Writing: checkout's completion calls `recordOrderForDashboard` inside the transaction that
 * places the order, so the aggregates commit with the order or not at all, and every order is
 * counted exactly once (the completion itself runs once per order). Its upserts add to the rows
 * (ON CONFLICT DO UPDATE). The seller-wide rows — the day, the products' weeks — are the
 * completion's own slot's (schema.ts, checkout/seller-slot.ts), so completions of one seller
 * running at once do not wait for each other there; the customer's rows are the buyer's alone.
 * Rows are taken in one order — the day, the products by id, the customer's week, the customer —
 * so transactions sharing a slot queue instead of deadlocking.
 *
 * Reading: a handful of primary-key range reads over at most 12 weeks of rows (times the slots
 * used, slot 0 unless orders overlapped), whatever the number of orders, and a primary-key
 * read of each product row sold in the period (order lines name variants: the top products are
 * ranked by product, coalesce(parent_id, id), with their variants' breakdown); the routes keep the
 * answer per process under the seller's order-list version (orders/list-version.ts), which
 * every completion bumps.
 */
import { sql } from 'drizzle-orm';
import type { Dashboard, DashboardCustomer, DashboardProduct, DashboardWeek } from '@cratebase/contract';
import { DASHBOARD_TOP, DASHBOARD_TOP_VARIANTS, DASHBOARD_WEEKS } from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import { cartLinesSql } from '../carts/sql.js';
import { completedOrdersSql } from '../orders/sql.js';
import { joinOrganizationSql } from '../organizations/sql.js';
import { openInvoicesSql } from '../payments/sql.js';
import { productForOrderLineSql, variantOfSql } from '../products/sql.js';
import { refundedGoodsByDaySql } from '../refunds/sql.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first day (UTC, a Monday) of the dashboard's 12 weeks as of `now`, as YYYY-MM-DD. */
export function dashboardPeriodStart(now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  return new Date(today - (sinceMonday + 7 * (DASHBOARD_WEEKS - 1)) * DAY_MS).toISOString().slice(0, 10);
}

export interface OrderForDashboard {
  sellerId: string;
  buyerId: string;
  /** When the order was placed (its completed_on). */
  completedOn: string | Date;
  /** What its lines came to, before shipping. */
  subtotalCents: number;
  lines: readonly { product_id: string; quantity: number; unit_price_in_cents: number }[];
}

/** How many slots the seller-wide rows are split into (a completion's slot is taken modulo this). */
export const DASHBOARD_SLOTS = 16;

/**
 * Counts a just-placed order in the seller's aggregates, in the seller-wide rows of `slot` (the
 * completion's seller slot). Call it once per order, inside the transaction that places it.
 */
export async function recordOrderForDashboard(tx: DbOrTx, order: OrderForDashboard, slot: number): Promise<void> {
  const at = sql`(${new Date(order.completedOn).toISOString()}::timestamptz at time zone 'UTC')`;
  const seller = sql`${order.sellerId}::uuid`;
  const buyer = sql`${order.buyerId}::uuid`;
  const mySlot = sql`${slot % DASHBOARD_SLOTS}::smallint`;
  const sales = order.subtotalCents;
  // One statement (one round trip). Each upsert reads what the one before returned, so they run
  // in the order written, the same in every completion: the day, the products by id, the
  // customer's week, the customer.
  await tx.execute(sql`
    with day_row as (
      insert into seller_sales_days as d (seller_id, day, slot, orders, sales_cents)
      values (${seller}, ${at}::date, ${mySlot}, 1, ${sales})
      on conflict (seller_id, day, slot)
      do update set orders = d.orders + 1, sales_cents = d.sales_cents + excluded.sales_cents
      returning 1
    ), product_weeks as (
      insert into seller_product_sales_weeks as w (seller_id, week_start, product_id, slot, units, sales_cents)
      select ${seller}, date_trunc('week', ${at})::date, l.product_id, ${mySlot}, sum(l.quantity),
             sum(l.quantity::bigint * l.price)
        from unnest(${sql.param(order.lines.map((l) => l.product_id))}::uuid[],
                    ${sql.param(order.lines.map((l) => l.quantity))}::int[],
                    ${sql.param(order.lines.map((l) => l.unit_price_in_cents))}::int[]) as l(product_id, quantity, price)
       where (select count(*) from day_row) > 0
       group by l.product_id
       order by l.product_id
      on conflict (seller_id, week_start, product_id, slot)
      do update set units = w.units + excluded.units, sales_cents = w.sales_cents + excluded.sales_cents
      returning 1
    ), customer_week as (
      insert into seller_customer_sales_weeks as w (seller_id, week_start, buyer_id, orders, sales_cents)
      select ${seller}, date_trunc('week', ${at})::date, ${buyer}, 1, ${sales}
       where (select count(*) from product_weeks) >= 0
      on conflict (seller_id, week_start, buyer_id)
      do update set orders = w.orders + 1, sales_cents = w.sales_cents + excluded.sales_cents
      returning 1
    )
    insert into seller_customers as c (seller_id, buyer_id, first_order_on, last_order_on, orders, sales_cents)
    select ${seller}, ${buyer}, ${at} at time zone 'UTC', ${at} at time zone 'UTC', 1, ${sales}
     where (select count(*) from customer_week) > 0
    on conflict (seller_id, buyer_id)
    do update set first_order_on = least(c.first_order_on, excluded.first_order_on),
                  last_order_on = greatest(c.last_order_on, excluded.last_order_on),
                  orders = c.orders + 1, sales_cents = c.sales_cents + excluded.sales_cents`);
}

/**
 * Counts a refund of goods (issue 21) on the day it was made, in the seller's day row of `slot`
 * (the refunding transaction's seller slot): net sales are sales minus these. Call it once per
 * refund, in the transaction in which the refund succeeds.
 */
export async function recordRefundForDashboard(
  tx: DbOrTx,
  refund: { sellerId: string; at: string | Date; goodsCents: number },
  slot: number,
): Promise<void> {
  if (refund.goodsCents <= 0) return;
  const at = sql`(${new Date(refund.at).toISOString()}::timestamptz at time zone 'UTC')`;
  await tx.execute(sql`
    insert into seller_sales_days as d (seller_id, day, slot, orders, sales_cents, refunded_cents)
    values (${refund.sellerId}::uuid, ${at}::date, ${slot % DASHBOARD_SLOTS}::smallint, 0, 0, ${refund.goodsCents})
    on conflict (seller_id, day, slot)
    do update set refunded_cents = d.refunded_cents + excluded.refunded_cents`);
}

/**
 * Counts the seller's placed orders again from the orders themselves (what migration 0017 did
 * for every seller): for data written around the checkout, such as the benchmark's generated
 * history. Run it in a transaction.
 */
export async function rebuildSellerDashboard(tx: DbOrTx, sellerId: string): Promise<void> {
  const orders = completedOrdersSql(sql`${sellerId}::uuid`);
  const week = sql`date_trunc('week', o.completed_on at time zone 'UTC')::date`;
  for (const table of [
    'seller_sales_days',
    'seller_product_sales_weeks',
    'seller_customer_sales_weeks',
    'seller_customers',
  ]) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where seller_id = ${sellerId}`);
  }
  await tx.execute(sql`
    insert into seller_sales_days (seller_id, day, orders, sales_cents)
    select o.selling_organization_id, (o.completed_on at time zone 'UTC')::date, count(*), coalesce(sum(o.subtotal_cents), 0)
      from ${orders} o
     group by 1, 2`);
  // The goods refunded, on the days they were refunded (issue 21).
  await tx.execute(sql`
    insert into seller_sales_days as d (seller_id, day, orders, sales_cents, refunded_cents)
    select ${sellerId}::uuid, r.day, 0, 0, r.refunded_cents from ${refundedGoodsByDaySql(sql`${sellerId}::uuid`)} r
    on conflict (seller_id, day, slot) do update set refunded_cents = excluded.refunded_cents`);
  await tx.execute(sql`
    insert into seller_product_sales_weeks (seller_id, week_start, product_id, units, sales_cents)
    select o.selling_organization_id, ${week}, li.product_id, sum(li.quantity),
           sum(li.quantity::bigint * coalesce(li.unit_price_in_cents, 0))
      from ${orders} o
     cross join lateral ${cartLinesSql(sql`o.cart_id`)} li
     group by 1, 2, 3`);
  await tx.execute(sql`
    insert into seller_customer_sales_weeks (seller_id, week_start, buyer_id, orders, sales_cents)
    select o.selling_organization_id, ${week}, o.purchasing_organization_id, count(*), coalesce(sum(o.subtotal_cents), 0)
      from ${orders} o
     group by 1, 2, 3`);
  await tx.execute(sql`
    insert into seller_customers (seller_id, buyer_id, first_order_on, last_order_on, orders, sales_cents)
    select o.selling_organization_id, o.purchasing_organization_id, min(o.completed_on), max(o.completed_on),
           count(*), coalesce(sum(o.subtotal_cents), 0)
      from ${orders} o
     group by 1, 2`);
}

type Row = {
  weeks: DashboardWeek[];
  top_products: DashboardProduct[];
  top_customers: DashboardCustomer[];
  customers: number;
  returning_customers: number;
  open_count: number;
  open_cents: number | string;
  has_orders: boolean;
};

/** The dashboard of the seller for the 12 weeks up to `now`, in one statement. */
export async function readDashboard(db: DbOrTx, sellerId: string, now: Date): Promise<Dashboard> {
  const start = dashboardPeriodStart(now);
  const seller = sql`${sellerId}::uuid`;
  const first = sql`${start}::date`;
  const firstAt = sql`(${start}::date::timestamp at time zone 'UTC')`;
  const result = await db.execute<Row>(sql`
    select
      (select json_agg(json_build_object('week_start', to_char(w.week_start, 'YYYY-MM-DD'),
                                         'order_count', coalesce(d.orders, 0), 'sales_in_cents', coalesce(d.sales, 0),
                                         'refunded_in_cents', coalesce(d.refunded, 0))
                       order by w.week_start)
         from (select (${first} + 7 * i) as week_start from generate_series(0, ${DASHBOARD_WEEKS - 1}::int) i) w
         left join (select date_trunc('week', day)::date as week_start, sum(orders) as orders, sum(sales_cents) as sales,
                           sum(refunded_cents) as refunded
                      from seller_sales_days
                     where seller_id = ${seller} and day >= ${first}
                     group by 1) d on d.week_start = w.week_start) as weeks,
      (select coalesce(json_agg(json_build_object('product', json_build_object('id', t.product_id, 'name', coalesce(p.name, '')),
                                                  'units', t.units, 'sales_in_cents', t.sales,
                                                  'variants', t.variants, 'variants_sold', t.variants_sold)
                                order by t.sales desc, t.units desc, t.product_id), '[]')
         from (select v.top_id as product_id, sum(v.units) as units, sum(v.sales) as sales,
                      coalesce(json_agg(json_build_object('id', v.product_id, 'title', v.title,
                                                          'units', v.units, 'sales_in_cents', v.sales)
                                        order by v.rank)
                                 filter (where v.title is not null and v.rank <= ${DASHBOARD_TOP_VARIANTS}), '[]') as variants,
                      count(*) filter (where v.title is not null) as variants_sold
                 from (select s.product_id, coalesce(pr.parent_id, s.product_id) as top_id, s.units, s.sales,
                              pr.variant_title as title,
                              row_number() over (partition by coalesce(pr.parent_id, s.product_id), pr.parent_id is null
                                                 order by s.sales desc, s.units desc, s.product_id) as rank
                         from (select product_id, sum(units) as units, sum(sales_cents) as sales
                                 from seller_product_sales_weeks
                                where seller_id = ${seller} and week_start >= ${first}
                                group by product_id) s
                         left join lateral ${variantOfSql(sql`s.product_id`)} pr on true) v
                group by v.top_id
                order by sum(v.sales) desc, sum(v.units) desc, v.top_id
                limit ${DASHBOARD_TOP}) t
         left join lateral ${productForOrderLineSql(sql`t.product_id`)} p on true) as top_products,
      (select coalesce(json_agg(json_build_object('organization', json_build_object('id', org.id, 'name', org.name),
                                                  'orders', t.orders, 'sales_in_cents', t.sales)
                                order by t.sales desc, t.orders desc, t.buyer_id), '[]')
         from (select buyer_id, sum(orders) as orders, sum(sales_cents) as sales
                 from seller_customer_sales_weeks
                where seller_id = ${seller} and week_start >= ${first}
                group by buyer_id
                order by sum(sales_cents) desc, sum(orders) desc, buyer_id
                limit ${DASHBOARD_TOP}) t
         ${joinOrganizationSql('org', sql`t.buyer_id`)}) as top_customers,
      (select count(*) from seller_customers c where c.seller_id = ${seller} and c.last_order_on >= ${firstAt})::int as customers,
      (select count(*) from seller_customers c
        where c.seller_id = ${seller} and c.last_order_on >= ${firstAt} and c.orders >= 2)::int as returning_customers,
      (select count(*) from ${openInvoicesSql()} i join ${completedOrdersSql(seller)} o on o.id = i.order_id)::int as open_count,
      (select coalesce(sum(i.amount_cents), 0) from ${openInvoicesSql()} i
         join ${completedOrdersSql(seller)} o on o.id = i.order_id) as open_cents,
      exists (select 1 from seller_customers c where c.seller_id = ${seller}) as has_orders`);
  const row = result.rows[0]!;
  return shape(row);
}

function shape(row: Row): Dashboard {
  const weeks = row.weeks.map((w) => {
    const sales = Number(w.sales_in_cents);
    const refunded = Number(w.refunded_in_cents);
    return {
      ...w,
      order_count: Number(w.order_count),
      sales_in_cents: sales,
      refunded_in_cents: refunded,
      net_sales_in_cents: sales - refunded,
    };
  });
  const orders = weeks.reduce((n, w) => n + w.order_count, 0);
  const sales = weeks.reduce((n, w) => n + w.sales_in_cents, 0);
  const refunded = weeks.reduce((n, w) => n + w.refunded_in_cents, 0);
  return {
    weeks,
    totals: {
      orders,
      sales_in_cents: sales,
      average_order_value_in_cents: orders === 0 ? 0 : Math.round(sales / orders),
      refunded_in_cents: refunded,
      net_sales_in_cents: sales - refunded,
    },
    top_products: row.top_products.map((p) => ({
      ...p,
      units: Number(p.units),
      sales_in_cents: Number(p.sales_in_cents),
      variants: p.variants.map((v) => ({ ...v, units: Number(v.units), sales_in_cents: Number(v.sales_in_cents) })),
      variants_sold: Number(p.variants_sold),
    })),
    top_customers: row.top_customers.map((c) => ({
      ...c,
      orders: Number(c.orders),
      sales_in_cents: Number(c.sales_in_cents),
    })),
    reorder_rate: row.customers === 0 ? null : Math.round((row.returning_customers / row.customers) * 10_000) / 10_000,
    customers: row.customers,
    returning_customers: row.returning_customers,
    open_invoices: { count: row.open_count, amount_in_cents: Number(row.open_cents) },
    has_orders: row.has_orders,
  };
}
