/**
 * Submitted orders as sellers and buyers read them (spec sections 2 "Orders", buyer orders; 3
 * "Order"): the lists, newest first by keyset (one statement per page, on the (seller or buyer,
 * completed_on, id) indexes), and one order with its lines — what was bought, at the price paid.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  trackingUrl,
  type Carrier,
  type Order,
  type OrderLine,
  type OrderSummary,
  type PageQuery,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { beforeCursor, decodeCursor, keysetTimestamp, limitPlusOne, takePage, toIso } from '../../lib/pagination.js';
import { shippingAddressJsonSql } from '../addresses/service.js';
import { cartItemCountSql, orderLinesJsonSql } from '../carts/service.js';
import { invoiceLink, invoiceLinkSigner, type InvoiceLinkSigner } from '../payments/invoice-links.js';
import { organizationsSql } from '../organizations/service.js';
import { invoiceJoinSql } from '../payments/service.js';
import { userNameSql } from '../users/service.js';

/** Pages of orders hold this many unless `limit` says otherwise. */
export const ORDER_PAGE_SIZE = 50;

type OrderRow = {
  id: string;
  keyset_at: string;
  completed_on: Date | string;
  cart_id: string;
  buyer_id: string;
  buyer_name: string;
  seller_id: string;
  seller_name: string;
  subtotal_cents: number | null;
  shipping_cost_in_cents: number | null;
  total_cents: number | null;
  item_count: number;
  shipping_carrier: string | null;
  shipping_service_level: string | null;
  ship_to: {
    first_name: string | null;
    last_name: string | null;
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    postal_code: string;
  } | null;
  placed_by: string | null;
  has_user: boolean;
  si_id: string | null;
  si_carrier: string | null;
  si_tracking_number: string | null;
  si_status: string | null;
  invoice_id: string | null;
  invoice_status: string | null;
  lines?: OrderLine[];
};

/** The columns of an order row `o` (submitted) as the lists and the detail read them. */
function orderColumns(withLines: boolean): SQL {
  return sql`o.id, ${keysetTimestamp(sql`o.completed_on`)} as keyset_at, o.completed_on, o.cart_id,
             b.id as buyer_id, b.name as buyer_name, s.id as seller_id, s.name as seller_name,
             o.subtotal_cents, o.shipping_cost_in_cents, o.total_cents,
             ${cartItemCountSql(sql`o.cart_id`)} as item_count,
             o.shipping_carrier, o.shipping_service_level,
             ${shippingAddressJsonSql(sql`o.shipping_address_id`)} as ship_to,
             ${userNameSql(sql`o.created_by_user_id`)} as placed_by, o.created_by_user_id is not null as has_user,
             si.id as si_id, si.carrier as si_carrier, si.tracking_number as si_tracking_number, si.status as si_status,
             inv.id as invoice_id, inv.status as invoice_status
             ${withLines ? sql`, ${orderLinesJsonSql(sql`o.cart_id`)} as lines` : sql``}`;
}

const orderJoins = sql`
      join ${organizationsSql()} b on b.id = o.purchasing_organization_id
      join ${organizationsSql()} s on s.id = o.selling_organization_id
      left join shipping_information si on si.order_id = o.id
      ${invoiceJoinSql('inv', sql`o.id`)}`;

function toSummary(signer: InvoiceLinkSigner, r: OrderRow): OrderSummary {
  const subtotal = r.subtotal_cents ?? 0;
  const shipping = r.shipping_cost_in_cents ?? 0;
  const total = r.total_cents ?? subtotal + shipping;
  const carrier = r.si_carrier as Carrier | null;
  return {
    id: r.id,
    completed_on: toIso(r.completed_on)!,
    organization: { id: r.buyer_id, name: r.buyer_name },
    seller: { id: r.seller_id, name: r.seller_name },
    cart: { id: r.cart_id, total_cents: subtotal, item_count: r.item_count },
    subtotal_cents: subtotal,
    shipping_cost_in_cents: shipping,
    total_cents: total,
    shippo_provider: r.shipping_carrier,
    shippo_service_level_token: r.shipping_service_level,
    shipping_address: r.ship_to
      ? {
          first_name: r.ship_to.first_name,
          last_name: r.ship_to.last_name,
          line1: r.ship_to.line1,
          line2: r.ship_to.line2,
          city: r.ship_to.city,
          state: r.ship_to.state,
          postal_code: r.ship_to.postal_code,
        }
      : null,
    created_by_user: r.has_user ? { name: r.placed_by } : null,
    shipping_information:
      r.si_id && carrier && r.si_tracking_number && r.si_status
        ? {
            id: r.si_id,
            carrier,
            tracking_number: r.si_tracking_number,
            status: r.si_status,
            tracking_url: trackingUrl(carrier, r.si_tracking_number),
          }
        : null,
    invoice: r.invoice_id
      ? {
          link: invoiceLink(signer, r.invoice_id),
          stripe_status: (r.invoice_status ?? 'OPEN').toUpperCase(),
        }
      : null,
  };
}

async function orderPage(
  ctx: AppContext,
  where: SQL,
  query: PageQuery,
): Promise<{ items: OrderSummary[]; nextCursor: string | null }> {
  const cursor = decodeCursor(query.cursor);
  const limit = query.limit ?? ORDER_PAGE_SIZE;
  // The page's ids first, from the orders index alone (its order, nulls last included, is the
  // index's: anything else sorts every order of the seller); then everything shown, for those
  // rows only.
  const result = await ctx.db.execute<OrderRow>(sql`
    with page as materialized (
      select o.id
        from orders o
       where ${where} and o.completed_on is not null
         ${beforeCursor(sql`o.completed_on`, sql`o.id`, cursor)}
       order by o.completed_on desc nulls last, o.id desc nulls last
       ${limitPlusOne(limit)}
    )
    select ${orderColumns(false)}
      from page
      join orders o on o.id = page.id
      ${orderJoins}
     order by o.completed_on desc nulls last, o.id desc nulls last`);
  const page = takePage(result.rows, limit);
  const signer = await invoiceLinkSigner(ctx);
  return { items: page.rows.map((r) => toSummary(signer, r)), nextCursor: page.nextCursor };
}

/** GET /api/order/organization/{org_id}/selling: the seller's submitted orders, newest first. */
export function listSellingOrders(ctx: AppContext, sellerId: string, query: PageQuery) {
  return orderPage(ctx, sql`o.selling_organization_id = ${sellerId}`, query);
}

/**
 * GET /api/order/organization/{org_id}/purchasing: the buyer's submitted orders, newest first;
 * with one seller only when `sellerId` is given (the store's orders page).
 */
export function listPurchasingOrders(ctx: AppContext, buyerId: string, query: PageQuery, sellerId?: string) {
  const seller = sellerId ? sql`and o.selling_organization_id = ${sellerId}` : sql``;
  return orderPage(ctx, sql`o.purchasing_organization_id = ${buyerId} ${seller}`, query);
}

/** One submitted order with its lines (undefined for an unknown id or an order not submitted). */
export async function orderDetail(ctx: AppContext, orderId: string): Promise<Order | undefined> {
  const result = await ctx.db.execute<OrderRow>(sql`
    select ${orderColumns(true)}
      from orders o
      ${orderJoins}
     where o.id = ${orderId} and o.completed_on is not null`);
  const row = result.rows[0];
  if (!row) return undefined;
  const summary = toSummary(await invoiceLinkSigner(ctx), row);
  return { ...summary, cart: { ...summary.cart, line_items: row.lines ?? [] } };
}
