/**
 * What other modules read of order-lifecycle's tables in their one-query reads (a leaf: it
 * imports only drizzle and other leaves; docs/architecture.md → Boundaries): an order's claims.
 */
import { sql, type SQL } from 'drizzle-orm';
import { orderLineNameSql } from '../carts/sql.js';
import { joinMediaSql } from '../media/sql.js';
import { refundAmountSql } from '../refunds/sql.js';
import { userNameSql } from '../users/sql.js';

const isoSql = (column: SQL) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The order's claims, oldest first, as a JSON array shaped as contract Claim but for the parts
 * Node writes: `photos` carry their storage `key` (not the URL) and `replacement` its carrier and
 * number (not the tracking URL) — orders/queries.ts orderDetail finishes them.
 */
export function claimsJsonSql(orderId: SQL, cartId: SQL): SQL {
  return sql`coalesce((
    select json_agg(json_build_object(
             'id', oc.id, 'number', oc.n, 'kind', oc.kind, 'status', oc.status,
             'lines', (select coalesce(json_agg(json_build_object(
                                'line_item_id', l.v->>'line_item_id',
                                'name', ${orderLineNameSql(sql`(l.v->>'line_item_id')::uuid`, cartId)},
                                'quantity', (l.v->>'quantity')::int) order by l.ord), '[]'::json)
                         from jsonb_array_elements(oc.lines) with ordinality as l(v, ord)),
             'note', oc.note,
             'photos', (select coalesce(json_agg(json_build_object('id', m.id, 'key', m.storage_key) order by x.ord), '[]'::json)
                          from jsonb_array_elements_text(oc.media_ids) with ordinality as x(id, ord)
                          ${joinMediaSql('m', sql`x.id::uuid`)}),
             'created_at', ${isoSql(sql`oc.created_at`)},
             'created_by', case when oc.created_by_user_id is not null then json_build_object(
                             'name', ${userNameSql(sql`oc.created_by_user_id`)}) end,
             'decided_at', case when oc.decided_at is not null then ${isoSql(sql`oc.decided_at`)} end,
             'decision_note', oc.decision_note,
             'refund_cents', ${refundAmountSql(sql`oc.refund_id`)},
             'replacement', case when oc.replacement_carrier is not null then json_build_object(
                              'carrier', oc.replacement_carrier, 'tracking_number', oc.replacement_tracking_number) end
           ) order by oc.n)
      from (select c.*, row_number() over (order by c.created_at, c.id) as n
              from order_claims c where c.order_id = ${orderId}) oc), '[]'::json)`;
}
