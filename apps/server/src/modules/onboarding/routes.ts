/**
 * POST /api/organization: a user creates an organization (onboarding/create-organization.ts),
 * at most ORGANIZATIONS_PER_HOUR an hour.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateOrganizationBody, ErrorBody, Organization } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { requireUserId } from '../../auth/plugin.js';
import { countHit } from '../../identity/rate-limit-store.js';
import { RetryLaterError } from '../invites/service.js';
import { createOrganization } from './create-organization.js';

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

export async function onboardingRoutes(app: FastifyInstance, ctx: AppContext) {
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
}
