import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CART_LIMITS,
  Cart,
  CartIdParams,
  CartPairParams,
  ErrorBody,
  LineItemIdParams,
  SetLineItemBody,
  SetLineItemsBody,
  SetLineItemsResult,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf } from '../../auth/policies.js';
import { cartAt, cartPairParams, lineItemAt } from './resources.js';
import { deleteLineItem, getCartForPair, setLineItem, setLineItems } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['carts'];

export async function cartRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/cart/selling_organization/:selling_organization_id/purchasing_organization/:purchasing_organization_id',
    {
      config: { access: memberOf(cartPairParams()) },
      schema: {
        tags,
        summary:
          'The open cart of a purchasing organization with a seller (opened, with its draft order, on first read)',
        description:
          'For members of the purchasing organization, when it buys from the seller or is the seller (View as Buyer: ' +
          'a preview cart that never checks out). Prices are live; unavailable lines are marked and left out of the totals.',
        params: CartPairParams,
        response: { 200: Cart, ...errors },
      },
    },
    async (req) => getCartForPair(ctx, req.params.selling_organization_id, req.params.purchasing_organization_id),
  );

  const setLine = {
    config: { access: memberOf(cartAt('params', 'cartId')) },
    schema: {
      tags,
      summary: "Set a line's quantity (0 removes the line); answers the cart",
      description:
        'One line per product. 404 for a product the store does not sell; 409 product_deleted, product_unavailable, choose_variant (a product with options: add a variant), ' +
        'insufficient_inventory, too_many_lines or cart_closed. A refusal leaves the cart unchanged.',
      params: CartIdParams,
      body: SetLineItemBody,
      response: { 200: Cart, 409: ErrorBody, ...errors },
    },
  } as const;
  r.post('/api/cart/:cartId/line_item', setLine, async (req) => setLineItem(ctx, req.params.cartId, req.body));
  r.put('/api/cart/:cartId/line_item', setLine, async (req) => setLineItem(ctx, req.params.cartId, req.body));

  r.put(
    '/api/cart/:cartId/line_items',
    {
      config: { access: memberOf(cartAt('params', 'cartId')) },
      schema: {
        tags,
        summary: 'Set many lines at once (the quick-order sheet, a paste of "SKU, quantity" lines); answers each line and the cart',
        description:
          `Each line names a product by product_id or by its stock_keeping_unit in this store and the quantity the line ` +
          `should hold (0 removes it); at most ${CART_LIMITS.lines} lines. Each line is checked as the single-line change ` +
          'checks it: refused lines (not_found, product_deleted, product_unavailable, below_minimum, not_a_multiple, ' +
          'insufficient_inventory, too_many_lines, duplicate_line) are answered with their reason and change nothing; ' +
          'the others are written together, in one transaction. 409 cart_closed when the cart was checked out.',
        params: CartIdParams,
        body: SetLineItemsBody,
        response: { 200: SetLineItemsResult, 409: ErrorBody, ...errors },
      },
    },
    async (req) => setLineItems(ctx, req.params.cartId, req.body),
  );

  r.delete(
    '/api/cart/line_item/:lineItemId',
    {
      config: { access: memberOf(lineItemAt('params', 'lineItemId')) },
      schema: {
        tags,
        summary: 'Remove a line from its cart; answers the cart',
        params: LineItemIdParams,
        response: { 200: Cart, 409: ErrorBody, ...errors },
      },
    },
    async (req) => deleteLineItem(ctx, req.params.lineItemId),
  );
}
