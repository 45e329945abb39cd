/**
 * Commands: multi-step writes that must happen whole or not at all, once.
 *
 *   runCommand(db, { name: 'inventory.record', scope: orgId, idempotencyKey, request }, async (tx) => …)
 *
 * - One transaction: every step runs on `tx`; a thrown error rolls everything back.
 * - Idempotent when the caller sends a key (the Idempotency-Key header): the key is claimed in
 *   `idempotency_keys` inside the same transaction, so
 *     · a retry after success gets the first answer again (`replayed: true`) and changes nothing;
 *     · a retry after a failure runs again (the failed attempt rolled its claim back);
 *     · two requests with one key at the same moment: the second waits on the first's claim
 *       (the primary key's row lock) and then answers with its result;
 *     · the same key with a different request is refused (409 idempotency_key_reused).
 *   Keys are scoped (an organization or user id), so callers cannot collide across tenants.
 * - Domain errors (lib/errors.ts) are mapped to HTTP statuses in one place, the app's error
 *   handler; commands never speak HTTP.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client.js';
import { idempotencyKeys } from './schema.js';
import { conflict } from '../lib/errors.js';

export interface CommandOptions {
  /** What the command does, e.g. 'inventory.record' (a key is bound to one command). */
  name: string;
  /** Whose keys these are: the organization (or user) the command acts for. */
  scope: string;
  /** The caller's idempotency key, if any. */
  idempotencyKey?: string | null;
  /** The request that the key stands for; a reused key with another request is refused. */
  request?: unknown;
}

export type CommandResult<T> = { result: T; replayed: boolean };

/** A stable fingerprint of a request (keys sorted, so field order does not matter). */
export function fingerprint(request: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(request ?? null)))
    .digest('base64url');
}

export async function runCommand<T>(
  db: DbOrTx,
  opts: CommandOptions,
  steps: (tx: Tx) => Promise<T>,
): Promise<CommandResult<T>> {
  return db.transaction(async (tx) => {
    const key = opts.idempotencyKey;
    if (!key) return { result: await steps(tx), replayed: false };

    const requestHash = fingerprint(opts.request);
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope: opts.scope, key, command: opts.name, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [previous] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, opts.scope), eq(idempotencyKeys.key, key)));
      if (!previous || previous.command !== opts.name || previous.requestHash !== requestHash) {
        throw conflict('This Idempotency-Key was already used for a different request.', 'idempotency_key_reused');
      }
      return { result: previous.response as T, replayed: true };
    }
    const result = await steps(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: result as object })
      .where(and(eq(idempotencyKeys.scope, opts.scope), eq(idempotencyKeys.key, key)));
    return { result, replayed: false };
  });
}
