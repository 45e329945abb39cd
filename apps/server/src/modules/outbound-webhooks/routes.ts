import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointBody,
  EmptyBody,
  ErrorBody,
  NEXT_CURSOR_HEADER,
  OrgIdParams,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookDeliveryListQuery,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointParams,
  WebhookEndpointSecret,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const tags = ['webhooks'];
/** Owners and admins only: an endpoint receives the organization's orders and customers. */
const manageWebhooks = { access: memberOf(organizationParam(), { role: 'admin', action: 'manage webhooks' }) };

/**
 * The seller's outbound webhooks (issue 26; docs/webhooks.md): endpoints, their secrets, the
 * test event and the delivery log. (The payments provider's incoming webhook is modules/webhooks.)
 */
export async function outboundWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/organization/:org_id/webhooks';

  r.get(
    base,
    {
      config: manageWebhooks,
      schema: { tags, summary: "The organization's webhook endpoints, oldest first", params: OrgIdParams, response: { 200: WebhookEndpointList, ...errors } },
    },
    async (req) => listWebhookEndpoints(ctx, req.params.org_id),
  );

  r.post(
    base,
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: 'Register an endpoint (https, a public address) for the events named; answers its signing secret',
        params: OrgIdParams,
        body: CreateWebhookEndpointBody,
        response: { 200: CreatedWebhookEndpoint, ...errors },
      },
    },
    async (req, reply) => {
      // The answer holds the signing secret: no cache keeps it.
      reply.header('cache-control', 'no-store');
      return createWebhookEndpoint(ctx, req.params.org_id, req.body);
    },
  );

  r.get(
    `${base}/:endpoint_id`,
    {
      config: manageWebhooks,
      schema: { tags, summary: 'One webhook endpoint', params: WebhookEndpointParams, response: { 200: WebhookEndpoint, ...errors } },
    },
    async (req) => getWebhookEndpoint(ctx, req.params.org_id, req.params.endpoint_id),
  );

  r.patch(
    `${base}/:endpoint_id`,
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: "Change an endpoint's URL, description, events or enabled (disabling fails its deliveries not yet sent)",
        params: WebhookEndpointParams,
        body: UpdateWebhookEndpointBody,
        response: { 200: WebhookEndpoint, ...errors },
      },
    },
    async (req) => updateWebhookEndpoint(ctx, req.params.org_id, req.params.endpoint_id, req.body),
  );

  r.delete(
    `${base}/:endpoint_id`,
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log (nothing more is sent to it)',
        params: WebhookEndpointParams,
        response: { 204: EmptyBody, ...errors },
      },
    },
    async (req, reply) => {
      await deleteWebhookEndpoint(ctx, req.params.org_id, req.params.endpoint_id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    `${base}/:endpoint_id/secret`,
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: "The endpoint's signing secret (and the previous one while a rotation lets it sign)",
        params: WebhookEndpointParams,
        response: { 200: WebhookEndpointSecret, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return revealWebhookSecret(ctx, req.params.org_id, req.params.endpoint_id);
    },
  );

  r.post(
    `${base}/:endpoint_id/rotate_secret`,
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: 'A new signing secret; the current one keeps signing (a second v1) for 24 hours',
        params: WebhookEndpointParams,
        body: EmptyBody,
        response: { 200: WebhookEndpointSecret, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return rotateWebhookSecret(ctx, req.params.org_id, req.params.endpoint_id);
    },
  );

  r.post(
    `${base}/:endpoint_id/test`,
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint (the delivery, pending; follow it in the log)',
        params: WebhookEndpointParams,
        body: EmptyBody,
        response: { 200: WebhookDelivery, ...errors },
      },
    },
    async (req) => sendTestWebhook(ctx, req.params.org_id, req.params.endpoint_id),
  );

  r.get(
    `${base}/:endpoint_id/deliveries`,
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: `The endpoint's delivery log, newest first (next page cursor in ${NEXT_CURSOR_HEADER}; default 50 a page)`,
        params: WebhookEndpointParams,
        querystring: WebhookDeliveryListQuery,
        response: { 200: WebhookDeliveryList, ...errors },
      },
    },
    async (req, reply) => {
      const page = await listWebhookDeliveries(ctx, req.params.org_id, req.params.endpoint_id, req.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  r.get(
    `${base}/deliveries/:delivery_id`,
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: 'One delivery: the event it posts and every attempt (status code, duration, error, a response excerpt)',
        params: WebhookDeliveryParams,
        response: { 200: WebhookDeliveryDetail, ...errors },
      },
    },
    async (req) => getWebhookDelivery(ctx, req.params.org_id, req.params.delivery_id),
  );

  r.post(
    `${base}/deliveries/:delivery_id/redeliver`,
    {
      config: manageWebhooks,
      schema: {
        tags,
        summary: "Send the delivery's event to its endpoint again, now, as a new delivery",
        params: WebhookDeliveryParams,
        body: EmptyBody,
        response: { 200: WebhookDelivery, ...errors },
      },
    },
    async (req) => redeliverWebhook(ctx, req.params.org_id, req.params.delivery_id),
  );
}
