/**
 * Bearer-token authentication and the per-route access policies.
 * onRequest: verify the token (401) — a person's access token (JWT), or an organization's API
 * key `cb_live_…` (auth/api-keys.ts: checked and counted against its rate, 429). preHandler
 * (after validation): resolve the user and check membership (403); a key must have a scope
 * that opens the route (auth/api-key-scopes.ts) and counts as a member of its own
 * organization only. Memberships are read from the database, or kept by the process until a
 * PostgreSQL notification says they changed (`accessFacts`, auth/access-facts.ts): a revoked
 * member loses access once the notification arrives in every process (at once in the process
 * that made the change). A route may have one more value selected by that membership query for
 * its handler (`config.accessAlongside`, see policies.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { userIdForSubject } from '../modules/users/service.js';
import { forbidden, notFound, unauthorized, DomainError } from '../lib/errors.js';
import type { TokenClaims, TokenVerifier } from './token-verifier.js';
import {
  alongsideSql,
  referencedId,
  type AccessAlongside,
  type AccessAlongsideValue,
  type AccessPolicy,
  type Grant,
} from './policies.js';
import { teamRoleAtLeast, teamRoleHolders, type TeamRole } from '@cratebase/contract';
import { selectAlongside, type Access, type Role } from './access.js';
import { readAccessNow, type AccessFacts } from './access-facts.js';
import { checkApiKey, isApiKeyToken, type ApiKeyCaller } from './api-keys.js';
import { apiKeyScopesFor } from './api-key-scopes.js';

export interface AuthContext {
  /** The access token's claims (null for an API key). */
  claims: TokenClaims | null;
  /** The API key the request came with (null for a person's token). */
  apiKey: ApiKeyCaller | null;
  /** users.id once known (null before POST /api/user/create). */
  userId: string | null;
  /** The caller's roles in the organizations the route's policy checked. */
  roles?: Map<string, Role>;
  /** The caller's team role in those of them where they are a member. */
  teamRoles?: Map<string, TeamRole>;
  /** The value of the route's `config.accessAlongside`, selected with the access check. */
  alongside?: unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
    /** One more value selected in the access check's statement, for the handler (policies.ts). */
    accessAlongside?: AccessAlongside;
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
  /** Requests per minute per API key. */
  apiKeyRateLimit: number;
  /** Access facts kept by this process (auth/access-facts.ts); without them every check reads the database. */
  accessFacts?: AccessFacts;
}

function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  if (!m) throw unauthorized('The Authorization header must be "Bearer <access token>".');
  return m[1]!;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, { db, verifier, apiKeyRateLimit, accessFacts }) => {
    const userIds = new Map<string, string>();

    async function resolveUserId(sub: string): Promise<string | null> {
      const cached = userIds.get(sub);
      if (cached) return cached;
      const id = await userIdForSubject(db, sub);
      if (!id) return null;
      if (userIds.size >= USER_ID_CACHE_MAX) userIds.clear();
      userIds.set(sub, id);
      return id;
    }

    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (route.config?.accessAlongside && (!access || access === 'public')) {
        throw new Error(`Route ${String(route.method)} ${route.url}: accessAlongside needs a policy with a signed-in caller`);
      }
    });

    app.addHook('onRequest', async (req, reply) => {
      const access = req.routeOptions.config.access;
      if (!access || access === 'public') return;
      const token = bearerToken(req);
      if (!token) throw unauthorized();
      if (isApiKeyToken(token)) {
        const checked = await checkApiKey(db, token, apiKeyRateLimit);
        if (!checked.ok && checked.reason === 'rate_limited') {
          reply.header('retry-after', String(checked.retryAfterSeconds));
          throw new DomainError(
            'rate_limited',
            'rate_limited',
            `This API key made more than ${apiKeyRateLimit} requests this minute. Try again in ${checked.retryAfterSeconds} s.`,
          );
        }
        if (!checked.ok) throw new DomainError('unauthenticated', 'invalid_api_key', 'This API key is not valid: it was revoked or never existed.');
        req.auth = { claims: null, apiKey: checked.caller, userId: checked.caller.userId };
        return;
      }
      const claims = await verifier.verify(token);
      req.auth = { claims, apiKey: null, userId: null };
    });

    app.addHook('preHandler', async (req) => {
      const { access, accessAlongside } = req.routeOptions.config;
      if (!access || access === 'public') return;
      const auth = req.auth;
      if (!auth) throw unauthorized();
      if (auth.apiKey) {
        const key = auth.apiKey;
        const scopes = apiKeyScopesFor(req.method, req.routeOptions.url ?? '');
        // Routes for people (sign-in, the team, payments set-up, keys and webhooks) take no key.
        if (!scopes || typeof access === 'string') {
          throw new DomainError('forbidden', 'api_key_not_allowed', 'API keys cannot use this route: sign in as a member instead.');
        }
        if (!scopes.some((scope) => key.scopes.includes(scope))) {
          throw new DomainError(
            'forbidden',
            'api_key_scope_missing',
            `This API key needs the scope ${scopes.join(' or ')} for this route.`,
          );
        }
        const grants = 'anyOf' in access ? access.anyOf : [access];
        const checked = await enforceGrants(db, req, keyAccess(db, key), grants, accessAlongside);
        auth.roles = checked.roles;
        auth.teamRoles = checked.teamRoles;
        auth.alongside = checked.alongside;
        return;
      }
      if (access !== 'signed-in') {
        auth.userId = await resolveUserId(auth.claims!.sub);
        if (!auth.userId) {
          throw new DomainError('forbidden', 'account_not_created', 'Finish creating your account first (POST /api/user/create).');
        }
      }
      if (access === 'signed-in' || access === 'user') {
        if (accessAlongside) auth.alongside = await selectAlongside(db, alongsideSql(accessAlongside(req)));
        return;
      }
      const grants = 'anyOf' in access ? access.anyOf : [access];
      const route = `${req.method} ${req.routeOptions.url ?? ''}`;
      const checked = await enforceGrants(db, req, userAccess(db, auth.userId!, accessFacts, route), grants, accessAlongside);
      auth.roles = checked.roles;
      auth.teamRoles = checked.teamRoles;
      auth.alongside = checked.alongside;
    });
  },
  { name: 'cratebase-auth' },
);

