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
import { reconcileOpenSessions, type ReconcileRound } from './service.js';

export const RECONCILE_INTERVAL_MS = 60_000;

export interface Reconciler {
  start(): void;
  stop(): Promise<void>;
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = reconcileOpenSessions(ctx)
        .then((r) => {
          if (r.completed + r.ended + r.refunded > 0) ctx.log.info(r, 'checkout reconciler: sessions settled');
        })
        .catch((err: unknown) => ctx.log.warn({ err }, 'checkout reconciler: round failed; retrying at the next one'))
        .finally(schedule);
    }, intervalMs);
    // Never keeps the process alive on its own.
    timer.unref();
  };

  return {
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runOnce: (opts) => reconcileOpenSessions(ctx, opts),
  };
}
