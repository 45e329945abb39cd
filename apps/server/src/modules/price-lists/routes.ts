/**
 * Price lists (issue 25 part 1): the seller's lists and the list each customer buys on. Members
 * read them (Staff too: they write orders at a customer's prices); changing prices takes an
 * owner or admin, like payment terms.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CustomerOrdersParams,
  CustomerPriceList,
  CustomerPriceListSetting,
  EmptyBody,
  ErrorBody,
  NEXT_CURSOR_HEADER,
  OrgIdParams,
  PriceList,
  PriceListHiddenInput,
  PriceListInput,
  PriceListList,
  PriceListParams,
  PriceListPatch,
  PriceListPricesInput,
  PriceListProductList,
  PriceListProductsQuery,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { sendJsonPage } from '../../lib/pagination.js';
import { priceListAt } from './resources.js';
import {
  createPriceList,
  deletePriceList,
  getCustomerPriceList,
  getPriceList,
  listPriceListProducts,
  listPriceLists,
  setCustomerPriceList,
  setPriceListHiddenProducts,
  setPriceListPrices,
  updatePriceList,
} from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['price lists'];
const base = '/api/organization/:org_id/price_lists';
const changePrices = { role: 'admin', action: 'change price lists' } as const;
const theList = () => priceListAt('params', 'price_list_id');

export async function priceListRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    base,
    {
      config: { access: memberOf(organizationParam()) },
      schema: { tags, summary: 'The seller’s price lists, by name', params: OrgIdParams, response: { 200: PriceListList, ...errors } },
    },
    async (req) => listPriceLists(ctx, req.params.org_id),
  );

  r.post(
    base,
    {
      config: { access: memberOf(organizationParam(), changePrices) },
      schema: {
        tags,
        summary: 'Create a price list: a name and a percentage off wholesale (0–99.99)',
        description: 'Owners and admins; 409 price_list_name_taken for a name the seller already uses.',
        params: OrgIdParams,
        body: PriceListInput,
        response: { 200: PriceList, ...errors },
      },
    },
    async (req) => createPriceList(ctx, req.params.org_id, req.body),
  );

  r.get(
    `${base}/:price_list_id`,
    {
      config: { access: memberOf(organizationParam(), theList()) },
      schema: { tags, summary: 'One price list', params: PriceListParams, response: { 200: PriceList, ...errors } },
    },
    async (req) => getPriceList(ctx.db, req.params.org_id, req.params.price_list_id),
  );

  r.patch(
    `${base}/:price_list_id`,
    {
      config: { access: memberOf(organizationParam(), theList(), changePrices) },
      schema: {
        tags,
        summary: 'Rename a price list or change its percentage off wholesale',
        description: 'Customers on the list see the new prices on their next read; a checkout on the old ones gets 409 cart_changed.',
        params: PriceListParams,
        body: PriceListPatch,
        response: { 200: PriceList, ...errors },
      },
    },
    async (req) => updatePriceList(ctx, req.params.org_id, req.params.price_list_id, req.body),
  );

  r.delete(
    `${base}/:price_list_id`,
    {
      config: { access: memberOf(organizationParam(), theList(), changePrices) },
      schema: {
        tags,
        summary: 'Delete a price list: its customers buy at wholesale prices again',
        params: PriceListParams,
        response: { 204: EmptyBody, ...errors },
      },
    },
    async (req, reply) => {
      await deletePriceList(ctx, req.params.org_id, req.params.price_list_id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    `${base}/:price_list_id/products`,
    {
      config: { access: memberOf(organizationParam(), theList()) },
      schema: {
        tags,
        summary: `The seller's products with their wholesale and list prices, newest first (next page cursor in ${NEXT_CURSOR_HEADER})`,
        params: PriceListParams,
        querystring: PriceListProductsQuery,
        response: { 200: PriceListProductList, ...errors },
      },
    },
    async (req, reply) =>
      sendJsonPage(reply, await listPriceListProducts(ctx, req.params.org_id, req.params.price_list_id, req.query)),
  );

  r.put(
    `${base}/:price_list_id/prices`,
    {
      config: { access: memberOf(organizationParam(), theList(), changePrices) },
      schema: {
        tags,
        summary: 'Set fixed prices (with their own volume breaks) per variant; null removes one',
        description: 'All or nothing: 400 names the first field at fault (prices.N.…).',
        params: PriceListParams,
        body: PriceListPricesInput,
        response: { 200: PriceList, ...errors },
      },
    },
    async (req) => setPriceListPrices(ctx, req.params.org_id, req.params.price_list_id, req.body),
  );

  r.put(
    `${base}/:price_list_id/hidden_products`,
    {
      config: { access: memberOf(organizationParam(), theList(), changePrices) },
      schema: {
        tags,
        summary: 'Hide products (with all their variants) from the list’s customers, or show them again',
        params: PriceListParams,
        body: PriceListHiddenInput,
        response: { 200: PriceList, ...errors },
      },
    },
    async (req) => setPriceListHiddenProducts(ctx, req.params.org_id, req.params.price_list_id, req.body),
  );

  r.get(
    '/api/order/organization/:org_id/purchasers/:id/price_list',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'The price list the customer buys on (null: wholesale prices)',
        description: 'Members of the seller; 404 when the organization does not buy from it.',
        params: CustomerOrdersParams,
        response: { 200: CustomerPriceList, ...errors },
      },
    },
    async (req) => getCustomerPriceList(ctx, req.params.org_id, req.params.id),
  );

  r.put(
    '/api/order/organization/:org_id/purchasers/:id/price_list',
    {
      config: { access: memberOf(organizationParam(), changePrices) },
      schema: {
        tags,
        summary: 'Put the customer on one of the seller’s price lists, or (null) back on wholesale prices',
        description: 'Owners and admins; 404 when the organization does not buy from the seller or the list is not the seller’s.',
        params: CustomerOrdersParams,
        body: CustomerPriceListSetting,
        response: { 200: CustomerPriceList, ...errors },
      },
    },
    async (req) => setCustomerPriceList(ctx, req.params.org_id, req.params.id, req.body.price_list_id),
  );
}
