import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrentUser, EmptyBody, ErrorBody, UpdateContactBody } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { unauthorized } from '../../lib/errors.js';
import { createUserFromToken, getCurrentUserBySubject, updateContact } from './service.js';

const tags = ['users'];

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The signed-in user with organizations and purchasing organizations',
        response: { 200: CurrentUser, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      if (!req.auth?.claims) throw unauthorized();
      return getCurrentUserBySubject(ctx, req.auth.claims.sub);
    },
  );

  r.put(
    '/api/user/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The signed-in person's contact details: name (required) and phone (optional)",
        body: UpdateContactBody,
        response: { 200: CurrentUser, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      if (!req.auth?.claims) throw unauthorized();
      return updateContact(ctx, req.auth.claims.sub, req.body);
    },
  );

  r.post(
    '/api/user/create',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Create (idempotently) the user from the token's subject and e-mail",
        body: EmptyBody,
        response: { 200: CurrentUser, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => {
      if (!req.auth?.claims) throw unauthorized();
      return createUserFromToken(ctx, req.auth.claims);
    },
  );
}
