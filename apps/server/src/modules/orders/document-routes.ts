/**
 * The order's documents (issue 10 item 3): GET /api/order/{order_id}/packing-slip, a PDF for the
 * seller's members, fetched with the bearer token like every API call (the screen opens the blob
 * in a new tab). The buyer and anyone else get 404; so does an order that was not placed.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OrderIdParams } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { memberOf } from '../../auth/policies.js';
import { soldOrderAt } from './resources.js';
import { orderDetail } from './queries.js';
import { orderNumber, pdfFileName, renderPackingSlip, sellerFacts } from './packing-slip.js';

export async function orderDocumentRoutes(app: FastifyInstance, ctx: AppContext) {
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
          'Answers `content-type: application/pdf` with `content-disposition: inline`.',
        params: OrderIdParams,
      },
    },
    async (req, reply) => {
      const orderId = req.params.order_id;
      const order = await orderDetail(ctx, orderId);
      if (!order) throw notFound('Order');
      const seller = await sellerFacts(ctx, order.seller);
      const pdf = await renderPackingSlip({ order, seller });
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `inline; filename="${pdfFileName('packing-slip', orderNumber(order))}"`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
