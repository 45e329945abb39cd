/**
 * Submitted orders as sellers and buyers read them (spec sections 2 "Orders", buyer orders; 3
 * "Order"): the lists, newest first by keyset on the (seller or buyer, completed_on, id)
 * indexes, and one order with its lines — what was bought, at the price paid.
 *
 * The lists are a seller's busiest read over the largest table, so they are built like the
 * storefront's (products/for-sale.ts): PostgreSQL writes each order as JSON text, shaped as the
 * contract's OrderSummary but for the two parts only Node can write — the tracking link (the
 * carriers' URL rules, contract order-rules.ts) and the signed invoice link — which are spliced
 * onto its end. Statements are compiled once per shape. The single order is the same text with
 * its lines, parsed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { parseOrderNumber, trackingUrl, type Carrier, type Order, type PageQuery } from '@cratebase/contract';
import { compileQuery, runCompiled, type CompiledQuery } from '../../db/compiled-query.js';
import type { AppContext } from '../../lib/context.js';
import { DEFAULT_PAGE_CACHE, PageCache, type CachedPage, type PageCacheOptions } from '../../lib/page-cache.js';
import { decodeCursor, isoTimestampSql, keysetTimestamp, limitPlusOne, takePage } from '../../lib/pagination.js';
import { shippingAddressJsonSql } from '../addresses/sql.js';
import { cartItemCountSql, orderLinesJsonSql } from '../carts/sql.js';
import { organizationsSql } from '../organizations/sql.js';
import { invoiceLink, invoiceLinkSigner, type InvoiceLinkSigner } from './invoice-links.js';
import { invoiceWithNumberJoinSql, orderByNumberSql } from '../payments/sql.js';
import { userNameSql } from '../users/sql.js';
import { buyerCancelUntilSql, orderListStampSql, shipmentsJsonSql, timelineJsonSql } from './sql.js';

/** Pages of orders hold this many unless `limit` says otherwise. */
export const ORDER_PAGE_SIZE = 50;

type OrderRow = {
  id: string;
  /** completed_on with microseconds (the keyset); the contract's value has milliseconds. */
  keyset_at: string;
  /** The order as JSON text, without completed_on, shipping_information and invoice. */
  doc: string;
  si_id: string | null;
  si_carrier: string | null;
  si_tracking_number: string | null;
  si_status: string | null;
  invoice_id: string | null;
  invoice_status: string | null;
  invoice_due_on: string | null;
};

/**
 * The order `o` (submitted; `b` its buyer, `s` its seller, `inv` its invoice) as JSON text, lines
 * included or not. Its money (docs/decisions/007): `subtotal_cents` and `cart.total_cents` the
 * goods, `shipping_cost_in_cents`, and `total_cents` what the buyer pays (the two together).
 */
function orderJsonSql(withLines: boolean): SQL {
  const subtotal = sql`coalesce(o.subtotal_cents, 0)`;
  const shipping = sql`coalesce(o.shipping_cost_in_cents, 0)`;
  return sql`json_build_object(
    'id', o.id,
    'order_number', inv.number,
    'organization', json_build_object('id', b.id, 'name', b.name),
    'seller', json_build_object('id', s.id, 'name', s.name),
    'cart', json_build_object('id', o.cart_id, 'total_cents', ${subtotal}, 'item_count', ${cartItemCountSql(sql`o.cart_id`)}
                              ${withLines ? sql`, 'line_items', ${orderLinesJsonSql(sql`o.cart_id`)}` : sql``}),
    'subtotal_cents', ${subtotal}, 'shipping_cost_in_cents', ${shipping},
    'total_cents', coalesce(o.total_cents, ${subtotal}::bigint + ${shipping}),
    'shippo_provider', o.shipping_carrier, 'shippo_service_level_token', o.shipping_service_level,
    'shipping_address', ${shippingAddressJsonSql(sql`o.shipping_address_id`, false)},
    'created_by_user', case when o.created_by_user_id is not null
                            then json_build_object('name', ${userNameSql(sql`o.created_by_user_id`)}) end,
    'po_number', o.po_number,
    'refunded_cents', o.refunded_cents,
    ${orderLifecycleJsonSql(withLines)}
  )::text`;
}

