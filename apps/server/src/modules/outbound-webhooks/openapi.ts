/**
 * The webhook events in the API document (/api/docs), from the contract: each event type as an
 * OpenAPI `webhooks` entry (a POST Cratebase makes to the seller's endpoint, with its body and
 * headers) and the bodies' schemas as components. OpenAPI 3.0 documents have no `webhooks`
 * object; there the same entries go under `x-webhooks` (how Redoc and others read them).
 */
import { z } from 'zod';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WebhookEventPayload,
} from '@cratebase/contract';

type JsonSchema = Record<string, unknown>;

const SIGNATURE_DESCRIPTION =
  't=<unix seconds>,v1=<hex HMAC-SHA256 of `${t}.${body}` with the endpoint secret> (one v1 per live secret during a rotation). See docs/webhooks.md.';

/** The schema name of an event type's body: WebhookEvent_order_placed. */
export const webhookSchemaName = (type: string) => `WebhookEvent_${type.replace('.', '_')}`;

export function webhookEventsForOpenApi(target: 'openapi-3.0' | 'draft-2020-12' = 'openapi-3.0'): {
  schemas: Record<string, JsonSchema>;
  webhooks: Record<string, JsonSchema>;
} {
  const schemas: Record<string, JsonSchema> = {};
  const webhooks: Record<string, JsonSchema> = {};
  for (const option of WebhookEventPayload.options) {
    const type = option.shape.type.value;
    const name = webhookSchemaName(type);
    schemas[name] = z.toJSONSchema(option, { target, io: 'output' }) as JsonSchema;
    delete schemas[name]!.$schema;
    const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });
    webhooks[type] = {
      post: {
        tags: ['webhooks'],
        summary: `${type}: posted to every enabled endpoint subscribed to it`,
        parameters: [
          { in: 'header', name: WEBHOOK_SIGNATURE_HEADER, ...header(SIGNATURE_DESCRIPTION) },
          { in: 'header', name: WEBHOOK_EVENT_ID_HEADER, ...header('The event id (receivers dedupe on it)') },
          { in: 'header', name: WEBHOOK_EVENT_TYPE_HEADER, ...header(type) },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
        },
        responses: {
          '2XX': { description: 'Received: any 2xx within the timeout (10 s) ends the delivery' },
          default: { description: 'Anything else (another status, a redirect, no answer) is retried with backoff for 24 hours' },
        },
      },
    };
  }
  return { schemas, webhooks };
}
