import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  OnboardingStatus,
  Organization,
  OrderTerms,
  OrgIdParams,
  UpdateOrganizationBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { viewerRole } from '../../auth/plugin.js';
import {
  getOnboardingStatus,
  getOrderTerms,
  getOrganizationForViewer,
  updateOrganization,
} from './service.js';
import { memberOf, memberOrPurchaserOf, organizationParam } from '../../auth/policies.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['organizations'];

export async function organizationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    // One path with PUT below (the same parameter name, so the document has one path item).
    '/api/organization/:org_id',
    {
      config: { access: memberOrPurchaserOf(organizationParam()) },
      schema: {
        tags,
        summary: 'An organization with order terms, payment status, set-up flags and product count',
        params: OrgIdParams,
        response: { 200: Organization, ...errors },
      },
    },
    async (req) => getOrganizationForViewer(ctx, req.params.org_id, viewerRole(req, req.params.org_id)),
  );

  r.put(
    '/api/organization/:org_id',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'Update name, slogan or order terms',
        params: OrgIdParams,
        body: UpdateOrganizationBody,
        response: { 200: Organization, ...errors },
      },
    },
    async (req) => updateOrganization(ctx, req.params.org_id, req.body),
  );

  r.get(
    '/api/organization/:org_id/order_terms',
    {
      config: { access: memberOrPurchaserOf(organizationParam()) },
      schema: { tags, summary: 'Order minimums', params: OrgIdParams, response: { 200: OrderTerms, ...errors } },
    },
    async (req) => getOrderTerms(ctx, req.params.org_id),
  );

  r.get(
    '/api/organization/:org_id/onboarding/status',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'Set-up checklist status',
        params: OrgIdParams,
        response: { 200: OnboardingStatus, ...errors },
      },
    },
    async (req) => getOnboardingStatus(ctx, req.params.org_id),
  );
}
