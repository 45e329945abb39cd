/**
 * A fresh Idempotency-Key (server: lib/idempotency-header.ts): one per user action, so a retry of
 * the same action after a lost answer sends the same key and the server answers it once.
 */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
