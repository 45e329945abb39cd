/**
 * What the accounting exports and the customer statement read (issue 26). Every read goes
 * through the owning modules' leaf fragments (orders, payments, refunds, carts, organizations,
 * addresses): this module owns no table.
 *
 * The exports read a range page by page on a keyset — (moment, id) ascending, PAGE rows a
 * statement, each page one statement however many lines its orders hold — so a year of a large
 * seller streams without holding it in memory and without a query per row. Days are UTC days:
 * `from` starts at 00:00 UTC and `to` ends at 24:00 UTC.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { OrderAddress, OrderLine } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { keysetTimestamp, type Keyset } from '../../lib/pagination.js';
import { notFound } from '../../lib/errors.js';
import { buysFrom } from '../../auth/access.js';
import { businessAddressJoinSql, shippingAddressJsonSql } from '../addresses/sql.js';
import { orderLinesJsonSql } from '../carts/sql.js';
import { placedOrdersForAccountingSql } from '../orders/sql.js';
import { organizationsSql } from '../organizations/sql.js';
import { invoiceLedgerSql, type InvoiceStatus } from '../payments/sql.js';
import { sellerRefundsSql } from '../refunds/sql.js';

/** Rows read per statement. */
export const PAGE = 200;

/** The seller and the range of UTC days (both included). */
export interface LedgerRange {
  sellerId: string;
  from: string;
  to: string;
}

/** A business's postal address as the files print it (its business address; null without one). */
export type LedgerAddress = {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};

/** The invoice of a placed order, as the ledger reads it. */
export type LedgerInvoice = {
  number: string;
  status: InvoiceStatus;
  amount_cents: number;
  issued_on: string;
  /** YYYY-MM-DD; null for an invoice paid at checkout (due on receipt). */
  due_on: string | null;
  net_days: number | null;
  paid_on: string | null;
  paid_method: string | null;
};

/** The order's columns as the orders module's fragment gives them. */
type PlacedOrderColumns = NonNullable<ReturnType<typeof placedOrdersForAccountingSql>['row']>;

/** One placed order of the range with its lines, its invoice and its customer. */
export type LedgerOrder = Omit<PlacedOrderColumns, 'cart_id' | 'purchasing_organization_id' | 'completed_on' | 'shipping_address_id'> & {
  keyset_at: string;
  placed_on: string;
  ship_to: OrderAddress | null;
  customer_name: string;
  customer_address: LedgerAddress | null;
  invoice: LedgerInvoice | null;
  lines: OrderLine[];
};

/** The refund's columns as the refunds module's fragment gives them. */
type RefundColumns = NonNullable<ReturnType<typeof sellerRefundsSql>['row']>;

/** One refund (its credit note) of the range that succeeded. */
export type LedgerRefund = Omit<RefundColumns, 'order_id' | 'purchaser_organization_id' | 'status' | 'created_at' | 'settled_at'> & {
  keyset_at: string;
  made_on: string;
  invoice_number: string | null;
  customer_name: string;
  customer_address: LedgerAddress | null;
};

/** One movement of card money for the seller: a card payment in, or a card refund out. */
export type LedgerMovement = {
  id: string;
  keyset_at: string;
  kind: 'payment' | 'refund';
  on_day: string;
  /** Positive for money in, negative for money out. */
  amount_cents: number;
  customer_name: string;
  invoice_number: string;
  credit_note_number: string | null;
};

