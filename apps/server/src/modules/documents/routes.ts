/**
 * The documents (issue 10 items 3 and 4):
 *
 *  - GET /api/order/{order_id}/packing-slip: the order's packing slip, a PDF for the seller's
 *    members, fetched with the bearer token like every API call (the screen opens the blob in a
 *    new tab). The buyer and anyone else get 404; so does an order that was not placed.
 *  - POST /api/organization/{org_id}/orders/packing-slips: several of the seller's orders'
 *    packing slips in one PDF (issue 23, the Orders workspace's bulk action).
 *  - GET /invoices/{invoice_id}.pdf?expires=&signature=: the invoice PDF. Outside /api: it is a
 *    plain link opened in a new tab, without the bearer token, so the signature authorises it
 *    (orders/invoice-links.ts; GET /api/invoice/{invoice_id} in payments hands links out). A
 *    wrong or missing signature is 404, like an unknown invoice; a genuine link past its hour is
 *    410 with a page that says to open the invoice again.
 *
 * Refunds' credit notes use the same toolkit (lib/pdf/toolkit.ts) and seller facts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, OrderIdParams, OrgIdParams, PackingSlipQuery, PackingSlipsBody, type Order } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { notFound, refusal } from '../../lib/errors.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { orderNumber, pdfFileName } from '../../lib/pdf/toolkit.js';
import { signedPdfRoute } from '../../lib/signed-documents.js';
import { soldOrderAt, soldOrdersListedAt } from '../orders/resources.js';
import { orderDetail } from '../orders/queries.js';
import { invoiceLinks } from '../orders/invoice-links.js';
import { invoiceDocument } from './invoice-document.js';
import { renderInvoice } from './invoice-pdf.js';
import { renderPackingSlip, renderPackingSlips } from './packing-slip.js';
import { sellerFacts } from './seller-facts.js';
import { FILE_ANSWER } from '../../lib/openapi.js';

/** A short page for a person who opened a link in a browser tab. */
export const INVOICE_LINK_EXPIRED_MESSAGE = 'This invoice link has expired. Open the invoice again from your orders.';
export const INVOICE_LINK_INVALID_MESSAGE = 'This invoice link is not valid. Open the invoice again from your orders.';

export async function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/order/:order_id/packing-slip',
    {
      config: { access: memberOf(soldOrderAt('params', 'order_id')) },
      schema: {
        tags: ['orders'],
        summary: 'The order’s packing slip (application/pdf): lines with SKU, name, order unit and quantity, no prices',
        description:
          'The seller’s members only; 404 (ErrorBody) for anyone else and for an order that was not placed. ' +
          'Answers `content-type: application/pdf` with `content-disposition: inline`. The whole order prints its ' +
          'units not cancelled; `shipment_id` (issue 23) prints one shipment’s units (404 naming shipment_id for ' +
          'another order’s).',
        params: OrderIdParams,
        querystring: PackingSlipQuery,
        produces: ['application/pdf'],
        response: { 200: FILE_ANSWER, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const orderId = req.params.order_id;
      const order = await orderDetail(ctx, orderId);
      if (!order) throw notFound('Order');
      const shipmentId = req.query.shipment_id;
      const shipment = shipmentId ? order.shipments?.find((s) => s.id === shipmentId) : undefined;
      if (shipmentId && !shipment) {
        throw refusal('not_found', 'not_found', 'shipment_id', 'shipment_id: is not a shipment of this order.');
      }
      const seller = await sellerFacts(ctx, order.seller);
      const pdf = await renderPackingSlip({ order, seller, shipment });
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `inline; filename="${pdfFileName('packing-slip', shipment ? `${orderNumber(order)}-${shipment.number}` : orderNumber(order))}"`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  r.post(
    '/api/organization/:org_id/orders/packing-slips',
    {
      config: { access: memberOf(organizationParam('org_id'), soldOrdersListedAt('order_ids')) },
      schema: {
        tags: ['orders'],
        summary:
          'The packing slips of up to 100 of the seller’s orders in one PDF (application/pdf), one slip per order',
        description:
          'The Orders workspace’s bulk action (issue 23). Every id must be a placed order of the seller in ' +
          ':org_id: 404 naming order_ids.N (the first that is not) for its members, 404 for anyone else. ' +
          'Slips come in the order of order_ids, each on its own pages.',
        params: OrgIdParams,
        body: PackingSlipsBody,
        produces: ['application/pdf'],
        response: { 200: FILE_ANSWER, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const orders: Order[] = [];
      const seen = new Set<string>();
      for (const [i, id] of req.body.order_ids.entries()) {
        if (seen.has(id)) continue;
        seen.add(id);
        const order = await orderDetail(ctx, id);
        if (!order) throw refusal('not_found', 'not_found', `order_ids.${i}`, `order_ids.${i}: Order not found.`);
        orders.push(order);
      }
      const seller = await sellerFacts(ctx, orders[0]!.seller);
      const pdf = await renderPackingSlips(orders.map((order) => ({ order, seller })));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="packing-slips-${orders.length}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
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
