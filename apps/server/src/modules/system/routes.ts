import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.js';
import type { Database } from '../../db/client.js';

const READY_TIMEOUT_MS = 2000;

/** Health, readiness, the SPA's runtime configuration and the OpenAPI document. */
export async function systemRoutes(app: FastifyInstance, { ctx, database }: { ctx: AppContext; database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;

  r.get(
    '/healthz',
    { config: { access: 'public' }, schema: { hide: true } },
    async () => ({ status: 'ok' }),
  );

  r.get(
    '/readyz',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_req, reply) => {
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS).unref()),
        ]);
        return { status: 'ready', database: database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: database.kind });
      }
    },
  );

  const webConfig = {
    oidc: {
      authority: config.identity.issuer,
      client_id: config.identity.clientId,
      scope: config.identity.scope,
      extra_query_params:
        config.identity.mode === 'external' ? { audience: config.identity.audience } : ({} as Record<string, string>),
    },
    public_url: config.publicUrl,
  };
  r.get(
    '/config.json',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: z.any() } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return webConfig;
    },
  );

  r.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async () => app.swagger(),
  );
}
