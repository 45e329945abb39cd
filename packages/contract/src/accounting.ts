// Accounting exports and customer statements (issue 26): the seller's orders, invoices, refunds
// and card payments for a range of days as CSV in layouts QuickBooks Online and Xero import, and
// a per-customer statement PDF. docs/accounting-export.md describes every column.
import { z } from 'zod';
import { Uuid } from './common.js';

/** What an export holds. */
export const ACCOUNTING_EXPORT_KINDS = ['orders', 'invoices', 'refunds', 'payouts'] as const;
export type AccountingExportKind = (typeof ACCOUNTING_EXPORT_KINDS)[number];

/** Whose import layout the file follows; `cratebase` is ours, with every field. */
export const ACCOUNTING_EXPORT_FORMATS = ['quickbooks', 'xero', 'cratebase'] as const;
export type AccountingExportFormat = (typeof ACCOUNTING_EXPORT_FORMATS)[number];

/** The layouts each kind comes in: orders only in ours (QuickBooks and Xero take invoices). */
export const ACCOUNTING_KIND_FORMATS = {
  orders: ['cratebase'],
  invoices: ['quickbooks', 'xero', 'cratebase'],
  refunds: ['quickbooks', 'xero', 'cratebase'],
  payouts: ['quickbooks', 'xero', 'cratebase'],
} as const satisfies Record<AccountingExportKind, readonly [AccountingExportFormat, ...AccountingExportFormat[]]>;

/** How days are written: 11/27/2026 (QuickBooks, US), 27/11/2026 (Xero's template), 2026-11-27. */
export const ACCOUNTING_DATE_FORMATS = ['mdy', 'dmy', 'iso'] as const;
export type AccountingDateFormat = (typeof ACCOUNTING_DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: Record<AccountingExportFormat, AccountingDateFormat> = {
  quickbooks: 'mdy',
  xero: 'dmy',
  cratebase: 'iso',
};

/** The longest range one file or statement covers, in days (both ends counted). */
export const ACCOUNTING_MAX_RANGE_DAYS = 366;

/** Xero's defaults: the Sales revenue account of its default chart, and no tax charged. */
export const XERO_DEFAULT_ACCOUNT_CODE = '200';
export const XERO_DEFAULT_TAX_TYPE = 'Tax Exempt';

const DAY_MESSAGE = 'must be a day as YYYY-MM-DD';
const Day = z.iso.date({ message: DAY_MESSAGE });

/** Whole days from `from` to `to` (UTC), both counted: 2026-01-01..2026-01-01 is 1. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The range rule of every accounting query: from ≤ to, at most ACCOUNTING_MAX_RANGE_DAYS days (issues name `to`). */
function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (q.from > q.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  } else if (daysInRange(q.from, q.to) > ACCOUNTING_MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${ACCOUNTING_MAX_RANGE_DAYS} days after from (both counted)` });
  }
}

/** Free text written into the file (an account code, a tax rate's name): one line, printable. */
const CodeText = (label: string) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(60, 'is too long')
    .regex(/^[^\p{Cc}]*$/u, `must be a ${label} without control characters`)
    // Blank after trimming is refused: the document says so (the regex above is its only pattern).
    .meta({ allOf: [{ pattern: '\\S' }] });

/** The query of GET /api/organization/{org_id}/exports/{kind}.csv, its `format` one of the kind's layouts. */
function exportQuery<const F extends readonly [AccountingExportFormat, ...AccountingExportFormat[]]>(formats: F) {
  return z
    .strictObject({
      /** The first and last day (UTC) of the range, both included. */
      from: Day,
      to: Day,
      format: z.enum(formats, { message: `must be one of ${formats.join(', ')}` }).default('cratebase' as F[number]),
      /** How days are written (default by format: quickbooks mdy, xero dmy, cratebase iso). */
      date_format: z.enum(ACCOUNTING_DATE_FORMATS, { message: `must be one of ${ACCOUNTING_DATE_FORMATS.join(', ')}` }).optional(),
      /** Xero's *AccountCode of every line (default 200, Sales). */
      account_code: CodeText('code').optional(),
      /** Xero's *TaxType of every line (default "Tax Exempt": Cratebase charges no sales tax). */
      tax_type: CodeText('tax rate name').optional(),
    })
    .superRefine(checkRange);
}

/** GET /api/organization/{org_id}/exports/{kind}.csv: one query schema per kind. */
export const AccountingExportQueries = {
  orders: exportQuery(ACCOUNTING_KIND_FORMATS.orders),
  invoices: exportQuery(ACCOUNTING_KIND_FORMATS.invoices),
  refunds: exportQuery(ACCOUNTING_KIND_FORMATS.refunds),
  payouts: exportQuery(ACCOUNTING_KIND_FORMATS.payouts),
};
export type AccountingExportQuery = z.infer<(typeof AccountingExportQueries)[AccountingExportKind]>;

/** GET /api/organization/{org_id}/customers/{purchaser_id}/statement.pdf */
export const CustomerStatementParams = z.strictObject({ org_id: Uuid, purchaser_id: Uuid });
export type CustomerStatementParams = z.infer<typeof CustomerStatementParams>;

export const CustomerStatementQuery = z.strictObject({ from: Day, to: Day }).superRefine(checkRange);
export type CustomerStatementQuery = z.infer<typeof CustomerStatementQuery>;

/** The statement's aging buckets: days past the due day at the statement's last day. */
export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The bucket of an amount `daysOverdue` days past due (0 or less: current). */
export function agingBucket(daysOverdue: number): AgingBucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return '1-30';
  if (daysOverdue <= 60) return '31-60';
  if (daysOverdue <= 90) return '61-90';
  return '90+';
}

/** The export's file name: cratebase-invoices-2026-01-01-2026-03-31-xero.csv. */
export function accountingExportFileName(
  kind: AccountingExportKind,
  q: { from: string; to: string; format: AccountingExportFormat },
): string {
  return `cratebase-${kind}-${q.from}-${q.to}-${q.format}.csv`;
}