/** How the caller relates to the owners found (with a route's `accessAlongside` value, if any). */
type AccessOf = (owners: string[], alongside: AccessAlongsideValue | undefined) => Promise<Access & { alongside: unknown }>;

/**
 * A person: their memberships and purchasing relationships, read in one query (auth/access.ts),
 * or kept by this process until a notification says they changed (auth/access-facts.ts).
 */
const userAccess =
  (db: Db, userId: string, facts: AccessFacts | undefined, route: string): AccessOf =>
  async (owners, alongside) =>
    facts ? facts.read(userId, owners, alongside, route) : readAccessNow(db, userId, owners, alongside);

/**
 * An API key: a member with the admin team role of its own organization, and nothing to any
 * other — so a grant passes only when every resource it names is the key's organization's.
 */
const keyAccess =
  (db: Db, key: ApiKeyCaller): AccessOf =>
  async (owners, alongside) => {
    const roles = new Map<string, Role>();
    const teamRoles = new Map<string, TeamRole>();
    if (owners.includes(key.organizationId)) {
      roles.set(key.organizationId, 'member');
      teamRoles.set(key.organizationId, 'admin');
    }
    return { roles, teamRoles, alongside: alongside ? await selectAlongside(db, alongsideSql(alongside)) : undefined };
  };

/**
 * Resolves every resource the grants name to its owning organizations, reads the caller's
 * roles (and team roles) in all of them with one query, and passes when one grant's every
 * resource is owned by an organization where the caller has an allowed role — as a member,
 * with at least the grant's team role when it names one. Refuses with the first reference's
 * answer (404 for ids that must not be probed, 403 for organizations); a member whose team
 * role is too low gets 403 naming the role needed ("Only an owner or admin can …"). The route's
 * `accessAlongside` value, if any, is selected by that same query and returned with the roles.
 */
async function enforceGrants(
  db: Db,
  req: FastifyRequest,
  accessOf: AccessOf,
  grants: readonly Grant[],
  alongside: AccessAlongside | undefined,
): Promise<Access & { alongside: unknown }> {
  const resolved = await Promise.all(
    grants.map((g) =>
      Promise.all(
        g.on.map(async (ref) => {
          const id = referencedId(req, ref);
          if (id === undefined) return { ref, skip: Boolean(ref.optional), owners: [] as string[] };
          return { ref, skip: false, owners: await ref.owners(db, id, req) };
        }),
      ),
    ),
  );
  const owners = resolved.flat().flatMap((r) => r.owners);
  // With an `accessAlongside`, its value rides along in the same statement (policies.ts).
  const checked = await accessOf(owners, alongside?.(req));
  const { roles, teamRoles } = checked;
  const passes = (g: Grant, org: string) => {
    const role = roles.get(org);
    if (!role || !g.allow.includes(role)) return false;
    return role !== 'member' || !g.minRole || teamRoleAtLeast(teamRoles.get(org), g.minRole);
  };
  const failing = grants.map((g, i) => resolved[i]!.filter((r) => !r.skip && !r.owners.some((o) => passes(g, o))));
  if (failing.some((refs) => refs.length === 0)) return checked;
  // Refused. A member whose team role is too low learns which role it takes: they can see the
  // resource anyway.
  const first = grants[0]!;
  if (first.minRole && failing[0]!.every((r) => r.owners.some((o) => roles.get(o) === 'member'))) {
    const what = first.action ?? 'do this';
    throw new DomainError('forbidden', 'role_required', `Only ${teamRoleHolders(first.minRole)} can ${what}.`);
  }
  // When an id that must not be probed is among the first grant's failures, say it does not
  // exist rather than that it exists elsewhere.
  const hidden = failing[0]!.find((r) => r.ref.deny === 404);
  if (hidden) throw notFound(capitalise(hidden.ref.resource));
  throw forbidden();
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The caller's role in an organization, as the policy found it (undefined when the route's
 * policy did not involve that organization or the caller has none there).
 */
export function viewerRole(req: FastifyRequest, organizationId: string): Role | undefined {
  return req.auth?.roles?.get(organizationId);
}

/**
 * The caller's team role (owner, admin, staff) in an organization, as the policy found it
 * (undefined when the route's policy did not involve that organization or the caller is not
 * one of its members).
 */
export function viewerTeamRole(req: FastifyRequest, organizationId: string): TeamRole | undefined {
  return req.auth?.teamRoles?.get(organizationId);
}

/**
 * The value the route's `config.accessAlongside` selected with the access check (undefined for
 * routes without one). See policies.ts.
 */
export function accessAlongside(req: FastifyRequest): unknown {
  return req.auth?.alongside;
}

/** The signed-in user's id inside a handler whose policy guarantees one. */
export function requireUserId(req: FastifyRequest): string {
  const id = req.auth?.userId;
  if (!id) throw unauthorized();
  return id;
}
