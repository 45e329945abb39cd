import { afterEach, describe, expect, it, vi } from 'vitest';
import { periodicJob } from './periodic-job.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A round the test ends by hand. */
function deferred() {
  let resolve!: (n: number) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('periodicJob', () => {
  it('runs one round at a time, the next an interval after the last ended; a failed round is reported and the next runs', async () => {
    vi.useFakeTimers();
    const rounds: ReturnType<typeof deferred>[] = [];
    const done = vi.fn();
    const failed = vi.fn();
    const job = periodicJob({
      intervalMs: 1_000,
      run: () => {
        const round = deferred();
        rounds.push(round);
        return round.promise;
      },
      done,
      failed,
    });
    job.start();
    expect(rounds).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toHaveLength(1);
    // A slow round: no second one starts meanwhile.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rounds).toHaveLength(1);
    rounds[0]!.resolve(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledWith(7);
    await vi.advanceTimersByTimeAsync(999);
    expect(rounds).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toHaveLength(2);
    rounds[1]!.reject(new Error('database down'));
    await vi.advanceTimersByTimeAsync(0);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message: 'database down' }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toHaveLength(3);
    rounds[2]!.resolve(0);
    await job.stop();
  });

  it('stop() waits for the round in flight and schedules no more', async () => {
    vi.useFakeTimers();
    const rounds: ReturnType<typeof deferred>[] = [];
    const job = periodicJob({
      intervalMs: 100,
      run: () => {
        const round = deferred();
        rounds.push(round);
        return round.promise;
      },
      done: () => {},
      failed: () => {},
    });
    job.start();
    await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    rounds[0]!.resolve(1);
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rounds).toHaveLength(1);
  });

  it('stop() resolves after its limit when a round hangs, and schedules no more', async () => {
    vi.useFakeTimers();
    const run = vi.fn(() => new Promise<number>(() => {}));
    const job = periodicJob({ intervalMs: 100, stopWaitMs: 1_000, run, done: () => {}, failed: () => {} });
    job.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(job.inFlight()).toBeDefined();
    const stopped = vi.fn();
    void job.stop().then(stopped);
    await vi.advanceTimersByTimeAsync(999);
    expect(stopped).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(stopped).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('wake() runs a round at once, or right after the one in flight; again() asks for the next at once', async () => {
    vi.useFakeTimers();
    // Each round waits for the test to end it with a number of messages handled.
    const ends: Array<(n: number) => void> = [];
    const run = vi.fn(() => new Promise<number>((end) => ends.push(end)));
    const job = periodicJob({
      intervalMs: 60_000,
      firstDelayMs: 0,
      run,
      again: (n) => n >= 10,
      done: () => {},
      failed: () => {},
    });
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).not.toHaveBeenCalled();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    // A full batch: the next round at once.
    ends[0]!(10);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    // Woken during a round: one more right after it.
    job.wake();
    ends[1]!(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(3);
    ends[2]!(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(job.inFlight()).toBeUndefined();
    // Idle: a wake-up runs a round now, not a minute later.
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(4);
    ends[3]!(0);
    await job.stop();
    job.wake();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(4);
  });
});
