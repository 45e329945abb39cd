/**
 * Password hashing with node:crypto scrypt. The stored form carries its parameters,
 * `scrypt$<N>$<r>$<p>$<salt>$<hash>` (salt and hash base64url), so the cost can be raised
 * later: `needsRehash` tells the caller to store a fresh hash after a successful sign-in.
 *
 * Every hash (sign-up, sign-in, the unknown-e-mail timing guard) takes 32 MiB outside the
 * JavaScript heap while it runs, so they pass through one process-wide gate (`HashGate`): at
 * most `concurrency` at once, at most `maxWaiting` more waiting in order, and beyond that a
 * `HashingBusyError` at once (the routes answer 503 with Retry-After) instead of memory that
 * grows with the burst. The hash cost itself is unchanged.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** About 85 ms and 32 MiB per hash on a 2-core server: slow for guessing, fine for sign-in. */
export const CURRENT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/** Memory one hash with these parameters holds while it runs (scrypt's 128·N·r bytes). */
export function hashMemoryBytes(params: ScryptParams = CURRENT_PARAMS): number {
  return 128 * params.N * params.r;
}

/** Refused without hashing: too many hashes are running and waiting. */
export class HashingBusyError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super('Too many sign-ins at this moment.');
    this.name = 'HashingBusyError';
  }
}

export interface HashGateOptions {
  /** Hashes that run at once. */
  concurrency: number;
  /** Hashes that may wait for a turn; one more is refused with HashingBusyError. */
  maxWaiting: number;
}

/**
 * A first-in-first-out gate: `run(job)` starts the job when fewer than `concurrency` run,
 * queues it when fewer than `maxWaiting` wait, and otherwise rejects with HashingBusyError
 * without calling it. The Retry-After it suggests is the queue's length in average job times.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private averageMs = 100;
  readonly concurrency: number;
  readonly maxWaiting: number;

  constructor(opts: HashGateOptions) {
    if (!Number.isInteger(opts.concurrency) || opts.concurrency < 1) throw new Error('concurrency must be at least 1');
    if (!Number.isInteger(opts.maxWaiting) || opts.maxWaiting < 0) throw new Error('maxWaiting must be 0 or more');
    this.concurrency = opts.concurrency;
    this.maxWaiting = opts.maxWaiting;
  }

  /** Jobs running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Throws HashingBusyError when a job given to `run` now would be refused: callers check it
   * before work that a refusal should not follow (sign-in counts an attempt in advance). Two
   * requests can both pass it and one still be refused by `run`.
   */
  assertRoom(): void {
    if (this.running >= this.concurrency && this.waiting.length >= this.maxWaiting) throw this.busy();
  }

  private busy(): HashingBusyError {
    const turns = Math.ceil((this.waiting.length + 1) / this.concurrency);
    return new HashingBusyError(Math.max(1, Math.ceil((turns * this.averageMs) / 1000)));
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) return this.start(job);
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(this.busy());
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => this.start(job).then(resolve, reject));
    });
  }

  private async start<T>(job: () => Promise<T>): Promise<T> {
    this.running++;
    const started = performance.now();
    try {
      return await job();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/** One at a time and a hundred waiting until configured (configurePasswordHashing at start-up). */
let gate = new HashGate({ concurrency: 1, maxWaiting: 100 });

/** Sets the process-wide hashing gate (buildApp calls it from the configuration). */
export function configurePasswordHashing(opts: HashGateOptions): void {
  gate = new HashGate(opts);
}

export function passwordHashingGate(): HashGate {
  return gate;
}

function scrypt(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return gate.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scrypt(password, salt, KEY_LENGTH, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  hash: Buffer;
}

function parse(encoded: string): ParsedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const hash = Buffer.from(parts[5]!, 'base64url');
  const sane =
    Number.isInteger(N) &&
    N >= 2 &&
    N <= 2 ** 20 &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 32 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16 &&
    salt.length >= 8 &&
    hash.length >= 16;
  return sane ? { N, r, p, salt, hash } : null;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const candidate = await scrypt(password, parsed.salt, parsed.hash.length, parsed);
  return timingSafeEqual(candidate, parsed.hash);
}

export function needsRehash(encoded: string): boolean {
  const parsed = parse(encoded);
  return !parsed || parsed.N < CURRENT_PARAMS.N || parsed.r !== CURRENT_PARAMS.r || parsed.p !== CURRENT_PARAMS.p;
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first unknown-e-mail sign-in (call at start-up). */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummyHash;
}

/**
 * Spends the same time as checking a real password, for sign-ins with an unknown e-mail, so
 * response times do not reveal which e-mails have accounts. Always resolves false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await prepareDummyHash());
  return false;
}
