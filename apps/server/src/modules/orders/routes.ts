import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CartOrder, ErrorBody, OrderIdParams, PaymentTermsBody, SetShippingAddressQuery } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf } from '../../auth/policies.js';
import { orderAt } from './resources.js';
import { setOrderPaymentTerms, setOrderShippingAddress } from './checkout.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['orders'];
const DRAFT_ONLY =
  'Only the purchasing organization’s members may change its draft order. 409 order_submitted once the order ' +
  'was submitted (its cart closed), 409 preview for a View as Buyer cart.';

export async function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/order/:order_id/shipping_address',
    {
      config: { access: memberOf(orderAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'Ship the draft order to one of the buyer’s saved addresses; answers the order as the cart shows it',
        description: `${DRAFT_ONLY} 404 naming address_id for an address that is not one of the organization’s.`,
        params: OrderIdParams,
        querystring: SetShippingAddressQuery,
        response: { 200: CartOrder, ...errors },
      },
    },
    async (req) => setOrderShippingAddress(ctx, req.params.order_id, req.query.address_id),
  );

  r.post(
    '/api/order/:order_id/payment_terms',
    {
      config: { access: memberOf(orderAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'Set the draft order’s payment terms (net 30 or not); answers the order as the cart shows it',
        description: DRAFT_ONLY,
        params: OrderIdParams,
        body: PaymentTermsBody,
        response: { 200: CartOrder, ...errors },
      },
    },
    async (req) => setOrderPaymentTerms(ctx, req.params.order_id, req.body.is_net_30),
  );
}
