/**
 * The seller's outbound webhooks (issue 26): endpoints it registers, the events Cratebase posts
 * to them (signed, see docs/webhooks.md), and the delivery log. Not the payments provider's
 * incoming webhook (that one has no contract: its body is the provider's).
 */
import { z } from 'zod';
import { ListQuery, Uuid, singleLineText } from './common.js';

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.cancelled',
  'order.shipped',
  'order.refunded',
  'invoice.paid',
  'invoice.overdue',
  'product.created',
  'product.updated',
  'variant.created',
  'variant.updated',
  'inventory.changed',
  'customer.joined',
] as const;
export type SubscribableWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Every event type a delivery can carry: the subscribable ones and the test event (sent on request to one endpoint). */
export type WebhookEventType = SubscribableWebhookEventType | 'webhook.test';

/** Headers of every delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'Cratebase-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Cratebase-Event-Id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'Cratebase-Event-Type';
export const WEBHOOK_USER_AGENT = 'Cratebase-Webhooks/1';
/** How old a signature's timestamp may be before a receiver should refuse it (the docs' receiver uses it). */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** An organization's endpoints, at most. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** How long after its event a delivery is still retried, and how long a rotated secret keeps signing. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
export const WEBHOOK_SECRET_ROTATION_HOURS = 24;
/** The response excerpt kept per attempt, at most (bytes). */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  message: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});

// ---------------------------------------------------------------------------------------------
// Event payloads. Each is small on purpose: ids to fetch the full object with an API key, and
// what a receiver usually routes on. Money is integer cents; times are ISO 8601 UTC.

const Purchaser = z.object({ id: Uuid, name: z.string() });

export const WebhookOrderData = z.object({
  order_id: Uuid,
  number: z.string().describe('The order number the seller and buyer see, such as 1042'),
  status: z.string(),
  purchaser: Purchaser.describe('The buying organization'),
  total_in_cents: z.number().int(),
  currency: z.string(),
  placed_at: z.string().nullable(),
});
export const WebhookOrderShippedData = WebhookOrderData.extend({
  shipment: z
    .object({
      id: Uuid,
      number: z.number().int().describe("The shipment's number on the order: 1, 2, … (a corrected tracking number repeats it)"),
      carrier: z.string(),
      tracking_number: z.string(),
    })
    .describe('The shipment that left (or whose tracking was corrected)'),
});
export const WebhookOrderRefundedData = WebhookOrderData.extend({
  refund: z.object({
    id: Uuid,
    amount_in_cents: z.number().int(),
    method: z.string().describe('card or credit_note'),
    status: z.string().describe('pending (a card refund asked of the provider) or succeeded'),
    credit_note_number: z.string(),
  }),
});
export const WebhookInvoiceData = z.object({
  invoice_id: Uuid,
  order_id: Uuid,
  order_number: z.string(),
  purchaser: Purchaser,
  amount_in_cents: z.number().int(),
  currency: z.string(),
  due_date: z.string().nullable(),
  status: z.string(),
});
export const WebhookProductData = z.object({
  product_id: Uuid,
  name: z.string(),
  sku: z.string().nullable(),
  price_in_cents: z.number().int().nullable(),
  status: z.string().nullable(),
});
export const WebhookVariantData = z.object({
  product_id: Uuid,
  variant_id: Uuid,
  sku: z.string().nullable(),
  name: z.string().nullable(),
  price_in_cents: z.number().int().nullable(),
});
export const WebhookInventoryData = z.object({
  items: z.array(
    z.object({
      product_id: Uuid,
      variant_id: Uuid.nullable(),
      sku: z.string().nullable(),
      inventory_count: z.number().int().nullable(),
    }),
  ),
});
export const WebhookCustomerData = z.object({ purchaser: Purchaser, joined_at: z.string() });
export const WebhookTestData = z.object({ message: z.string(), endpoint_id: Uuid });

const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: Uuid.describe('The event id, also in the Cratebase-Event-Id header: receivers dedupe on it'),
    type: z.literal(type),
    created_at: z.string(),
    organization_id: Uuid.describe('The seller organization the event belongs to'),
    data,
  });

