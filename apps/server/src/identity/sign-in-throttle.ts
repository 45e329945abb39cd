/**
 * Per-account back-off for sign-in, on top of the per-IP limit: password guessing spread over
 * many addresses still meets it. Counted per e-mail in `sign_in_failures`, known or not (the
 * same answer for an unknown address, so nothing tells whether an account exists), and shared
 * by every server process.
 *
 * The first FREE_FAILURES failures within FAILURE_WINDOW cost nothing. From then on each
 * failure makes the next attempt wait 2, 4, 8… seconds, at most MAX_WAIT_SECONDS: never a
 * permanent lock, so nobody can lock a person out for good by guessing at their address.
 * While the wait lasts every attempt is refused before the password is looked at (right or
 * wrong, so the wait cannot be used to probe) and does not count. A successful sign-in clears
 * the count; FAILURE_WINDOW after the last failure (or the end of the wait) it is forgotten.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export const FREE_FAILURES = 5;
export const FAILURE_WINDOW_SECONDS = 15 * 60;
export const MAX_WAIT_SECONDS = 15 * 60;

/** The clock the back-off reads (tests move it instead of sleeping). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** Seconds the next attempt waits after `failures` failures in a row (0: none). */
export function waitAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  // The exponent is capped before power() so a long run of failures cannot overflow.
  return Math.min(2 ** Math.min(failures - FREE_FAILURES + 1, 20), MAX_WAIT_SECONDS);
}

/** "Too many failed sign-in attempts for this account. Try again in 4 minutes." */
export function throttleMessage(waitSeconds: number): string {
  const wait =
    waitSeconds < 60
      ? `${waitSeconds} second${waitSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(waitSeconds / 60)} minute${Math.ceil(waitSeconds / 60) === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts for this account. Try again in ${wait}.`;
}

export type SignInAttempt =
  /** Go ahead and check the password; if it is wrong, the next attempt waits `waitIfWrong` seconds. */
  | { allowed: true; waitIfWrong: number }
  /** Refused unchecked: try again in `retryAfterSeconds`. */
  | { allowed: false; retryAfterSeconds: number };

const CLEANUP_EVERY = 200;
let attempts = 0;

/**
 * Call before checking a password. Counts the attempt as a failure in advance, in one
 * statement, so parallel guesses cannot all pass before the first failure is written; a
 * correct password then clears it (clearSignInFailures).
 */
export async function beginSignInAttempt(db: Db, email: string, now: Date): Promise<SignInAttempt> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const second = sql`interval '1 second'`;
  const failures = sql`case when coalesce(f.blocked_until, f.last_failed_at) + ${FAILURE_WINDOW_SECONDS} * ${second} <= ${at}
                            then 1 else f.failures + 1 end`;
  const counted = await db.execute<{ failures: number }>(sql`
    insert into sign_in_failures as f (email, failures, last_failed_at, blocked_until)
    values (${email}, 1, ${at}, null)
    on conflict (email) do update set
      failures = ${failures},
      last_failed_at = ${at},
      blocked_until = case when ${failures} >= ${FREE_FAILURES}
                           then ${at} + least(power(2, least(${failures} - ${FREE_FAILURES - 1}, 20)), ${MAX_WAIT_SECONDS}) * ${second}
                      end
     where f.blocked_until is null or f.blocked_until <= ${at}
    returning failures`);

  if (++attempts % CLEANUP_EVERY === 0) {
    void db
      .execute(
        sql`delete from sign_in_failures
             where coalesce(blocked_until, last_failed_at) < ${at} - ${FAILURE_WINDOW_SECONDS} * ${second}`,
      )
      .catch(() => {});
  }

  const row = counted.rows[0];
  if (row) return { allowed: true, waitIfWrong: waitAfterFailures(row.failures) };
  const blocked = await db.execute<{ wait: number }>(sql`
    select ceil(extract(epoch from (blocked_until - ${at})))::int as wait from sign_in_failures where email = ${email}`);
  return { allowed: false, retryAfterSeconds: Math.max(1, blocked.rows[0]?.wait ?? 1) };
}

/** After a correct password: the count starts again from zero. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from sign_in_failures where email = ${email}`);
}
