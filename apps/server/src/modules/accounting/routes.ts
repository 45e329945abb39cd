/**
 * Accounting exports and customer statements (issue 26; docs/accounting-export.md): the seller's
 * orders, invoices, refunds and card payments for a range of UTC days as CSV for QuickBooks
 * Online, Xero or our own layout, and one customer's statement as a PDF. Owners and admins only:
 * these files are the business's books.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNTING_EXPORT_KINDS,
  ACCOUNTING_KIND_FORMATS,
  ACCOUNTING_MAX_RANGE_DAYS,
  AccountingExportQueries,
  CustomerStatementParams,
  CustomerStatementQuery,
  ErrorBody,
  OrgIdParams,
  accountingExportFileName,
  type AccountingExportKind,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { pdfFileName } from '../../lib/pdf/toolkit.js';
import { sellerFacts } from '../documents/seller-facts.js';
import { accountingExportCsv } from './export-csv.js';
import { customerStatementFacts } from './service.js';
import { renderStatement } from './statement-pdf.js';

const tags = ['accounting'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** A 200 whose body is a file of `type` (errors stay JSON: ErrorBody). */
const fileResponse = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

/** What each export holds, for its OpenAPI summary. */
const KIND_SUMMARIES: Record<AccountingExportKind, string> = {
  orders: 'The seller’s orders placed in a range of days as CSV (Cratebase layout: a row per line, with shipping, totals, terms)',
  invoices: 'The seller’s invoices issued in a range of days as CSV for QuickBooks Online, Xero or Cratebase',
  refunds: 'The seller’s refunds (credit notes) made in a range of days as CSV for QuickBooks Online, Xero or Cratebase',
  payouts: 'The seller’s card money in a range of days (card payments in, card refunds out) as a bank-statement CSV',
};

export async function accountingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // One route per kind (…/exports/invoices.csv, …): each publishes the layouts its kind comes in.
  for (const kind of ACCOUNTING_EXPORT_KINDS) {
    r.get(
      `/api/organization/:org_id/exports/${kind}.csv`,
      {
        config: { access: memberOf(organizationParam(), { role: 'admin', action: 'export accounting data' }) },
        schema: {
          tags,
          summary: KIND_SUMMARIES[kind],
          description:
            `Owners and admins. from and to are UTC days (both included, at most ${ACCOUNTING_MAX_RANGE_DAYS}); ` +
            `format is one of ${ACCOUNTING_KIND_FORMATS[kind].join(', ')} (default cratebase). date_format overrides ` +
            'how days are written (mdy, dmy, iso; by default quickbooks mdy, xero dmy, cratebase iso); account_code ' +
            'and tax_type fill Xero’s required columns (default 200 and Tax Exempt). Answers text/csv as an ' +
            'attachment, read page by page and streamed; errors are JSON (400 naming the field, e.g. `to` before ' +
            '`from`). Columns: docs/accounting-export.md.',
          params: OrgIdParams,
          querystring: AccountingExportQueries[kind],
          response: { 200: fileResponse('text/csv', 'The CSV file (UTF-8)'), ...errors },
        },
      },
      async (req, reply) => {
        const sellerId = req.params.org_id;
        const stream = accountingExportCsv(ctx, sellerId, kind, req.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${accountingExportFileName(kind, req.query)}"`)
          .header('cache-control', 'no-store')
          .send(stream as unknown as string); // streamed: Fastify does not serialise streams
      },
    );
  }

  r.get(
    '/api/organization/:org_id/customers/:purchaser_id/statement.pdf',
    {
      config: { access: memberOf(organizationParam(), { role: 'admin', action: 'download customer statements' }) },
      schema: {
        tags,
        summary: 'A customer’s statement for a range of days (application/pdf): invoices, payments, credits, running balance and aging',
        description:
          `Owners and admins. from and to are UTC days (both included, at most ${ACCOUNTING_MAX_RANGE_DAYS}). ` +
          '404 for an organization that does not buy from the seller. Errors are JSON.',
        params: CustomerStatementParams,
        querystring: CustomerStatementQuery,
        response: { 200: fileResponse('application/pdf', 'The statement as a PDF'), ...errors },
      },
    },
    async (req, reply) => {
      const { org_id: sellerId, purchaser_id: purchaserId } = req.params;
      const facts = await customerStatementFacts(ctx, { sellerId, purchaserId, ...req.query });
      const seller = await sellerFacts(ctx, facts.seller);
      const pdf = await renderStatement({ seller, facts });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdfFileName('statement', `${req.query.from}-${req.query.to}`)}"`)
        .header('cache-control', 'no-store')
        .send(pdf as unknown as string); // bytes: the 200 is declared as a file, not serialised
    },
  );
}
