/**
 * Access policies. Every route under /api declares exactly one in `config.access`; app.ts
 * refuses to start if one is missing, and apps/server/src/auth/route-table.test.ts calls every
 * route as four kinds of stranger.
 *
 *  - 'public'       anyone, no token (the invite metadata call and infrastructure)
 *  - 'signed-in'    a valid access token; the user row may not exist yet (user/create, user/me)
 *  - 'user'         a valid token whose subject has a user row
 *  - a grant        a user with one of `allow`'s roles in the organization(s) that own every
 *                   resource in `on` — e.g. `memberOf(organizationParam('org_id'))`,
 *                   `memberOf(productAt('params', 'id'))`, `memberOrPurchaserOf(...)`; a member
 *                   grant may also require a team role (owner ⊇ admin ⊇ staff):
 *                   `memberOf(organizationParam(), { role: 'admin', action: 'change payments' })`
 *                   refuses staff with 403 "Only an owner or admin can change payments."
 *  - { anyOf }      the first grant that passes
 *
 * A resource reference says where its id is in the request and how to find the organizations
 * that own it. The plugin (auth/plugin.ts) resolves it and checks the caller's roles with one
 * membership query (auth/access.ts) before the handler runs, so a handler never runs for a
 * caller the policy does not allow.
 *
 * Alongside the check (optional, per route): `config.accessAlongside: (req) => SQL` names one
 * more value the handler needs from the database — e.g. the version of the data a cached
 * answer was built from. The plugin selects it in the same statement as the membership query
 * (auth/access.ts `readAccessRows`), so it costs no extra round trip and is read in the same
 * snapshot; the handler reads it with `accessAlongside(req)` (auth/plugin.ts). It is selected
 * for every signed-in caller that gets as far as the membership query and discarded when the
 * caller is refused, so it must not write or reveal anything; 'public' routes cannot have one
 * (the app refuses to start). For 'signed-in' and 'user' policies, which make no membership
 * query, it is selected on its own. The function receives the validated request: build the SQL
 * from it with bound values, never by pasting text.
 *
 * A route may let each process keep the value with the membership rows
 * (`keptUntilNotified(key, () => SQL)`, below; auth/access-facts.ts): the check is then answered
 * without the database until a PostgreSQL notification names the user or an id bound in the
 * statement — only for statements that read nothing but what the notification triggers cover
 * (migration 0041).
 */
import type { FastifyRequest } from 'fastify';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { TeamRole } from '@cratebase/contract';
import type { Role } from './access.js';

export type RequestPart = 'params' | 'body' | 'query';

export interface ResourceRef {
  /** What the id names: 'organization', 'product', 'invite'… (messages and the route walk). */
  resource: string;
  /** Where the id is: the request part, then the path inside it (`['body', 'organization', 'id']`). */
  at: readonly [RequestPart, ...string[]];
  /** Without an id there (e.g. `body.id` absent on a create) the reference is skipped. */
  optional?: boolean;
  /**
   * The organizations that own the resource; the caller needs an allowed role in one of them.
   * An empty list means the resource does not exist (or is not reachable this way).
   */
  owners(db: Db, id: string, req: FastifyRequest): Promise<string[]>;
  /** Answer when refused: 404 for ids that must not be probed, 403 for organizations. */
  deny: 403 | 404;
}

export interface Grant {
  allow: readonly Role[];
  on: readonly ResourceRef[];
  /** Members pass only with at least this team role (owner ⊇ admin ⊇ staff); purchasers are not affected. */
  minRole?: TeamRole;
  /** What the role is needed for, in the refusal: "change payments". */
  action?: string;
}

/** A member grant's team-role requirement: `{ role: 'admin', action: 'change payments' }`. */
export interface RoleOption {
  role: TeamRole;
  action: string;
}

export type AccessPolicy = 'public' | 'signed-in' | 'user' | Grant | { anyOf: readonly Grant[] };

/**
 * One scalar SQL value the policy's membership query selects for the handler (see above). The
 * expression must not have side effects: it also runs for callers the policy then refuses.
 */
export type AccessAlongside = (req: FastifyRequest) => AccessAlongsideValue;

