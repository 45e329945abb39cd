/**
 * The accounting files' layouts (issue 26; docs/accounting-export.md describes each column):
 * pure functions from what service.ts reads to CSV lines, so each layout is tested on its own.
 *
 * - QuickBooks Online: its invoice import's column names (one row per line, the invoice's fields
 *   repeated), days MM/DD/YYYY; refunds as credit memos in the same shape; payouts as a bank
 *   statement (Date, Amount, Payee, Description, Reference).
 * - Xero: its sales invoice import template, column for column (the starred ones are required;
 *   a credit note is a group of rows whose total is negative), days DD/MM/YYYY; the same bank
 *   statement for payouts (Xero's precoded statement import takes those columns).
 * - Cratebase: every field we have, ISO days.
 *
 * Money is dollars with two decimals from whole cents, and an invoice's or a credit note's lines
 * add up to its amount exactly: what the lines do not explain (units cancelled off an open
 * invoice) is one line of its own. Free text goes through csvCell's formula guard; numbers and
 * days we write ourselves go through the same writer unguarded (a minus sign is not a formula).
 */
import {
  formatCentsAsDollars,
  XERO_DEFAULT_ACCOUNT_CODE,
  XERO_DEFAULT_TAX_TYPE,
  type AccountingDateFormat,
  type AccountingExportFormat,
  type AccountingExportKind,
} from '@cratebase/contract';
import { csvCell, csvRow } from '../../lib/csv-cell.js';
import type { LedgerAddress, LedgerMovement, LedgerOrder, LedgerRefund } from './service.js';

/** What every file's rows are written with. */
export interface LayoutOptions {
  dateFormat: AccountingDateFormat;
  /** Xero: the account and tax rate of every line. */
  accountCode: string;
  taxType: string;
}

export const defaultLayoutOptions = (dateFormat: AccountingDateFormat): LayoutOptions => ({
  dateFormat,
  accountCode: XERO_DEFAULT_ACCOUNT_CODE,
  taxType: XERO_DEFAULT_TAX_TYPE,
});

/** The currency of every amount (Cratebase sells in US dollars). */
export const CURRENCY = 'USD';

/** A YYYY-MM-DD day in the file's format. */
export function formatDay(day: string | null | undefined, format: AccountingDateFormat): string {
  if (!day) return '';
  const [y, m, d] = day.slice(0, 10).split('-');
  if (format === 'mdy') return `${m}/${d}/${y}`;
  if (format === 'dmy') return `${d}/${m}/${y}`;
  return `${y}-${m}-${d}`;
}

const money = (cents: number) => csvCell(formatCentsAsDollars(cents));
const text = (value: string | null | undefined) => csvCell(value ?? '', true);
const plain = (value: string | number | null | undefined) => csvCell(value);

// ─── Lines of a document (invoice or credit note) ────────────────────────────────────

