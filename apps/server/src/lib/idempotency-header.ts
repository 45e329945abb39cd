/**
 * The optional `Idempotency-Key` request header of the commands a retry may repeat (refunds,
 * the order changes of issue 23): a retry with the same key answers what the first request did.
 */
import { z } from 'zod';

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
});
