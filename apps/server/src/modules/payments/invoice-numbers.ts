/**
 * Order numbers (issue 21 part 5): a placed order goes by its invoice's number — CB-000001,
 * CB-000002, … from one sequence (service.ts createInvoice) — on every screen, e-mail and PDF.
 * Other modules read it in their own queries through the fragments here.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * `left join` of the order's invoice as `alias` with its number: `id`, `status`, `due_on` and
 * `number` (null without an invoice). One row per order (invoices.order_id is unique).
 */
export function invoiceWithNumberJoinSql(alias: string, orderId: SQL): SQL {
  const a = sql.identifier(alias);
  return sql`left join (select id, order_id, status, due_on, number from invoices) ${a} on ${a}.order_id = ${orderId}`;
}

/**
 * A FROM item: the order whose invoice bears `number` exactly (`order_id`; no row for none),
 * read through the number's unique index: the order search by number.
 */
export function orderByNumberSql(number: SQL): SQL {
  return sql`(select order_id from invoices where number = ${number})`;
}
