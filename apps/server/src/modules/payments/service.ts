/**
 * Payments: the organizations' payment accounts and the orders' invoices. Other modules read
 * them in their own queries through the fragments here.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * `left join` of the organization's payment account as `alias` (`charges_enabled`,
 * `details_submitted`; null without an account).
 */
export function paymentAccountJoinSql(alias: string, organizationId: SQL): SQL {
  const a = sql.identifier(alias);
  return sql`left join (select organization_id, charges_enabled, details_submitted from payment_accounts) ${a}
        on ${a}.organization_id = ${organizationId}`;
}

/** `left join` of the order's invoice as `alias` (`id`, `status`; null without one). */
export function invoiceJoinSql(alias: string, orderId: SQL): SQL {
  const a = sql.identifier(alias);
  return sql`left join (select id, order_id, status from invoices) ${a} on ${a}.order_id = ${orderId}`;
}