/** One line of an invoice or a credit note: quantity × unit is the amount, exactly. */
export interface DocumentLine {
  item: string;
  sku: string | null;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/** "Tee — M / Black" (the product's name already carries a variant's values). */
function lineDescription(name: string, sku: string | null): string {
  return sku ? `${name} (SKU ${sku})` : name;
}

/** A line of `quantity` units worth `amountCents` in all: per unit when that is whole cents, else one line of the whole. */
function creditLine(item: string, quantity: number, amountCents: number): DocumentLine {
  if (quantity > 0 && amountCents % quantity === 0) {
    return { item, sku: null, description: item, quantity, unitCents: amountCents / quantity, amountCents };
  }
  return { item, sku: null, description: `${item} (${quantity} units)`, quantity: 1, unitCents: amountCents, amountCents };
}

export const SHIPPING_ITEM = 'Shipping';
export const ADJUSTMENT_ITEM = 'Adjustment';

/**
 * The invoice's lines: the order's lines as bought, its shipping, and — when the invoice asks
 * less than they add up to (units cancelled off it while open) — one adjustment line of the
 * difference, so the lines add up to the invoice's amount.
 */
export function invoiceLines(order: LedgerOrder): DocumentLine[] {
  const lines: DocumentLine[] = order.lines.map((l) => ({
    item: l.name,
    sku: l.stock_keeping_unit,
    description: lineDescription(l.name, l.stock_keeping_unit),
    quantity: l.quantity,
    unitCents: l.unit_price_in_cents,
    amountCents: l.quantity * l.unit_price_in_cents,
  }));
  const shipping = order.shipping_cost_in_cents ?? 0;
  if (shipping !== 0) {
    lines.push({ item: SHIPPING_ITEM, sku: null, description: shippingDescription(order), quantity: 1, unitCents: shipping, amountCents: shipping });
  }
  const owed = order.invoice?.amount_cents ?? order.total_cents ?? 0;
  const difference = owed - lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (difference !== 0) {
    const description = difference < 0 ? 'Cancelled after the order was placed' : 'Adjustment';
    lines.push({ item: ADJUSTMENT_ITEM, sku: null, description, quantity: 1, unitCents: difference, amountCents: difference });
  }
  return lines;
}

function shippingDescription(order: LedgerOrder): string {
  const how = [order.shipping_carrier, order.shipping_service_level?.replace(/_/g, ' ')].filter(Boolean).join(' ');
  return how ? `Shipping (${how})` : 'Shipping';
}

/** The credit note's lines (positive amounts): what was given back per line, shipping, and any remainder. */
export function creditNoteLines(refund: LedgerRefund): DocumentLine[] {
  const lines = refund.lines.map((l) => creditLine(l.name, l.quantity, l.amount_cents));
  if (refund.shipping_cents > 0) lines.push(creditLine(SHIPPING_ITEM, 1, refund.shipping_cents));
  const rest = refund.amount_cents - lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (rest !== 0) lines.push(creditLine(lines.length === 0 ? 'Refund' : ADJUSTMENT_ITEM, 1, rest));
  return lines;
}

/** QuickBooks' and our terms: "Net 30", or "Due on receipt" for an order paid at checkout. */
export function termsLabel(netDays: number | null | undefined): string {
  return netDays ? `Net ${netDays}` : 'Due on receipt';
}

/** The invoice's due day: its own on terms, else the day it was issued (paid at checkout). */
function dueDay(order: LedgerOrder): string {
  return order.invoice?.due_on ?? order.invoice?.issued_on ?? order.placed_on;
}

const invoiceNumberOf = (order: LedgerOrder) => order.invoice?.number ?? `#${order.id.slice(0, 8)}`;

const refundMethodLabel = (refund: LedgerRefund) =>
  refund.method === 'card'
    ? `Refunded to card${refund.card_last4 ? ` ending ${refund.card_last4}` : ''}`
    : 'Credit note (invoice paid by other means)';

// ─── Headers ─────────────────────────────────────────────────────────────────────────

/** QuickBooks' item columns, the same on invoices and credit memos (quickbooksItemCells writes them). */
const QUICKBOOKS_ITEM_COLUMNS = ['Item(Product/Service)', 'ItemDescription', 'ItemQuantity', 'ItemRate', 'ItemAmount', 'Taxable'] as const;

export const QUICKBOOKS_INVOICE_COLUMNS = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Memo',
  ...QUICKBOOKS_ITEM_COLUMNS,
] as const;

export const QUICKBOOKS_CREDIT_MEMO_COLUMNS = [
  'CreditMemoNo',
  'Customer',
  'CreditMemoDate',
  'Memo',
  ...QUICKBOOKS_ITEM_COLUMNS,
] as const;

/** Xero's sales invoice import template (starred columns are required; credit notes too). */
export const XERO_INVOICE_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
] as const;

/** The bank statement both import (QuickBooks: map Date, Description, Amount; Xero: precoded statement). */
export const BANK_STATEMENT_COLUMNS = ['Date', 'Amount', 'Payee', 'Description', 'Reference'] as const;

