/**
 * The mail worker: one per server process, all sharing mail_outbox.
 *
 * Every poll (and at once when this process queues a message; lib/periodic-job.ts schedules the
 * rounds) it claims a batch of due
 * messages in one statement — `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` — so
 * two processes never claim the same row. A claim sets status `sending`, bumps `attempts` and
 * moves `next_attempt_at` to the end of the claim's lock: if the process dies mid-send, the
 * message becomes due again when the lock expires. `attempts` doubles as the claim's fencing
 * token: only the holder of the latest claim may record the outcome.
 *
 * Outcomes: sent; or queued again after an exponential backoff with jitter; or failed after
 * the last attempt (or at once for a malformed header), with last_error kept. Nothing here
 * runs inside a request.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { PermanentMailError, type MailTransport } from './interface.js';
import { onMailQueued } from './queue.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { periodicJob, type PeriodicJob } from '../../lib/periodic-job.js';

export type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  log?: MailLog;
  /** Polling interval when idle (ms). */
  pollIntervalMs?: number;
  /** Messages claimed per round. */
  batchSize?: number;
  /** How long a claim holds a message before another worker may take it again (ms). */
  lockMs?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** Delay before attempt `attempt + 1` after attempt `attempt` failed (ms). */
  retryDelayMs?: (attempt: number) => number;
  /** React to wakeMailWorkers() in this process (default true). */
  wakeOnEnqueue?: boolean;
}

export interface RoundResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

export const MAIL_DEFAULTS = {
  pollIntervalMs: 1000,
  batchSize: 20,
  lockMs: 2 * 60_000,
  maxAttempts: 8,
} as const;

/**
 * 1 min, 2, 4, 8, 16, 32, then 60 min (capped), each between 50 % and 100 % of that
 * ("equal jitter"), so a burst of failures does not retry in lockstep. Eight attempts span
 * about two hours.
 */
export function defaultRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = 60_000;
  const cap = 60 * 60_000;
  const exp = Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

const silentLog: MailLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as MailLog;

type ClaimedRow = {
  id: string;
  to_email: string;
  from_email: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
};

function describeError(err: unknown): string {
  const e = err as { message?: string; responseCode?: number; response?: string; code?: string };
  const parts = [e?.message ?? String(err)];
  if (e?.code && !parts[0]!.includes(e.code)) parts.push(`(${e.code})`);
  return parts.join(' ').slice(0, 1000);
}

export class MailWorker {
  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly log: MailLog;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly lockMs: number;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: (attempt: number) => number;
  private readonly wakeOnEnqueue: boolean;
  private readonly job: PeriodicJob;

  private started = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;

  constructor(opts: MailWorkerOptions) {
    this.db = opts.db;
    this.transport = opts.transport;
    this.log = opts.log ?? silentLog;
    this.pollIntervalMs = opts.pollIntervalMs ?? MAIL_DEFAULTS.pollIntervalMs;
    this.batchSize = opts.batchSize ?? MAIL_DEFAULTS.batchSize;
    this.lockMs = opts.lockMs ?? MAIL_DEFAULTS.lockMs;
    this.maxAttempts = opts.maxAttempts ?? MAIL_DEFAULTS.maxAttempts;
    this.retryDelayMs = opts.retryDelayMs ?? ((attempt) => defaultRetryDelayMs(attempt));
    this.wakeOnEnqueue = opts.wakeOnEnqueue ?? true;
    this.job = periodicJob({
      intervalMs: this.pollIntervalMs,
      firstDelayMs: 0,
      run: () => this.runOnce(),
      // A full batch means more may be waiting.
      again: (r) => r.claimed >= this.batchSize,
      done: () => {},
      // The database may be down for a moment: say so and try again at the next poll.
      failed: (err) =>
        this.log.warn({ err: describeError(err) }, 'mail worker: round failed; retrying at the next poll'),
    });
  }

  get transportName(): string {
    return this.transport.name;
  }

