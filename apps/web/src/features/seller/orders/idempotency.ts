import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency';

export { newIdempotencyKey };

/**
 * True when the server answered the call (400, 403, 409…): the next click is a new action with a
 * new key. A lost answer (no connection) or a 5xx may have done the work: the retry keeps the key.
 */
export function serverAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The key of the action being taken: kept while it is retried after a lost answer, renewed once
 * it succeeded, was refused, or its form was closed.
 */
export function useIdempotencyKey(): { key: string; renew: () => void; settle: (error: unknown) => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  const settle = useCallback(
    (error: unknown) => {
      if (!error || serverAnswered(error)) renew();
    },
    [renew],
  );
  return { key, renew, settle };
}
