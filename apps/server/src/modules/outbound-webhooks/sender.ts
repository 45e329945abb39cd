/**
 * The webhook sender: a job in every server process that posts due deliveries to their
 * receivers and records each attempt.
 *
 * Claiming is one statement: it locks (SKIP LOCKED) endpoints that have a delivery due and none
 * in flight, and turns each one's oldest due delivery into `sending` with a lease. The update
 * re-checks the delivery's state on the row it writes, so two processes racing for a delivery
 * cannot both claim it; an endpoint with a delivery `sending` under a live lease is skipped, so
 * each endpoint has at most one delivery in flight across all processes (its own queue: a slow
 * or dead receiver holds back nothing but its own endpoint).
 *
 * Sends run outside the round (up to MAX_IN_FLIGHT per process): a round claims and starts
 * them, and each send that ends wakes the job for its endpoint's next delivery. A process that
 * dies mid-send leaves the lease to run out; the delivery is then claimed and sent again. So
 * delivery is at least once, and receivers dedupe on Cratebase-Event-Id (docs/webhooks.md).
 *
 * A failed attempt (no 2xx in time, a redirect, a refused address) is retried after an
 * exponential backoff with jitter (config.webhooks.retryBaseMs doubling, up to retryMaxMs) for as
 * long as the next try falls within 24 hours of the event; then it is failed.
 */
import { sql } from 'drizzle-orm';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_RETRY_WINDOW_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_USER_AGENT,
} from '@cratebase/contract';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import { periodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { onWebhookEventsRecorded, recordedEventsWoken } from './outbox.js';
import { postToReceiver, type PostOutcome } from './post.js';
import { signatureHeader } from './signing.js';

/** Sends one process runs at once (each to a different endpoint). */
export const MAX_IN_FLIGHT = 16;
/** How long events and their delivery logs are kept; each process prunes older ones hourly. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_BATCH = 1_000;

/**
 * Deletes up to PRUNE_BATCH events older than the retention (their deliveries and attempts go
 * with them), oldest first, except one still being delivered (redelivered lately). How many.
 */
export async function pruneWebhookLog(db: Db, retentionDays = WEBHOOK_LOG_RETENTION_DAYS): Promise<number> {
  const result = await db.execute(sql`
    delete from webhook_events where id in (
      select e.id from webhook_events e
       where e.created_at < now() - ${retentionDays} * interval '1 day'
         and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status in ('pending', 'sending'))
       order by e.created_at
       limit ${PRUNE_BATCH})`);
  return result.rowCount ?? 0;
}

export interface WebhookSender extends PeriodicJob {
  /**
   * Resolves once no round and no send of this process is in flight, nor one it was woken for
   * (tests: after a request that recorded events, or after a receiver got a request).
   */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's webhook sender (tests wait for it to be idle). */
    webhookSender: WebhookSender;
  }
}

type ClaimedDelivery = {
  id: string;
  endpoint_id: string;
  attempts: number;
  url: string;
  secrets: string[];
  event_id: string;
  event_type: string;
  payload: { id: string; type: string; created_at: string; organization_id: string; data: unknown };
};

/** Due: pending and its time has come, or sending under a lease that ran out (its process died). */
const due = (d: string) =>
  sql.raw(
    `${d}.status in ('pending', 'sending') and (case when ${d}.status = 'pending' then ${d}.next_attempt_at else ${d}.lease_until end) <= now()`,
  );

async function claimDeliveries(ctx: AppContext, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const result = await ctx.db.execute<ClaimedDelivery>(sql`
    with ready as (
      select e.id from webhook_endpoints e
      where e.enabled
        and e.id in (select d.endpoint_id from webhook_deliveries d where ${due('d')})
        and not exists (
          select 1 from webhook_deliveries s
          where s.endpoint_id = e.id and s.status = 'sending' and s.lease_until > now()
        )
      limit ${limit}
      for no key update of e skip locked
    ), picked as (
      select (
        select d.id from webhook_deliveries d
        where d.endpoint_id = ready.id and ${due('d')}
        order by d.created_at, d.id
        limit 1
      ) as id
      from ready
    )
    update webhook_deliveries w
    set status = 'sending', attempts = w.attempts + 1, lease_until = now() + ${leaseMs} * interval '1 millisecond'
    from picked, webhook_events ev, webhook_endpoints ep
    where w.id = picked.id and ${due('w')} and ev.id = w.event_id and ep.id = w.endpoint_id
    returning w.id, w.endpoint_id, w.attempts, ep.url, ev.id as event_id, ev.type as event_type, ev.payload,
      array_remove(array[ep.secret, case when ep.previous_secret_expires_at > now() then ep.previous_secret end], null) as secrets
  `);
  return result.rows;
}

/** The delay before retry number `attempts` + 1: base × 2^(attempts − 1), ±20 % jitter, capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30);
  return Math.round(Math.min(exponential, maxMs) * (0.8 + 0.4 * random()));
}

/**
 * The attempt into the log and the delivery's next state, one transaction. Written only while
 * the delivery is still this claim's (same attempt number, still sending): a claim whose lease
 * ran out and was taken over only logs its attempt. A deleted endpoint took its deliveries with it.
 */
