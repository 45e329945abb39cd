import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  ForSaleQuery,
  IdParams,
  NEXT_CURSOR_HEADER,
  OrgIdParams,
  Product,
  ProductBulkStateBody,
  ProductBulkStateResult,
  ProductInput,
  ProductList,
  ProductListQuery,
  ProductSheetRowList,
  ProductStateCounts,
  ProductStateList,
  ProductTileList,
  UnitList,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { accessAlongside } from '../../auth/plugin.js';
import { memberOf, memberOrPurchaserOf, organizationAt, organizationParam } from '../../auth/policies.js';
import { productAt } from './resources.js';
import { getLookups } from './lookups.js';
import { deleteProduct, listProducts, saveProduct } from './service.js';
import { createProductPages } from './product-page.js';
import { sendJsonPage } from '../../lib/pagination.js';
import { createForSalePages } from './for-sale.js';
import { productStateCounts, setProductsState } from './product-list.js';
import { sendCachedPage } from '../../lib/page-cache.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['products'];
/** The lookup lists change only with a deploy. */
const LOOKUP_CACHE = 'private, max-age=3600';

export async function productRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lookups = [
    ['state', 'Product states (Draft, Live, Archived)', ProductStateList, 'states'],
    ['order_unit', 'Wholesale order units (Each, Case, Pack, Box, Dozen)', UnitList, 'orderUnits'],
    ['weight_unit', 'Weight units (lb, oz, kg, g)', UnitList, 'weightUnits'],
    ['dimension_unit', 'Dimension units (ft, in, cm, m)', UnitList, 'dimensionUnits'],
  ] as const;
  for (const [path, summary, schema, key] of lookups) {
    r.get(
      `/api/product/${path}`,
      {
        config: { access: 'signed-in' },
        schema: { tags, summary, response: { 200: schema, 401: ErrorBody } },
      },
      async (_req, reply) => {
        reply.header('cache-control', LOOKUP_CACHE);
        return (await getLookups(ctx.db))[key];
      },
    );
  }

  r.put(
    '/api/product',
    {
      config: { access: memberOf(organizationAt('body', 'organization', 'id'), { ...productAt('body', 'id'), optional: true }) },
      schema: {
        tags,
        summary: 'Create (no id) or update (id) a product with its photos',
        description:
          'On update, fields left out keep their value and null clears them. inventory_count is read-only here.',
        body: ProductInput,
        response: { 200: Product, 409: ErrorBody, ...errors },
      },
    },
    async (req) => saveProduct(ctx, req.body),
  );

  const productPages = createProductPages(ctx);
  r.get(
    '/api/product/:id',
    {
      config: {
        // Purchasers see Live products only (404 for the rest). The seller's catalogue stamp is
        // read with the access check: a kept page costs that one round trip (product-page.ts).
        access: memberOrPurchaserOf(productPages.productAt('params', 'id')),
        accessAlongside: (req: FastifyRequest) => productPages.stampSql(req),
      },
      schema: { tags, summary: 'A product', params: IdParams, response: { 200: Product, ...errors } },
    },
    async (req, reply) => productPages.send(req, reply, req.params.id),
  );

  r.delete(
    '/api/product/:id',
    {
      config: { access: memberOf(productAt('params', 'id')) },
      schema: {
        tags,
        summary: 'Remove a product from the catalogue (carts and orders that hold it keep it)',
        params: IdParams,
        response: { 200: Product, ...errors },
      },
    },
    async (req) => deleteProduct(ctx, req.params.id),
  );

  r.get(
    '/api/product/organization/:org_id',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'The merchant product list, newest first',
        description:
          `limit (default 50, max 200), q (name or SKU), state (a status name or id from GET /api/product/state; ` +
          `a product without one is a Draft), cursor; the next page's cursor is in the ${NEXT_CURSOR_HEADER} header.`,
        params: OrgIdParams,
        querystring: ProductListQuery,
        response: { 200: ProductList, ...errors },
      },
    },
    async (req, reply) => {
      const page = await listProducts(ctx, req.params.org_id, req.query);
      return sendJsonPage(reply, page);
    },
  );

  r.get(
    '/api/product/organization/:org_id/state-counts',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'How many products the merchant has in each status (the products list\'s filter)',
        params: OrgIdParams,
        response: { 200: ProductStateCounts, ...errors },
      },
    },
    async (req) => productStateCounts(ctx, req.params.org_id),
  );

  r.put(
    '/api/product/organization/:org_id/state',
    {
      config: { access: memberOf(organizationParam(), { role: 'admin', action: 'change the status of several products at once' }) },
      schema: {
        tags,
        summary: 'Set one status on several products (1 to 200) in one transaction',
        description:
          'Every id must be a product of the organization (not removed, not a variant), or nothing changes and the ' +
          'answer names product_ids.N (404 for an id not in the store or removed, 400 for a variant\'s). Products that have the status already are left alone, so repeating ' +
          'the call changes nothing. Variants follow their product, as on a save.',
        params: OrgIdParams,
        body: ProductBulkStateBody,
        response: { 200: ProductBulkStateResult, ...errors },
      },
    },
    async (req) => setProductsState(ctx, req.params.org_id, req.body),
  );

  const forSale = createForSalePages(ctx);
  r.get(
    '/api/product/organization/:org_id/for-sale',
    {
      config: {
        access: memberOrPurchaserOf(organizationParam()),
        // The seller's catalogue stamp, read with the access check: a cached page then costs
        // that one round trip (for-sale.ts).
        accessAlongside: (req: FastifyRequest) =>
          forSale.stampSql(
            (req.params as { org_id: string }).org_id,
            (req.query as ForSaleQuery).view ?? 'full',
            req.auth!.userId!,
          ),
      },
      schema: {
        tags,
        summary: 'Storefront products (Live only), newest first',
        description:
          `limit (default 50, max 200), q (name or SKU), cursor; the next page's cursor is in the ${NEXT_CURSOR_HEADER} header. ` +
          'view=full (default): Product objects. view=tile: the storefront grid\'s lean ProductTile objects (the first ' +
          'photo with its resized copies up to 600 px wide; inventory_count only when the product is tracked). ' +
          'view=sheet: the quick-order sheet\'s ProductSheetRow objects (SKU, unit, price, order rules, stock; no photos).',
        params: OrgIdParams,
        querystring: ForSaleQuery,
        response: {
          200: z
            .union([ProductList, ProductTileList, ProductSheetRowList])
            .describe('ProductList (view=full), ProductTileList (view=tile) or ProductSheetRowList (view=sheet)'),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const stamp = accessAlongside(req);
      if (typeof stamp !== 'string') throw new Error('for-sale: the catalogue stamp was not read with the access check');
      const { key, page } = await forSale.page(req.params.org_id, req.query, stamp);
      return sendCachedPage(req, reply, forSale.cache, key, page);
    },
  );
}
