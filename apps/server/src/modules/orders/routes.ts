import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CartOrder,
  ErrorBody,
  NEXT_CURSOR_HEADER,
  Order,
  OrderIdParams,
  OrderSummaryList,
  OrgIdParams,
  OrderPaymentTerms,
  PaymentTermsBody,
  PoNumberBody,
  PurchasingOrdersQuery,
  SellerOrderCounts,
  SellingOrdersExportQuery,
  SellingOrdersQuery,
  SetShippingAddressQuery,
} from '@cratebase/contract';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { PageCache, pageCacheBounds, sendCachedPage } from '../../lib/page-cache.js';
import { accessAlongside } from '../../auth/plugin.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { orderAt, orderPartyAt } from './resources.js';
import { orderPaymentTerms, setOrderPaymentTerms, setOrderPoNumber, setOrderShippingAddress } from './draft-order.js';
import { createOrderLists, orderDetail, sellerOrderCounts } from './queries.js';
import { ordersCsvFileName, sellingOrdersCsv } from './export-csv.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['orders'];
const DRAFT_ONLY =
  'Only the purchasing organization’s members may change its draft order. 409 order_submitted once the order ' +
  'was submitted (its cart closed), 409 preview for a View as Buyer cart.';

export async function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The lists' pages are kept per process under the organization's order-list version, which
  // the access check reads in its own statement: a kept page costs that one round trip.
  const orderLists = createOrderLists(ctx);
  const listVersion = (req: FastifyRequest) => orderLists.stampSql((req.params as { org_id: string }).org_id);
  const listStamp = (req: FastifyRequest) => {
    const stamp = accessAlongside(req);
    if (typeof stamp !== 'string') throw new Error('order lists: the list version was not read with the access check');
    return stamp;
  };

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
        summary:
          'Set the draft order’s payment terms: is_net_30 true pays by invoice on the seller’s terms; answers the order as the cart shows it',
        description: `${DRAFT_ONLY} 409 no_payment_terms (naming is_net_30) when the seller gave this customer no terms.`,
        params: OrderIdParams,
        body: PaymentTermsBody,
        response: { 200: CartOrder, ...errors },
      },
    },
    async (req) => setOrderPaymentTerms(ctx, req.params.order_id, req.body.is_net_30),
  );

  r.get(
    '/api/order/:order_id/payment_terms',
    {
      config: { access: memberOf(orderAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'The payment terms the buyer may use for the order: net_days (0: card only) and its choice',
        params: OrderIdParams,
        response: { 200: OrderPaymentTerms, ...errors },
      },
    },
    async (req) => orderPaymentTerms(ctx, req.params.order_id),
  );

  r.post(
    '/api/order/:order_id/po_number',
    {
      config: { access: memberOf(orderAt('params', 'order_id')) },
      schema: {
        tags,
        summary:
          'Set the draft order’s purchase order number (null or "" clears it); answers the order as the cart shows it',
        description:
          `${DRAFT_ONLY} 400 naming po_number: at most 64 characters of letters, digits, spaces and - _ / # . ` +
          '(trimmed). The order, its invoice, its packing slip and its e-mails show it once placed.',
        params: OrderIdParams,
        body: PoNumberBody,
        response: { 200: CartOrder, ...errors },
      },
    },
    async (req) => setOrderPoNumber(ctx, req.params.order_id, req.body.po_number),
  );

  r.get(
    '/api/order/organization/:org_id/selling',
    {
      config: { access: memberOf(organizationParam()), accessAlongside: listVersion },
      schema: {
        tags,
        summary: `The seller's placed orders, newest first (50 a page; next page cursor in ${NEXT_CURSOR_HEADER})`,
        description:
          'q: the order whose number it names (CB-000001, 000001 or 1) and the orders whose PO number starts ' +
          'with it, in any case. po_number: only the orders whose PO number starts with it (% and _ match ' +
          'themselves). Empty lists every order; give one of the two (400 naming q for both). Send the same ' +
          'search with the cursor for the next page. The Orders workspace (issue 23) narrows it further: ' +
          'view (to_ship: placed, accepted or partially shipped; partially_shipped; shipped: shipped or ' +
          'delivered; unpaid: its invoice is OPEN; cancelled), customer (the buyer organization\'s name ' +
          'contains it, any case; the seller\'s customers), from / to (the UTC day it was placed, both ' +
          'included; 400 naming the field for a day that is not YYYY-MM-DD, naming from when it is after to), ' +
          'ship_window (issue 25: orders with lines sold in that pre-order window, YYYY-MM-DD..YYYY-MM-DD; ' +
          'the seller\'s windows are in GET …/orders/counts ship_windows).',
        params: OrgIdParams,
        querystring: SellingOrdersQuery,
        response: { 200: OrderSummaryList, ...errors },
      },
    },
    async (req, reply) => {
      const { po_number: poNumberPrefix, q: search, view, customer, from, to, ship_window: shipWindow, ...query } = req.query;
      const { key, page } = await orderLists.page(
        { side: 'selling', organizationId: req.params.org_id, poNumberPrefix, search, view, customer, from, to, shipWindow },
        query,
        listStamp(req),
      );
      reply.header('cache-control', 'no-store');
      return sendCachedPage(req, reply, orderLists.cache, key, page);
    },
  );

  r.get(
    '/api/order/organization/:org_id/purchasing',
    {
      config: { access: memberOf(organizationParam()), accessAlongside: listVersion },
      schema: {
        tags,
        summary: `The buyer's placed orders, newest first, of one seller when selling_organization_id is given (next page cursor in ${NEXT_CURSOR_HEADER})`,
        params: OrgIdParams,
        querystring: PurchasingOrdersQuery,
        response: { 200: OrderSummaryList, ...errors },
      },
    },
    async (req, reply) => {
      const { selling_organization_id: sellerId, ...query } = req.query;
      const target = sellerId
        ? ({ side: 'purchasing-from', organizationId: req.params.org_id, sellerId } as const)
        : ({ side: 'purchasing', organizationId: req.params.org_id } as const);
      const { key, page } = await orderLists.page(target, query, listStamp(req));
      reply.header('cache-control', 'no-store');
      return sendCachedPage(req, reply, orderLists.cache, key, page);
    },
  );

  // The tabs' counts, kept like the pages under the organization's order-list version.
  const orderCounts = new PageCache(pageCacheBounds(2000, 2 * 1024 * 1024));
  r.get(
    '/api/organization/:org_id/orders/counts',
    {
      config: { access: memberOf(organizationParam('org_id')), accessAlongside: listVersion },
      schema: {
        tags,
        summary:
          'How many of the seller’s placed orders each Orders tab holds: to_ship, partially_shipped, shipped, unpaid, cancelled, all',
        description:
          'Each count stops at SELLER_ORDER_COUNT_CAP (10,000), which then means that many or more. Kept per ' +
          'process under the organization’s order-list version, read with the access check: a repeated read ' +
          'is that one round trip.',
        params: OrgIdParams,
        response: { 200: SellerOrderCounts, ...errors },
      },
    },
    async (req, reply) => {
      const key = req.params.org_id;
      const page = await orderCounts.getOrBuild(key, listStamp(req), async () => {
        const { stamp, counts } = await sellerOrderCounts(ctx, key);
        return { stamp, json: JSON.stringify(counts), nextCursor: null };
      });
      reply.header('cache-control', 'no-store');
      return sendCachedPage(req, reply, orderCounts, key, page);
    },
  );

  r.get(
    '/api/organization/:org_id/orders/export.csv',
    {
      config: { access: memberOf(organizationParam('org_id')) },
      schema: {
        tags,
        summary: 'The seller’s orders as a CSV file, with the list’s filters and search (every matching order, newest first)',
        description:
          'Columns: order number, placed at, customer, PO number, state, payment status, items, subtotal, ' +
          'shipping, total, refunded, cancelled, tracking. Read page by page and streamed.',
        produces: ['text/csv'],
        params: OrgIdParams,
        querystring: SellingOrdersExportQuery,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (req, reply) => {
      const { po_number: poNumberPrefix, q: search, view, customer, from, to, ship_window: shipWindow } = req.query;
      const stream = sellingOrdersCsv(ctx, {
        shipWindow,
        side: 'selling',
        organizationId: req.params.org_id,
        poNumberPrefix,
        search,
        view,
        customer,
        from,
        to,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ordersCsvFileName()}"`)
        .header('cache-control', 'no-store')
        .send(stream as unknown as string); // streamed: Fastify does not serialise streams
    },
  );

  r.get(
    '/api/order/:order_id',
    {
      config: { access: memberOf(orderPartyAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'A placed order with its lines (as bought, at the price paid), for its seller and its buyer',
        params: OrderIdParams,
        response: { 200: Order, ...errors },
      },
    },
    async (req) => {
      const order = await orderDetail(ctx, req.params.order_id);
      if (!order) throw notFound('Order');
      return order;
    },
  );
}
