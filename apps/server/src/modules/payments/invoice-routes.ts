/**
 * Invoices (issue 10 item 4; DECISIONS "invoices"):
 *
 *  - GET /api/invoice/{invoice_id} → `{ link }`: a fresh signed link to the PDF, for the members
 *    of the order's seller or buyer (404 for anyone else).
 *  - GET /invoices/{invoice_id}.pdf?expires=&signature=: the PDF itself. Outside /api: it is a
 *    plain link opened in a new tab, without the bearer token, so the signature authorises it
 *    (invoice-links.ts). A wrong or missing signature is 404, like an unknown invoice; a genuine
 *    link past its hour is 410 with a page that says to open the invoice again.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorBody, Uuid } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf } from '../../auth/policies.js';
import { orderDetail } from '../orders/queries.js';
import { cartOrderJsonSql } from '../orders/sql.js';
import { pdfFileName, sellerFacts } from '../orders/packing-slip.js';
import { orderPayment } from '../checkout/service.js';
import { invoiceLink, invoiceLinks, invoiceLinkSigner } from './invoice-links.js';
import { signedPdfRoute } from '../../lib/signed-documents.js';
import { renderInvoice, serviceFromToken, shippingMethodLabel, type InvoiceInput } from './invoice-pdf.js';
import { invoiceAt } from './resources.js';
import { refundsForInvoice } from '../refunds/sql.js';
import { sellerInvoiceRoutes } from './seller-invoice-routes.js';
import type { InvoiceStatus } from './service.js';

const InvoiceIdParams = z.strictObject({ invoice_id: Uuid });
const InvoiceLinkBody = z.object({
  /** The invoice PDF's signed URL; it opens without a token for an hour. */
  link: z.string(),
});

type InvoiceRow = {
  id: string;
  order_id: string;
  number: string;
  status: string;
  created_at: Date | string;
  paid_at: Date | string | null;
  due_on: string | null;
  net_days: number | null;
  paid_method: string | null;
};

const STATUSES: readonly InvoiceStatus[] = ['OPEN', 'PAID', 'VOID'];

/** Everything the invoice PDF prints, or undefined when the invoice or its placed order is gone. */
export async function invoiceDocument(ctx: AppContext, invoiceId: string): Promise<InvoiceInput | undefined> {
  const { rows } = await ctx.db.execute<InvoiceRow>(sql`
    select id, order_id, number, status, created_at, paid_at, due_on::text as due_on, net_days, paid_method
      from invoices where id = ${invoiceId}`);
  const invoice = rows[0];
  if (!invoice) return undefined;
  const order = await orderDetail(ctx, invoice.order_id);
  if (!order) return undefined;
  const [terms, payment, seller, refunds] = await Promise.all([
    ctx.db.execute<{ terms: { is_net_30?: boolean } | null }>(
      sql`select ${cartOrderJsonSql(sql`${order.cart.id}::uuid`)} as terms`,
    ),
    orderPayment(ctx.db, order.id),
    sellerFacts(ctx, order.seller),
    refundsForInvoice(ctx.db, order.id),
  ]);
  const status = invoice.status.toUpperCase() as InvoiceStatus;
  const service =
    payment?.serviceLevelName ?? serviceFromToken(order.shippo_provider, order.shippo_service_level_token);
  return {
    order,
    invoice: {
      number: invoice.number,
      status: STATUSES.includes(status) ? status : 'OPEN',
      issuedAt: invoice.created_at,
      paidAt: invoice.paid_at ?? payment?.paidAt ?? null,
      dueOn: invoice.due_on,
      netDays: invoice.net_days,
      paidMethod: invoice.paid_method,
    },
    seller,
    net30: terms.rows[0]?.terms?.is_net_30 === true,
    card: payment?.card ?? null,
    shippingMethod: shippingMethodLabel(order.shippo_provider, service),
    refunds,
  };
}

/** A short page for a person who opened a link in a browser tab. */
export const INVOICE_LINK_EXPIRED_MESSAGE = 'This invoice link has expired. Open the invoice again from your orders.';
export const INVOICE_LINK_INVALID_MESSAGE = 'This invoice link is not valid. Open the invoice again from your orders.';

export async function invoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The seller's Invoices list, mark paid and void (issue 13).
  await sellerInvoiceRoutes(app, ctx);

  r.get(
    '/api/invoice/:invoice_id',
    {
      config: { access: memberOf(invoiceAt('params', 'invoice_id')) },
      schema: {
        tags: ['payments'],
        summary: 'A fresh signed link to the invoice PDF (valid for an hour), for the order’s seller and buyer',
        description: '404 for anyone else. The link opens without a bearer token until it expires.',
        params: InvoiceIdParams,
        response: { 200: InvoiceLinkBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { link: invoiceLink(await invoiceLinkSigner(ctx), req.params.invoice_id) };
    },
  );

  signedPdfRoute(app, {
    links: invoiceLinks,
    path: 'invoices',
    noun: 'Invoice',
    invalidMessage: INVOICE_LINK_INVALID_MESSAGE,
    expiredMessage: INVOICE_LINK_EXPIRED_MESSAGE,
    db: ctx.db,
    async render(invoiceId) {
      const input = await invoiceDocument(ctx, invoiceId);
      if (!input) return undefined;
      return { pdf: await renderInvoice(input), fileName: pdfFileName('invoice', input.invoice.number) };
    },
  });
}
