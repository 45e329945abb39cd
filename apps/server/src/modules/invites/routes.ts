import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcceptInviteBody,
  AcceptInviteResult,
  CreateInvitesBody,
  EmptyBody,
  ErrorBody,
  Invite,
  InviteIdParams,
  InviteList,
  InviteMetadata,
  ListQuery,
  NEXT_CURSOR_HEADER,
  OrgIdParams,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { requireUserId } from '../../auth/plugin.js';
import {
  acceptInvite,
  createInvites,
  getInviteMetadata,
  listInvites,
  resendInvite,
  RetryLaterError,
} from './service.js';
import { memberOf, organizationAt, organizationParam } from '../../auth/policies.js';
import { inviteAt } from './resources.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['invites'];

export async function inviteRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/invite/purchaser',
    {
      config: { access: memberOf(organizationAt('body', 'to_organization_id')) },
      schema: {
        tags,
        summary: 'Invite retailers by e-mail (1–50 addresses); each gets an invite link by e-mail',
        body: CreateInvitesBody,
        response: { 200: InviteList, ...errors },
      },
    },
    async (req) => createInvites(ctx, requireUserId(req), req.body),
  );

  r.get(
    '/api/invite/organization/:org_id',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: `The organization's invites, newest first (next page cursor in ${NEXT_CURSOR_HEADER})`,
        params: OrgIdParams,
        querystring: ListQuery,
        response: { 200: InviteList, ...errors },
      },
    },
    async (req, reply) => {
      const page = await listInvites(ctx, req.params.org_id, req.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  r.post(
    '/api/invite/resend/:invite_id',
    {
      config: { access: memberOf(inviteAt('params', 'invite_id')) },
      schema: {
        tags,
        summary: 'Send the invite e-mail again (at most once a minute per invite)',
        params: InviteIdParams,
        body: EmptyBody,
        response: { 200: Invite, ...errors, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      try {
        return await resendInvite(ctx, requireUserId(req), req.params.invite_id);
      } catch (err) {
        if (err instanceof RetryLaterError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  r.get(
    '/api/invite/metadata/invite/:invite_id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The inviting organization (id, name, image set) for the invite page; no token',
        security: [],
        params: InviteIdParams,
        response: { 200: InviteMetadata, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getInviteMetadata(ctx, req.params.invite_id);
    },
  );

  r.post(
    '/api/invite/purchaser/accept/:invite_id',
    {
      // The invite itself is checked by acceptInvite: only the invited e-mail may accept it.
      config: { access: memberOf({ ...organizationAt('body', 'organization_id'), optional: true }) },
      schema: {
        tags,
        summary:
          "Accept an invite: the caller's organization becomes a purchaser of the seller; without an organization yet, the invite is claimed until the caller creates one",
        params: InviteIdParams,
        body: AcceptInviteBody,
        response: { 200: AcceptInviteResult, ...errors },
      },
    },
    async (req) => acceptInvite(ctx, requireUserId(req), req.params.invite_id, req.body),
  );
}
