/**
 * The password-hashing gate (passwords.ts): a burst of sign-ups runs a bounded number of
 * hashes at once, the rest wait in order up to a bound, and one more is refused at once with
 * a Retry-After instead of waiting in memory. Jobs here are promises the test settles itself:
 * nothing depends on time.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { HashGate, HashingBusyError, configurePasswordHashing, hashPassword, verifyPassword } from './passwords.js';

function deferred(): { promise: Promise<string>; resolve: (v: string) => void; reject: (e: Error) => void } {
  let resolve!: (v: string) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled promises run their callbacks. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the password-hashing gate', () => {
  it('runs at most `concurrency` jobs at once and starts the waiting ones in arrival order', async () => {
    const gate = new HashGate({ concurrency: 2, maxWaiting: 10 });
    const started: number[] = [];
    const jobs = Array.from({ length: 5 }, () => deferred());
    const results = jobs.map((job, i) =>
      gate.run(() => {
        started.push(i);
        return job.promise;
      }),
    );
    const outcomes = Promise.allSettled(results);
    await flush();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 3 });

    jobs[1]!.resolve('one');
    await flush();
    expect(started).toEqual([0, 1, 2]);
    jobs[0]!.resolve('zero');
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });

    jobs[2]!.reject(new Error('scrypt failed'));
    await flush();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    jobs[3]!.resolve('three');
    jobs[4]!.resolve('four');
    const settled = await outcomes;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'zero',
      'one',
      'scrypt failed',
      'three',
      'four',
    ]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses one job beyond the waiting bound at once, without running it, with a Retry-After', async () => {
    const gate = new HashGate({ concurrency: 1, maxWaiting: 2 });
    const blocker = deferred();
    let ran = 0;
    const job = () => {
      ran++;
      return blocker.promise;
    };
    const accepted = [gate.run(job), gate.run(job), gate.run(job)];
    expect(() => gate.assertRoom()).toThrow(HashingBusyError);

    const refused = await gate.run(job).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HashingBusyError);
    expect((refused as HashingBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger((refused as HashingBusyError).retryAfterSeconds)).toBe(true);
    expect(gate.load).toEqual({ running: 1, waiting: 2 });

    // Once the queue moves, there is room again.
    blocker.resolve('done');
    await Promise.all(accepted);
    expect(ran).toBe(3);
    expect(() => gate.assertRoom()).not.toThrow();
    await expect(gate.run(() => Promise.resolve('later'))).resolves.toBe('later');
  });

  it('with no waiting room, refuses everything while its slots are taken', async () => {
    const gate = new HashGate({ concurrency: 1, maxWaiting: 0 });
    const blocker = deferred();
    const first = gate.run(() => blocker.promise);
    await expect(gate.run(() => Promise.resolve('x'))).rejects.toBeInstanceOf(HashingBusyError);
    blocker.resolve('ok');
    await expect(first).resolves.toBe('ok');
  });

  it('refuses settings that would stop every hash', () => {
    expect(() => new HashGate({ concurrency: 0, maxWaiting: 1 })).toThrow(/concurrency/);
    expect(() => new HashGate({ concurrency: 1, maxWaiting: -1 })).toThrow(/maxWaiting/);
  });

  it('hashes and verifies through the configured gate with the unchanged cost', async () => {
    configurePasswordHashing({ concurrency: 1, maxWaiting: 4 });
    const hashes = await Promise.all([hashPassword('hunter2hunter2'), hashPassword('hunter2hunter2')]);
    expect(hashes[0]!.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 15), '8', '1']);
    await expect(verifyPassword('hunter2hunter2', hashes[1]!)).resolves.toBe(true);
  });

  it('is sized for the memory budget: one hash at a time on the embedded database, two with DATABASE_URL, or as set', () => {
    expect(loadConfig({}).passwordHashing).toEqual({ concurrency: 1, maxWaiting: 100 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).passwordHashing).toEqual({ concurrency: 2, maxWaiting: 100 });
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3', PASSWORD_HASH_QUEUE: '0' }).passwordHashing).toEqual({
      concurrency: 3,
      maxWaiting: 0,
    });
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });
});
