/**
 * An accounting export as a CSV stream (issue 26): the layout's header, then the range's records
 * page by page as service.ts reads them — never the whole file in memory.
 */
import { Readable } from 'node:stream';
import {
  DEFAULT_DATE_FORMAT,
  XERO_DEFAULT_ACCOUNT_CODE,
  XERO_DEFAULT_TAX_TYPE,
  type AccountingExportFormat,
  type AccountingExportKind,
  type AccountingExportQuery,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { CSV_BOM, csvRow } from '../../lib/csv-cell.js';
import { fieldError } from '../../lib/errors.js';
import { layoutOf, type Layout, type LayoutOptions } from './layouts.js';
import { cardMovementsInRange, placedOrdersInRange, refundsInRange, type LedgerOrder, type LedgerRange } from './service.js';

/**
 * Invoices for QuickBooks and Xero are the ones still standing: a void invoice (cancelled whole)
 * has nothing to import. Ours lists them with their status.
 */
const standingInvoice = (order: LedgerOrder) => order.invoice !== null && order.invoice.status !== 'VOID';

/** The header, then each page's kept records in the layout (a UTF-8 BOM first for spreadsheets, in our layout only). */
async function* csvLines<Row>(
  layout: Layout<Row>,
  pages: AsyncGenerator<Row[]>,
  options: LayoutOptions & { bom: boolean },
  keep: (row: Row) => boolean = () => true,
): AsyncGenerator<string> {
  yield (options.bom ? CSV_BOM : '') + csvRow([...layout.columns]);
  for await (const page of pages) {
    const kept = page.filter(keep);
    if (kept.length > 0) yield kept.map((row) => layout.rows(row, options)).join('');
  }
}

/**
 * The export of `kind` for the seller's range as CSV text, streamed. A layout the kind does not
 * come in is refused here, before anything is read or sent (a 400 naming `format`).
 */
export function accountingExportCsv(
  ctx: Pick<AppContext, 'db'>,
  sellerId: string,
  kind: AccountingExportKind,
  query: AccountingExportQuery,
): Readable {
  const range: LedgerRange = { sellerId, from: query.from, to: query.to };
  const format: AccountingExportFormat = query.format;
  const options = {
    dateFormat: query.date_format ?? DEFAULT_DATE_FORMAT[format],
    accountCode: query.account_code ?? XERO_DEFAULT_ACCOUNT_CODE,
    taxType: query.tax_type ?? XERO_DEFAULT_TAX_TYPE,
    // QuickBooks and Xero match their headers by name: nothing before the first one.
    bom: format === 'cratebase',
  };
  const refused = () =>
    fieldError('format', `must be cratebase for ${kind} (QuickBooks and Xero import invoices: export kind invoices)`);
  const lines = (() => {
    switch (kind) {
      case 'orders': {
        const layout = layoutOf(format, 'orders');
        if (!layout) throw refused();
        return csvLines(layout, placedOrdersInRange(ctx, range), options);
      }
      case 'invoices': {
        const layout = layoutOf(format, 'invoices');
        if (!layout) throw refused();
        return csvLines(layout, placedOrdersInRange(ctx, range), options, format === 'cratebase' ? undefined : standingInvoice);
      }
      case 'refunds': {
        const layout = layoutOf(format, 'refunds');
        if (!layout) throw refused();
        return csvLines(layout, refundsInRange(ctx, range), options);
      }
      case 'payouts': {
        const layout = layoutOf(format, 'payouts');
        if (!layout) throw refused();
        return csvLines(layout, cardMovementsInRange(ctx, range), options);
      }
    }
  })();
  return Readable.from(lines);
}
