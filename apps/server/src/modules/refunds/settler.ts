/**
 * The refund settler: every minute each server process asks the payments provider again about
 * the card refunds still pending after 30 seconds — one recorded just before a crash, one whose
 * provider could not be reached, one the provider was still working on — with the refund's id as
 * the idempotency key, so the provider answers the refund it made instead of making a second.
 * Settling is safe across processes: each answer is recorded under the order row's lock, once.
 */
import type { AppContext } from '../../lib/context.js';
import { periodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { settlePendingRefunds } from './service.js';

export const REFUND_SETTLE_INTERVAL_MS = 60_000;

export interface RefundSettler extends PeriodicJob {
  /** One round now (tests and operators; `olderThanMs` 0 takes every pending refund). */
  runOnce(opts?: { olderThanMs?: number }): Promise<{ settled: number; failed: number; pending: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's refund settler (tests run a round). */
    refundSettler: RefundSettler;
  }
}

export function createRefundSettler(ctx: AppContext, intervalMs = REFUND_SETTLE_INTERVAL_MS): RefundSettler {
  const job = periodicJob({
    intervalMs,
    run: () => settlePendingRefunds(ctx),
    done: (r) => {
      if (r.settled + r.failed > 0) ctx.log.info(r, 'refund settler: refunds settled');
    },
    failed: (err) => ctx.log.warn({ err }, 'refund settler: round failed; retrying at the next one'),
  });
  return { ...job, runOnce: (opts) => settlePendingRefunds(ctx, opts) };
}
