/**
 * Payment terms and invoices (issue 13 item 1), shared by the server and the browser (zod-free):
 * the net terms a seller may give a customer, the ways an invoice is marked paid, and how a
 * payment status is shown (spec: upper-cased, N/A without an invoice; OPEN is highlighted).
 */

/** Net terms a seller may give a customer: 0 means pay by card only. */
export const NET_TERMS_DAYS = [0, 15, 30, 60] as const;
export type NetTermsDays = (typeof NET_TERMS_DAYS)[number];

/** "Pay by card only", "Net 30"… */
export function paymentTermsLabel(netDays: number): string {
  return netDays > 0 ? `Net ${netDays}` : 'Pay by card only';
}

/** How an invoice was paid when the seller marks it paid (card: paid by card through the store). */
export const INVOICE_PAYMENT_METHODS = ['card', 'check', 'ach', 'wire', 'cash', 'other'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];
export const INVOICE_PAYMENT_METHOD_LABELS: Record<InvoicePaymentMethod, string> = {
  card: 'Card',
  check: 'Check',
  ach: 'ACH transfer',
  wire: 'Wire transfer',
  cash: 'Cash',
  other: 'Other',
};

export const INVOICE_STATUSES = ['OPEN', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The seller's invoice list filters: overdue is OPEN past its due day (computed, never stored). */
export const INVOICE_FILTERS = ['open', 'overdue', 'paid', 'void'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];
export const INVOICE_FILTER_LABELS: Record<InvoiceFilter, string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** OPEN is highlighted as an error (spec; the label is order-rules.ts paymentStatusLabel). */
export function isPaymentStatusAlert(status: string | null | undefined): boolean {
  return (status ?? '').toUpperCase() === 'OPEN';
}

/** Reminders go out this many days before the due day (and once when it is overdue). */
export const INVOICE_DUE_SOON_DAYS = 3;

/** The ISO day (YYYY-MM-DD, UTC) of a moment. */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** An invoice is overdue when it is OPEN and its due day is before today (UTC days). */
export function isInvoiceOverdue(invoice: { status: string; due_on: string | null }, today: string): boolean {
  return invoice.status === 'OPEN' && invoice.due_on !== null && invoice.due_on < today;
}

export const NO_PAYMENT_TERMS_MESSAGE =
  'This store has not given your organization payment terms. Pay by card instead.';
