import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { Dashboard, ErrorBody, OrgIdParams } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { PageCache, pageCacheBounds, sendCachedPage } from '../../lib/page-cache.js';
import { accessAlongside } from '../../auth/plugin.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { orderListStampSql } from '../orders/sql.js';
import { dashboardPeriodStart, readDashboard } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['dashboard'];

/**
 * The seller's dashboard. Answers are kept per process under the seller's order-list version
 * (read with the access check: a kept answer costs that one round trip) and the period's first
 * week, so a placed order — which bumps the version in its transaction — shows on the next request
 * in every process.
 */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext, now: () => Date = () => new Date()) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = new PageCache(pageCacheBounds(2000, 16 * 1024 * 1024));
  const version = (req: FastifyRequest) => orderListStampSql(sql`${(req.params as { org_id: string }).org_id}::uuid`);

  r.get(
    '/api/organization/:org_id/dashboard',
    {
      config: { access: memberOf(organizationParam()), accessAlongside: version },
      schema: {
        tags,
        summary:
          'The seller dashboard: sales and orders by week for the last 12 weeks (Monday to Sunday, UTC), top products and customers, reorder rate, open invoices',
        params: OrgIdParams,
        response: { 200: Dashboard, ...errors },
      },
    },
    async (req, reply) => {
      const stamp = accessAlongside(req);
      if (typeof stamp !== 'string')
        throw new Error('dashboard: the order-list version was not read with the access check');
      const at = now();
      const sellerId = req.params.org_id;
      const key = `${sellerId}\u0000${dashboardPeriodStart(at)}`;
      const page = await cache.getOrBuild(key, stamp, async () => ({
        stamp,
        json: JSON.stringify(await readDashboard(ctx.db, sellerId, at)),
        nextCursor: null,
      }));
      reply.header('cache-control', 'no-store');
      return sendCachedPage(req, reply, cache, key, page);
    },
  );
}
