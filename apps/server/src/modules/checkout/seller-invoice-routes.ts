/**
 * The seller's Invoices (issue 13 item 1): the list by status with totals, mark paid (void, which
 * cancels the order since issue 23, is order-lifecycle/routes.ts).
 * Members of the seller read; only owners and admins mark paid or void (staff get 403). An
 * invoice of another seller is 404. In checkout, beside closeInvoice (invoice-sessions.ts), which
 * marks paid and voids — the invoices themselves are payments'.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  InvoiceListQuery,
  InvoiceParams,
  InvoiceTotals,
  MarkInvoicePaidBody,
  NEXT_CURSOR_HEADER,
  OrgIdParams,
  SellerInvoice,
  SellerInvoiceList,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { requireUserId } from '../../auth/plugin.js';
import { closeInvoice } from './service.js';
import { checkPaidOn, invoiceTotals, listInvoices, sellerInvoice } from '../payments/invoices.js';
import { soldInvoiceAt } from '../payments/resources.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['invoices'];

export async function sellerInvoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Recording money (mark paid, void) takes an owner or admin; staff read the list. */
  const recordOnInvoice = memberOf(organizationParam('org_id'), soldInvoiceAt('params', 'invoice_id'), {
    role: 'admin',
    action: 'record payments',
  });

  r.get(
    '/api/organization/:org_id/invoices',
    {
      config: { access: memberOf(organizationParam('org_id')) },
      schema: {
        tags,
        summary: `The seller’s invoices by status (open by default; overdue = open past its due day), newest first (next page cursor in ${NEXT_CURSOR_HEADER})`,
        params: OrgIdParams,
        querystring: InvoiceListQuery,
        response: { 200: SellerInvoiceList, ...errors },
      },
    },
    async (req, reply) => {
      const page = await listInvoices(ctx, req.params.org_id, req.query);
      reply.header('cache-control', 'no-store');
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  r.get(
    '/api/organization/:org_id/invoices/totals',
    {
      config: { access: memberOf(organizationParam('org_id')) },
      schema: {
        tags,
        summary: 'Count and amount of the seller’s invoices per status (overdue is part of open)',
        params: OrgIdParams,
        response: { 200: InvoiceTotals, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return invoiceTotals(ctx, req.params.org_id);
    },
  );

  r.post(
    '/api/organization/:org_id/invoices/:invoice_id/mark-paid',
    {
      config: { access: recordOnInvoice },
      schema: {
        tags,
        summary:
          'Records an OPEN invoice as paid: method (card, check, ach, wire, cash, other) and paid_on (YYYY-MM-DD)',
        description: '409 invoice_not_open when it is PAID or VOID; 400 naming paid_on for a day in the future.',
        params: InvoiceParams,
        body: MarkInvoicePaidBody,
        response: { 200: SellerInvoice, ...errors },
      },
    },
    async (req) => {
      checkPaidOn(req.body);
      const { org_id, invoice_id } = req.params;
      // Its Pay now sessions end with it (checkout/service.ts closeInvoice).
      await closeInvoice(
        ctx,
        org_id,
        invoice_id,
        { to: 'PAID', method: req.body.method, paidOn: req.body.paid_on },
        { userId: requireUserId(req) },
      );
      return sellerInvoice(ctx, org_id, invoice_id);
    },
  );
}
