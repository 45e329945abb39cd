/**
 * Orders benchmark, for bench/run.ts (issue 10), PostgreSQL only: a seller with a large order
 * history — by default 1,000,000 placed orders across 1,000 customers, generated straight into
 * the database (one INSERT … SELECT per table: carts, one line each, orders, invoices, tracking
 * on half) — then the seller's order list under load: the first page, the Orders workspace's To
 * ship tab (view=to_ship) and page 100 by its keyset cursor; the packing slip's PDF of one order;
 * and the seller dashboard (its aggregates counted from the generated orders by the dashboard
 * module's rebuild, as migration 0017 does).
 *
 * Options (env): BENCH_ORDERS=0 skips it; BENCH_ORDERS_COUNT (default 1,000,000) and
 * BENCH_ORDERS_CUSTOMERS (default 1,000) size the history.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { encodeCursor } from '../apps/server/src/lib/pagination.js';
import { readDashboard, rebuildSellerDashboard } from '../apps/server/src/modules/dashboard/service.js';
import { signUpAndGetTokens } from '../apps/server/test/support/test-login.js';
import type { LoadResult } from './catalog.js';

export interface OrdersLoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
}
export type OrdersLoad = (options: OrdersLoadOptions) => Promise<LoadResult>;
export interface OrdersRow extends LoadResult {
  endpoint: string;
}

/** Issue 10's aim for the order list pages on PostgreSQL at 50 connections. */
export const ORDER_LIST_TARGET_P99_MS = 50;
const PAGE_SIZE = 50;

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return (await res.json()) as T;
}

/** A seller signed up through the API, with one Live product the generated lines point at. */
async function benchSeller(baseUrl: string): Promise<{ headers: Record<string, string>; orgId: string; productId: string }> {
  const email = `bench-orders-${Date.now()}@example.com`;
  const tokens = await signUpAndGetTokens(baseUrl, { email, password: 'bench-password-1' });
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
  await json(await fetch(`${baseUrl}/api/user/create`, { method: 'POST', headers }), 'user/create');
  const org = await json<{ id: string }>(
    await fetch(`${baseUrl}/api/organization`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ selected_type: 'Merchant', name: 'Bench Orders Co' }),
    }),
    'organization',
  );
  const product = await json<{ id: string }>(
    await fetch(`${baseUrl}/api/product`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        name: 'Bench Crate',
        organization: { id: org.id },
        state: 'Live',
        unit_price_in_cents: 1_250,
        stock_keeping_unit: 'BENCH-CRATE',
      }),
    }),
    'product',
  );
  return { headers: { authorization: headers.authorization }, orgId: org.id, productId: product.id };
}

