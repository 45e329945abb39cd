import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcceptTeamInviteResult,
  CreateTeamInviteBody,
  EmptyBody,
  ErrorBody,
  ListQuery,
  NEXT_CURSOR_HEADER,
  OrgIdParams,
  TeamInvite,
  TeamInviteIdParams,
  TeamInviteList,
  TeamInviteMetadata,
  TeamInviteParams,
  TeamMember,
  TeamMemberList,
  TeamMemberParams,
  UpdateTeamMemberBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { requireUserId } from '../../auth/plugin.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { teamInviteAt } from './resources.js';
import {
  acceptTeamInvite,
  changeMemberRole,
  createTeamInvite,
  getTeamInviteMetadata,
  listMembers,
  listTeamInvites,
  removeTeamMember,
  revokeTeamInvite,
} from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['team'];
const changeTeam = { role: 'admin', action: 'change the team' } as const;

/**
 * An organization's team (issue 13): members list, invites by e-mail with a role, role changes,
 * removal and leaving. Every member reads the team; owners and admins change it.
 */
export async function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/organization/:org_id/members';

  r.get(
    base,
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: `The organization's members with their roles, newest first (next page cursor in ${NEXT_CURSOR_HEADER})`,
        params: OrgIdParams,
        querystring: ListQuery,
        response: { 200: TeamMemberList, ...errors },
      },
    },
    async (req, reply) => {
      const page = await listMembers(ctx, req.params.org_id, req.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  r.get(
    `${base}/invites`,
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: `Pending team invites, newest first (next page cursor in ${NEXT_CURSOR_HEADER})`,
        params: OrgIdParams,
        querystring: ListQuery,
        response: { 200: TeamInviteList, ...errors },
      },
    },
    async (req, reply) => {
      const page = await listTeamInvites(ctx, req.params.org_id, req.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  r.post(
    `${base}/invites`,
    {
      config: { access: memberOf(organizationParam(), { role: 'admin', action: 'invite members to the team' }) },
      schema: {
        tags,
        summary: 'Invite a colleague by e-mail as admin or staff (idempotent for a pending invite; 409 for a member)',
        params: OrgIdParams,
        body: CreateTeamInviteBody,
        response: { 200: TeamInvite, ...errors },
      },
    },
    async (req) => createTeamInvite(ctx, requireUserId(req), req.params.org_id, req.body),
  );

  r.delete(
    `${base}/invites/:invite_id`,
    {
      config: { access: memberOf(organizationParam(), teamInviteAt('params', 'invite_id'), changeTeam) },
      schema: {
        tags,
        summary: 'Revoke a pending team invite (its link stops working)',
        params: TeamInviteParams,
        response: { 204: EmptyBody, ...errors },
      },
    },
    async (req, reply) => {
      await revokeTeamInvite(ctx, req.params.org_id, req.params.invite_id);
      return reply.status(204).send(null);
    },
  );

  r.patch(
    `${base}/:user_id`,
    {
      config: { access: memberOf(organizationParam(), changeTeam) },
      schema: {
        tags,
        summary: "Change a member's role (only an owner makes or unmakes owners; never the last owner)",
        params: TeamMemberParams,
        body: UpdateTeamMemberBody,
        response: { 200: TeamMember, ...errors },
      },
    },
    async (req) => changeMemberRole(ctx, requireUserId(req), req.params.org_id, req.params.user_id, req.body.role),
  );

  r.delete(
    `${base}/:user_id`,
    {
      // Any member may leave; removing someone else takes an admin (checked by the service).
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'Remove a member (owners and admins) or leave (anyone); the last owner cannot go',
        params: TeamMemberParams,
        response: { 204: EmptyBody, ...errors },
      },
    },
    async (req, reply) => {
      await removeTeamMember(ctx, requireUserId(req), req.params.org_id, req.params.user_id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/team/invite/:invite_id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A team invite's organization, the role offered and the address in part, for its page; no token",
        security: [],
        params: TeamInviteIdParams,
        response: { 200: TeamInviteMetadata, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getTeamInviteMetadata(ctx, req.params.invite_id);
    },
  );

  r.post(
    '/api/team/invite/:invite_id/accept',
    {
      // Only the invited e-mail may accept (checked by acceptTeamInvite), not a question of organizations.
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Accept a team invite: the signed-in user with the invited e-mail joins with its role (idempotent)',
        params: TeamInviteIdParams,
        body: EmptyBody,
        response: { 200: AcceptTeamInviteResult, ...errors },
      },
    },
    async (req) => acceptTeamInvite(ctx, requireUserId(req), req.params.invite_id),
  );
}
