/**
 * Bearer-token authentication and the per-route access policies.
 * onRequest: verify the token (401). preHandler (after validation): resolve the user and
 * check membership (403). Membership is always read from the database, so a revoked member
 * loses access on the next request in every process.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users, memberships } from '../db/schema.js';
import { forbidden, unauthorized, HttpError } from '../lib/errors.js';
import type { TokenClaims, TokenVerifier } from './token-verifier.js';
import type { AccessPolicy } from './policies.js';

export interface AuthContext {
  claims: TokenClaims;
  /** users.id once known (null before POST /api/user/create). */
  userId: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** sub → users.id never changes once created, so it is safe to remember per process. */
const USER_ID_CACHE_MAX = 10_000;

export interface AuthPluginOptions {
  db: Db;
  verifier: TokenVerifier;
}

function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  if (!m) throw unauthorized('The Authorization header must be "Bearer <access token>".');
  return m[1]!;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, { db, verifier }) => {
    const userIds = new Map<string, string>();

    async function resolveUserId(sub: string): Promise<string | null> {
      const cached = userIds.get(sub);
      if (cached) return cached;
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.authSubject, sub)).limit(1);
      if (!row) return null;
      if (userIds.size >= USER_ID_CACHE_MAX) userIds.clear();
      userIds.set(sub, row.id);
      return row.id;
    }

    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (req) => {
      const access = req.routeOptions.config.access;
      if (!access || access === 'public') return;
      const token = bearerToken(req);
      if (!token) throw unauthorized();
      const claims = await verifier.verify(token);
      req.auth = { claims, userId: null };
    });

    app.addHook('preHandler', async (req) => {
      const access = req.routeOptions.config.access;
      if (!access || access === 'public' || access === 'signed-in') return;
      const auth = req.auth;
      if (!auth) throw unauthorized();
      auth.userId = await resolveUserId(auth.claims.sub);
      if (!auth.userId) {
        throw new HttpError(403, 'account_not_created', 'Finish creating your account first (POST /api/user/create).');
      }
      if (typeof access === 'object' && 'member' in access) {
        const orgId = (req.params as Record<string, string>)[access.member];
        if (!orgId || !(await isMember(db, auth.userId, orgId))) throw forbidden();
      } else if (typeof access === 'object' && 'memberOrPurchaser' in access) {
        const orgId = (req.params as Record<string, string>)[access.memberOrPurchaser];
        if (!orgId || !(await isMemberOrPurchaser(db, auth.userId, orgId))) throw forbidden();
      }
    });
  },
  { name: 'cratebase-auth' },
);

export async function isMember(db: Db, userId: string, organizationId: string): Promise<boolean> {
  const rows = await db
    .select({ one: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  return rows.length > 0;
}

/** Member of the organization, or member of an organization that purchases from it. */
export async function isMemberOrPurchaser(db: Db, userId: string, organizationId: string): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from memberships m where m.user_id = ${userId} and m.organization_id = ${organizationId}
      union all
      select 1 from memberships m
        join purchasing_relationships pr on pr.purchaser_organization_id = m.organization_id
       where m.user_id = ${userId} and pr.seller_organization_id = ${organizationId}
    ) as ok`);
  return Boolean(result.rows[0]?.ok);
}

/** The signed-in user's id inside a handler whose policy guarantees one. */
export function requireUserId(req: FastifyRequest): string {
  const id = req.auth?.userId;
  if (!id) throw unauthorized();
  return id;
}
