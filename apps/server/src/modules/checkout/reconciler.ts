/**
 * The checkout reconciler: the provider's webhook, for when no webhook comes. Every minute each
 * server process asks the payments provider about the checkout sessions still open after a
 * minute, completes the orders of those that were paid (a server stopped between a payment and
 * its completion, a buyer who closed the tab before the return page, a webhook lost on the way)
 * and ends those that expired, releasing their stock. It also finishes what a request left
 * half-way: superseded sessions the provider has not yet been told to end, and payments that
 * could not be used (refund_due), which it refunds with an e-mail to the buyer. Completion is idempotent and safe across
 * processes, so several reconcilers, the return page and the webhook may meet on one session.
 */
import type { AppContext } from '../../lib/context.js';
import { periodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { reconcileOpenSessions, type ReconcileRound } from './service.js';

export const RECONCILE_INTERVAL_MS = 60_000;

export interface Reconciler extends PeriodicJob {
  /** One round now (tests and operators; `olderThanMs` 0 takes every open session). */
  runOnce(opts?: { olderThanMs?: number }): Promise<ReconcileRound>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's checkout reconciler (tests run a round). */
    checkoutReconciler: Reconciler;
  }
}

export function createReconciler(ctx: AppContext, intervalMs = RECONCILE_INTERVAL_MS): Reconciler {
  const job = periodicJob({
    intervalMs,
    run: () => reconcileOpenSessions(ctx),
    done: (r) => {
      if (r.completed + r.ended + r.refunded > 0) ctx.log.info(r, 'checkout reconciler: sessions settled');
    },
    failed: (err) => ctx.log.warn({ err }, 'checkout reconciler: round failed; retrying at the next one'),
  });
  return { ...job, runOnce: (opts) => reconcileOpenSessions(ctx, opts) };
}