/**
 * The order's life after checkout (issue 23, contract order-lifecycle.ts), as json_build_object
 * arguments: its state, what was cancelled, the buyer's open cancellation request and until when
 * the buyer may cancel itself; the single order adds its shipments and timeline (lifecycle.ts).
 */
function orderLifecycleJsonSql(withDetail: boolean): SQL {
  return sql`'state', o.fulfillment_status,
    'cancelled_cents', o.cancelled_cents,
    'cancellation_request', case when o.cancellation_requested_at is not null then json_build_object(
        'requested_at', ${isoTimestampSql(sql`o.cancellation_requested_at`)},
        'note', coalesce(o.cancellation_request_note, ''),
        'by', case when o.cancellation_requested_by is not null
                   then json_build_object('name', ${userNameSql(sql`o.cancellation_requested_by`)}) end) end,
    'buyer_may_cancel_until', ${buyerCancelUntilSql('o')}
    ${withDetail ? sql`, 'shipments', ${shipmentsJsonSql(sql`o.id`, sql`o.cart_id`)}, 'timeline', ${timelineJsonSql('o')}` : sql``}`;
}

/** Everything a list row or the single order selects, for the orders `o` of its FROM. */
function orderSelect(withLines: boolean): SQL {
  return sql`select o.id, ${keysetTimestamp(sql`o.completed_on`)} as keyset_at, ${orderJsonSql(withLines)} as doc,
                    si.id as si_id, si.carrier as si_carrier, si.tracking_number as si_tracking_number,
                    si.status as si_status, inv.id as invoice_id, inv.status as invoice_status,
                    inv.due_on::text as invoice_due_on`;
}

const orderJoins = sql`
      join ${organizationsSql()} b on b.id = o.purchasing_organization_id
      join ${organizationsSql()} s on s.id = o.selling_organization_id
      left join shipping_information si on si.order_id = o.id
      ${invoiceWithNumberJoinSql('inv', sql`o.id`)}`;

/**
 * The row as the contract's JSON: the database's text with the completion time, the tracking
 * and the invoice spliced onto its end (keys' order is not part of JSON).
 */
function orderText(signer: InvoiceLinkSigner, r: OrderRow, signedAt: Date = new Date()): string {
  const carrier = r.si_carrier as Carrier | null;
  const shipping =
    r.si_id && carrier && r.si_tracking_number && r.si_status
      ? JSON.stringify({
          id: r.si_id,
          carrier,
          tracking_number: r.si_tracking_number,
          status: r.si_status,
          tracking_url: trackingUrl(carrier, r.si_tracking_number),
        })
      : 'null';
  const invoice = r.invoice_id
    ? JSON.stringify({
        id: r.invoice_id,
        link: invoiceLink(signer, r.invoice_id, signedAt),
        stripe_status: (r.invoice_status ?? 'OPEN').toUpperCase(),
        due_on: r.invoice_due_on,
      })
    : 'null';
  // The keyset's text without its last three digits is what Date#toISOString writes.
  const completedOn = `${r.keyset_at.slice(0, 23)}Z`;
  return `${r.doc.slice(0, -1)},"completed_on":"${completedOn}","shipping_information":${shipping},"invoice":${invoice}}`;
}

/** Whose orders a list reads: the seller's, the buyer's, or the buyer's from one seller. */
type ListSide = 'selling' | 'purchasing' | 'purchasing-from';