/**
 * An `accessAlongside` value a process may keep (auth/access-facts.ts) until a notification
 * names one of the ids bound in its statement: `keep` must determine the statement for the
 * route and user (the route and user are added to it), and the statement may read only what
 * the notification triggers cover (migration 0041: memberships, purchasing relationships,
 * customer price lists, price lists, catalogue versions, organizations' names), of the ids
 * bound in it. `sql` is only called when the value is read.
 */
export interface KeptAlongside {
  readonly keep: string;
  readonly sql: () => SQL;
}

export type AccessAlongsideValue = SQL | KeptAlongside;

/** A kept `accessAlongside` value (see KeptAlongside). */
export const keptUntilNotified = (keep: string, build: () => SQL): KeptAlongside => ({ keep, sql: build });

export function isKeptAlongside(v: AccessAlongsideValue): v is KeptAlongside {
  return typeof (v as Partial<KeptAlongside>).keep === 'string' && typeof (v as Partial<KeptAlongside>).sql === 'function';
}

/** The statement of an `accessAlongside` value. */
export const alongsideSql = (v: AccessAlongsideValue): SQL => (isKeptAlongside(v) ? v.sql() : v);

export function isGrant(p: AccessPolicy): p is Grant {
  return typeof p === 'object' && 'allow' in p;
}

/** An organization named by its id somewhere in the request. */
export function organizationAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'organization', at, deny: 403, owners: async (_db, id) => [id] };
}

/**
 * A resource whose row names the one organization that owns it: the row with this `id`, its
 * `organizationId` (none when there is no such row; 404, so ids cannot be probed).
 */
export function ownedRowAt(
  resource: string,
  table: PgTable & { id: PgColumn; organizationId: PgColumn },
  at: ResourceRef['at'],
): ResourceRef {
  return {
    resource,
    at,
    deny: 404,
    async owners(db, id) {
      const rows = await db
        .select({ organizationId: table.organizationId })
        .from(table)
        .where(eq(table.id, id))
        .limit(1);
      return rows.map((r) => r.organizationId as string);
    },
  };
}

/** The usual case: an organization id in a path parameter. */
export const organizationParam = (name = 'org_id') => organizationAt('params', name);

/**
 * Members of the organizations owning every reference; with a trailing `{ role, action }`, only
 * members with at least that team role.
 */
export function memberOf(...args: [ResourceRef, ...(ResourceRef | RoleOption)[]]): Grant {
  const on = args.filter((a): a is ResourceRef => 'at' in a);
  const option = args.find((a): a is RoleOption => !('at' in a));
  return option ? { allow: ['member'], on, minRole: option.role, action: option.action } : { allow: ['member'], on };
}
export const memberOrPurchaserOf = (...on: ResourceRef[]): Grant => ({ allow: ['member', 'purchaser'], on });
export const anyOf = (...grants: Grant[]): AccessPolicy => ({ anyOf: grants });

/** The id a reference points at, or undefined when the request has none there. */
export function referencedId(
  req: Pick<FastifyRequest, 'params' | 'body' | 'query'>,
  ref: ResourceRef,
): string | undefined {
  const [part, ...path] = ref.at;
  let v: unknown = req[part];
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function describeRef(ref: ResourceRef): string {
  const [part, ...path] = ref.at;
  const where = part === 'params' ? `:${path.join('.')}` : `${part}.${path.join('.')}`;
  return ref.resource === 'organization' ? where : `the ${ref.resource} ${where}`;
}

function describeGrant(g: Grant): string {
  const who = g.allow.map((a) => (a === 'member' && g.minRole ? `member (${g.minRole} or above)` : a)).join(' or ');
  return `${who} of ${g.on.map(describeRef).join(' and ')}`;
}

/** One line per policy, for the OpenAPI descriptions and test names. */
export function describePolicy(p: AccessPolicy): string {
  if (typeof p === 'string') return p;
  if ('anyOf' in p) return p.anyOf.map(describeGrant).join('; or ');
  return describeGrant(p);
}

/** Every resource reference of a policy (the route walk fills them with a victim's ids). */
export function policyRefs(p: AccessPolicy): ResourceRef[] {
  if (typeof p === 'string') return [];
  if ('anyOf' in p) return p.anyOf.flatMap((g) => [...g.on]);
  return [...p.on];
}
