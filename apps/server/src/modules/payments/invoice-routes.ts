/**
 * GET /api/invoice/{invoice_id} → `{ link }`: a fresh signed link to the invoice PDF
 * (issue 10 item 4; DECISIONS "invoices"), for the members of the order's seller or buyer (404
 * for anyone else). The PDF itself is served by documents/routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Uuid } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf } from '../../auth/policies.js';
import { invoiceLink, invoiceLinkSigner } from '../orders/invoice-links.js';
import { invoiceAt } from './resources.js';

const InvoiceIdParams = z.strictObject({ invoice_id: Uuid });
const InvoiceLinkBody = z.object({
  /** The invoice PDF's signed URL; it opens without a token for an hour. */
  link: z.string(),
});

export async function invoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
}
