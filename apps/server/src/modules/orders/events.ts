/**
 * The order's timeline (issue 23): every change after checkout is an event written in the
 * transaction that made it — who (seller, buyer or Cratebase, and which member), when, what.
 * A command's Idempotency-Key is kept on its event: the same key again answers the order as it
 * is (nothing done twice); with another request it is refused.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { OrderActorSide, OrderEventKind } from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import { refusal } from '../../lib/errors.js';

export interface NewOrderEvent {
  orderId: string;
  kind: OrderEventKind;
  side: OrderActorSide;
  userId: string | null;
  summary: string;
  note?: string | null;
  details?: Record<string, unknown>;
  /** The command's key and request fingerprint (one event per command carries them). */
  idempotency?: { key: string; hash: string };
}

/** Written at the clock's time (not the transaction's): a command's events keep the order they were written in. */
export async function recordOrderEvent(tx: DbOrTx, e: NewOrderEvent): Promise<void> {
  await tx.execute(sql`
    insert into order_events (order_id, kind, actor_side, actor_user_id, summary, note, details, idempotency_key, request_hash,
                              created_at)
    values (${e.orderId}, ${e.kind}, ${e.side}, ${e.userId}, ${e.summary}, ${e.note ?? null},
            ${JSON.stringify(e.details ?? {})}::jsonb, ${e.idempotency?.key ?? null}, ${e.idempotency?.hash ?? null},
            clock_timestamp())`);
}

/** A request's fingerprint: the command's name and its body, canonical. */
export function commandHash(command: string, body: unknown): string {
  return createHash('sha256')
    .update(`${command}\u0000${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Whether the command with this key already ran on the order (call it with the order's row
 * locked): true — answer the order as it is; false — run it. 409 idempotency_key_reused when the
 * key was used for another request.
 */
export async function alreadyDone(
  tx: DbOrTx,
  orderId: string,
  key: string | undefined,
  hash: string,
): Promise<boolean> {
  if (!key) return false;
  const found = await tx.execute<{ request_hash: string | null }>(sql`
    select request_hash from order_events where order_id = ${orderId} and idempotency_key = ${key}`);
  const row = found.rows[0];
  if (!row) return false;
  if (row.request_hash !== hash) {
    throw refusal(
      'conflict',
      'idempotency_key_reused',
      'idempotency-key',
      'This Idempotency-Key was already used for another change of this order. Send a new key for a new change.',
    );
  }
  return true;
}
