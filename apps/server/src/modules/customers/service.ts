/**
 * Customers: the organizations that buy from a seller (accepted one of its invites), with their
 * completed-order count and last order date, and one customer's completed orders.
 */
import { sql } from 'drizzle-orm';
import type { Customer, CustomerOrder, CustomerPerson, ListQuery, OrderState, PageQuery } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { membershipsSql, purchasingRelationshipsSql } from '../../auth/access.js';
import { usersSql } from '../users/sql.js';
import { joinOrganizationSql } from '../organizations/sql.js';
import { completedOrdersSql } from '../orders/sql.js';
import { cartTotalSql } from '../carts/sql.js';
import { invoiceWithNumberJoinSql } from '../payments/sql.js';
import { invoiceLink, invoiceLinkSigner } from '../orders/invoice-links.js';
import {
  beforeCursor,
  containsPattern,
  decodeCursor,
  keysetTimestamp,
  limitPlusOne,
  takePage,
  toIso,
} from '../../lib/pagination.js';


type CustomerRow = {
  id: string;
  name: string;
  customer_since: Date | string;
  last_order: Date | string | null;
  count: number;
  keyset_at: string;
  /** bigint sums arrive as text from node-postgres. */
  total_cents: number | string;
  refunded_cents: number | string;
  cancelled_cents: number | string;
  /** The one-customer read only. */
  people?: CustomerPerson[] | null;
};

/**
 * The people of the purchasing organization `o` as a JSON array (contract CustomerPerson):
 * owners, then admins, then staff, each by when they joined.
 */
const peopleJsonSql = sql`(select coalesce(json_agg(json_build_object('name', u.name, 'email', u.email, 'phone', u.phone, 'role', m.role)
                                  order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.created_at, u.id), '[]'::json)
      from ${membershipsSql()} m join ${usersSql()} u on u.id = m.user_id
     where m.organization_id = o.id)`;

/**
 * GET /api/order/organization/{org_id}/purchasers: one row per purchasing organization, newest
 * relationship first, counts over completed orders — one query.
 */
export async function listCustomers(
  ctx: AppContext,
  sellerId: string,
  query: ListQuery,
  only?: { purchaserId: string },
): Promise<{ items: Customer[]; nextCursor: string | null }> {
  const cursor = decodeCursor(query.cursor);
  const q = query.q ? sql`and o.name ilike ${containsPattern(query.q)} escape '\\'` : sql``;
  const one = only ? sql`and pr.purchaser_organization_id = ${only.purchaserId}` : sql``;
  const result = await ctx.db.execute<CustomerRow>(sql`
    select o.id, o.name, pr.created_at as customer_since,
           ${keysetTimestamp(sql`pr.created_at`)} as keyset_at,
           max(ord.completed_on) as last_order,
           count(ord.id)::int as count,
           coalesce(sum(ord.total_cents), 0) as total_cents,
           coalesce(sum(ord.refunded_cents), 0) as refunded_cents,
           coalesce(sum(ord.cancelled_cents), 0) as cancelled_cents
           ${only ? sql`, ${peopleJsonSql} as people` : sql``}
      from ${purchasingRelationshipsSql(sellerId)} pr
      ${joinOrganizationSql('o', sql`pr.purchaser_organization_id`)}
      left join ${completedOrdersSql(sellerId)} ord
        on ord.selling_organization_id = pr.seller_organization_id
       and ord.purchasing_organization_id = pr.purchaser_organization_id
     where true
       ${one}
       ${q}
       ${beforeCursor(sql`pr.created_at`, sql`o.id`, cursor)}
     group by o.id, o.name, pr.created_at
     order by pr.created_at desc nulls last, o.id desc nulls last
     ${limitPlusOne(query.limit)}`);
  const page = takePage(result.rows, query.limit);
  return {
    items: page.rows.map((r) => ({
      organization: { id: r.id, name: r.name },
      last_order: toIso(r.last_order),
      count: r.count,
      total_cents: Number(r.total_cents),
      refunded_cents: Number(r.refunded_cents),
      cancelled_cents: Number(r.cancelled_cents),
      customer_since: toIso(r.customer_since)!,
      ...(r.people ? { people: r.people } : {}),
    })),
    nextCursor: page.nextCursor,
  };
}

/** GET /api/order/organization/{org_id}/purchasers/{id}: one customer of the seller. */
export async function getCustomer(ctx: AppContext, sellerId: string, purchaserId: string): Promise<Customer> {
  const { items } = await listCustomers(ctx, sellerId, {}, { purchaserId });
  if (!items[0]) throw notFound('Customer');
  return items[0];
}

type CustomerOrderRow = {
  id: string;
  order_number: string | null;
  completed_on: Date | string;
  keyset_at: string;
  /** bigint sums arrive as text from node-postgres. */
  subtotal_cents: number | string | bigint;
  shipping_cents: number | string | bigint;
  total_cents: number | string | bigint;
  invoice_id: string | null;
  invoice_status: string | null;
  refunded_cents: number;
  state: OrderState;
  cancelled_cents: number;
};

/** GET /api/order/organization/{org_id}/purchasing_organization/{id}: completed orders, newest first. */
export async function listCustomerOrders(
  ctx: AppContext,
  sellerId: string,
  purchaserId: string,
  query: PageQuery,
): Promise<{ items: CustomerOrder[]; nextCursor: string | null }> {
  const cursor = decodeCursor(query.cursor);
  // The order's money as recorded at submission (docs/decisions/007: the same meanings as every
  // order answer); for an order without it, its cart's lines at their captured (or current) price.
  const result = await ctx.db.execute<CustomerOrderRow>(sql`
    select ord.id, inv.number as order_number, ord.completed_on,
           ${keysetTimestamp(sql`ord.completed_on`)} as keyset_at,
           m.subtotal_cents, m.shipping_cents,
           coalesce(ord.total_cents, m.subtotal_cents + m.shipping_cents) as total_cents,
           ord.refunded_cents, inv.id as invoice_id, inv.status as invoice_status,
           ord.fulfillment_status as state, ord.cancelled_cents
      from ${completedOrdersSql(sellerId, purchaserId)} ord
      cross join lateral (
        select coalesce(ord.subtotal_cents::bigint, ${cartTotalSql(sql`ord.cart_id`)}) as subtotal_cents,
               coalesce(ord.shipping_cost_in_cents, 0)::bigint as shipping_cents
      ) m
      ${invoiceWithNumberJoinSql('inv', sql`ord.id`)}
     where true
       ${beforeCursor(sql`ord.completed_on`, sql`ord.id`, cursor)}
     order by ord.completed_on desc nulls last, ord.id desc nulls last
     ${limitPlusOne(query.limit)}`);
  const page = takePage(result.rows, query.limit);
  // Invoice links are signed and expire (payments/invoice-links.ts): one key read for the page.
  const signer = await invoiceLinkSigner(ctx);
  return {
    items: page.rows.map((r) => ({
      id: r.id,
      order_number: r.order_number,
      completed_on: toIso(r.completed_on),
      subtotal_cents: Number(r.subtotal_cents),
      shipping_cost_in_cents: Number(r.shipping_cents),
      total_cents: Number(r.total_cents),
      // The cart's goods, as `cart.total_cents` is everywhere.
      cart: { total_cents: Number(r.subtotal_cents) },
      refunded_cents: r.refunded_cents,
      state: r.state,
      cancelled_cents: r.cancelled_cents,
      invoice: r.invoice_id
        ? { link: invoiceLink(signer, r.invoice_id), stripe_status: r.invoice_status ?? 'OPEN' }
        : null,
    })),
    nextCursor: page.nextCursor,
  };
}