export const CRATEBASE_ORDER_COLUMNS = [
  'Order number',
  'Placed on',
  'State',
  'Customer',
  'PO number',
  'Payment',
  'Terms',
  'Invoice status',
  'Due on',
  'Paid on',
  'Line',
  'SKU',
  'Description',
  'Quantity',
  'Cancelled quantity',
  'Unit price',
  'Line amount',
  'Subtotal',
  'Shipping',
  'Tax',
  'Total',
  'Cancelled',
  'Refunded',
  'Amount due',
  'Carrier',
  'Service',
  'Ship to',
  'Currency',
] as const;

export const CRATEBASE_INVOICE_COLUMNS = [
  'Invoice number',
  'Status',
  'Customer',
  'Issued on',
  'Due on',
  'Terms',
  'Paid on',
  'Paid by',
  'PO number',
  'Item',
  'SKU',
  'Description',
  'Quantity',
  'Unit price',
  'Line amount',
  'Invoice total',
  'Currency',
] as const;

export const CRATEBASE_REFUND_COLUMNS = [
  'Credit note number',
  'Invoice number',
  'Customer',
  'Made on',
  'Method',
  'Reason',
  'Item',
  'Description',
  'Quantity',
  'Unit amount',
  'Line amount',
  'Credit total',
  'Note',
  'Currency',
] as const;

export const CRATEBASE_PAYOUT_COLUMNS = [...BANK_STATEMENT_COLUMNS, 'Kind', 'Invoice number', 'Credit note number', 'Currency'] as const;

// ─── Rows ────────────────────────────────────────────────────────────────────────────

/** Xero's contact columns (ContactName … POCountry) from the customer's business address. */
function xeroContact(name: string, address: LedgerAddress | null): string[] {
  return [
    text(name),
    '',
    text(address?.line1),
    text(address?.line2),
    '',
    '',
    text(address?.city),
    text(address?.state),
    text(address?.postal_code),
    text(address?.country),
  ];
}

/** Xero's line columns (InventoryItemCode … Currency) of one line; `sign` -1 for a credit note. */
function xeroLine(line: DocumentLine, options: LayoutOptions, sign: 1 | -1): string[] {
  return [
    '',
    text(line.description),
    plain(line.quantity),
    money(sign * line.unitCents),
    '',
    text(options.accountCode),
    text(options.taxType),
    '',
    '',
    '',
    '',
    plain(CURRENCY),
  ];
}

/** QuickBooks' item columns (Item(Product/Service) … Taxable) of one line; amounts positive (a credit memo's are credits). */
function quickbooksItemCells(line: DocumentLine): string[] {
  return [text(line.item), text(line.description), plain(line.quantity), money(line.unitCents), money(line.amountCents), plain('N')];
}

function quickbooksInvoiceRows(order: LedgerOrder, o: LayoutOptions): string {
  const memo = order.po_number ? `PO ${order.po_number}` : '';
  return invoiceLines(order)
    .map((line) =>
      csvRow([
        text(invoiceNumberOf(order)),
        text(order.customer_name),
        plain(formatDay(order.invoice?.issued_on ?? order.placed_on, o.dateFormat)),
        plain(formatDay(dueDay(order), o.dateFormat)),
        plain(termsLabel(order.invoice?.net_days ?? order.net_days)),
        text(memo),
        ...quickbooksItemCells(line),
      ]),
    )
    .join('');
}

function xeroInvoiceRows(order: LedgerOrder, o: LayoutOptions): string {
  const contact = xeroContact(order.customer_name, order.customer_address);
  const reference = order.po_number ? `PO ${order.po_number}` : '';
  return invoiceLines(order)
    .map((line) =>
      csvRow([
        ...contact,
        text(invoiceNumberOf(order)),
        text(reference),
        plain(formatDay(order.invoice?.issued_on ?? order.placed_on, o.dateFormat)),
        plain(formatDay(dueDay(order), o.dateFormat)),
        ...xeroLine(line, o, 1),
      ]),
    )
    .join('');
}

