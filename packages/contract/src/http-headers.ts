/** Custom HTTP headers of the API (zod-free, and apart from the other constants so the web's first load takes only these). */

/** Response header carrying the cursor of the next page (lists stay arrays in the body). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/** Request header that makes an inventory transaction safe to retry. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
