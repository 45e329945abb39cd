/**
 * What other modules read of orders in their own one-query reads, and the orders module's own
 * fragments (a leaf: it imports only drizzle, db/ and other modules' sql.ts;
 * docs/architecture.md → Boundaries).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { fromItem } from '../../db/from-item.js';
import { shippingAddressJsonSql } from '../addresses/sql.js';
import { orderLineNameSql } from '../carts/sql.js';
import { buyerCancelHoursSql } from '../organizations/sql.js';
import { userNameSql } from '../users/sql.js';

/**
 * A FROM item: the completed orders of one seller (to one purchaser when given), with `id`,
 * `cart_id`, `selling_organization_id`, `purchasing_organization_id`, `completed_on`,
 * `subtotal_cents`, `shipping_cost_in_cents`, `total_cents` and `refunded_cents` (what the seller
 * refunded of it, issue 21); give it an alias. The ids are values, or SQL expressions (an outer
 * query's columns) in a correlated subquery.
 */
export const completedOrdersSql = fromItem<{
  id: string;
  cart_id: string;
  selling_organization_id: string;
  purchasing_organization_id: string;
  completed_on: Date;
  subtotal_cents: number | null;
  shipping_cost_in_cents: number | null;
  total_cents: number | null;
  refunded_cents: number;
  fulfillment_status: string;
  cancelled_cents: number;
}>()(
  {
    id: true,
    cart_id: true,
    selling_organization_id: true,
    purchasing_organization_id: true,
    completed_on: true,
    subtotal_cents: true,
    shipping_cost_in_cents: true,
    total_cents: true,
    refunded_cents: true,
    fulfillment_status: true,
    cancelled_cents: true,
  },
  (sellerId: string | SQL, purchaserId?: string | SQL) => {
    const purchaser = purchaserId === undefined ? sql`` : sql`and purchasing_organization_id = ${purchaserId}`;
    return sql`(select id, cart_id, selling_organization_id, purchasing_organization_id, completed_on,
                     subtotal_cents, shipping_cost_in_cents, total_cents, refunded_cents,
                     fulfillment_status, cancelled_cents
                from orders
               where selling_organization_id = ${sellerId} ${purchaser} and completed_on is not null)`;
  },
);

/**
 * A boolean: whether the cart of order `o` (an alias of orders) is still open — the order is a
 * draft. A cart closes in the transaction that submits its order (checkout/settlement.ts), so
 * its draft order is the cart's state, read without the carts table.
 */
export function cartOpenSql(o: string): SQL {
  return sql`(${sql.identifier(o)}.status = 'draft')`;
}

/**
 * A jsonb object (contract CartOrder): the order row in alias `o`. `shipping_address` is there
 * only once the buyer has chosen one, and the chosen rate's fields (`shipping_cost_in_cents`,
 * `shippo_provider` — the carrier, `shippo_service_level_token`, `shipping_rate_id`) only once
 * a rate is chosen, `po_number` only once the buyer gave one (older readers compare the object whole).
 */
export function orderJsonSql(o: string): SQL {
  const a = sql.identifier(o);
  return sql`(jsonb_build_object('id', ${a}.id, 'is_net_30', coalesce(${a}.is_net_30, false), 'status', ${a}.status)
              || case when ${a}.shipping_address_id is null then '{}'::jsonb
                      else jsonb_build_object('shipping_address', ${shippingAddressJsonSql(sql`${a}.shipping_address_id`)})
                 end
              || case when ${a}.shipping_cost_in_cents is null then '{}'::jsonb
                      else jsonb_build_object('shipping_cost_in_cents', ${a}.shipping_cost_in_cents,
                                              'shippo_provider', ${a}.shipping_carrier,
                                              'shippo_service_level_token', ${a}.shipping_service_level,
                                              'shipping_rate_id', ${a}.provider_rate_id)
                 end
              || case when ${a}.po_number is null then '{}'::jsonb
                      else jsonb_build_object('po_number', ${a}.po_number)
                 end)`;
}

/**
 * A JSON object (contract CartOrder: `id`, `is_net_30`, `status`, `shipping_address` once set):
 * the order of the cart whose id is in `cartId`, or null when it has none.
 */
export function cartOrderJsonSql(cartId: SQL): SQL {
  return sql`(select ${orderJsonSql('o')} from orders o where o.cart_id = ${cartId})`;
}

/** The organization's order-list version as text ('0' before its first order). */
export function orderListStampSql(organizationId: SQL | Placeholder): SQL {
  return sql`coalesce((select sum(v.version) from order_list_versions v where v.organization_id = ${organizationId}), 0)::text`;
}

const isoSql = (column: SQL) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Issue 23: until when the buyer of order `o` (an alias of orders) may cancel or reduce it
 * itself, as ISO text — while it is placed (not accepted, nothing shipped or cancelled) and its
 * seller gives buyers hours for it; null otherwise. The time may be past: readers compare.
 */