/** The timestamptz at which UTC day `day` starts. */
const dayStart = (day: string): SQL => sql`((${day}::date)::timestamp at time zone 'UTC')`;
/** The timestamptz at which UTC day `day` ends (the next day's start). */
const dayEnd = (day: string): SQL => sql`(((${day}::date) + 1)::timestamp at time zone 'UTC')`;
/** The UTC day of a timestamptz, as YYYY-MM-DD. */
const utcDay = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** `and (moment, id) > keyset` for a read in ascending order. */
function afterKeyset(moment: SQL, id: SQL, after: Keyset | null): SQL {
  return after ? sql`and (${moment}, ${id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
}

/** The business address of the organization in `organizationId` as a JSON object (null without one). */
function businessAddressJsonSql(alias: string): SQL {
  const a = sql.identifier(alias);
  return sql`case when ${a}.line1 is null then null
                  else json_build_object('line1', ${a}.line1, 'line2', ${a}.line2, 'city', ${a}.city, 'state', ${a}.state,
                                         'postal_code', ${a}.postal_code, 'country', ${a}.country) end`;
}

/** Reads pages on a keyset until a short page: each yielded page is one statement's rows. */
async function* keysetPages<Row extends { keyset_at: string; id: string }>(
  pageSize: number,
  read: (after: Keyset | null, limit: SQL) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error(`invalid page size ${pageSize}`);
  // Written into the statement (a validated integer), as lib/pagination.ts does: one plan per size.
  const limit = sql.raw(`limit ${pageSize}`);
  let after: Keyset | null = null;
  for (;;) {
    const rows = await read(after, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.keyset_at, id: last.id };
  }
}

/**
 * The seller's orders placed in the range, oldest first, with their lines, invoice and customer
 * (the orders and invoices exports: an order's invoice is issued when it is placed).
 */
export function placedOrdersInRange(ctx: Pick<AppContext, 'db'>, range: LedgerRange, pageSize = PAGE): AsyncGenerator<LedgerOrder[]> {
  const o = placedOrdersForAccountingSql(sql`${range.sellerId}::uuid`).alias('o');
  const c = organizationsSql().alias('c');
  const i = invoiceLedgerSql(sql`${range.sellerId}::uuid`).alias('i');
  return keysetPages(pageSize, async (after, limit) => {
    const result = await ctx.db.execute<LedgerOrder>(sql`
      select o.id, ${keysetTimestamp(sql`o.completed_on`)} as keyset_at, ${utcDay(sql`o.completed_on`)} as placed_on,
             o.po_number, o.is_net_30, o.net_days, o.subtotal_cents, o.shipping_cost_in_cents, o.total_cents,
             o.refunded_cents, o.cancelled_cents, o.fulfillment_status, o.shipping_carrier, o.shipping_service_level,
             ${shippingAddressJsonSql(sql`o.shipping_address_id`, false)} as ship_to,
             c.name as customer_name, ${businessAddressJsonSql('ba')} as customer_address,
             case when i.id is null then null
                  else json_build_object('number', i.number, 'status', i.status, 'amount_cents', i.amount_cents,
                                         'issued_on', ${utcDay(sql`i.created_at`)}, 'due_on', i.due_on,
                                         'net_days', i.net_days, 'paid_on', ${utcDay(sql`i.paid_at`)},
                                         'paid_method', i.paid_method) end as invoice,
             ${orderLinesJsonSql(sql`o.cart_id`)} as lines
        from ${o.from}
        join ${c.from} on c.id = o.purchasing_organization_id
        left join ${i.from} on i.order_id = o.id
        ${businessAddressJoinSql('ba', sql`o.purchasing_organization_id`)}
       where o.completed_on >= ${dayStart(range.from)} and o.completed_on < ${dayEnd(range.to)}
             ${afterKeyset(sql`o.completed_on`, sql`o.id`, after)}
       order by o.completed_on, o.id
       ${limit}`);
    return result.rows;
  });
}

/**
 * The seller's refunds made in the range that succeeded (a card refund still with the provider,
 * or one it refused, is not money given back), oldest first, with their credit notes' lines.
 */
export function refundsInRange(ctx: Pick<AppContext, 'db'>, range: LedgerRange, pageSize = PAGE): AsyncGenerator<LedgerRefund[]> {
  const r = sellerRefundsSql(sql`${range.sellerId}::uuid`).alias('r');
  const c = organizationsSql().alias('c');
  const i = invoiceLedgerSql(sql`${range.sellerId}::uuid`).alias('i');
  return keysetPages(pageSize, async (after, limit) => {
    const result = await ctx.db.execute<LedgerRefund>(sql`
      select r.id, ${keysetTimestamp(sql`r.created_at`)} as keyset_at, ${utcDay(sql`r.created_at`)} as made_on,
             r.credit_note_number, r.amount_cents, r.shipping_cents, r.lines, r.reason, r.note, r.method,
             r.card_brand, r.card_last4, i.number as invoice_number,
             c.name as customer_name, ${businessAddressJsonSql('ba')} as customer_address
        from ${r.from}
        join ${c.from} on c.id = r.purchaser_organization_id
        left join ${i.from} on i.order_id = r.order_id
        ${businessAddressJoinSql('ba', sql`r.purchaser_organization_id`)}
       where r.status = 'succeeded'
         and r.created_at >= ${dayStart(range.from)} and r.created_at < ${dayEnd(range.to)}
             ${afterKeyset(sql`r.created_at`, sql`r.id`, after)}
       order by r.created_at, r.id
       ${limit}`);
    return result.rows;
  });
}

/**
 * The card money of the range, oldest first: invoices paid by card (at checkout or later) in,
 * card refunds that succeeded out — what passes through the payments provider's balance, the
 * lines a bank (clearing) account's statement holds. Payments recorded by hand (check, ACH,
 * wire, cash) reached the seller's bank directly and are left out.
 */
export function cardMovementsInRange(ctx: Pick<AppContext, 'db'>, range: LedgerRange, pageSize = PAGE): AsyncGenerator<LedgerMovement[]> {
  const i = invoiceLedgerSql(sql`${range.sellerId}::uuid`).alias('i');
  const r = sellerRefundsSql(sql`${range.sellerId}::uuid`).alias('r');
  const ri = invoiceLedgerSql(sql`${range.sellerId}::uuid`).alias('ri');
  const c = organizationsSql().alias('c');
  const start = dayStart(range.from);
  const end = dayEnd(range.to);
  return keysetPages(pageSize, async (after, limit) => {
    const result = await ctx.db.execute<LedgerMovement & { at: Date }>(sql`
      select m.id, ${keysetTimestamp(sql`m.at`)} as keyset_at, m.kind, ${utcDay(sql`m.at`)} as on_day,
             m.amount_cents, c.name as customer_name, m.invoice_number, m.credit_note_number
        from (
          (select i.id, i.paid_at as at, 'payment' as kind, i.amount_cents, i.purchaser_organization_id as customer_id,
                  i.number as invoice_number, null::text as credit_note_number
             from ${i.from}
            where i.paid_at >= ${start} and i.paid_at < ${end} and i.paid_method = 'card'
                  ${afterKeyset(sql`i.paid_at`, sql`i.id`, after)}
            order by i.paid_at, i.id
            ${limit})
          union all
          (select r.id, r.created_at, 'refund', -r.amount_cents, r.purchaser_organization_id,
                  ri.number, r.credit_note_number
             from ${r.from}
             join ${ri.from} on ri.order_id = r.order_id
            where r.created_at >= ${start} and r.created_at < ${end} and r.method = 'card' and r.status = 'succeeded'
                  ${afterKeyset(sql`r.created_at`, sql`r.id`, after)}
            order by r.created_at, r.id
            ${limit})
        ) m
        join ${c.from} on c.id = m.customer_id
       order by m.at, m.id
       ${limit}`);
    return result.rows;
  });
}

// ─── The customer statement ──────────────────────────────────────────────────────────

/** One line of a statement: a charge (invoice, refund paid back) or a credit (payment, credit note). */
export type StatementEntry = {
  on_day: string;
  kind: 'invoice' | 'payment' | 'credit_note' | 'refund';
  reference: string;
  /** The invoice's due day (invoices only). */
  due_on: string | null;
  /** Positive: the customer owes more; negative: less. */
  amount_cents: number;
  /** How it was paid or given back: card, check, ach…; credit notes: their invoice's number. */
  detail: string | null;
};

/** An invoice still owed at the statement's end, and by how many days it is overdue then. */
export type StatementOpenInvoice = {
  number: string;
  due_on: string;
  amount_cents: number;
  days_overdue: number;
};

export interface StatementFacts {
  seller: { id: string; name: string };
  customer: { name: string; address: LedgerAddress | null };
  from: string;
  to: string;
  opening_cents: number;
  entries: StatementEntry[];
  open_invoices: StatementOpenInvoice[];
}

/**
 * The entries of the pair's ledger up to the end of `to`: every invoice (not void) at its issue,
 * its payment when paid, and each refund that succeeded twice — its credit note (the customer
 * owes less) and the money paid back (to the card, or the seller's own way for an invoice paid
 * otherwise), which leave the balance where it was.
 */
function pairLedgerSql(sellerId: string, purchaserId: string, to: string): SQL {
  const o = placedOrdersForAccountingSql(sql`${sellerId}::uuid`, sql`${purchaserId}::uuid`).alias('o');
  const i = invoiceLedgerSql(sql`${sellerId}::uuid`).alias('i');
  const r = sellerRefundsSql(sql`${sellerId}::uuid`).alias('r');
  const end = dayEnd(to);
  return sql`(
    select i.created_at as at, 0 as seq, 'invoice' as kind, i.number as reference, i.due_on,
           i.amount_cents as amount_cents, null::text as detail
      from ${o.from} join ${i.from} on i.order_id = o.id
     where i.status <> 'VOID' and i.created_at < ${end}
    union all
    select i.paid_at, 1, 'payment', i.number, null, -i.amount_cents, i.paid_method
      from ${o.from} join ${i.from} on i.order_id = o.id
     where i.status = 'PAID' and i.paid_at < ${end}
    union all
    select coalesce(r.settled_at, r.created_at), 2, 'credit_note', r.credit_note_number, null, -r.amount_cents, i.number
      from ${o.from} join ${r.from} on r.order_id = o.id left join ${i.from} on i.order_id = o.id
     where r.status = 'succeeded' and coalesce(r.settled_at, r.created_at) < ${end}
    union all
    select coalesce(r.settled_at, r.created_at), 3, 'refund', r.credit_note_number, null, r.amount_cents, r.method
      from ${o.from} join ${r.from} on r.order_id = o.id
     where r.status = 'succeeded' and coalesce(r.settled_at, r.created_at) < ${end}
  )`;
}

/**
 * What the statement of `purchaserId` with the seller prints for the range: the opening
 * balance, the range's entries in date order, and the invoices owed at its end (for the aging).
 * Within a day invoices come first, then payments, then credits: a payment recorded by hand
 * carries its day only (00:00 UTC), which must not put it before the invoice it pays.
 * 404 when the purchaser does not buy from the seller.
 */
export async function customerStatementFacts(
  ctx: Pick<AppContext, 'db'>,
  input: { sellerId: string; purchaserId: string; from: string; to: string },
): Promise<StatementFacts> {
  const db: DbOrTx = ctx.db;
  if (!(await buysFrom(db, input.purchaserId, input.sellerId))) throw notFound('Customer');
  const ledger = pairLedgerSql(input.sellerId, input.purchaserId, input.to);
  const start = dayStart(input.from);
  const o = placedOrdersForAccountingSql(sql`${input.sellerId}::uuid`, sql`${input.purchaserId}::uuid`).alias('o');
  const i = invoiceLedgerSql(sql`${input.sellerId}::uuid`).alias('i');
  const end = dayEnd(input.to);
  const [parties, opening, entries, open] = await Promise.all([
    db.execute<{ seller_name: string; customer_name: string; customer_address: LedgerAddress | null }>(sql`
      select s.name as seller_name, b.name as customer_name, ${businessAddressJsonSql('ba')} as customer_address
        from ${organizationsSql()} s
        join ${organizationsSql()} b on b.id = ${input.purchaserId}::uuid
        ${businessAddressJoinSql('ba', sql`b.id`)}
       where s.id = ${input.sellerId}::uuid`),
    db.execute<{ cents: string | number | null }>(sql`select sum(l.amount_cents)::bigint as cents from ${ledger} l where l.at < ${start}`),
    db.execute<StatementEntry>(sql`
      select ${utcDay(sql`l.at`)} as on_day, l.kind, l.reference, l.due_on, l.amount_cents, l.detail
        from ${ledger} l where l.at >= ${start}
       order by (l.at at time zone 'UTC')::date, l.seq, l.at, l.reference`),
    // Owed at the end of `to`: issued by then, not void, and not paid by then.
    db.execute<{ number: string; due_on: string; amount_cents: number; days_overdue: number }>(sql`
      select i.number, coalesce(i.due_on, ${utcDay(sql`i.created_at`)}) as due_on, i.amount_cents,
             (${input.to}::date - coalesce(i.due_on::date, (i.created_at at time zone 'UTC')::date))::int as days_overdue
        from ${o.from} join ${i.from} on i.order_id = o.id
       where i.status <> 'VOID' and i.created_at < ${end} and (i.paid_at is null or i.paid_at >= ${end})
       order by i.created_at, i.number`),
  ]);
  const party = parties.rows[0];
  if (!party) throw notFound('Customer');
  return {
    seller: { id: input.sellerId, name: party.seller_name },
    customer: { name: party.customer_name, address: party.customer_address },
    from: input.from,
    to: input.to,
    opening_cents: Number(opening.rows[0]?.cents ?? 0),
    entries: entries.rows.map((e) => ({ ...e, amount_cents: Number(e.amount_cents) })),
    open_invoices: open.rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), days_overdue: Number(r.days_overdue) })),
  };
}
