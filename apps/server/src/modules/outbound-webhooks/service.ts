/**
 * The seller's webhook endpoints and their delivery log (routes.ts): register, change, remove,
 * reveal and rotate the signing secret, send a test event, read the log, redeliver. One
 * transaction per command; every query names the organization, so an id of another
 * organization's endpoint or delivery is a 404.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_ROTATION_HOURS,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookEndpoint,
  type WebhookEndpointSecret,
  type WebhookEventType,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { beforeCursor, decodeCursor, isoTimestampSql, keysetTimestamp, limitPlusOne, takePage } from '../../lib/pagination.js';
import { recordDelivery, webhookEnvelope } from './outbox.js';
import { checkReceiverUrl } from './receiver-address.js';
import { newWebhookSecret } from './signing.js';

const endpointColumns = sql`
  e.id, e.url, e.description, e.events, e.enabled, ${isoTimestampSql(sql`e.created_at`)} as created_at,
  case when e.previous_secret_expires_at > now() then ${isoTimestampSql(sql`e.previous_secret_expires_at`)} end
    as previous_secret_expires_at`;

type EndpointRow = Omit<WebhookEndpoint, 'events'> & { events: string[] };
const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({ ...row, events: row.events as WebhookEndpoint['events'] });

async function endpointRows(db: DbOrTx, organizationId: string, where: SQL = sql``): Promise<WebhookEndpoint[]> {
  const result = await db.execute<EndpointRow>(sql`
    select ${endpointColumns} from webhook_endpoints e
    where e.organization_id = ${organizationId} ${where}
    order by e.created_at, e.id`);
  return result.rows.map(toEndpoint);
}

async function endpointOf(db: DbOrTx, organizationId: string, endpointId: string): Promise<WebhookEndpoint> {
  const [endpoint] = await endpointRows(db, organizationId, sql`and e.id = ${endpointId}`);
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
}

/** GET /api/organization/{org_id}/webhooks: every endpoint (at most WEBHOOK_ENDPOINTS_MAX), oldest first. */
export function listWebhookEndpoints(ctx: AppContext, organizationId: string): Promise<WebhookEndpoint[]> {
  return endpointRows(ctx.db, organizationId);
}

export function getWebhookEndpoint(ctx: AppContext, organizationId: string, endpointId: string): Promise<WebhookEndpoint> {
  return endpointOf(ctx.db, organizationId, endpointId);
}

/** POST /api/organization/{org_id}/webhooks: the endpoint and its signing secret. */
export async function createWebhookEndpoint(
  ctx: AppContext,
  organizationId: string,
  body: CreateWebhookEndpointBody,
): Promise<WebhookEndpoint & { secret: string }> {
  const url = checkReceiverUrl(body.url, ctx.config.webhooks.allowPrivateUrls);
  const secret = newWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    // Concurrent creates of one organization take turns, so the limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhook endpoints ${organizationId}`}, 0))`);
    const count = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from webhook_endpoints where organization_id = ${organizationId}`,
    );
    if (count.rows[0]!.n >= WEBHOOK_ENDPOINTS_MAX) {
      throw conflict(`An organization can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: remove one first.`, 'too_many_endpoints');
    }
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into webhook_endpoints (organization_id, url, description, events, enabled, secret)
      values (${organizationId}, ${url}, ${body.description ?? ''}, ${sql.param(body.events)}::text[],
              ${body.enabled ?? true}, ${secret})
      returning id`);
    return { ...(await endpointOf(tx, organizationId, inserted.rows[0]!.id)), secret };
  });
}

/**
 * PATCH …/webhooks/{endpoint_id}: what is given changes. Disabling an endpoint fails its
 * deliveries not yet sent (they are not sent later when it is enabled again; redeliver them).
 */
