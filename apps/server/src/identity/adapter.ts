/**
 * oidc-provider's storage adapter over the `oidc_payloads` table: sessions, interactions,
 * grants, authorization codes, refresh tokens (and every other model the provider persists)
 * live in the database, so any server process can continue what another one started.
 *
 * Expired rows are never returned; they are deleted opportunistically (at most every few
 * minutes per process, in small batches) so the table does not grow without bound.
 */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.js';
import { oidcPayloads } from './schema.js';

const CLEANUP_INTERVAL_MS = 5 * 60 * 1000;
const CLEANUP_BATCH = 500;

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
    // node-postgres reports rowCount, PGlite affectedRows.
    const counts = result as { rowCount?: number | null; affectedRows?: number };
    return counts.rowCount ?? counts.affectedRows ?? 0;
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
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
      const expiresAt = typeof expiresIn === 'number' ? new Date(now().getTime() + expiresIn * 1000) : null;
      const values = {
        payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values({ model: this.model, id, ...values })
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

    find(id: string) {
      return this.findOne('id', id);
    }

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
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id), isNull(oidcPayloads.consumedAt)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
    }
  }

  return Object.assign(DatabaseAdapter, { removeExpired });
}
