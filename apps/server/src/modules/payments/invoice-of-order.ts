/**
 * An order's invoice as refunds read it (issue 21 part 2): whether and how it was paid — what a
 * refund may give back when no card paid (an invoice paid by check, ACH, wire, cash…).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { InvoiceStatus } from './service.js';

export type InvoiceOfOrder = {
  id: string;
  number: string;
  status: InvoiceStatus;
  amount_cents: number;
  /** card, check, ach, wire, cash or other (PAID only). */
  paid_method: string | null;
};

/** The order's invoice, or undefined before it has one. */
export async function invoiceOfOrder(db: DbOrTx, orderId: string): Promise<InvoiceOfOrder | undefined> {
  const result = await db.execute<InvoiceOfOrder>(sql`
    select id, number, upper(status) as status, amount_cents, paid_method from invoices where order_id = ${orderId}`);
  return result.rows[0];
}