function cratebaseInvoiceRows(order: LedgerOrder, o: LayoutOptions): string {
  const total = order.invoice?.amount_cents ?? order.total_cents ?? 0;
  return invoiceLines(order)
    .map((line) =>
      csvRow([
        text(invoiceNumberOf(order)),
        plain(order.invoice?.status ?? ''),
        text(order.customer_name),
        plain(formatDay(order.invoice?.issued_on ?? order.placed_on, o.dateFormat)),
        plain(formatDay(dueDay(order), o.dateFormat)),
        plain(termsLabel(order.invoice?.net_days ?? order.net_days)),
        plain(formatDay(order.invoice?.paid_on, o.dateFormat)),
        text(order.invoice?.paid_method),
        text(order.po_number),
        text(line.item),
        text(line.sku),
        text(line.description),
        plain(line.quantity),
        money(line.unitCents),
        money(line.amountCents),
        money(total),
        plain(CURRENCY),
      ]),
    )
    .join('');
}

function shipToText(order: LedgerOrder): string {
  const a = order.ship_to;
  if (!a) return '';
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  return [name, a.line1, a.line2, `${a.city}, ${a.state} ${a.postal_code}`].filter(Boolean).join(', ');
}

/** Our orders layout: one row per line and one for shipping, the order's fields repeated; line amounts add up to Total. */
function cratebaseOrderRows(order: LedgerOrder, o: LayoutOptions): string {
  const subtotal = order.subtotal_cents ?? order.lines.reduce((s, l) => s + l.quantity * l.unit_price_in_cents, 0);
  const shipping = order.shipping_cost_in_cents ?? 0;
  const total = order.total_cents ?? subtotal + shipping;
  const head = [
    text(invoiceNumberOf(order)),
    plain(formatDay(order.placed_on, o.dateFormat)),
    plain(order.fulfillment_status),
    text(order.customer_name),
    text(order.po_number),
    plain(order.is_net_30 ? 'invoice' : 'card'),
    plain(termsLabel(order.invoice?.net_days ?? order.net_days)),
    plain(order.invoice?.status ?? ''),
    plain(formatDay(order.invoice?.due_on, o.dateFormat)),
    plain(formatDay(order.invoice?.paid_on, o.dateFormat)),
  ];
  const tail = [
    money(subtotal),
    money(shipping),
    money(0),
    money(total),
    money(order.cancelled_cents),
    money(order.refunded_cents),
    money(order.invoice?.status === 'OPEN' ? order.invoice.amount_cents : 0),
    text(order.shipping_carrier),
    text(order.shipping_service_level),
    text(shipToText(order)),
    plain(CURRENCY),
  ];
  const rows = order.lines.map((l) =>
    csvRow([
      ...head,
      text(l.name),
      text(l.stock_keeping_unit),
      text(lineDescription(l.name, l.stock_keeping_unit)),
      plain(l.quantity),
      plain(l.cancelled_quantity ?? 0),
      money(l.unit_price_in_cents),
      money(l.quantity * l.unit_price_in_cents),
      ...tail,
    ]),
  );
  rows.push(
    csvRow([...head, plain(SHIPPING_ITEM), '', text(shippingDescription(order)), plain(1), plain(0), money(shipping), money(shipping), ...tail]),
  );
  return rows.join('');
}

function quickbooksCreditMemoRows(refund: LedgerRefund, o: LayoutOptions): string {
  const memo = `Credit for invoice ${refund.invoice_number ?? ''}: ${refundMethodLabel(refund)}`;
  return creditNoteLines(refund)
    .map((line) =>
      csvRow([
        text(refund.credit_note_number),
        text(refund.customer_name),
        plain(formatDay(refund.made_on, o.dateFormat)),
        text(memo),
        ...quickbooksItemCells(line),
      ]),
    )
    .join('');
}

function xeroCreditNoteRows(refund: LedgerRefund, o: LayoutOptions): string {
  const contact = xeroContact(refund.customer_name, refund.customer_address);
  return creditNoteLines(refund)
    .map((line) =>
      csvRow([
        ...contact,
        text(refund.credit_note_number),
        text(refund.invoice_number ? `Credit for ${refund.invoice_number}` : ''),
        plain(formatDay(refund.made_on, o.dateFormat)),
        plain(formatDay(refund.made_on, o.dateFormat)),
        ...xeroLine(line, o, -1),
      ]),
    )
    .join('');
}

