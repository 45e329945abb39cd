/**
 * Whether an error means the PostgreSQL server could not be reached or dropped the connection
 * (down, restarting, shutting down, in recovery) rather than refusing the statement: the app's
 * error handler answers 503 for these, and work that already happened outside the database
 * (an e-mail handed to the SMTP server) waits for the database instead of being done again.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery)
  '57P01',
  '57P02',
  '57P03',
  // connection_exception and its subclasses
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (e?.code && CONNECTION_CODES.has(e.code)) return true;
  if (typeof e?.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  return e?.cause ? isDatabaseUnavailable(e.cause) : false;
}
