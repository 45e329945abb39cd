/**
 * Refunds (issue 21 part 2; docs/payments.md "Refunds"):
 *
 *  - POST /api/organization/{org_id}/orders/{order_id}/refunds — the seller's owners and admins
 *    refund the order (Staff get 403); optional `Idempotency-Key` header.
 *  - GET /api/order/{order_id}/refunds — the order's refunds and what is left to refund, for the
 *    members of its seller and of its buyer.
 *  - GET /credit-notes/{refund_id}.pdf?expires=&signature= — a refund's credit note, behind a
 *    signed link (outside /api, opened in a new tab without the token, like invoice PDFs).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  CreateRefundBody,
  ErrorBody,
  OrderIdParams,
  OrderRefunds,
  OrgOrderParams,
  Refund,
  type RefundReason,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { IdempotencyHeaders } from '../../lib/idempotency-header.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { requireUserId } from '../../auth/plugin.js';
import { orderForRefund } from '../orders/refunded.js';
import { orderPartyAt, soldOrderAt } from '../orders/resources.js';
import { pdfFileName } from '../../lib/pdf/toolkit.js';
import { sellerFacts } from '../documents/seller-facts.js';
import { organizationName } from '../organizations/service.js';
import { invoiceOfOrder } from '../payments/invoice-of-order.js';
import { creditNoteLinks } from './credit-note-links.js';
import { signedPdfRoute } from '../../lib/signed-documents.js';
import { renderCreditNote, type CreditNoteInput } from './credit-note-pdf.js';
import { refunds } from './schema.js';
import { createRefund, orderRefunds } from './service.js';

const tags = ['refunds'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

const Headers = IdempotencyHeaders;

export const CREDIT_NOTE_LINK_EXPIRED_MESSAGE = 'This credit note link has expired. Open the order’s refunds again.';
export const CREDIT_NOTE_LINK_INVALID_MESSAGE = 'This credit note link is not valid. Open the order’s refunds again.';

/** Everything the credit note prints, or undefined when the refund is gone. */
export async function creditNoteDocument(ctx: AppContext, refundId: string): Promise<CreditNoteInput | undefined> {
  const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) return undefined;
  const order = await orderForRefund(ctx.db, refund.orderId);
  if (!order) return undefined;
  const [invoice, sellerName, buyerName] = await Promise.all([
    invoiceOfOrder(ctx.db, order.id),
    organizationName(ctx.db, order.selling_organization_id),
    organizationName(ctx.db, order.purchasing_organization_id),
  ]);
  const seller = await sellerFacts(ctx, { id: order.selling_organization_id, name: sellerName ?? 'Seller' });
  return {
    creditNoteNumber: refund.creditNoteNumber,
    status: refund.status as CreditNoteInput['status'],
    issuedAt: refund.createdAt,
    orderReference: invoice?.number ?? `#${order.id.slice(0, 8).toUpperCase()}`,
    invoiceNumber: invoice?.number ?? null,
    poNumber: order.po_number,
    orderTotalCents: order.total_cents,
    seller,
    buyerName: buyerName ?? 'Customer',
    amountCents: refund.amountCents,
    shippingCents: refund.shippingCents,
    lines: refund.lines.map((l) => ({ name: l.name, quantity: l.quantity, amountCents: l.amount_cents })),
    reason: refund.reason as RefundReason,
    note: refund.note,
    method: refund.method === 'card' ? 'card' : 'credit_note',
    card: refund.cardBrand && refund.cardLast4 ? { brand: refund.cardBrand, last4: refund.cardLast4 } : null,
    fromProvider: refund.source === 'provider',
  };
}

export async function refundRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/organization/:org_id/orders/:order_id/refunds',
    {
      config: {
        access: memberOf(organizationParam('org_id'), soldOrderAt('params', 'order_id'), {
          role: 'admin',
          action: 'refund orders',
        }),
      },
      schema: {
        tags,
        summary: 'Refund a placed order, in full or in part: to the card that paid, or as a credit note',
        description:
          'Owners and admins of the seller (Staff: 403). One of `full: true`, `amount_cents`, or `lines` ' +
          '({line_item_id, quantity}) and/or `shipping_cents`; a `reason`; an optional `note`; `restock` returns the ' +
          'refunded units of tracked products to stock. Optional `Idempotency-Key` header: a retry with the same key ' +
          'answers the first refund (the same key with another request: 409 idempotency_key_reused). 409 with a ' +
          'sentence when the order is not placed or not paid (order_not_placed, invoice_not_paid, invoice_void, ' +
          'order_not_paid), when the refund is more than is left (refund_exceeds_payment, refund_exceeds_quantity, ' +
          'refund_exceeds_shipping, already_refunded), or when the payments provider refuses it (refund_refused). ' +
          'A card refund the provider could not yet confirm answers status pending (retried every minute).',
        params: OrgOrderParams,
        headers: Headers,
        body: CreateRefundBody,
        response: { 200: Refund, ...errors },
      },
    },
    async (req) =>
      createRefund(ctx, {
        sellerId: req.params.org_id,
        orderId: req.params.order_id,
        userId: requireUserId(req),
        body: req.body,
        idempotencyKey: req.headers['idempotency-key'],
      }),
  );

  r.get(
    '/api/order/:order_id/refunds',
    {
      config: { access: memberOf(orderPartyAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'The order’s refunds (newest first, each with a signed credit note link) and what is left to refund',
        description: 'For the members of the order’s seller and buyer; 404 for anyone else.',
        params: OrderIdParams,
        response: { 200: OrderRefunds, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return orderRefunds(ctx, req.params.order_id);
    },
  );

  signedPdfRoute(app, {
    links: creditNoteLinks,
    path: 'credit-notes',
    noun: 'Credit note',
    invalidMessage: CREDIT_NOTE_LINK_INVALID_MESSAGE,
    expiredMessage: CREDIT_NOTE_LINK_EXPIRED_MESSAGE,
    db: ctx.db,
    async render(refundId) {
      const input = await creditNoteDocument(ctx, refundId);
      if (!input) return undefined;
      return { pdf: await renderCreditNote(input), fileName: pdfFileName('credit-note', input.creditNoteNumber) };
    },
  });
}
