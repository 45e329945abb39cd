/**
 * An invoice as other modules read it: an order's invoice as refunds read it (issue 21 part 2) —
 * whether and how it was paid, what a refund may give back when no card paid (an invoice paid by
 * check, ACH, wire, cash…) — and an invoice's record as its PDF prints it (documents/).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { InvoiceStatus } from './sql.js';

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

/** An invoice's record as its PDF prints it (documents/invoice-document.ts). */
export type InvoiceRecord = {
  id: string;
  order_id: string;
  number: string;
  status: string;
  created_at: Date | string;
  paid_at: Date | string | null;
  due_on: string | null;
  net_days: number | null;
  paid_method: string | null;
  /** What is due (less than the order's total once units were cancelled from an open invoice, issue 23). */
  amount_cents: number;
};

/** The invoice, or undefined for an unknown id. */
export async function invoiceRecord(db: DbOrTx, invoiceId: string): Promise<InvoiceRecord | undefined> {
  const { rows } = await db.execute<InvoiceRecord>(sql`
    select id, order_id, number, status, created_at, paid_at, due_on::text as due_on, net_days, paid_method, amount_cents
      from invoices where id = ${invoiceId}`);
  return rows[0];
}
