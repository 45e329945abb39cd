/**
 * What other modules read of payment accounts and invoices in their own one-query reads (a
 * leaf: it imports only drizzle, db/ and other modules' sql.ts; docs/architecture.md →
 * Boundaries). Order numbers (issue 21 part 5): a placed order goes by its invoice's number —
 * CB-000001, CB-000002, … from one sequence (service.ts createInvoice) — on every screen,
 * e-mail and PDF; the order search and lists read it through invoiceWithNumberJoinSql and
 * orderByNumberSql.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fromItem } from '../../db/from-item.js';

export type InvoiceStatus = 'OPEN' | 'PAID' | 'VOID';

/** A FROM item: the organizations' payment accounts (`organization_id`, `charges_enabled`, `details_submitted`). */
export const paymentAccountsSql = fromItem<{ organization_id: string; charges_enabled: boolean; details_submitted: boolean }>()(
  { organization_id: true, charges_enabled: true, details_submitted: true },
  () => sql`(select organization_id, charges_enabled, details_submitted from payment_accounts)`,
);

/**
 * `left join` of the organization's payment account as `alias` (`charges_enabled`,
 * `details_submitted`; null without an account).
 */
export function paymentAccountJoinSql(alias: string, organizationId: SQL): SQL {
  const a = paymentAccountsSql().alias(alias);
  return sql`left join ${a.from}
        on ${a.col('organization_id')} = ${organizationId}`;
}

type InvoiceState = { id: string; order_id: string; status: InvoiceStatus; due_on: string | null };

/** A FROM item: every invoice's `id`, `order_id`, `status` and `due_on`. */
export const invoiceStatesSql = fromItem<InvoiceState>()(
  { id: true, order_id: true, status: true, due_on: true },
  () => sql`(select id, order_id, status, due_on from invoices)`,
);

/** `left join` of the order's invoice as `alias` (`id`, `status`, `due_on`; null without one). */
export function invoiceJoinSql(alias: string, orderId: SQL): SQL {
  const i = invoiceStatesSql().alias(alias);
  return sql`left join ${i.from} on ${i.col('order_id')} = ${orderId}`;
}

/**
 * A FROM item: the invoices still to be paid (status OPEN) — `order_id`, `amount_cents` — read
 * through their partial index; give it an alias and join the orders it should count.
 */
export const openInvoicesSql = fromItem<{ order_id: string; amount_cents: number }>()(
  { order_id: true, amount_cents: true },
  () => sql`(select order_id, amount_cents from invoices where status = 'OPEN')`,
);

/**
 * A FROM item: the orders (`order_id`) of the seller's invoices still to be paid (status OPEN),
 * read on the seller's (seller, status) index alone (the Orders workspace's Unpaid tab).
 */
export const sellerOpenInvoicesSql = fromItem<{ order_id: string }>()(
  { order_id: true },
  (sellerId: SQL | Placeholder) =>
    sql`(select order_id from invoices where seller_organization_id = ${sellerId} and status = 'OPEN')`,
);

/** A FROM item: every invoice's `id`, `order_id`, `status`, `due_on` and `number`. */
export const invoiceNumbersSql = fromItem<InvoiceState & { number: string }>()(
  { id: true, order_id: true, status: true, due_on: true, number: true },
  () => sql`(select id, order_id, status, due_on, number from invoices)`,
);

/**
 * `left join` of the order's invoice as `alias` with its number: `id`, `status`, `due_on` and
 * `number` (null without an invoice). One row per order (invoices.order_id is unique).
 */
export function invoiceWithNumberJoinSql(alias: string, orderId: SQL): SQL {
  const i = invoiceNumbersSql().alias(alias);
  return sql`left join ${i.from} on ${i.col('order_id')} = ${orderId}`;
}

/**
 * A FROM item: the order whose invoice bears `number` exactly (`order_id`; no row for none),
 * read through the number's unique index: the order search by number.
 */
export const orderByNumberSql = fromItem<{ order_id: string }>()(
  { order_id: true },
  (number: SQL) => sql`(select order_id from invoices where number = ${number})`,
);

/** The order's invoice, or undefined before it has one (the tracking e-mail prints it). */
export async function orderInvoice(
  db: DbOrTx,
  orderId: string,
): Promise<{ number: string; status: InvoiceStatus; due_on: string | null } | undefined> {
  const result = await db.execute<{ number: string; status: InvoiceStatus; due_on: string | null }>(
    sql`select number, status, due_on::text from invoices where order_id = ${orderId}`,
  );
  return result.rows[0];
}

/**
 * A FROM item (issue 26, the accounting export and customer statements): the seller's invoices
 * with everything a ledger needs — `id`, `order_id`, `purchaser_organization_id`, `number`,
 * `status`, `amount_cents` (what is owed: less units cancelled off it while OPEN), `created_at`,
 * `due_on` (text, null for card orders), `net_days`, `paid_at`, `paid_method`, `voided_at`.
 * Join it by `order_id` (unique), or read it by `paid_at` on its (seller, paid_at, id) index.
 */
export const invoiceLedgerSql = fromItem<{
  id: string;
  order_id: string;
  purchaser_organization_id: string;
  number: string;
  status: InvoiceStatus;
  amount_cents: number;
  created_at: Date;
  due_on: string | null;
  net_days: number | null;
  paid_at: Date | null;
  paid_method: string | null;
  voided_at: Date | null;
}>()(
  {
    id: true,
    order_id: true,
    purchaser_organization_id: true,
    number: true,
    status: true,
    amount_cents: true,
    created_at: true,
    due_on: true,
    net_days: true,
    paid_at: true,
    paid_method: true,
    voided_at: true,
  },
  (sellerId: SQL) =>
    sql`(select id, order_id, purchaser_organization_id, number, status, amount_cents, created_at, due_on::text as due_on,
                net_days, paid_at, paid_method, voided_at
           from invoices where seller_organization_id = ${sellerId})`,
);