/** The body Cratebase posts: one of these, told apart by `type`. */
export const WebhookEventPayload = z.discriminatedUnion('type', [
  envelope('order.placed', WebhookOrderData),
  envelope('order.cancelled', WebhookOrderData),
  envelope('order.shipped', WebhookOrderShippedData),
  envelope('order.refunded', WebhookOrderRefundedData),
  envelope('invoice.paid', WebhookInvoiceData),
  envelope('invoice.overdue', WebhookInvoiceData),
  envelope('product.created', WebhookProductData),
  envelope('product.updated', WebhookProductData),
  envelope('variant.created', WebhookVariantData),
  envelope('variant.updated', WebhookVariantData),
  envelope('inventory.changed', WebhookInventoryData),
  envelope('customer.joined', WebhookCustomerData),
  envelope('webhook.test', WebhookTestData),
]);
export type WebhookEventPayload = z.infer<typeof WebhookEventPayload>;

// ---------------------------------------------------------------------------------------------
// Endpoints

/** An https URL (http and private hosts only where the server allows them: checked by the server). */
export const WebhookUrl = singleLineText({ message: 'must be a URL' })
  .min(1, 'must be a URL')
  .max(WEBHOOK_URL_MAX_LENGTH, `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .describe(
    'https:// URL of the receiver; no user name or password in it. http:// and private, loopback or link-local ' +
      'hosts only where the server allows them (WEBHOOKS_ALLOW_PRIVATE_URLS; never by default in production)',
  )
  .meta({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#@]+' });
const WebhookEvents = z
  .array(WebhookEventTypeSchema)
  .min(1, 'must name at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'must not name an event twice')
  .meta({ uniqueItems: true });
const WebhookDescription = singleLineText().max(
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  `must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
);

export const WebhookEndpoint = z.object({
  id: Uuid,
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  created_at: z.string(),
  /** When the secret replaced by the last rotation stops signing (null: no rotation under way). */
  previous_secret_expires_at: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export const WebhookEndpointList = z.array(WebhookEndpoint);

/** POST /api/organization/{org_id}/webhooks */
export const CreateWebhookEndpointBody = z.strictObject({
  url: WebhookUrl,
  description: WebhookDescription.optional(),
  events: WebhookEvents,
  enabled: z.boolean().optional(),
});
export type CreateWebhookEndpointBody = z.infer<typeof CreateWebhookEndpointBody>;

/** PATCH /api/organization/{org_id}/webhooks/{endpoint_id}: only what is given changes. */
export const UpdateWebhookEndpointBody = z.strictObject({
  url: WebhookUrl.optional(),
  description: WebhookDescription.optional(),
  events: WebhookEvents.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBody>;

/** The secret(s) signing an endpoint's deliveries (GET …/secret, and the answer of rotate_secret). */
export const WebhookEndpointSecret = z.object({
  secret: z.string().describe('whsec_…: the HMAC-SHA256 key of the v1 signature'),
  previous_secret: z.string().nullable(),
  previous_secret_expires_at: z.string().nullable(),
});
export type WebhookEndpointSecret = z.infer<typeof WebhookEndpointSecret>;

export const WebhookEndpointParams = z.strictObject({ org_id: Uuid, endpoint_id: Uuid });
export const WebhookDeliveryParams = z.strictObject({ org_id: Uuid, delivery_id: Uuid });

// ---------------------------------------------------------------------------------------------
// Deliveries (the log)

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export const WebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const WebhookDelivery = z.object({
  id: Uuid,
  endpoint_id: Uuid,
  event_id: Uuid,
  event_type: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_duration_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable().describe('When it is tried next (pending only)'),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryList = z.array(WebhookDelivery);

export const WebhookDeliveryAttempt = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
});
export const WebhookDeliveryDetail = WebhookDelivery.extend({
  payload: z.record(z.string(), z.unknown()).describe('The event as it was posted'),
  attempts_log: z.array(WebhookDeliveryAttempt),
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

/** GET …/webhooks/{endpoint_id}/deliveries: newest first, keyset pages (next cursor in x-next-cursor). */
export const WebhookDeliveryListQuery = ListQuery.omit({ q: true }).extend({
  status: WebhookDeliveryStatus.optional(),
});

/** POST /api/organization/{org_id}/webhooks answers the endpoint with its signing secret. */
export const CreatedWebhookEndpoint = WebhookEndpoint.extend({ secret: z.string() });