export async function updateWebhookEndpoint(
  ctx: AppContext,
  organizationId: string,
  endpointId: string,
  body: UpdateWebhookEndpointBody,
): Promise<WebhookEndpoint> {
  const url = body.url === undefined ? undefined : checkReceiverUrl(body.url, ctx.config.webhooks.allowPrivateUrls);
  return ctx.db.transaction(async (tx) => {
    const sets: SQL[] = [];
    if (url !== undefined) sets.push(sql`url = ${url}`);
    if (body.description !== undefined) sets.push(sql`description = ${body.description}`);
    if (body.events !== undefined) sets.push(sql`events = ${sql.param(body.events)}::text[]`);
    if (body.enabled !== undefined) sets.push(sql`enabled = ${body.enabled}`);
    if (sets.length > 0) {
      const updated = await tx.execute(sql`
        update webhook_endpoints set ${sql.join(sets, sql`, `)}
        where id = ${endpointId} and organization_id = ${organizationId}`);
      if (updated.rowCount === 0) throw notFound('Webhook endpoint');
    }
    if (body.enabled === false) {
      await tx.execute(sql`
        update webhook_deliveries set status = 'failed', last_error = 'the endpoint was disabled', lease_until = null
        where endpoint_id = ${endpointId} and status = 'pending'`);
    }
    return endpointOf(tx, organizationId, endpointId);
  });
}

/** DELETE …/webhooks/{endpoint_id}: the endpoint and its log; nothing more is sent to it. */
export async function deleteWebhookEndpoint(ctx: AppContext, organizationId: string, endpointId: string): Promise<void> {
  const deleted = await ctx.db.execute(
    sql`delete from webhook_endpoints where id = ${endpointId} and organization_id = ${organizationId}`,
  );
  if (deleted.rowCount === 0) throw notFound('Webhook endpoint');
}

async function secretOf(db: DbOrTx, organizationId: string, endpointId: string): Promise<WebhookEndpointSecret> {
  const result = await db.execute<WebhookEndpointSecret>(sql`
    select secret,
           case when previous_secret_expires_at > now() then previous_secret end as previous_secret,
           case when previous_secret_expires_at > now() then ${isoTimestampSql(sql`previous_secret_expires_at`)} end
             as previous_secret_expires_at
    from webhook_endpoints where id = ${endpointId} and organization_id = ${organizationId}`);
  if (!result.rows[0]) throw notFound('Webhook endpoint');
  return result.rows[0];
}

/** GET …/webhooks/{endpoint_id}/secret: the signing secret (and the rotated one while it still signs). */
export function revealWebhookSecret(ctx: AppContext, organizationId: string, endpointId: string): Promise<WebhookEndpointSecret> {
  return secretOf(ctx.db, organizationId, endpointId);
}

/**
 * POST …/webhooks/{endpoint_id}/rotate_secret: a new secret signs from now on; the current one
 * keeps signing too (a second v1 in the header) for 24 hours, time to deploy the new one.
 */
export async function rotateWebhookSecret(ctx: AppContext, organizationId: string, endpointId: string): Promise<WebhookEndpointSecret> {
  return ctx.db.transaction(async (tx) => {
    const rotated = await tx.execute(sql`
      update webhook_endpoints
      set previous_secret = secret,
          previous_secret_expires_at = now() + ${WEBHOOK_SECRET_ROTATION_HOURS} * interval '1 hour',
          secret = ${newWebhookSecret()}
      where id = ${endpointId} and organization_id = ${organizationId}`);
    if (rotated.rowCount === 0) throw notFound('Webhook endpoint');
    return secretOf(tx, organizationId, endpointId);
  });
}

type ListedDelivery = WebhookDelivery & { keyset_at: string };

const deliveryColumns = sql`
  d.id, d.endpoint_id, d.event_id, ev.type as event_type, d.status, d.attempts, d.last_status_code,
  d.last_duration_ms, d.last_error, ${isoTimestampSql(sql`d.created_at`)} as created_at,
  case when d.status = 'pending' then ${isoTimestampSql(sql`d.next_attempt_at`)} end as next_attempt_at,
  ${isoTimestampSql(sql`d.delivered_at`)} as delivered_at`;

const withoutKeyset = ({ keyset_at: _, ...delivery }: ListedDelivery): WebhookDelivery => delivery;