  /** Starts polling (idempotent). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    if (this.wakeOnEnqueue) this.unsubscribe = onMailQueued(() => this.wake());
    this.job.start();
  }

  /**
   * Stops polling and waits for the round in flight, at most `waitMs` (default STOP_WAIT_MS: a
   * send stuck on a dead server must not hold up shutdown; its message is retried once its claim
   * expires).
   */
  async stop(waitMs?: number): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.job.stop(waitMs);
  }

  /** Run a round now (or right after the one in flight). */
  wake(): void {
    this.job.wake();
  }

  /**
   * Runs rounds until nothing is due (or the time is up): for tests and for a clean hand-off.
   * Returns the totals.
   */
  async drain(timeoutMs = 10_000): Promise<RoundResult> {
    const total: RoundResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // A background round may hold messages it claimed; wait for it before looking again,
      // so "drained" means nothing due is left queued or in flight in this process.
      await this.job.inFlight();
      const r = await this.runOnce();
      total.claimed += r.claimed;
      total.sent += r.sent;
      total.retried += r.retried;
      total.failed += r.failed;
      if ((r.claimed === 0 && !this.job.inFlight()) || Date.now() > deadline) return total;
    }
  }

  /** One round: give up on abandoned messages that used every attempt, claim a batch, send it. */
  async runOnce(): Promise<RoundResult> {
    const result: RoundResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    const abandoned = await this.db.execute<{ id: string }>(sql`
      update mail_outbox
         set status = 'failed', locked_until = null,
             last_error = left(coalesce(last_error || ' — ', '') || 'the worker stopped while sending; no attempts left', 1000)
       where status = 'sending' and next_attempt_at <= now() and attempts >= ${this.maxAttempts}
      returning id`);
    result.failed += abandoned.rows.length;

    // The claim's end as this process sees it (taken before the claim, so never later than it).
    const claimEnds = Date.now() + this.lockMs;
    const claimed = await this.db.execute<ClaimedRow>(sql`
      update mail_outbox m
         set status = 'sending',
             attempts = m.attempts + 1,
             locked_until = now() + ${this.lockMs} * interval '1 millisecond',
             next_attempt_at = now() + ${this.lockMs} * interval '1 millisecond'
       where m.id in (
         select d.id from mail_outbox d
          where d.status in ('queued', 'sending') and d.next_attempt_at <= now() and d.attempts < ${this.maxAttempts}
          order by d.next_attempt_at, d.id
          limit ${this.batchSize}
          for update skip locked)
      returning m.id, m.to_email, m.from_email, m.subject, m.html, m.text, m.attempts`);
    result.claimed = claimed.rows.length;

    await Promise.all(
      claimed.rows.map(async (row) => {
        const outcome = await this.deliver(row, claimEnds);
        result[outcome] += 1;
      }),
    );
    return result;
  }

  private async deliver(row: ClaimedRow, claimEnds: number): Promise<'sent' | 'retried' | 'failed'> {
    let messageId: string | null;
    try {
      ({ messageId } = await this.transport.send({
        id: row.id,
        from: row.from_email,
        to: row.to_email,
        subject: row.subject,
        html: row.html,
        text: row.text,
      }));
    } catch (err) {
      const error = describeError(err);
      const permanent = err instanceof PermanentMailError;
      if (permanent || row.attempts >= this.maxAttempts) {
        await this.record(row, claimEnds, sql`status = 'failed', last_error = ${error}`);
        this.log.error({ mailId: row.id, attempts: row.attempts, err: error }, 'mail: giving up on a message');
        return 'failed';
      }
      const delay = Math.max(0, Math.round(this.retryDelayMs(row.attempts)));
      await this.record(
        row,
        claimEnds,
        sql`status = 'queued', last_error = ${error}, next_attempt_at = now() + ${delay} * interval '1 millisecond'`,
      );
      this.log.warn(
        { mailId: row.id, attempts: row.attempts, retryInMs: delay, err: error },
        'mail: send failed; will retry',
      );
      return 'retried';
    }
    await this.record(
      row,
      claimEnds,
      sql`status = 'sent', sent_at = now(), last_error = null, transport = ${this.transport.name}, provider_message_id = ${messageId}`,
    );
    this.log.debug({ mailId: row.id, messageId }, 'mail: sent');
    return 'sent';
  }

  /**
   * Writes an outcome only while this claim is still the latest one (attempts unchanged).
   * The database may be restarting when the SMTP server has just accepted a message: the
   * outcome is written once it is back (within the claim), not lost — a lost "sent" would have
   * the message claimed and sent again when the claim runs out.
   */
  private async record(row: ClaimedRow, claimEnds: number, set: SQL): Promise<void> {
    let delayMs = 100;
    let updated;
    for (;;) {
      try {
        updated = await this.db.execute(sql`
          update mail_outbox set ${set}, locked_until = null
           where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}
          returning id`);
        break;
      } catch (err) {
        if (!isDatabaseUnavailable(err) || Date.now() + delayMs >= claimEnds) throw err;
        this.log.warn({ mailId: row.id, err: describeError(err) }, 'mail: database unavailable; recording the outcome again');
        await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
        delayMs = Math.min(delayMs * 2, 2000);
      }
    }
    if (updated.rows.length === 0) {
      this.log.warn({ mailId: row.id }, 'mail: the claim expired before the outcome was recorded');
    }
  }
}
