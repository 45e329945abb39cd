/**
 * Fragments of the refunds module other modules read in their own queries (a leaf: it imports
 * no module).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fromItem } from '../../db/from-item.js';

/**
 * A FROM item: the goods the seller refunded per UTC day (`day`, `refunded_cents`), from the
 * refunds that succeeded — what the dashboard counts against sales. Give it an alias.
 */
export function refundedGoodsByDaySql(sellerId: SQL): SQL {
  return sql`(select (coalesce(settled_at, created_at) at time zone 'UTC')::date as day,
                     sum(amount_cents - shipping_cents)::bigint as refunded_cents
                from refunds
               where seller_organization_id = ${sellerId} and status = 'succeeded'
               group by 1)`;
}

/** An order's refunds as its invoice lists them (oldest first): credit note, day, amount, status. */
export async function refundsForInvoice(
  db: DbOrTx,
  orderId: string,
): Promise<
  { creditNoteNumber: string; createdAt: string; amountCents: number; status: 'pending' | 'succeeded' | 'failed' }[]
> {
  const result = await db.execute<{
    credit_note_number: string;
    created_at: string;
    amount_cents: number;
    status: 'pending' | 'succeeded' | 'failed';
  }>(sql`
    select credit_note_number, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           amount_cents, status
      from refunds where order_id = ${orderId} order by created_at, id`);
  return result.rows.map((r) => ({
    creditNoteNumber: r.credit_note_number,
    createdAt: r.created_at,
    amountCents: r.amount_cents,
    status: r.status,
  }));
}

/** Int: what the refund whose id is in `refundId` gave back (null without one; issue 23 claims). */
export function refundAmountSql(refundId: SQL): SQL {
  return sql`(select r.amount_cents from refunds r where r.id = ${refundId})`;
}

/**
 * A FROM item (issue 26, the accounting export and customer statements): the seller's refunds
 * and their credit notes — `id`, `order_id`, `purchaser_organization_id`, `credit_note_number`,
 * `amount_cents` (`shipping_cents` of it shipping), `lines` (jsonb: name, quantity, amount_cents),
 * `reason`, `note`, `method` (card, credit_note), `status`, `card_brand`, `card_last4`,
 * `created_at`, `settled_at`. Read by `created_at` on its (seller, created_at, id) index.
 */
export const sellerRefundsSql = fromItem<{
  id: string;
  order_id: string;
  purchaser_organization_id: string;
  credit_note_number: string;
  amount_cents: number;
  shipping_cents: number;
  lines: { name: string; quantity: number; amount_cents: number }[];
  reason: string;
  note: string | null;
  method: 'card' | 'credit_note';
  status: 'pending' | 'succeeded' | 'failed';
  card_brand: string | null;
  card_last4: string | null;
  created_at: Date;
  settled_at: Date | null;
}>()(
  {
    id: true,
    order_id: true,
    purchaser_organization_id: true,
    credit_note_number: true,
    amount_cents: true,
    shipping_cents: true,
    lines: true,
    reason: true,
    note: true,
    method: true,
    status: true,
    card_brand: true,
    card_last4: true,
    created_at: true,
    settled_at: true,
  },
  (sellerId: SQL) =>
    sql`(select id, order_id, purchaser_organization_id, credit_note_number, amount_cents, shipping_cents, lines,
                reason, note, method, status, card_brand, card_last4, created_at, settled_at
           from refunds where seller_organization_id = ${sellerId})`,
);