async function recordAttempt(
  ctx: AppContext,
  delivery: ClaimedDelivery,
  outcome: PostOutcome,
  retryAfterMs: number,
  retryWindowMs: number,
): Promise<void> {
  const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const excerpt = outcome.responseExcerpt;
  await ctx.db.transaction(async (tx) => {
    // The endpoint's row first, shared: a disable committing meanwhile is waited for and seen
    // here, and one that comes after waits for this commit and then fails what this left pending.
    const endpoint = await tx.execute<{ enabled: boolean }>(
      sql`select enabled from webhook_endpoints where id = ${delivery.endpoint_id} for share`,
    );
    const enabled = endpoint.rows[0]?.enabled ?? false;
    await tx.execute(sql`
      insert into webhook_delivery_attempts (delivery_id, status_code, duration_ms, error, response_excerpt)
      select id, ${outcome.statusCode}, ${outcome.durationMs}, ${outcome.error}, ${excerpt}
      from webhook_deliveries where id = ${delivery.id}
    `);
    await tx.execute(sql`
      update webhook_deliveries w
      set status = case
            when ${succeeded} then 'succeeded'
            when not ${enabled} then 'failed'
            when now() + ${retryAfterMs} * interval '1 millisecond' > ev.created_at + ${retryWindowMs} * interval '1 millisecond' then 'failed'
            else 'pending' end,
          next_attempt_at = now() + ${retryAfterMs} * interval '1 millisecond',
          lease_until = null,
          last_status_code = ${outcome.statusCode},
          last_duration_ms = ${outcome.durationMs},
          last_error = case when ${succeeded} then null when not ${enabled} then 'the endpoint was disabled' else ${outcome.error} end,
          delivered_at = case when ${succeeded} then now() else null end
      from webhook_events ev
      where w.id = ${delivery.id} and w.status = 'sending' and w.attempts = ${delivery.attempts}
        and ev.id = w.event_id
    `);
  });
}

/** The body a delivery posts: the event in its documented key order (jsonb keeps its own). */
function deliveryBody(delivery: ClaimedDelivery): string {
  const { id, type, created_at, organization_id, data } = delivery.payload;
  return JSON.stringify({ id, type, created_at, organization_id, data });
}

export function createWebhookSender(
  ctx: AppContext,
  opts: { retryWindowMs?: number; maxInFlight?: number } = {},
): WebhookSender {
  const settings = ctx.config.webhooks;
  const retryWindowMs = opts.retryWindowMs ?? WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000;
  const maxInFlight = opts.maxInFlight ?? MAX_IN_FLIGHT;
  // Past the deadline of the exchange, with room for DNS and recording the attempt.
  const leaseMs = settings.timeoutMs + 60_000;
  const sends = new Set<Promise<void>>();
  const stopping = new AbortController();
  let unsubscribe: (() => void) | undefined;

  const send = async (delivery: ClaimedDelivery) => {
    const body = deliveryBody(delivery);
    const outcome = await postToReceiver({
      url: delivery.url,
      body,
      timeoutMs: settings.timeoutMs,
      allowPrivate: settings.allowPrivateUrls,
      signal: stopping.signal,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_EVENT_ID_HEADER]: delivery.event_id,
        [WEBHOOK_EVENT_TYPE_HEADER]: delivery.event_type,
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(delivery.secrets, Math.floor(Date.now() / 1000), body),
      },
    });
    // Interrupted by our own shutdown: tried again at once by whichever process is running.
    const retryAfterMs = stopping.signal.aborted
      ? 0
      : retryDelayMs(delivery.attempts, settings.retryBaseMs, settings.retryMaxMs);
    await recordAttempt(ctx, delivery, outcome, retryAfterMs, retryWindowMs);
  };

  const startSend = (delivery: ClaimedDelivery) => {
    const running: Promise<void> = send(delivery)
      .catch((err) => ctx.log.warn({ err, delivery: delivery.id }, 'webhooks: recording an attempt failed; its lease will run out and it is sent again'))
      .finally(() => {
        sends.delete(running);
        job.wake();
      });
    sends.add(running);
  };

  let prunedAt = 0;
  const job = periodicJob({
    intervalMs: settings.pollIntervalMs,
    firstDelayMs: 0,
    run: async () => {
      if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        const pruned = await pruneWebhookLog(ctx.db);
        if (pruned > 0) ctx.log.info({ pruned }, 'webhooks: pruned events past the log retention');
      }
      const room = maxInFlight - sends.size;
      if (room <= 0) return { claimed: 0, full: false };
      const claimed = await claimDeliveries(ctx, room, leaseMs);
      for (const delivery of claimed) startSend(delivery);
      return { claimed: claimed.length, full: claimed.length === room };
    },
    again: (r) => r.full,
    done: () => {},
    failed: (err) => ctx.log.warn({ err }, 'webhooks: claiming deliveries failed; retrying at the next round'),
  });

  return {
    ...job,
    start() {
      unsubscribe = onWebhookEventsRecorded(() => job.wake());
      job.start();
    },
    async stop(waitMs?: number) {
      unsubscribe?.();
      await job.stop(waitMs);
      stopping.abort();
      await Promise.allSettled([...sends]);
    },
    async idle() {
      for (;;) {
        // Events recorded a moment ago wake the job shortly (outbox.ts); a round it was woken
        // for starts on a timer set before this one.
        await recordedEventsWoken();
        await new Promise((resolve) => setTimeout(resolve, 0));
        const round = job.inFlight();
        if (!round && sends.size === 0) return;
        await Promise.allSettled([round, ...sends]);
      }
    },
  };
}