async function deliveryOf(db: DbOrTx, organizationId: string, deliveryId: string): Promise<WebhookDelivery & { payload: Record<string, unknown> }> {
  const result = await db.execute<WebhookDelivery & { payload: Record<string, unknown> }>(sql`
    select ${deliveryColumns}, ev.payload
    from webhook_deliveries d
    join webhook_events ev on ev.id = d.event_id
    where d.id = ${deliveryId} and ev.organization_id = ${organizationId}`);
  if (!result.rows[0]) throw notFound('Webhook delivery');
  return result.rows[0];
}

/** GET …/webhooks/{endpoint_id}/deliveries: the endpoint's log, newest first, keyset pages. */
export async function listWebhookDeliveries(
  ctx: AppContext,
  organizationId: string,
  endpointId: string,
  query: { limit?: number; cursor?: string; status?: WebhookDelivery['status'] },
): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
  const cursor = decodeCursor(query.cursor);
  await endpointOf(ctx.db, organizationId, endpointId);
  const result = await ctx.db.execute<ListedDelivery>(sql`
    select ${deliveryColumns}, ${keysetTimestamp(sql`d.created_at`)} as keyset_at
    from webhook_deliveries d
    join webhook_events ev on ev.id = d.event_id
    where d.endpoint_id = ${endpointId}
      ${query.status ? sql`and d.status = ${query.status}` : sql``}
      ${beforeCursor(sql`d.created_at`, sql`d.id`, cursor)}
    order by d.created_at desc, d.id desc
    ${limitPlusOne(query.limit ?? 50)}`);
  const page = takePage(result.rows, query.limit ?? 50);
  return { items: page.rows.map(withoutKeyset), nextCursor: page.nextCursor };
}

/** GET …/webhooks/deliveries/{delivery_id}: the delivery, the event it posts, and every attempt. */
export async function getWebhookDelivery(ctx: AppContext, organizationId: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
  const delivery = await deliveryOf(ctx.db, organizationId, deliveryId);
  const attempts = await ctx.db.execute<WebhookDeliveryDetail['attempts_log'][number]>(sql`
    select ${isoTimestampSql(sql`attempted_at`)} as attempted_at, status_code, duration_ms, error, response_excerpt
    from webhook_delivery_attempts where delivery_id = ${deliveryId}
    order by attempted_at, id`);
  return { ...delivery, attempts_log: attempts.rows };
}

/** POST …/webhooks/deliveries/{delivery_id}/redeliver: the same event to the same endpoint, now, as a new delivery. */
export async function redeliverWebhook(ctx: AppContext, organizationId: string, deliveryId: string): Promise<WebhookDelivery> {
  return ctx.db.transaction(async (tx) => {
    const original = await deliveryOf(tx, organizationId, deliveryId);
    const endpoint = await endpointOf(tx, organizationId, original.endpoint_id);
    if (!endpoint.enabled) throw conflict('The endpoint is disabled: enable it before redelivering.', 'endpoint_disabled');
    const id = await recordDelivery(tx, original.event_id, original.endpoint_id);
    const { payload: _, ...delivery } = await deliveryOf(tx, organizationId, id);
    return delivery;
  });
}

/** POST …/webhooks/{endpoint_id}/test: a `webhook.test` event to this endpoint alone. */
export async function sendTestWebhook(ctx: AppContext, organizationId: string, endpointId: string): Promise<WebhookDelivery> {
  return ctx.db.transaction(async (tx) => {
    const endpoint = await endpointOf(tx, organizationId, endpointId);
    if (!endpoint.enabled) throw conflict('The endpoint is disabled: enable it to send a test event.', 'endpoint_disabled');
    const eventId = randomUUID();
    const type: WebhookEventType = 'webhook.test';
    const payload = webhookEnvelope(eventId, organizationId, type, new Date(), {
      message: 'A test event from Cratebase: your endpoint is reachable.',
      endpoint_id: endpointId,
    });
    await tx.execute(sql`
      insert into webhook_events (id, organization_id, type, payload, created_at)
      values (${eventId}, ${organizationId}, ${type}, ${JSON.stringify(payload)}::jsonb, ${payload.created_at}::timestamptz)`);
    const id = await recordDelivery(tx, eventId, endpointId);
    const { payload: _, ...delivery } = await deliveryOf(tx, organizationId, id);
    return delivery;
  });
}