/** Generates the history; answers the cursor that opens page 100 and one order's id. */
export async function generateOrders(
  databaseUrl: string,
  sellerId: string,
  productId: string,
  count: number,
  customers: number,
): Promise<{ page100Cursor: string; orderId: string; seconds: number; dashboardReadMs: number }> {
  const started = performance.now();
  let dashboardReadMs: number;
  // Generating a million orders takes longer than the server's statement limit.
  const database = await openDatabase({ databaseUrl, poolSize: 1, migrate: false, statementTimeoutMs: 0 });
  try {
    const db = database.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        create temporary table bench_buyers on commit drop as
        with made as (
          insert into organizations (name, selected_type)
          select 'Bench customer ' || g, 'Buyer' from generate_series(1, ${customers}) g
          returning id
        )
        select id, (row_number() over ())::int - 1 as n from made`);
      await tx.execute(sql`
        insert into purchasing_relationships (seller_organization_id, purchaser_organization_id)
        select ${sellerId}::uuid, id from bench_buyers`);
      // One cart per order (closed), one line each; orders completed over the last ~3 years.
      await tx.execute(sql`
        create temporary table bench_carts on commit drop as
        with made as (
          insert into carts (selling_organization_id, purchasing_organization_id, status)
          select ${sellerId}::uuid, b.id, 'ordered'
            from generate_series(1, ${count}) g
            join bench_buyers b on b.n = g % ${customers}
          returning id, purchasing_organization_id
        )
        select id, purchasing_organization_id, (row_number() over ())::int as g from made`);
      await tx.execute(sql`
        insert into line_items (cart_id, product_id, quantity, unit_price_in_cents)
        select id, ${productId}::uuid, 1 + g % 12, 1250 from bench_carts`);
      await tx.execute(sql`
        insert into orders (cart_id, selling_organization_id, purchasing_organization_id, status, is_net_30,
                            subtotal_cents, shipping_cost_in_cents, total_cents, shipping_carrier, shipping_service_level,
                            completed_on)
        select id, ${sellerId}::uuid, purchasing_organization_id, 'submitted', false,
               (1 + g % 12) * 1250, 900 + g % 700, (1 + g % 12) * 1250 + 900 + g % 700, 'USPS', 'usps_ground_advantage',
               now() - (g || ' seconds')::interval * 90
          from bench_carts`);
      await tx.execute(sql`
        insert into invoices (order_id, number, status, amount_cents, paid_at, seller_organization_id, purchaser_organization_id)
        select o.id, 'CB-BENCH-' || o.id, 'PAID', o.total_cents, o.completed_on, o.selling_organization_id, o.purchasing_organization_id
          from orders o where o.selling_organization_id = ${sellerId}`);
      await tx.execute(sql`
        insert into shipping_information (order_id, carrier, tracking_number, status)
        select o.id, 'USPS', '9400' || lpad((abs(hashtext(o.id::text)))::text, 18, '0'), 'SHIPPED'
          from orders o where o.selling_organization_id = ${sellerId} and get_byte(uuid_send(o.id), 0) % 2 = 0`);
      // The dashboard's aggregates, as checkout's completion would have kept them.
      await rebuildSellerDashboard(tx, sellerId);
    });
    await db.execute(sql`analyze carts, line_items, orders, invoices, shipping_information`);
    await db.execute(sql`analyze seller_sales_days, seller_product_sales_weeks, seller_customer_sales_weeks, seller_customers`);
    // What a dashboard miss costs (a new order, another process): the read alone, median of 5.
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await readDashboard(db, sellerId, new Date());
      times.push(performance.now() - t);
    }
    dashboardReadMs = times.sort((a, b) => a - b)[2]!;
    const last = await db.execute<{ at: string; id: string }>(sql`
      select to_char(completed_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
        from orders where selling_organization_id = ${sellerId}
       order by completed_on desc, id desc
      offset ${Math.min(99 * PAGE_SIZE, count) - 1} limit 1`);
    const row = last.rows[0]!;
    return {
      page100Cursor: encodeCursor({ at: row.at, id: row.id }),
      orderId: row.id,
      seconds: (performance.now() - started) / 1000,
      dashboardReadMs,
    };
  } finally {
    await database.close();
  }
}

export async function benchOrders(baseUrl: string, databaseUrl: string, load: OrdersLoad): Promise<OrdersRow[]> {
  const count = Number(process.env.BENCH_ORDERS_COUNT ?? 1_000_000);
  const customers = Number(process.env.BENCH_ORDERS_CUSTOMERS ?? 1_000);
  const seller = await benchSeller(baseUrl);
  const generated = await generateOrders(databaseUrl, seller.orgId, seller.productId, count, customers);
  console.log(`bench/orders: ${count.toLocaleString('en-US')} orders across ${customers} customers generated in ${generated.seconds.toFixed(1)} s`);
  console.log(`bench/orders: the dashboard's read without its cache takes ${generated.dashboardReadMs.toFixed(1)} ms (median of 5)`);
  const list = `${baseUrl}/api/order/organization/${seller.orgId}/selling`;
  const label = `${count.toLocaleString('en-US')} orders, ${PAGE_SIZE} a page`;
  const rows: OrdersRow[] = [
    { endpoint: `GET …/selling, first page (${label})`, ...(await load({ url: list, headers: seller.headers })) },
    {
      endpoint: `GET …/selling?view=to_ship, first page (${label}; the Orders workspace's To ship tab)`,
      ...(await load({ url: `${list}?view=to_ship`, headers: seller.headers })),
    },
    {
      endpoint: `GET …/selling, page 100 by cursor (${label})`,
      ...(await load({ url: `${list}?cursor=${generated.page100Cursor}`, headers: seller.headers })),
    },
    {
      endpoint: `GET …/dashboard (${count.toLocaleString('en-US')} orders, 12 weeks)`,
      ...(await load({ url: `${baseUrl}/api/organization/${seller.orgId}/dashboard`, headers: seller.headers })),
    },
    {
      endpoint: 'GET /api/order/{id}/packing-slip (PDF, 10 connections)',
      ...(await load({
        url: `${baseUrl}/api/order/${generated.orderId}/packing-slip`,
        headers: { ...seller.headers, accept: 'application/pdf' },
        connections: 10,
      })),
    },
  ];
  return rows;
}
