/**
 * Access policies. Every route under /api declares exactly one in `config.access`;
 * app.ts refuses to start if one is missing, and a test walks the route table.
 *
 *  - public           anyone, no token (only the invite metadata call and infrastructure)
 *  - signed-in        a valid access token; the user row may not exist yet (user/create, user/me)
 *  - user             a valid token whose subject has a user row
 *  - { member }       a user who is a member of the organization named by a path parameter
 *  - { memberOrPurchaser }  a member of that organization, or a member of an organization
 *                     that buys from it (accepted one of its invites)
 *  - { check }        a user, plus a resource check done by the route's own service
 */
import type { FastifyRequest } from 'fastify';

export type AccessPolicy =
  | 'public'
  | 'signed-in'
  | 'user'
  | { member: string }
  | { memberOrPurchaser: string }
  | { check: string };

export function describePolicy(p: AccessPolicy): string {
  if (typeof p === 'string') return p;
  if ('member' in p) return `member of :${p.member}`;
  if ('memberOrPurchaser' in p) return `member or purchaser of :${p.memberOrPurchaser}`;
  return `user + ${p.check}`;
}

export type ResourceCheck = (req: FastifyRequest) => Promise<void>;
