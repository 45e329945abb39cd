import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CartOrder,
  ChooseRateBody,
  ChooseRateTypeBody,
  ErrorBody,
  OrderIdParams,
  ShippingEstimateList,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf } from '../../auth/policies.js';
import { orderAt } from '../orders/resources.js';
import { chooseRate, chooseRateType, getEstimates } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['shipping'];
const DRAFT_ONLY =
  'Only the purchasing organization’s members, for its draft order: 409 order_submitted once the order was ' +
  'submitted, 409 preview for a View as Buyer cart.';
const CHOOSE =
  `${DRAFT_ONLY} The rate must be one of the order’s current estimates (GET …/estimates): 404 when it is not, ` +
  '409 quote_expired when they expired, 409 quote_stale when the cart or an address changed since.';

export async function shippingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: memberOf(orderAt('params', 'order_id')) };

  r.get(
    '/api/shipping/order/:order_id/estimates',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Shipping rates for the draft order, cheapest first, in Shippo’s shape; they become the order’s current quote',
        description:
          `${DRAFT_ONLY} 409 naming shipping_address before the order has one, line_items when nothing is available ` +
          'to ship; 409 seller_not_ready (origin, package) when the seller has no ship-from address or package ' +
          'template; 502 when the shipping provider fails.',
        params: OrderIdParams,
        response: { 200: ShippingEstimateList, ...errors, 502: ErrorBody },
      },
    },
    async (req) => getEstimates(ctx, req.params.order_id),
  );

  r.post(
    '/api/shipping/order/:order_id/rate',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Choose one of the order’s current shipping estimates by its object_id; answers the order as the cart shows it',
        description: CHOOSE,
        params: OrderIdParams,
        body: ChooseRateBody,
        response: { 200: CartOrder, ...errors },
      },
    },
    async (req) => chooseRate(ctx, req.params.order_id, req.body.rate_id),
  );

  r.post(
    '/api/shipping/order/:order_id/rate-type',
    {
      config: access,
      schema: {
        tags,
        summary: 'Choose the current estimate of a carrier’s service level; answers the order as the cart shows it',
        description: CHOOSE,
        params: OrderIdParams,
        body: ChooseRateTypeBody,
        response: { 200: CartOrder, ...errors },
      },
    },
    async (req) => chooseRateType(ctx, req.params.order_id, req.body),
  );
}
