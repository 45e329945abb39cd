import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AddressInput, AddressLink, ErrorBody, OrgIdParams } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { setBusinessAddress } from './service.js';
import { memberOf, organizationParam } from '../../auth/policies.js';

export async function addressRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/organization/:org_id/address',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags: ['addresses'],
        summary: "Set the seller's business (ship-from) address; replaces the previous one",
        params: OrgIdParams,
        body: AddressInput,
        response: { 200: AddressLink, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req) => setBusinessAddress(ctx, req.params.org_id, req.body),
  );
}
