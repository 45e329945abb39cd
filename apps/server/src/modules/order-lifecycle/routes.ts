/**
 * Orders after checkout (issue 23; lifecycle.ts; docs/architecture.md "Orders after checkout"):
 *
 * The seller (members of the order's seller; cancelling moves money: owners and admins only):
 *  - POST /api/organization/{org_id}/orders/{order_id}/accept
 *  - POST /api/organization/{org_id}/orders/{order_id}/cancel
 *  - POST /api/organization/{org_id}/orders/{order_id}/shipments
 *  - POST /api/organization/{org_id}/orders/{order_id}/delivered
 *  - POST /api/organization/{org_id}/orders/{order_id}/cancellation-request/decline
 *  - GET|PUT /api/organization/{org_id}/order-settings
 *  - POST|PUT /api/order/{order_id}/shipping (the spec's tracking dialog: tracking.ts)
 *  - POST /api/organization/{org_id}/invoices/{invoice_id}/void (voiding cancels what has not shipped)
 *  - POST /api/organization/{org_id}/orders/{order_id}/unavailable (backorders.ts)
 *  - POST /api/organization/{org_id}/orders/{order_id}/claims/{claim_id}/refund|replacement|decline (claims.ts)
 * The buyer (members of the order's buyer):
 *  - POST /api/order/{order_id}/backorders (wait or cancel, backorders.ts)
 *  - POST /api/order/{order_id}/claims (claims.ts)
 *  - POST /api/order/{order_id}/cancel
 *  - POST /api/order/{order_id}/cancellation-request
 * Every command takes an optional Idempotency-Key header and answers the order as it is now.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackorderChoiceBody,
  BuyerCancelBody,
  CreateClaimBody,
  DeclineClaimBody,
  ReportUnavailableBody,
  InvoiceParams,
  SellerInvoice,
  SetShippingBody,
  CancellationRequestBody,
  CreateShipmentBody,
  DeclineCancellationBody,
  ErrorBody,
  Order,
  OrderIdParams,
  OrderSettings,
  OrgIdParams,
  OrgOrderParams,
  SellerCancelBody,
  Uuid,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { IdempotencyHeaders } from '../../lib/idempotency-header.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { requireUserId } from '../../auth/plugin.js';
import { closeInvoice } from '../checkout/service.js';
import { sellerInvoice } from '../payments/invoices.js';
import { soldInvoiceAt } from '../payments/resources.js';
import { chooseBackorders, reportUnavailable } from './backorders.js';
import { declineClaim, openClaim, refundClaim, replaceClaim } from './claims.js';
import { setOrderShipping } from './tracking.js';
import {
  acceptOrder,
  cancelForVoidedInvoice,
  buyerCancel,
  createShipment,
  declineCancellation,
  markDelivered,
  requestCancellation,
  sellerCancel,
  type Actor,
} from './commands.js';
import { orderSides } from '../orders/changes.js';
import { boughtOrderAt, soldOrderAt } from '../orders/resources.js';
import { getOrderSettings, setOrderSettings } from '../organizations/service.js';
import { soldClaimAt } from './resources.js';

const tags = ['orders'];
const OrgOrderClaimParams = z.strictObject({ org_id: Uuid, order_id: Uuid, claim_id: Uuid });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IDEMPOTENT =
  'Optional `Idempotency-Key` header: a retry with the same key answers the order as it is, doing nothing twice ' +
  '(the same key with another request: 409 idempotency_key_reused). Answers the order as GET /api/order/{order_id} does.';

export async function orderLifecycleRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The order's buyer, acting through the caller (its member: the policy checked it). */
  const buyer = async (req: FastifyRequest<{ Params: { order_id: string } }>): Promise<Actor> => ({
    side: 'buyer',
    organizationId: await buyerOf(ctx, req.params.order_id),
    userId: requireUserId(req),
  });
  const seller = (req: { params: { org_id: string } }, userId: string): Actor => ({
    side: 'seller',
    organizationId: req.params.org_id,
    userId,
  });
  const sellerAccess = (role?: 'admin', action?: string) =>
    role
      ? memberOf(organizationParam('org_id'), soldOrderAt('params', 'order_id'), { role, action: action ?? '' })
      : memberOf(organizationParam('org_id'), soldOrderAt('params', 'order_id'));
  /** The claim routes: the seller of the order, and of the claim (its order is checked against the path's). */
  const claimAccess = (role?: 'admin', action?: string) =>
    role
      ? memberOf(organizationParam('org_id'), soldOrderAt('params', 'order_id'), soldClaimAt('params', 'claim_id'), {
          role,
          action: action ?? '',
        })
      : memberOf(organizationParam('org_id'), soldOrderAt('params', 'order_id'), soldClaimAt('params', 'claim_id'));

  r.post(
    '/api/organization/:org_id/orders/:order_id/accept',
    {
      config: { access: sellerAccess() },
      schema: {
        tags,
        summary: 'Accept a placed order: the buyer can no longer cancel it itself (only request a cancellation)',
        description: `409 order_accepted once accepted or shipped, order_cancelled for a cancelled order. ${IDEMPOTENT}`,
        params: OrgOrderParams,
        headers: IdempotencyHeaders,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      acceptOrder(ctx, req.params.order_id, seller(req, requireUserId(req)), req.headers['idempotency-key']),
  );

  r.post(
    '/api/organization/:org_id/orders/:order_id/cancel',
    {
      config: { access: sellerAccess('admin', 'cancel orders') },
      schema: {
        tags,
        summary: 'Cancel the order, or some units of its lines, with a reason; stock back and the money returned',
        description:
          'Owners and admins (Staff: 403). Without `lines`, every unit not shipped yet; with them, those units (a ' +
          'line reduced, or removed). Tracked stock comes back; what was paid for the units (and the shipping, when ' +
          'nothing shipped and nothing is left) is refunded to the card or as a credit note, or taken off the open ' +
          'invoice (voided at $0). Both sides are e-mailed. 409 units_not_cancellable (naming lines.N.quantity) for ' +
          `units shipped or cancelled already, order_cancelled, order_shipped. ${IDEMPOTENT}`,
        params: OrgOrderParams,
        headers: IdempotencyHeaders,
        body: SellerCancelBody,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      sellerCancel(ctx, req.params.order_id, seller(req, requireUserId(req)), req.body, req.headers['idempotency-key']),
  );

  r.post(
    '/api/organization/:org_id/orders/:order_id/shipments',
    {
      config: { access: sellerAccess() },
      schema: {
        tags,
        summary: 'Record a shipment: its lines (all units left when none are named), carrier and tracking number',
        description:
          '400 names carrier or tracking_number (the carrier’s format) or lines.N; 409 units_not_shippable (naming ' +
          `lines.N.quantity), nothing_to_ship, order_cancelled. E-mails the buyer the tracking link. ${IDEMPOTENT}`,
        params: OrgOrderParams,
        headers: IdempotencyHeaders,
        body: CreateShipmentBody,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      createShipment(
        ctx,
        req.params.order_id,
        seller(req, requireUserId(req)),
        req.body,
        req.headers['idempotency-key'],
      ),
  );

  r.post(
    '/api/organization/:org_id/orders/:order_id/delivered',
    {
      config: { access: sellerAccess() },
      schema: {
        tags,
        summary: 'Mark a shipped order delivered',
        description: `409 order_not_shipped unless every unit left has shipped. ${IDEMPOTENT}`,
        params: OrgOrderParams,
        headers: IdempotencyHeaders,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      markDelivered(ctx, req.params.order_id, seller(req, requireUserId(req)), req.headers['idempotency-key']),
  );

  r.post(
    '/api/organization/:org_id/orders/:order_id/cancellation-request/decline',
    {
      config: { access: sellerAccess() },
      schema: {
        tags,
        summary: 'Decline the buyer’s request to cancel, with a reason (e-mailed to the buyer)',
        description:
          'To accept the request, cancel the order (reason retailer_request). 409 no_cancellation_request when ' +
          `there is none open. ${IDEMPOTENT}`,
        params: OrgOrderParams,
        headers: IdempotencyHeaders,
        body: DeclineCancellationBody,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      declineCancellation(
        ctx,
        req.params.order_id,
        seller(req, requireUserId(req)),
        req.body,
        req.headers['idempotency-key'],
      ),
  );

  r.post(
    '/api/order/:order_id/cancel',
    {
      config: { access: memberOf(boughtOrderAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'The buyer cancels its order, or reduces it, within its seller’s cancel window',
        description:
          'Only while the order is placed (not accepted, nothing shipped) and within the seller’s hours ' +
          '(buyer_may_cancel_until); afterwards 409 cancel_window_closed — request a cancellation instead. ' +
          'Without `lines` the whole order; with them those units (409 below_minimum when the rest would not meet ' +
          `the seller’s minimum). A card payment is refunded, an open invoice reduced. ${IDEMPOTENT}`,
        params: OrderIdParams,
        headers: IdempotencyHeaders,
        body: BuyerCancelBody,
        response: { 200: Order, ...errors },
      },
    },
    async (req) => buyerCancel(ctx, req.params.order_id, await buyer(req), req.body, req.headers['idempotency-key']),
  );

  r.post(
    '/api/order/:order_id/cancellation-request',
    {
      config: { access: memberOf(boughtOrderAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'The buyer asks the seller to cancel the order (with a note); the seller accepts or declines',
        description: `409 cancellation_requested while one is open, order_cancelled / order_shipped. ${IDEMPOTENT}`,
        params: OrderIdParams,
        headers: IdempotencyHeaders,
        body: CancellationRequestBody,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      requestCancellation(
        ctx,
        req.params.order_id,
        await buyer(req),
        { note: req.body.note },
        req.headers['idempotency-key'],
      ),
  );

  for (const method of ['POST', 'PUT'] as const) {
    r.route({
      method,
      url: '/api/order/:order_id/shipping',
      config: { access: memberOf(soldOrderAt('params', 'order_id')) },
      schema: {
        tags,
        summary:
          'Ship every unit left with this tracking (carrier and number; status SHIPPED), or correct the latest shipment’s; e-mails the buyer',
        description:
          'The seller’s members only. 400 names carrier or tracking_number (checked against the carrier’s format); ' +
          '409 order_not_submitted for an order not placed. Saving the same values again sends no second e-mail.',
        params: OrderIdParams,
        body: SetShippingBody,
        response: { 200: Order, ...errors },
      },
      handler: async (req) => setOrderShipping(ctx, req.params.order_id, req.body, requireUserId(req)),
    });
  }

  r.post(
    '/api/organization/:org_id/invoices/:invoice_id/void',
    {
      config: {
        access: memberOf(organizationParam('org_id'), soldInvoiceAt('params', 'invoice_id'), {
          role: 'admin',
          action: 'record payments',
        }),
      },
      schema: {
        tags: ['invoices'],
        summary: 'Voids an OPEN invoice: the buyer owes nothing (409 invoice_not_open when PAID or VOID)',
        description:
          'Owners and admins (Staff: 403). Voiding cancels what has not shipped of the order (issue 23): its tracked ' +
          'stock comes back, the dashboard’s sales drop, both sides are e-mailed, and an order with nothing shipped ' +
          'is Cancelled; units already shipped stay shipped.',
        params: InvoiceParams,
        response: { 200: SellerInvoice, ...errors },
      },
    },
    async (req) => {
      const userId = requireUserId(req);
      await closeInvoice(
        ctx,
        req.params.org_id,
        req.params.invoice_id,
        { to: 'VOID' },
        { userId, andThen: (tx, orderId) => cancelForVoidedInvoice(ctx, tx, orderId, userId) },
      );
      return sellerInvoice(ctx, req.params.org_id, req.params.invoice_id);
    },
  );

  r.post(
    '/api/organization/:org_id/orders/:order_id/unavailable',
    {
      config: { access: sellerAccess() },
      schema: {
        tags,
        summary:
          'Report units the seller cannot ship now, with the day it expects them; the retailer chooses to wait or cancel',
        description:
          'Replaces what was reported before for those lines. 400 naming restock_on (today to 365 days ahead) or ' +
          `lines.N; 409 units_not_open for more units than are left. E-mails the retailer. ${IDEMPOTENT}`,
        params: OrgOrderParams,
        headers: IdempotencyHeaders,
        body: ReportUnavailableBody,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      reportUnavailable(
        ctx,
        req.params.order_id,
        seller(req, requireUserId(req)),
        req.body,
        req.headers['idempotency-key'],
      ),
  );

  r.post(
    '/api/order/:order_id/backorders',
    {
      config: { access: memberOf(boughtOrderAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'The buyer waits for, or cancels, each line the seller reported unavailable',
        description:
          'wait: the units stay on the order and ship when they are back; cancel: they are cancelled and what was ' +
          `paid for them refunded (or the open invoice reduced). 409 no_backorder for a line without one. ${IDEMPOTENT}`,
        params: OrderIdParams,
        headers: IdempotencyHeaders,
        body: BackorderChoiceBody,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      chooseBackorders(ctx, req.params.order_id, await buyer(req), req.body, req.headers['idempotency-key']),
  );

  r.post(
    '/api/order/:order_id/claims',
    {
      config: { access: memberOf(boughtOrderAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'The buyer reports damaged, missing or wrong shipped units, with a note and photos',
        description:
          'Photos are uploaded first to the buyer’s organization (POST /api/media/{org_id}/upload) and named by id ' +
          '(400 naming media_ids.N for another’s). 409 claim_exceeds_shipped (naming lines.N.quantity) for more units ' +
          `than shipped and not already claimed. E-mails the seller. ${IDEMPOTENT}`,
        params: OrderIdParams,
        headers: IdempotencyHeaders,
        body: CreateClaimBody,
        response: { 200: Order, ...errors },
      },
    },
    async (req) => openClaim(ctx, req.params.order_id, await buyer(req), req.body, req.headers['idempotency-key']),
  );

  r.post(
    '/api/organization/:org_id/orders/:order_id/claims/:claim_id/refund',
    {
      config: { access: claimAccess('admin', 'refund orders') },
      schema: {
        tags,
        summary: 'Refund a claim: the claimed units’ price goes back (card, credit note, or off the open invoice)',
        description: `Owners and admins (Staff: 403). 409 claim_decided once answered, nothing_to_refund. ${IDEMPOTENT}`,
        params: OrgOrderClaimParams,
        headers: IdempotencyHeaders,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      refundClaim(
        ctx,
        req.params.order_id,
        req.params.claim_id,
        seller(req, requireUserId(req)),
        req.headers['idempotency-key'],
      ),
  );

  r.post(
    '/api/organization/:org_id/orders/:order_id/claims/:claim_id/replacement',
    {
      config: { access: claimAccess() },
      schema: {
        tags,
        summary:
          'Answer a claim with a replacement shipment (carrier and tracking number); tracked stock goes out again',
        description: `409 claim_decided once answered, out_of_stock when a tracked product has too few. ${IDEMPOTENT}`,
        params: OrgOrderClaimParams,
        headers: IdempotencyHeaders,
        body: SetShippingBody,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      replaceClaim(
        ctx,
        req.params.order_id,
        req.params.claim_id,
        seller(req, requireUserId(req)),
        req.body,
        req.headers['idempotency-key'],
      ),
  );

  r.post(
    '/api/organization/:org_id/orders/:order_id/claims/:claim_id/decline',
    {
      config: { access: claimAccess() },
      schema: {
        tags,
        summary: 'Decline a claim with a reason (e-mailed to the buyer)',
        description: `409 claim_decided once answered. ${IDEMPOTENT}`,
        params: OrgOrderClaimParams,
        headers: IdempotencyHeaders,
        body: DeclineClaimBody,
        response: { 200: Order, ...errors },
      },
    },
    async (req) =>
      declineClaim(
        ctx,
        req.params.order_id,
        req.params.claim_id,
        seller(req, requireUserId(req)),
        req.body,
        req.headers['idempotency-key'],
      ),
  );

  r.get(
    '/api/organization/:org_id/order-settings',
    {
      config: { access: memberOf(organizationParam('org_id')) },
      schema: {
        tags,
        summary: 'The seller’s order settings: how many hours buyers may cancel or reduce an order themselves',
        params: OrgIdParams,
        response: { 200: OrderSettings, ...errors },
      },
    },
    async (req) => getOrderSettings(ctx.db, req.params.org_id),
  );

  r.put(
    '/api/organization/:org_id/order-settings',
    {
      config: { access: memberOf(organizationParam('org_id'), { role: 'admin', action: 'change order settings' }) },
      schema: {
        tags,
        summary: 'Set how many hours buyers may cancel or reduce an order themselves (0: never; at most 720)',
        description: 'Owners and admins (Staff: 403). 400 naming buyer_cancel_hours. Applies to placed orders at once.',
        params: OrgIdParams,
        body: OrderSettings,
        response: { 200: OrderSettings, ...errors },
      },
    },
    async (req) => setOrderSettings(ctx.db, req.params.org_id, req.body),
  );
}

/** The order's buyer (the access policy already checked the caller is its member). */
async function buyerOf(ctx: AppContext, orderId: string): Promise<string> {
  return (await orderSides(ctx.db, orderId))?.buyer ?? '';
}
