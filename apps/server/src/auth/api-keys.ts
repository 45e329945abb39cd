/**
 * API keys (issue 26): a seller's other systems — a web shop, a warehouse, an accounting
 * package — call the same /api routes a signed-in member does, with `Authorization: Bearer
 * cb_live_…`. A key belongs to one organization and acts only there, only on the routes its
 * scopes open (api-key-scopes.ts), as a member with the admin team role; what it does is
 * recorded as done by the member who made it. The plugin (auth/plugin.ts) checks the key, its
 * rate and its scopes before the route's policy runs the usual way.
 *
 * Only the SHA-256 of a key is stored: the key is 32 random bytes, so a plain hash cannot be
 * reversed, and a lookup by hash is one index probe (a slow password hash would cost every
 * request). The table is auth's (auth/schema.ts); this file is its only reader.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { API_KEY_LIMITS, API_KEY_PREFIX, maskedApiKey, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@cratebase/contract';
import type { Db, DbOrTx } from '../db/client.js';
import { usersSql } from '../modules/users/sql.js';
import { conflict, notFound } from '../lib/errors.js';
import type { ResourceRef } from './policies.js';

/** A checked key, as the request carries it. */
export interface ApiKeyCaller {
  id: string;
  organizationId: string;
  scopes: readonly ApiKeyScope[];
  /** The member who made the key: its actions are recorded as theirs. */
  userId: string;
}

/** What checking a key found: the caller, or why not. */
export type ApiKeyCheck =
  | { ok: true; caller: ApiKeyCaller }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The fixed window of the per-key limit. */
const RATE_WINDOW_SECONDS = 60;

/**
 * Checks a presented key and counts the request, in one statement: a revoked, unknown or
 * deleted-organization key is not found; a key over `perMinute` requests in its current
 * minute is refused with the seconds left in it. `last_used_at` moves at most once a minute.
 * The counter lives in the key's row, so every server process counts against one limit.
 */
export async function checkApiKey(db: Db, token: string, perMinute: number): Promise<ApiKeyCheck> {
  const result = await db.execute<{
    id: string;
    organization_id: string;
    scopes: ApiKeyScope[];
    created_by_user_id: string;
    hits: number;
    retry_after: number;
  }>(sql`
    update api_keys k set
      rate_window_hits = case when k.rate_window_started_at <= now() - make_interval(secs => ${RATE_WINDOW_SECONDS})
                              then 1 else k.rate_window_hits + 1 end,
      rate_window_started_at = case when k.rate_window_started_at <= now() - make_interval(secs => ${RATE_WINDOW_SECONDS})
                                    then now() else k.rate_window_started_at end,
      last_used_at = case when k.last_used_at is null or k.last_used_at < now() - interval '1 minute'
                          then now() else k.last_used_at end
     where k.token_hash = ${hashToken(token)} and k.revoked_at is null
    returning k.id, k.organization_id, k.scopes, k.created_by_user_id, k.rate_window_hits as hits,
              greatest(1, ceil(extract(epoch from k.rate_window_started_at + make_interval(secs => ${RATE_WINDOW_SECONDS}) - now())))::int
                as retry_after`);
  const row = result.rows[0];
  if (!row) return { ok: false, reason: 'unknown' };
  if (Number(row.hits) > perMinute) return { ok: false, reason: 'rate_limited', retryAfterSeconds: Number(row.retry_after) };
  return {
    ok: true,
    caller: { id: row.id, organizationId: row.organization_id, scopes: row.scopes, userId: row.created_by_user_id },
  };
}

type KeyRow = {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  token_last4: string;
  created_at: string;
  creator_name: string | null;
  creator_email: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

const u = usersSql().alias('u');

/** The columns of a key as its list shows it (FROM api_keys k, joined to its creator u). */
const keyColumns = sql`k.id, k.name, k.scopes, k.token_last4, k.last_used_at, k.revoked_at, k.created_at,
  ${u.col('name')} as creator_name, ${u.col('email')} as creator_email`;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    masked: maskedApiKey(row.token_last4),
    created_at: iso(row.created_at)!,
    created_by: { name: row.creator_name, email: row.creator_email },
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
  };
}

/** The organization's keys, newest first: active ones, then the revoked (they stay listed). */
export async function listApiKeys(db: DbOrTx, organizationId: string): Promise<ApiKey[]> {
  const result = await db.execute<KeyRow>(sql`
    select ${keyColumns}
      from api_keys k join ${u.from} on ${u.col('id')} = k.created_by_user_id
     where k.organization_id = ${organizationId}
     order by (k.revoked_at is null) desc, k.created_at desc, k.id desc`);
  return result.rows.map(toApiKey);
}

/**
 * Makes a key for the organization, answering its token this once. At most
 * API_KEY_LIMITS.activePerOrganization keys not revoked: the organization's keys are locked
 * while counting, so two creations at once cannot both pass the limit.
 */
export async function createApiKey(
  db: Db,
  input: { organizationId: string; userId: string; name: string; scopes: readonly ApiKeyScope[] },
): Promise<CreatedApiKey> {
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    // Serialises key creation per organization (an advisory lock: there may be no row to lock yet).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api_keys:${input.organizationId}`}, 0))`);
    const counted = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from api_keys where organization_id = ${input.organizationId} and revoked_at is null`);
    if (Number(counted.rows[0]!.n) >= API_KEY_LIMITS.activePerOrganization) {
      throw conflict(
        `An organization can have at most ${API_KEY_LIMITS.activePerOrganization} active API keys: revoke one you no longer use first.`,
        'api_key_limit',
      );
    }
    const scopes = sql`array[${sql.join(
      input.scopes.map((s) => sql`${s}`),
      sql`, `,
    )}]::text[]`;
    const inserted = await tx.execute<KeyRow>(sql`
      with k as (
        insert into api_keys (organization_id, name, scopes, token_hash, token_last4, created_by_user_id)
        values (${input.organizationId}, ${input.name}, ${scopes}, ${hashToken(token)}, ${token.slice(-4)}, ${input.userId})
        returning *)
      select ${keyColumns} from k join ${u.from} on ${u.col('id')} = k.created_by_user_id`);
    return { ...toApiKey(inserted.rows[0]!), token };
  });
}

/**
 * Revokes a key of the organization: every request with it is refused from now on, in every
 * process (each request reads the key's row). Revoking a revoked key answers it as it is.
 */
export async function revokeApiKey(db: Db, organizationId: string, keyId: string): Promise<ApiKey> {
  const result = await db.execute<KeyRow>(sql`
    with k as (
      update api_keys set revoked_at = coalesce(revoked_at, now())
       where id = ${keyId} and organization_id = ${organizationId}
      returning *)
    select ${keyColumns} from k join ${u.from} on ${u.col('id')} = k.created_by_user_id`);
  const row = result.rows[0];
  if (!row) throw notFound('API key');
  return toApiKey(row);
}

/** A policy reference (auth/policies.ts): an API key, owned by its organization; 404 elsewhere. */
export const apiKeyAt = (...at: ResourceRef['at']): ResourceRef => ({
  resource: 'API key',
  at,
  deny: 404,
  async owners(db, id) {
    const result = await db.execute<{ organization_id: string }>(sql`select organization_id from api_keys where id = ${id}`);
    return result.rows.map((r) => r.organization_id);
  },
});
