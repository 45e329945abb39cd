import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateOrganizationBody,
  ErrorBody,
  OnboardingStatus,
  Organization,
  OrderTerms,
  OrgIdParams,
  UpdateOrganizationBody,
  Uuid,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { requireUserId, viewerRole } from '../../auth/plugin.js';
import {
  createOrganization,
  getOnboardingStatus,
  getOrderTerms,
  getOrganizationForViewer,
  updateOrganization,
} from './service.js';
import { memberOf, memberOrPurchaserOf, organizationParam } from '../../auth/policies.js';
import { countHit } from '../../identity/rate-limit-store.js';
import { RetryLaterError } from '../invites/service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['organizations'];

/**
 * How many organizations one user may create in an hour (a fixed one-hour window counted in
 * the database, so every server process holds the same limit). A person sets up a store or a
 * shop or two; a script making organizations in bulk is stopped at the sixth.
 */
export const ORGANIZATIONS_PER_HOUR = 5;
const ORGANIZATION_WINDOW_MS = 60 * 60 * 1000;

/** Counts the user's create and refuses it (429, Retry-After) past the hour's allowance. */
async function takeOrganizationAllowance(ctx: AppContext, userId: string): Promise<void> {
  const { hits, ttl } = await countHit(ctx.db, `organization.create|${userId}`, ORGANIZATION_WINDOW_MS);
  if (hits <= ORGANIZATIONS_PER_HOUR) return;
  const seconds = Math.max(1, Math.ceil(ttl / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new RetryLaterError(
    `You can create up to ${ORGANIZATIONS_PER_HOUR} organizations an hour. ` +
      `Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`,
    seconds,
  );
}

export async function organizationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/organization',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Create an organization; the caller becomes its member',
        description: `At most ${ORGANIZATIONS_PER_HOUR} an hour per user: then 429 rate_limited with Retry-After (seconds).`,
        body: CreateOrganizationBody,
        response: { 200: Organization, ...errors, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      const userId = requireUserId(req);
      try {
        await takeOrganizationAllowance(ctx, userId);
      } catch (err) {
        if (err instanceof RetryLaterError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
      return createOrganization(ctx, userId, req.body);
    },
  );

  r.get(
    '/api/organization/:id',
    {
      config: { access: memberOrPurchaserOf(organizationParam('id')) },
      schema: {
        tags,
        summary: 'An organization with order terms, payment status, set-up flags and product count',
        params: z.strictObject({ id: Uuid }),
        response: { 200: Organization, ...errors },
      },
    },
    async (req) => getOrganizationForViewer(ctx, req.params.id, viewerRole(req, req.params.id)),
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
