import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiKey, ApiKeyList, ApiKeyParams, CreateApiKeyBody, CreatedApiKey, ErrorBody, OrgIdParams } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { requireUserId } from '../../auth/plugin.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { apiKeyAt, createApiKey, listApiKeys, revokeApiKey } from '../../auth/api-keys.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['api keys'];
const manageKeys = memberOf(organizationParam(), { role: 'admin', action: 'manage API keys' });

/**
 * An organization's API keys (issue 26): owners and admins list, create and revoke them. The
 * keys themselves are checked in auth/plugin.ts; what each may call is auth/api-key-scopes.ts.
 * No key can manage keys (these routes are not in that table).
 */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/organization/:org_id/api_keys';

  r.get(
    base,
    {
      config: { access: manageKeys },
      schema: {
        tags,
        summary: "The organization's API keys: active ones newest first, then the revoked; never their secrets",
        params: OrgIdParams,
        response: { 200: ApiKeyList, ...errors },
      },
    },
    async (req) => ({ api_keys: await listApiKeys(ctx.db, req.params.org_id) }),
  );

  r.post(
    base,
    {
      config: { access: manageKeys },
      schema: {
        tags,
        summary: 'Create an API key with scopes; its token is in this answer only',
        description:
          'The `token` (`cb_live_…`) is shown once: store it in your other system. Send it as `Authorization: Bearer cb_live_…`. ' +
          'At most 25 active keys per organization (409 api_key_limit).',
        params: OrgIdParams,
        body: CreateApiKeyBody,
        response: { 200: CreatedApiKey, ...errors, 409: ErrorBody },
      },
    },
    async (req) => {
      const created = await createApiKey(ctx.db, {
        organizationId: req.params.org_id,
        userId: requireUserId(req),
        name: req.body.name,
        scopes: req.body.scopes,
      });
      return created;
    },
  );

  r.delete(
    `${base}/:api_key_id`,
    {
      config: { access: memberOf(organizationParam(), apiKeyAt('params', 'api_key_id'), { role: 'admin', action: 'manage API keys' }) },
      schema: {
        tags,
        summary: 'Revoke an API key: every request with it is refused (401) from now on',
        params: ApiKeyParams,
        response: { 200: ApiKey, ...errors },
      },
    },
    async (req) => revokeApiKey(ctx.db, req.params.org_id, req.params.api_key_id),
  );
}
