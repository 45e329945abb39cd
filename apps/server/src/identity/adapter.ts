/**
 * oidc-provider's storage adapter over the `oidc_payloads` table: sessions, interactions,
 * grants, authorization codes, refresh tokens (and every other model the provider persists)
 * live in the database, so any server process can continue what another one started.
 *
 * Bearer values are stored hashed (like the payment and bank tokens): for every model whose id
 * is what a client or browser presents — a refresh token, an authorization code, a session or
 * interaction cookie, a device code… — the row's id is the SHA-256 (hex) of that value, and the
 * payload keeps no copy of it (its `jti` is put back from the presented value on a read). A
 * copy of the table therefore holds nothing that can be replayed at /oidc/token or as a
 * cookie. Grant, Client and ReplayDetection ids stay as they are: they are no credentials, and
 * the other rows name their grant by id (`grant_id`, revokeByGrantId). The `uid`, `grant_id`
 * and `user_code` columns are unchanged, so their look-ups work as before. Migration
 * 0024_hash_oidc_token_ids hashed the rows stored before.
 *
 * Expired rows are never returned; they are deleted opportunistically (at most every few
 * minutes per process, in small batches) so the table does not grow without bound.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.js';
import { oidcPayloads } from './schema.js';

const CLEANUP_INTERVAL_MS = 5 * 60 * 1000;
const CLEANUP_BATCH = 500;

/**
 * The models whose ids are stored as they are; every other model's id is a bearer value and is
 * stored hashed (a model oidc-provider adds later is hashed by default). Migration 0024 names
 * the same three.
 */
export const PLAIN_ID_MODELS: ReadonlySet<string> = new Set(['Grant', 'Client', 'ReplayDetection']);

/** The stored key of a bearer id: SHA-256 of its UTF-8 bytes, in hex (as the migration computes it). */
export function hashOidcId(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

/** Stands for the interaction's own id inside its stored `returnTo` (the resume URL ends with it). */
const ID_PLACEHOLDER = '{id}';

/** The payload as stored for a hashed model: without its id (`jti`), nor anything that repeats it. */
function storedPayload(model: string, id: string, payload: AdapterPayload): AdapterPayload {
  const { jti: _jti, ...rest } = payload;
  const stored: AdapterPayload = rest;
  if (typeof stored.returnTo === 'string') stored.returnTo = stored.returnTo.split(id).join(ID_PLACEHOLDER);
  // An interaction copies its session's cookie value (`session.cookie`), which nothing reads
  // back; the session's uid and account stay.
  if (model === 'Interaction' && stored.session && typeof stored.session === 'object') {
    const { cookie: _cookie, ...session } = stored.session as Record<string, unknown>;
    stored.session = session as AdapterPayload['session'];
  }
  return stored;
}

/** A hashed model's payload read back for the id the caller presented. */
function presentedPayload(id: string, payload: AdapterPayload): AdapterPayload {
  const restored: AdapterPayload = { ...payload, jti: id };
  if (typeof restored.returnTo === 'string') restored.returnTo = restored.returnTo.split(ID_PLACEHOLDER).join(id);
  return restored;
}

export interface OidcAdapterOptions {
  /** Override the clock (tests). */
  now?: () => Date;
}

export function createOidcAdapter(
  db: Db,
  options: OidcAdapterOptions = {},
): AdapterConstructor & {
  /** Deletes up to one batch of expired rows; resolves with the number deleted. */
  removeExpired(): Promise<number>;
} {
  const now = options.now ?? (() => new Date());
  let lastCleanup = Date.now();

  async function removeExpired(): Promise<number> {
    const result = await db.execute(sql`
      delete from ${oidcPayloads}
      where ctid in (
        select ctid from ${oidcPayloads}
        where ${oidcPayloads.expiresAt} < ${now().toISOString()}::timestamptz
        limit ${CLEANUP_BATCH}
      )`);
    return (result as { rowCount?: number | null }).rowCount ?? 0;
  }

  async function maybeCleanup() {
    if (Date.now() - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = Date.now();
    try {
      await removeExpired();
    } catch {
      // Housekeeping only: a failure here must never fail a sign-in.
    }
  }

  const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now()));

  function withConsumed(row: { payload: unknown; consumedAt: Date | null } | undefined): AdapterPayload | undefined {
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  class DatabaseAdapter implements Adapter {
    private readonly hashed: boolean;

    constructor(private readonly model: string) {
      this.hashed = !PLAIN_ID_MODELS.has(model);
    }

    /** The row's id for the id oidc-provider names. */
    private key(id: string): string {
      return this.hashed ? hashOidcId(id) : id;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
      const expiresAt = typeof expiresIn === 'number' ? new Date(now().getTime() + expiresIn * 1000) : null;
      const values = {
        payload: this.hashed ? storedPayload(this.model, id, payload) : payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values({ model: this.model, id: this.key(id), ...values })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
      await maybeCleanup();
    }

    private async findOne(column: 'id' | 'uid' | 'userCode', value: string): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads[column], value), notExpired()))
        .limit(1);
      return withConsumed(row);
    }

    async find(id: string) {
      const found = await this.findOne('id', this.key(id));
      return found && this.hashed ? presentedPayload(id, found) : found;
    }

    /**
     * A session by its uid (oidc-provider reads it to check an interaction's or a token's
     * session; it never saves what it found this way). Its id cannot be given back: only its
     * hash is stored, so the payload has no `jti`.
     */
    findByUid(uid: string) {
      return this.findOne('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findOne('userCode', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: now() })
        .where(
          and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, this.key(id)), isNull(oidcPayloads.consumedAt)),
        );
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, this.key(id))));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
    }
  }

  return Object.assign(DatabaseAdapter, { removeExpired });
}