/** A prefix as a LIKE pattern's start: \, % and _ match themselves. */
export function likePrefix(prefix: string): string {
  return prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * How a list is searched: not at all; by PO number prefix (`po_number`); or by `q`, the order
 * whose number it names (parseOrderNumber) together with the orders whose PO number starts with it.
 */
type ListSearch = 'none' | 'po' | 'number-or-po';

function listStatement(side: ListSide, hasCursor: boolean, limit: number, search: ListSearch): SQL {
  const org = sql.placeholder('org');
  const seller =
    side === 'selling'
      ? sql`o.selling_organization_id = ${org}::uuid`
      : side === 'purchasing'
        ? sql`o.purchasing_organization_id = ${org}::uuid`
        : sql`o.purchasing_organization_id = ${org}::uuid and o.selling_organization_id = ${sql.placeholder('seller')}::uuid`;
  // The PO number's prefix in any case (the seller's (seller, lower(po_number)) index).
  const byPo = sql`o.po_number is not null
          and lower(o.po_number) like lower(${sql.placeholder('po')}::text) || '%' escape '\\'`;
  const keyset = hasCursor
    ? sql`and (o.completed_on, o.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`
    : sql``;
  const newestFirst = sql`order by o.completed_on desc nulls last, o.id desc nulls last ${limitPlusOne(limit)}`;
  // The page's ids first, from the orders index alone (its order, nulls last included, is the
  // index's: anything else sorts every order of the seller); then everything shown, for those
  // rows only — and the list's version, in the same statement (so from the same snapshot). Always
  // one row at least: an empty page is a row with a stamp and no order. A search by number adds
  // the one order its invoice's unique number names to the PO number's page, each part read
  // through its own index.
  const pageIds =
    search === 'number-or-po'
      ? sql`
      select x.id
        from ((select o.id, o.completed_on
                 from orders o
                where ${seller} and ${byPo} and o.completed_on is not null ${keyset}
                ${newestFirst})
              union
              (select o.id, o.completed_on
                 from ${orderByNumberSql(sql`${sql.placeholder('number')}::text`)} n
                 join orders o on o.id = n.order_id
                where ${seller} and o.completed_on is not null ${keyset})) x
       order by x.completed_on desc nulls last, x.id desc nulls last
       ${limitPlusOne(limit)}`
      : sql`
      select o.id
        from orders o
       where ${search === 'po' ? sql`${seller} and ${byPo}` : seller} and o.completed_on is not null ${keyset}
       ${newestFirst}`;
  return sql`
    with page as materialized (${pageIds})
    select s.stamp, r.*
      from (select ${orderListStampSql(org)} as stamp) s
      left join lateral (
        ${orderSelect(false)}
          from page
          join orders o on o.id = page.id
          ${orderJoins}
      ) r on true
     order by r.keyset_at desc, r.id desc`;
}

const statements = new Map<string, CompiledQuery>();

/** Compiled on first use of a shape: 3 sides × cursor or not × page sizes (at most 200) × the search (none, PO, number or PO). */
function statementFor(shape: string, build: () => SQL): CompiledQuery {
  let statement = statements.get(shape);
  if (!statement) {
    statement = compileQuery(build());
    statements.set(shape, statement);
  }
  return statement;
}

/**
 * A page holds invoice links signed for the start of its period (valid 59–60 minutes from when
 * they are handed out), so it can be kept and served as it is until the period ends. Names of
 * organizations and users on a kept page are at most this old; orders and tracking are never
 * stale (the version).
 */
export const ORDER_PAGE_PERIOD_MS = 60_000;

/** Whose orders a page lists: the organization, and for 'purchasing-from' the seller. */
export interface OrderListTarget {
  side: ListSide;
  organizationId: string;
  sellerId?: string;
  /** Only orders whose PO number starts with this, in any case (empty or absent: all). */
  poNumberPrefix?: string;
  /**
   * Only the order whose number this names (CB-000001, 000001, 1) and the orders whose PO number
   * starts with it (empty or absent: all; takes the place of poNumberPrefix).
   */
  search?: string;
}

export interface OrderLists {
  /** Kept pages of this process (tests and diagnostics). */
  readonly cache: PageCache;
  /** The list's version, for the route's access check to select alongside (`accessAlongside`). */
  stampSql(organizationId: string): SQL;
  /**
   * The page for the query: kept when it was built from `stamp` (the organization's current
   * list version, read with the access check) in this period, else built now. `key` is its key.
   */
  page(target: OrderListTarget, query: PageQuery, stamp: string): Promise<{ key: string; page: CachedPage }>;
}

type ListRow = { stamp: string } & ({ [K in keyof OrderRow]: OrderRow[K] } | { [K in keyof OrderRow]: null });

/**
 * The order lists of one app: GET …/selling and GET …/purchasing (spec section 2 "Orders" and
 * buyer orders), newest first, keyset-paged, kept per process like the storefront's pages.
 */
export function createOrderLists(
  ctx: Pick<AppContext, 'db' | 'config'>,
  cacheOptions: PageCacheOptions = DEFAULT_PAGE_CACHE,
  now: () => number = Date.now,
): OrderLists {
  const cache = new PageCache(cacheOptions);
  return {
    cache,
    stampSql: (organizationId) => orderListStampSql(sql`${organizationId}::uuid`),
    async page(target, query, stamp) {
      const cursor = decodeCursor(query.cursor);
      const limit = query.limit ?? ORDER_PAGE_SIZE;
      const period = Math.floor(now() / ORDER_PAGE_PERIOD_MS) * ORDER_PAGE_PERIOD_MS;
      const q = target.search?.trim() ?? '';
      const po = (q || target.poNumberPrefix)?.toLowerCase() ?? '';
      const search: ListSearch = q ? 'number-or-po' : po ? 'po' : 'none';
      // \u0000 cannot occur in any part (ids, a number, a base64url cursor, single-line text).
      const key = [
        target.side,
        target.organizationId,
        target.sellerId ?? '',
        limit,
        query.cursor ?? '',
        period,
        search,
        po,
      ].join('\u0000');
      const page = await cache.getOrBuild(key, stamp, async () => {
        const statement = statementFor(`${target.side}:${cursor ? 'c' : ''}:${limit}:${search}`, () =>
          listStatement(target.side, cursor !== null, limit, search),
        );
        const rows = await runCompiled<ListRow>(ctx.db, statement, {
          org: target.organizationId,
          ...(target.sellerId ? { seller: target.sellerId } : {}),
          ...(cursor ? { at: cursor.at, id: cursor.id } : {}),
          ...(po ? { po: likePrefix(po) } : {}),
          ...(search === 'number-or-po' ? { number: parseOrderNumber(q) } : {}),
        });
        const orders = rows.filter((r): r is { stamp: string } & OrderRow => r.id !== null);
        const taken = takePage(orders, limit);
        const signer = await invoiceLinkSigner(ctx);
        const signedAt = new Date(period);
        return {
          stamp: rows[0]!.stamp,
          json: `[${taken.rows.map((r) => orderText(signer, r, signedAt)).join(',')}]`,
          nextCursor: taken.nextCursor,
        };
      });
      return { key, page };
    },
  };
}

/** One submitted order with its lines (undefined for an unknown id or an order not submitted). */
export async function orderDetail(ctx: AppContext, orderId: string): Promise<Order | undefined> {
  const statement = statementFor(
    'detail',
    () => sql`${orderSelect(true)}
      from orders o
      ${orderJoins}
     where o.id = ${sql.placeholder('order')}::uuid and o.completed_on is not null`,
  );
  const [row] = await runCompiled<OrderRow>(ctx.db, statement, { order: orderId });
  if (!row) return undefined;
  const order = JSON.parse(orderText(await invoiceLinkSigner(ctx), row)) as Order;
  // The carriers' tracking links are Node's to write (contract order-rules.ts).
  order.shipments = order.shipments?.map((s) => ({ ...s, tracking_url: trackingUrl(s.carrier, s.tracking_number) }));
  return order;
}