function cratebaseRefundRows(refund: LedgerRefund, o: LayoutOptions): string {
  return creditNoteLines(refund)
    .map((line) =>
      csvRow([
        text(refund.credit_note_number),
        text(refund.invoice_number),
        text(refund.customer_name),
        plain(formatDay(refund.made_on, o.dateFormat)),
        plain(refund.method),
        plain(refund.reason),
        text(line.item),
        text(line.description),
        plain(line.quantity),
        money(line.unitCents),
        money(line.amountCents),
        money(refund.amount_cents),
        text(refund.note),
        plain(CURRENCY),
      ]),
    )
    .join('');
}

/** A payout line's description: "Card payment for CB-000001", "Card refund CN-000001 for CB-000001". */
function movementDescription(m: LedgerMovement): string {
  return m.kind === 'payment'
    ? `Card payment for ${m.invoice_number}`
    : `Card refund ${m.credit_note_number ?? ''} for ${m.invoice_number}`;
}

function bankStatementCells(m: LedgerMovement, o: LayoutOptions): string[] {
  return [
    plain(formatDay(m.on_day, o.dateFormat)),
    money(m.amount_cents),
    text(m.customer_name),
    text(movementDescription(m)),
    text(m.kind === 'payment' ? m.invoice_number : m.credit_note_number),
  ];
}

// ─── The layouts ─────────────────────────────────────────────────────────────────────

/** A layout: its header and how one record becomes its rows. */
export interface Layout<Row> {
  columns: readonly string[];
  rows: (record: Row, options: LayoutOptions) => string;
}

export interface LayoutsByKind {
  orders: Layout<LedgerOrder>;
  invoices: Layout<LedgerOrder>;
  refunds: Layout<LedgerRefund>;
  payouts: Layout<LedgerMovement>;
}

const bankStatement: Layout<LedgerMovement> = {
  columns: BANK_STATEMENT_COLUMNS,
  rows: (m, o) => csvRow(bankStatementCells(m, o)),
};

/** Every layout, by format and kind (orders come only in ours: see ACCOUNTING_KIND_FORMATS). */
export const LAYOUTS: Record<AccountingExportFormat, Partial<LayoutsByKind>> = {
  quickbooks: {
    invoices: { columns: QUICKBOOKS_INVOICE_COLUMNS, rows: quickbooksInvoiceRows },
    refunds: { columns: QUICKBOOKS_CREDIT_MEMO_COLUMNS, rows: quickbooksCreditMemoRows },
    payouts: bankStatement,
  },
  xero: {
    invoices: { columns: XERO_INVOICE_COLUMNS, rows: xeroInvoiceRows },
    refunds: { columns: XERO_INVOICE_COLUMNS, rows: xeroCreditNoteRows },
    payouts: bankStatement,
  },
  cratebase: {
    orders: { columns: CRATEBASE_ORDER_COLUMNS, rows: cratebaseOrderRows },
    invoices: { columns: CRATEBASE_INVOICE_COLUMNS, rows: cratebaseInvoiceRows },
    refunds: { columns: CRATEBASE_REFUND_COLUMNS, rows: cratebaseRefundRows },
    payouts: {
      columns: CRATEBASE_PAYOUT_COLUMNS,
      rows: (m, o) =>
        csvRow([...bankStatementCells(m, o), plain(m.kind), text(m.invoice_number), text(m.credit_note_number), plain(CURRENCY)]),
    },
  },
};

/** The layout of a kind in a format, or undefined when that kind does not come in it. */
export function layoutOf<K extends AccountingExportKind>(format: AccountingExportFormat, kind: K): LayoutsByKind[K] | undefined {
  return LAYOUTS[format][kind] as LayoutsByKind[K] | undefined;
}
