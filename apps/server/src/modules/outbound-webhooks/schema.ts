/**
 * Tables owned by the outbound-webhooks module (issue 26): the seller's endpoints, the events
 * recorded for them in the transaction of each change (the outbox), one delivery per event and
 * endpoint, and every attempt to send one (the delivery log).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';

/**
 * A receiver the seller registered: its URL, the event types it wants, and the secret that signs
 * what it gets. A rotation keeps the replaced secret signing too until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // recordWebhookEvent's one statement looks an organization's enabled endpoints up by it.
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId, t.createdAt)],
);

/** An event, recorded only when some endpoint of its organization subscribed to its type; `payload` is the body posted. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_events_organization_idx').on(t.organizationId, t.createdAt),
    // The sender's pruning of events past the log's retention, oldest first.
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

/**
 * One event to one endpoint:
 *
 *   pending ─(claimed: attempts + 1, lease_until)─► sending ─► succeeded (a 2xx)
 *                        ▲                            │
 *                        └──── next_attempt_at ◄──────┴─► failed (24 h after the event, or the
 *                                                          endpoint was disabled)
 *
 * A `sending` row whose lease ran out (its process died mid-send) is claimed again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The sender's claim: the endpoints with a delivery due, and each one's oldest.
    index('webhook_deliveries_active_idx')
      .on(t.endpointId, t.createdAt)
      .where(sql`status in ('pending', 'sending')`),
    // The endpoint's log, newest first (keyset).
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** Every try of a delivery: what the receiver answered (a short excerpt) and how long it took. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