export function buyerCancelUntilSql(o: string): SQL {
  const a = sql.identifier(o);
  const hours = buyerCancelHoursSql(sql`${a}.selling_organization_id`);
  return sql`(select case when ${a}.fulfillment_status = 'placed' and ${a}.completed_on is not null and h.hours > 0
                         then ${isoSql(sql`${a}.completed_on + h.hours * interval '1 hour'`)} end
                from (select ${hours} as hours) h)`;
}

/**
 * Issue 23: the order's shipments, oldest first, as a JSON array (contract Shipment without
 * `tracking_url`, which Node adds from the carrier's rules), each line with its product's name.
 */
export function shipmentsJsonSql(orderId: SQL, cartId: SQL): SQL {
  return sql`coalesce((
    select json_agg(json_build_object(
             'id', sh.id, 'number', sh.n, 'carrier', sh.carrier, 'tracking_number', sh.tracking_number,
             'created_at', ${isoSql(sql`sh.created_at`)},
             'lines', (select coalesce(json_agg(json_build_object(
                                'line_item_id', l.v->>'line_item_id',
                                'name', ${orderLineNameSql(sql`(l.v->>'line_item_id')::uuid`, cartId)},
                                'quantity', (l.v->>'quantity')::int) order by l.ord), '[]'::json)
                         from jsonb_array_elements(sh.lines) with ordinality as l(v, ord))
           ) order by sh.n)
      from (select s.*, row_number() over (order by s.created_at, s.id) as n
              from shipments s where s.order_id = ${orderId}) sh), '[]'::json)`;
}

/**
 * Issue 23: the order's timeline, oldest first, as a JSON array (contract OrderEvent): the
 * placing (from the order itself) and then its events (order_events).
 */
export function timelineJsonSql(o: string): SQL {
  const a = sql.identifier(o);
  return sql`(select json_agg(e.doc order by e.at, e.seq, e.id)
      from (select ${a}.completed_on as at, 0 as seq, '' as id,
                   json_build_object('id', 'placed-' || ${a}.id, 'at', ${isoSql(sql`${a}.completed_on`)}, 'kind', 'placed',
                                     'actor', json_build_object('side', 'buyer', 'name',
                                              ${userNameSql(sql`${a}.created_by_user_id`)}),
                                     'summary', 'Order placed', 'note', null) as doc
             where ${a}.completed_on is not null
            union all
            select ev.created_at, 1, ev.id::text,
                   json_build_object('id', ev.id, 'at', ${isoSql(sql`ev.created_at`)}, 'kind', ev.kind,
                                     'actor', json_build_object('side', ev.actor_side, 'name',
                                              ${userNameSql(sql`ev.actor_user_id`)}),
                                     'summary', ev.summary, 'note', ev.note)
              from order_events ev where ev.order_id = ${a}.id) e)`;
}

/**
 * A FROM item (issue 26, the accounting export and customer statements): the seller's placed
 * orders (to one purchaser when given) with what an accounting file prints of them — `id`,
 * `cart_id`, `purchasing_organization_id`, `completed_on`, `po_number`, `is_net_30`, `net_days`,
 * the money (`subtotal_cents`, `shipping_cost_in_cents`, `total_cents`, `refunded_cents`,
 * `cancelled_cents`), `fulfillment_status`, the carrier and service level, and
 * `shipping_address_id`. Filter `completed_on` outside; the (seller[, purchaser], completed_on,
 * id) indexes serve a range read on its keyset.
 */
export const placedOrdersForAccountingSql = fromItem<{
  id: string;
  cart_id: string;
  purchasing_organization_id: string;
  completed_on: Date;
  po_number: string | null;
  is_net_30: boolean | null;
  net_days: number | null;
  subtotal_cents: number | null;
  shipping_cost_in_cents: number | null;
  total_cents: number | null;
  refunded_cents: number;
  cancelled_cents: number;
  fulfillment_status: string;
  shipping_carrier: string | null;
  shipping_service_level: string | null;
  shipping_address_id: string | null;
}>()(
  {
    id: true,
    cart_id: true,
    purchasing_organization_id: true,
    completed_on: true,
    po_number: true,
    is_net_30: true,
    net_days: true,
    subtotal_cents: true,
    shipping_cost_in_cents: true,
    total_cents: true,
    refunded_cents: true,
    cancelled_cents: true,
    fulfillment_status: true,
    shipping_carrier: true,
    shipping_service_level: true,
    shipping_address_id: true,
  },
  (sellerId: SQL, purchaserId?: SQL) => {
    const purchaser = purchaserId === undefined ? sql`` : sql`and purchasing_organization_id = ${purchaserId}`;
    return sql`(select id, cart_id, purchasing_organization_id, completed_on, po_number, is_net_30, net_days,
                     subtotal_cents, shipping_cost_in_cents, total_cents, refunded_cents, cancelled_cents,
                     fulfillment_status, shipping_carrier, shipping_service_level, shipping_address_id
                from orders
               where selling_organization_id = ${sellerId} ${purchaser} and completed_on is not null)`;
  },
);
