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
import {
  SELLER_ORDER_COUNT_CAP,
  parseOrderNumber,
  parseShipWindowKey,
  shipWindowKey,
  trackingUrl,
  viewStates,
  type Carrier,
  type Order,
  type OrderState,
  type OrderSummary,
  type PageQuery,
  type SellerOrderCounts,
  type SellerOrderView,
} from '@cratebase/contract';
import { compileQuery, runCompiled, type CompiledQuery } from '../../db/compiled-query.js';
import { purchasingRelationshipsSql } from '../../auth/access.js';
import type { AppContext } from '../../lib/context.js';
import { DEFAULT_PAGE_CACHE, PageCache, type CachedPage, type PageCacheOptions } from '../../lib/page-cache.js';
import { decodeCursor, isoTimestampSql, keysetTimestamp, limitPlusOne, takePage } from '../../lib/pagination.js';
import { shippingAddressJsonSql } from '../addresses/sql.js';
import { cartItemCountSql, orderLinesJsonSql } from '../carts/sql.js';
import { organizationsSql } from '../organizations/sql.js';
import { invoiceLink, invoiceLinkSigner, type InvoiceLinkSigner } from './invoice-links.js';
import { invoiceWithNumberJoinSql, orderByNumberSql, sellerOpenInvoicesSql } from '../payments/sql.js';
import { userContactJsonSql, userNameSql } from '../users/sql.js';
import { mediaUrl } from '../../lib/media-url.js';
import { claimsJsonSql } from '../order-lifecycle/sql.js';
import { certificateOnFileSql } from '../resale-certificates/sql.js';
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
    'created_by_user', ${userContactJsonSql(sql`o.created_by_user_id`)},
    'po_number', o.po_number,
    'refunded_cents', o.refunded_cents,
    'tax_exempt', ${certificateOnFileSql(sql`o.purchasing_organization_id`, sql`o.completed_on`)},
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
    ${
      withDetail
        ? sql`, 'shipments', ${shipmentsJsonSql(sql`o.id`, sql`o.cart_id`)}, 'timeline', ${timelineJsonSql('o')},
              'claims', ${claimsJsonSql(sql`o.id`, sql`o.cart_id`)}`
        : sql``
    }`;
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

/** What a list statement is compiled for: the side, the page, the search and the seller's filters. */
interface ListShape {
  side: ListSide;
  hasCursor: boolean;
  limit: number;
  search: ListSearch;
  /** The Orders workspace's tab (issue 23), or null for all. */
  view: SellerOrderView | null;
  /** Only the orders of the customers whose name contains the `customer` parameter. */
  customer: boolean;
  /** Placed at or after the `from` parameter / before the `to` parameter (timestamps). */
  from: boolean;
  to: boolean;
  /** With lines in the pre-order ship window of the `ships_from` / `ships_until` parameters (issue 25). */
  shipWindow: boolean;
}

/**
 * The page's ids and the rows shown for them. Each way of narrowing the list reads through an
 * index, the one that leads being the most selective:
 *  - q: the PO number's prefix ((seller, lower(po_number))) and the invoice's unique number;
 *  - the Unpaid view: the seller's OPEN invoices (their (seller, status) index), then their
 *    orders by primary key — few among many paid ones;
 *  - customer: the seller's customers (purchasing_relationships' key) whose name contains it,
 *    then each one's newest orders on the (seller, buyer, completed_on, id) index — with a view,
 *    each one's newest in each of its states on (seller, buyer, state, completed_on, id) — merged;
 *  - a view of states (to ship, shipped…): each state's newest on (seller, state, completed_on,
 *    id), merged (a union of ordered, limited scans: an IN over the state would sort them all);
 *  - otherwise the (seller, completed_on, id) index, the date range being a range on it.
 * The other filters apply to the rows the leading index yields: the date range and the state
 * as conditions on the same index entries, the Unpaid view as a probe of the invoices' partial
 * OPEN index (invoices_open_idx) per order, the customer as a semi-join on its ids.
 */
function listStatement(shape: ListShape): SQL {
  const { side, hasCursor, limit, search, view } = shape;
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
  const states = view ? viewStates(view) : null;
  const stateIs = (state: OrderState) => sql`o.fulfillment_status = ${sql.raw(`'${state}'`)}`;
  const inStates = states
    ? sql`o.fulfillment_status in (${sql.join(
        states.map((state) => sql.raw(`'${state}'`)),
        sql`, `,
      )})`
    : null;
  // The seller's customers whose name contains the text, in any case: at most its customer list.
  const buyers = organizationsSql().alias('c');
  const matchedBuyers = sql`select pr.purchaser_organization_id as buyer
                from ${purchasingRelationshipsSql(sql`${org}::uuid`)} pr
                join ${buyers.from} on ${buyers.col('id')} = pr.purchaser_organization_id
               where pr.seller_organization_id = ${org}::uuid
                 and strpos(lower(${buyers.col('name')}), lower(${sql.placeholder('customer')}::text)) > 0`;
  const openInvoices = sellerOpenInvoicesSql(sql`${org}::uuid`).alias('oi');
  // What every row must meet, whichever index leads.
  const common: SQL[] = [seller, sql`o.completed_on is not null`];
  if (shape.from) common.push(sql`o.completed_on >= ${sql.placeholder('from')}::timestamptz`);
  if (shape.to) common.push(sql`o.completed_on < ${sql.placeholder('to')}::timestamptz`);
  // Issue 25: the seller's orders with lines in one pre-order ship window (order_ship_windows' index).
  const windowOf = sql`w.seller_organization_id = ${org}::uuid and w.ships_from = ${sql.placeholder('ships_from')}::date
                   and w.ships_until = ${sql.placeholder('ships_until')}::date`;
  if (shape.shipWindow) common.push(sql`o.id in (select w.order_id from order_ship_windows w where ${windowOf})`);
  if (hasCursor) {
    common.push(sql`(o.completed_on, o.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`);
  }
  const where = (...more: (SQL | null | false)[]) =>
    sql.join([...common, ...more.filter((c): c is SQL => Boolean(c))], sql` and `);
  const customerIn = shape.customer && sql`o.purchasing_organization_id in (${matchedBuyers})`;
  // The seller's OPEN invoices, on their (seller, status) index (few among many paid ones).
  const unpaidIn =
    view === 'unpaid' && sql`o.id in (select ${openInvoices.col('order_id')} from ${openInvoices.from})`;
  const newestFirst = sql`order by o.completed_on desc nulls last, o.id desc nulls last ${limitPlusOne(limit)}`;
  const merged = (parts: SQL[]) =>
    parts.length === 1
      ? parts[0]!
      : sql`select x.id
        from (${sql.join(
          parts.map((part) => sql`(${part})`),
          sql` union all `,
        )}) x
       order by x.completed_on desc nulls last, x.id desc nulls last
       ${limitPlusOne(limit)}`;
  // The page's ids first, from the orders index alone (its order, nulls last included, is the
  // index's: anything else sorts every order of the seller); then everything shown, for those
  // rows only — and the list's version, in the same statement (so from the same snapshot). Always
  // one row at least: an empty page is a row with a stamp and no order. A search by number adds
  // the one order its invoice's unique number names to the PO number's page, each part read
  // through its own index.
  let pageIds: SQL;
  if (search === 'number-or-po') {
    pageIds = sql`
      select x.id
        from ((select o.id, o.completed_on
                 from orders o
                where ${where(byPo, inStates, customerIn, unpaidIn)}
                ${newestFirst})
              union
              (select o.id, o.completed_on
                 from ${orderByNumberSql(sql`${sql.placeholder('number')}::text`)} n
                 join orders o on o.id = n.order_id
                where ${where(inStates, customerIn, unpaidIn)})) x
       order by x.completed_on desc nulls last, x.id desc nulls last
       ${limitPlusOne(limit)}`;
  } else if (search === 'po') {
    pageIds = sql`select o.id from orders o where ${where(byPo, inStates, customerIn, unpaidIn)} ${newestFirst}`;
  } else if (view === 'unpaid') {
    // From the seller's open invoices to each one's order (primary key), the few sorted. The
    // lateral keeps that order: a plan walking the seller's orders and probing each one's
    // invoice (a LIMIT's favourite) would read every order when few match.
    pageIds = sql`
      select x.id
        from ${openInvoices.from}
        cross join lateral (
          select o.id, o.completed_on from orders o
           where o.id = ${openInvoices.col('order_id')} and ${where(customerIn)}) x
       order by x.completed_on desc nulls last, x.id desc nulls last
       ${limitPlusOne(limit)}`;
  } else if (shape.customer) {
    // Each customer's newest (in each state of the view) on the (seller, buyer[, state], …) indexes, merged.
    const perBuyer = (state: SQL | null) => sql`
        cross join lateral (
          select o.id, o.completed_on
            from orders o
           where o.purchasing_organization_id = m.buyer and ${where(state)}
           ${newestFirst}) x`;
    pageIds = sql`
      select x.id
        from (${matchedBuyers}) m
        ${
          states && states.length > 1
            ? sql`cross join (values ${sql.join(
                states.map((state) => sql.raw(`('${state}')`)),
                sql`, `,
              )}) st(state) ${perBuyer(sql`o.fulfillment_status = st.state`)}`
            : perBuyer(states ? stateIs(states[0]!) : null)
        }
       order by x.completed_on desc nulls last, x.id desc nulls last
       ${limitPlusOne(limit)}`;
  } else if (shape.shipWindow) {
    // The window's orders, newest first, on order_ship_windows' (seller, window, completed_on, id)
    // index; each one's order by primary key for the other conditions.
    pageIds = sql`
      select o.id
        from order_ship_windows w
        join orders o on o.id = w.order_id
       where ${windowOf} and ${where(inStates)}
       order by w.completed_on desc, w.order_id desc
       ${limitPlusOne(limit)}`;
  } else if (states) {
    pageIds = merged(
      states.map((state) => sql`select o.id, o.completed_on from orders o where ${where(stateIs(state))} ${newestFirst}`),
    );
  } else {
    pageIds = sql`select o.id from orders o where ${where()} ${newestFirst}`;
  }
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

/**
 * Compiled on first use of a shape: 3 sides × cursor or not × page sizes (at most 200) × the
 * search (none, PO, number or PO) × the seller's filters (view, customer, from, to).
 */
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
export interface OrderListTarget extends OrderListFilters {
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

/** The Orders workspace's filters (issue 23; the seller's list only): each narrows the list. */
export interface OrderListFilters {
  /** A tab: to_ship, partially_shipped, shipped, unpaid (invoice OPEN) or cancelled. */
  view?: SellerOrderView;
  /** The buyer organization's name contains this, in any case (the seller's customers). */
  customer?: string;
  /** Placed on or after this UTC day (YYYY-MM-DD). */
  from?: string;
  /** Placed on or before this UTC day (YYYY-MM-DD). */
  to?: string;
  /** Issue 25: with lines sold in this pre-order ship window ("YYYY-MM-DD..YYYY-MM-DD"). */
  shipWindow?: string;
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

/** The start of the UTC day after `day` (YYYY-MM-DD), as ISO text: the range's open end. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** A target's search and filters, normalised: what its statement's shape and its key depend on. */
function listParts(target: OrderListTarget) {
  const q = target.search?.trim() ?? '';
  const po = (q || target.poNumberPrefix)?.toLowerCase() ?? '';
  const search: ListSearch = q ? 'number-or-po' : po ? 'po' : 'none';
  const selling = target.side === 'selling';
  const customer = selling ? (target.customer?.trim().toLowerCase() ?? '') : '';
  return {
    q,
    po,
    search,
    view: (selling && target.view) || null,
    customer,
    from: (selling && target.from) || '',
    to: (selling && target.to) || '',
    shipWindow: (selling && target.shipWindow && parseShipWindowKey(target.shipWindow)) || null,
  };
}

/** One page of the list, built now (`period`: when its invoice links are signed). */
async function buildListPage(
  ctx: Pick<AppContext, 'db' | 'config'>,
  target: OrderListTarget,
  cursorText: string | undefined,
  limit: number,
  period: number,
): Promise<{ stamp: string; rows: string[]; nextCursor: string | null }> {
  const cursor = decodeCursor(cursorText);
  const parts = listParts(target);
  const shape: ListShape = {
    side: target.side,
    hasCursor: cursor !== null,
    limit,
    search: parts.search,
    view: parts.view,
    customer: parts.customer !== '',
    from: parts.from !== '',
    to: parts.to !== '',
    shipWindow: parts.shipWindow !== null,
  };
  const statement = statementFor(
    [shape.side, shape.hasCursor ? 'c' : '', limit, shape.search, shape.view ?? '', shape.customer ? 'C' : '', shape.from ? 'F' : '', shape.to ? 'T' : '', shape.shipWindow ? 'W' : ''].join(':'),
    () => listStatement(shape),
  );
  const rows = await runCompiled<ListRow>(ctx.db, statement, {
    org: target.organizationId,
    ...(target.sellerId ? { seller: target.sellerId } : {}),
    ...(cursor ? { at: cursor.at, id: cursor.id } : {}),
    ...(parts.po ? { po: likePrefix(parts.po) } : {}),
    ...(parts.search === 'number-or-po' ? { number: parseOrderNumber(parts.q) } : {}),
    ...(shape.customer ? { customer: parts.customer } : {}),
    ...(shape.from ? { from: `${parts.from}T00:00:00Z` } : {}),
    ...(shape.to ? { to: dayAfter(parts.to) } : {}),
    ...(parts.shipWindow ? { ships_from: parts.shipWindow.ships_from, ships_until: parts.shipWindow.ships_until } : {}),
  });
  const orders = rows.filter((r): r is { stamp: string } & OrderRow => r.id !== null);
  const taken = takePage(orders, limit);
  const signer = await invoiceLinkSigner(ctx);
  const signedAt = new Date(period);
  return {
    stamp: rows[0]!.stamp,
    rows: taken.rows.map((r) => orderText(signer, r, signedAt)),
    nextCursor: taken.nextCursor,
  };
}

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
      const limit = query.limit ?? ORDER_PAGE_SIZE;
      const period = Math.floor(now() / ORDER_PAGE_PERIOD_MS) * ORDER_PAGE_PERIOD_MS;
      const parts = listParts(target);
      // \u0000 cannot occur in any part (ids, a number, a base64url cursor, single-line text, days).
      const key = [
        target.side,
        target.organizationId,
        target.sellerId ?? '',
        limit,
        query.cursor ?? '',
        period,
        parts.search,
        parts.po,
        parts.view ?? '',
        parts.customer,
        parts.from,
        parts.to,
        parts.shipWindow ? shipWindowKey(parts.shipWindow) : '',
      ].join('\u0000');
      const page = await cache.getOrBuild(key, stamp, async () => {
        const built = await buildListPage(ctx, target, query.cursor, limit, period);
        return { stamp: built.stamp, json: `[${built.rows.join(',')}]`, nextCursor: built.nextCursor };
      });
      return { key, page };
    },
  };
}

/**
 * Every order of the list, page by page (keyset, `pageSize` a statement), as the contract's
 * OrderSummary: the CSV export reads it without keeping anything (not the kept pages).
 */
export async function* allListedOrders(
  ctx: Pick<AppContext, 'db' | 'config'>,
  target: OrderListTarget,
  pageSize = 200,
): AsyncGenerator<OrderSummary[]> {
  let cursor: string | undefined;
  do {
    const page = await buildListPage(ctx, target, cursor, pageSize, Date.now());
    yield page.rows.map((text) => JSON.parse(text) as OrderSummary);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * The tabs' counts of the seller's orders (GET …/orders/counts), with the list's version read in
 * the same statement: each tab counted on its index alone — the states on (seller, state, …),
 * All on (seller, completed_on, id), Unpaid on the invoices' (seller, status) — and at most
 * SELLER_ORDER_COUNT_CAP entries each, so a seller with a million orders costs a bounded read —
 * and the pre-order ship windows of its orders (issue 25, the Ship window filter's choices; at
 * most 50, latest first, on order_ship_windows' index).
 */
export async function sellerOrderCounts(
  ctx: Pick<AppContext, 'db'>,
  sellerId: string,
): Promise<{ stamp: string; counts: SellerOrderCounts }> {
  const org = sql`${sql.placeholder('org')}::uuid`;
  const capped = (from: SQL) => sql`(select count(*)::int from (${from} limit ${sql.raw(String(SELLER_ORDER_COUNT_CAP))}) t)`;
  const ofSeller = (condition: SQL) =>
    capped(sql`select 1 from orders o where o.selling_organization_id = ${org} and o.completed_on is not null ${condition}`);
  const inView = (view: SellerOrderView) =>
    ofSeller(
      sql`and o.fulfillment_status in (${sql.join(
        (viewStates(view) ?? []).map((state) => sql.raw(`'${state}'`)),
        sql`, `,
      )})`,
    );
  const statement = statementFor(
    'seller-counts',
    () => sql`select ${orderListStampSql(sql.placeholder('org'))} as stamp,
                     ${inView('to_ship')} as to_ship, ${inView('partially_shipped')} as partially_shipped,
                     ${inView('shipped')} as shipped, ${inView('cancelled')} as cancelled, ${ofSeller(sql``)} as all,
                     ${capped(sql`select 1 from ${sellerOpenInvoicesSql(org)} oi`)} as unpaid,
                     (select coalesce(json_agg(json_build_object('ships_from', x.ships_from::text, 'ships_until', x.ships_until::text)
                                               order by x.ships_from desc, x.ships_until desc), '[]'::json)
                        from (select w.ships_from, w.ships_until from order_ship_windows w
                               where w.seller_organization_id = ${org}
                               group by w.ships_from, w.ships_until
                               order by w.ships_from desc, w.ships_until desc limit 50) x) as ship_windows`,
  );
  const [row] = await runCompiled<SellerOrderCounts & { stamp: string }>(ctx.db, statement, { org: sellerId });
  const { stamp, ...counts } = row!;
  return { stamp, counts };
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
  // The carriers' tracking links and the photos' URLs are Node's to write (contract order-rules.ts, lib/media-url.ts).
  order.shipments = order.shipments?.map((s) => ({ ...s, tracking_url: trackingUrl(s.carrier, s.tracking_number) }));
  order.claims = order.claims?.map((c) => ({
    ...c,
    photos: (c.photos as unknown as { id: string; key: string }[]).map((p) => ({
      id: p.id,
      url: mediaUrl(ctx.config.publicUrl, p.key),
    })),
    replacement: c.replacement && {
      carrier: c.replacement.carrier,
      tracking_number: c.replacement.tracking_number,
      tracking_url: trackingUrl(c.replacement.carrier as Carrier, c.replacement.tracking_number),
    },
  }));
  return order;
}
