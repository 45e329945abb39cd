import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Customer,
  CustomerList,
  CustomerOrderList,
  CustomerOrdersParams,
  ErrorBody,
  ListQuery,
  NEXT_CURSOR_HEADER,
  OrgIdParams,
  PageQuery,
  PaymentTerms,
  PaymentTermsSetting,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { getCustomer, listCustomerOrders, listCustomers } from './service.js';
import { anyOf, memberOf, organizationParam } from '../../auth/policies.js';
import { customerOfSellerParam } from './resources.js';
import { getPaymentTerms, setPaymentTerms } from './payment-terms.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['customers'];

export async function customerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/order/organization/:org_id/purchasers',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: `Customers: each purchasing organization with its last order and completed-order count (next page cursor in ${NEXT_CURSOR_HEADER})`,
        params: OrgIdParams,
        querystring: ListQuery,
        response: { 200: CustomerList, ...errors },
      },
    },
    async (req, reply) => {
      const page = await listCustomers(ctx, req.params.org_id, req.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  r.get(
    '/api/order/organization/:org_id/purchasers/:id',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'One customer: the purchasing organization with its last order and completed-order count',
        params: CustomerOrdersParams,
        response: { 200: Customer, ...errors },
      },
    },
    async (req) => getCustomer(ctx, req.params.org_id, req.params.id),
  );

  r.get(
    '/api/order/organization/:org_id/purchasers/:id/payment_terms',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'The payment terms the seller gives this customer: net_days 0 (card only), 15, 30 or 60',
        description: 'Members of the seller; 404 when the organization does not buy from it.',
        params: CustomerOrdersParams,
        response: { 200: PaymentTerms, ...errors },
      },
    },
    async (req) => getPaymentTerms(ctx, req.params.org_id, req.params.id),
  );

  r.put(
    '/api/order/organization/:org_id/purchasers/:id/payment_terms',
    {
      // Terms are credit: granting or changing them takes an owner or admin (staff read them).
      config: { access: memberOf(organizationParam(), { role: 'admin', action: 'change payment terms' }) },
      schema: {
        tags,
        summary: 'Sets the customer’s payment terms: net_days 0 (card only), 15, 30 or 60',
        description:
          'Owners and admins of the seller (403 for staff); 404 when the organization does not buy from it. ' +
          'The customer may then pay by invoice at checkout (POST /api/order/{order_id}/payment_terms ' +
          '{is_net_30: true}); orders placed before keep their terms.',
        params: CustomerOrdersParams,
        body: PaymentTermsSetting,
        response: { 200: PaymentTerms, ...errors },
      },
    },
    async (req) => setPaymentTerms(ctx, req.params.org_id, req.params.id, req.body.net_days),
  );

  r.get(
    '/api/order/organization/:org_id/purchasing_organization/:id',
    {
      config: { access: anyOf(memberOf(organizationParam()), memberOf(customerOfSellerParam())) },
      schema: {
        tags,
        summary: `One customer's completed orders, newest first (next page cursor in ${NEXT_CURSOR_HEADER})`,
        params: CustomerOrdersParams,
        querystring: PageQuery,
        response: { 200: CustomerOrderList, ...errors },
      },
    },
    async (req, reply) => {
      const page = await listCustomerOrders(ctx, req.params.org_id, req.params.id, req.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );
}
