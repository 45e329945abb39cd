/**
 * A job every server process runs on a schedule (the checkout reconciler, the refund settler,
 * the invoice reminders, the mail worker): one round, then the next `intervalMs` after it ends —
 * never two rounds of one job at once in a process. A failed round is logged and the next one
 * tries again; the timer never keeps the process alive; `stop()` waits for a round in flight,
 * so a server closes only after it — but at most `stopWaitMs`: a round stuck on a provider that
 * does not answer must not hold up shutdown (what it left half-way, the next process's rounds
 * finish). Rounds are safe across processes by their own locks, not by this.
 */

/** What the app starts once it is ready and stops when it closes. */
export interface Job {
  start(): void;
  stop(): Promise<void>;
}

export interface PeriodicJob extends Job {
  /** Stops scheduling, and resolves once a round in flight has ended, or after `waitMs` at the latest. */
  stop(waitMs?: number): Promise<void>;
  /** A round now, or right after the one in flight (nothing before start() or after stop()). */
  wake(): void;
  /** The rounds in flight (a round and those it asked for right after it), if any. */
  inFlight(): Promise<void> | undefined;
}

/** How long stop() waits for a round in flight unless the job says otherwise. */
export const STOP_WAIT_MS = 5_000;

export function periodicJob<R>(opts: {
  intervalMs: number;
  /** Before the first round (default: `intervalMs`). */
  firstDelayMs?: number;
  /** How long stop() waits for a round in flight (default `STOP_WAIT_MS`). */
  stopWaitMs?: number;
  /** One round. */
  run: () => Promise<R>;
  /** Another round right after this one (a full batch: more may be waiting). */
  again?: (result: R) => boolean;
  /** What to log after a round (nothing when it did nothing). */
  done: (result: R) => void;
  /** A round that threw: log it (the next round retries). */
  failed: (err: unknown) => void;
}): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  let stopped = false;
  let woken = false;
  const rounds = async () => {
    do {
      woken = false;
      const result = await opts.run();
      opts.done(result);
      if (opts.again?.(result)) woken = true;
    } while (woken && !stopped);
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      running = rounds()
        .catch(opts.failed)
        .finally(() => {
          running = undefined;
          schedule(opts.intervalMs);
        });
    }, delayMs);
    // Never keeps the process alive on its own.
    timer.unref();
  };
  return {
    start() {
      started = true;
      stopped = false;
      schedule(opts.firstDelayMs ?? opts.intervalMs);
    },
    async stop(waitMs = opts.stopWaitMs ?? STOP_WAIT_MS) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!running) return;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (timeout = setTimeout(resolve, waitMs)))]);
      clearTimeout(timeout);
    },
    wake() {
      if (!started || stopped) return;
      if (running) woken = true;
      else schedule(0);
    },
    inFlight: () => running,
  };
}
