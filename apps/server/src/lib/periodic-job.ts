/**
 * A job every server process runs on a schedule (the checkout reconciler, the refund settler,
 * the invoice reminders): one round, then the next `intervalMs` after it ends — never two rounds
 * of one job at once in a process. A failed round is logged and the next one tries again; the
 * timer never keeps the process alive; `stop()` waits for a round in flight, so a server closes
 * only after it. Rounds are safe across processes by their own locks, not by this.
 */
export interface PeriodicJob {
  start(): void;
  /** Stops scheduling, and resolves once a round in flight has ended. */
  stop(): Promise<void>;
}

export function periodicJob<R>(opts: {
  intervalMs: number;
  /** One round. */
  run: () => Promise<R>;
  /** What to log after a round (nothing when it did nothing). */
  done: (result: R) => void;
  /** A round that threw: log it (the next round retries). */
  failed: (err: unknown) => void;
}): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = opts.run().then(opts.done).catch(opts.failed).finally(schedule);
    }, opts.intervalMs);
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
  };
}
