/**
 * The outbox: what other modules call, inside the transaction of a change, to tell the seller's
 * webhook endpoints about it. The event and one pending delivery per enabled endpoint of the
 * organization subscribed to its type are written by that transaction, so an event exists if and
 * only if its change committed; the sender (sender.ts) posts them afterwards.
 *
 * It is one statement, and when the organization has no endpoint for the type it writes nothing
 * (an index lookup on webhook_endpoints by organization): checkout and stock changes pay almost
 * nothing for sellers without webhooks.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';

/** Senders of this process, woken once events were recorded (sender.ts registers them). */
const wakeListeners = new Set<() => void>();

/** The sender calls this so that a commit that recorded deliveries gets them sent at once, not at its next poll. */
export function onWebhookEventsRecorded(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

/**
 * The caller's transaction has not committed yet when this returns; the sender is woken a moment
 * later (and polls anyway), so a delivery committed late is still picked up.
 */
function wakeSendersSoon() {
  if (wakeListeners.size === 0) return;
  let fired!: () => void;
  const wake = new Promise<void>((resolve) => (fired = resolve));
  wakesPending.add(wake);
  const timer = setTimeout(() => {
    for (const listener of wakeListeners) listener();
    wakesPending.delete(wake);
    fired();
  }, 25);
  timer.unref();
}

const wakesPending = new Set<Promise<void>>();

/** Resolves once the senders were woken for every event recorded so far (the sender's idle()). */
export async function recordedEventsWoken(): Promise<void> {
  while (wakesPending.size > 0) await Promise.all([...wakesPending]);
}

/** The body every delivery of an event posts: see WebhookEventPayload in the contract. */
export function webhookEnvelope(
  id: string,
  organizationId: string,
  type: WebhookEventType,
  createdAt: Date,
  data: Record<string, unknown>,
) {
  return { id, type, created_at: createdAt.toISOString(), organization_id: organizationId, data };
}

/**
 * Whether an enabled endpoint of the organization subscribes to one of `types`: emitters whose
 * data costs a query ask first, so an organization without webhooks pays one index lookup.
 */
export async function hasWebhookSubscribers(
  tx: DbOrTx,
  organizationId: string,
  types: readonly WebhookEventType[],
): Promise<boolean> {
  const result = await tx.execute(sql`
    select 1 from webhook_endpoints
    where organization_id = ${organizationId} and enabled and events && ${sql.param(types)}::text[]
    limit 1`);
  return result.rows.length > 0;
}

/**
 * Records `type` with `data` for the organization's endpoints subscribed to it, in `tx`.
 * `data` is the event's documented object (contract: WebhookEventPayload), in snake_case.
 */
export async function recordWebhookEvent(
  tx: DbOrTx,
  organizationId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  const eventId = randomUUID();
  const createdAt = new Date();
  const payload = webhookEnvelope(eventId, organizationId, type, createdAt, data);
  // The delivery's created_at is the clock's, not the transaction's start: the events of one
  // transaction keep their order in each endpoint's queue (oldest first).
  const result = await tx.execute(sql`
    with subscribed as (
      select id from webhook_endpoints
      where organization_id = ${organizationId} and enabled and ${type} = any(events)
    ), event as (
      insert into webhook_events (id, organization_id, type, payload, created_at)
      select ${eventId}, ${organizationId}, ${type}, ${JSON.stringify(payload)}::jsonb, ${createdAt.toISOString()}::timestamptz
      where exists (select 1 from subscribed)
      returning id
    )
    insert into webhook_deliveries (event_id, endpoint_id, created_at)
    select event.id, subscribed.id, clock_timestamp() from event, subscribed
  `);
  if ((result.rowCount ?? 0) > 0) wakeSendersSoon();
}

/**
 * Many events of one organization at once (a catalogue import), in `tx`, in one statement: each
 * goes to the enabled endpoints subscribed to its type, in the given order in each queue.
 */
export async function recordWebhookEvents(
  tx: DbOrTx,
  organizationId: string,
  events: readonly { type: WebhookEventType; data: Record<string, unknown> }[],
): Promise<void> {
  if (events.length === 0) return;
  const createdAt = new Date();
  const rows = events.map((e, ord) => {
    const id = randomUUID();
    return { id, ord, type: e.type, payload: webhookEnvelope(id, organizationId, e.type, createdAt, e.data) };
  });
  const result = await tx.execute(sql`
    with input as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(id uuid, ord int, type text, payload jsonb)
    ), subscribed as (
      select id, events from webhook_endpoints where organization_id = ${organizationId} and enabled
    ), event as (
      insert into webhook_events (id, organization_id, type, payload, created_at)
      select i.id, ${organizationId}, i.type, i.payload, ${createdAt.toISOString()}::timestamptz
        from input i
       where exists (select 1 from subscribed s where i.type = any(s.events))
      returning id, type
    )
    insert into webhook_deliveries (event_id, endpoint_id, created_at)
    select event.id, s.id, clock_timestamp()
      from event join input i on i.id = event.id join subscribed s on event.type = any(s.events)
     order by i.ord
  `);
  if ((result.rowCount ?? 0) > 0) wakeSendersSoon();
}

/**
 * A delivery of an existing event to one endpoint, due now (the test event and redeliver); its id.
 */
export async function recordDelivery(tx: DbOrTx, eventId: string, endpointId: string): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    insert into webhook_deliveries (event_id, endpoint_id) values (${eventId}, ${endpointId}) returning id
  `);
  wakeSendersSoon();
  return result.rows[0]!.id;
}
