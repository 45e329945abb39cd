/**
 * Password hashing with node:crypto scrypt. The stored form carries its parameters,
 * `scrypt$<N>$<r>$<p>$<salt>$<hash>` (salt and hash base64url), so the cost can be raised
 * later: `needsRehash` tells the caller to store a fresh hash after a successful sign-in.
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

function scrypt(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
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
