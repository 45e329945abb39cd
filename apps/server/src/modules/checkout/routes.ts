import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CardPaymentResult,
  ChallengeBody,
  CheckoutSecretBody,
  CheckoutSession,
  ConfirmCardBody,
  CreateCheckoutSessionBody,
  EmbeddedCheckout,
  ErrorBody,
  InvoiceCheckoutSession,
  InvoiceIdParams,
  OrderIdParams,
  OrgIdParams,
  SubmittedOrder,
  SubmitOnTermsBody,
  VerifyPayment,
  VerifyPaymentParams,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf } from '../../auth/policies.js';
import { requireUserId } from '../../auth/plugin.js';
import { cartAt } from '../carts/resources.js';
import { orderAt } from '../orders/resources.js';
import { boughtInvoiceAt } from '../payments/resources.js';
import { checkoutSecretAt, checkoutSessionAt } from './resources.js';
import { withPublishableKey } from '../../providers/payments/browser-key.js';
import {
  answerChallenge,
  createCheckoutSession,
  createInvoiceCheckoutSession,
  submitOnTerms,
  payWithCard,
  submitOrder,
  verifyPayment,
  viewEmbeddedCheckout,
} from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };
const tags = ['checkout'];
const BUYER_ONLY =
  'Only members of the purchasing organization of the cart’s order (while it buys from the seller); ' +
  '404 for anyone else.';

/** Card payment and order completion (spec sections 2, 4 and 7; DECISIONS "The money path"). */
export async function checkoutRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/stripe/organization/:org_id/create-checkout-session',
    {
      config: { access: memberOf(cartAt('body', 'cart', 'id')) },
      schema: {
        tags,
        summary: 'A checkout session for the cart’s order (org_id the seller): clientSecret and account_id',
        description:
          `${BUYER_ONLY} The amount is computed from the database: the cart’s lines at their live prices and the ` +
          'order’s current shipping rate; nothing in the body but the cart id is read. 409 with a sentence for the ' +
          'buyer (code and field in issues) when the order cannot be paid yet: minimums, availability, stock held by ' +
          'other checkouts, address, a current shipping rate, the seller’s payments.',
        params: OrgIdParams,
        body: CreateCheckoutSessionBody,
        response: { 200: CheckoutSession, ...errors },
      },
    },
    // With Stripe, the answer carries the publishable key the browser loads Stripe.js with.
    async (req) =>
      withPublishableKey(ctx.config, await createCheckoutSession(ctx, requireUserId(req), req.params.org_id, req.body)),
  );

  r.get(
    '/api/stripe/organization/:org_id/verify-payment/:session_id',
    {
      config: { access: memberOf(checkoutSessionAt('params', 'session_id')) },
      schema: {
        tags,
        summary: 'Completes the order the session paid (idempotent) and answers it',
        description: `${BUYER_ONLY} 402 payment_incomplete while unpaid, 409 session_expired once it can no longer be paid.`,
        params: VerifyPaymentParams,
        response: { 200: VerifyPayment, 402: ErrorBody, ...errors },
      },
    },
    async (req) => verifyPayment(ctx, req.params.org_id, req.params.session_id),
  );

  r.post(
    '/api/order/:order_id/submit',
    {
      config: { access: memberOf(orderAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'Submits the order once it is paid (idempotent); 409 payment_required before',
        description: BUYER_ONLY,
        params: OrderIdParams,
        response: { 200: SubmittedOrder, ...errors },
      },
    },
    async (req) => submitOrder(ctx, req.params.order_id),
  );

  r.post(
    '/api/order/:order_id/submit-on-terms',
    {
      config: { access: memberOf(orderAt('params', 'order_id')) },
      schema: {
        tags,
        summary: 'Places the order to be paid by invoice on the net terms the seller gave (idempotent); its invoice is OPEN with due_on',
        description:
          `${BUYER_ONLY} The same checks and completion as a card checkout (minimums, availability, address, a current ` +
          'shipping rate; stock sold, e-mails). 409 no_payment_terms when the seller gave this customer none; a retried ' +
          'or concurrent submit answers the order the first placed.',
        params: OrderIdParams,
        body: SubmitOnTermsBody,
        response: { 200: SubmittedOrder, ...errors },
      },
    },
    async (req) => submitOnTerms(ctx, requireUserId(req), req.params.order_id, req.body?.cart.total_cents),
  );

  r.post(
    '/api/invoice/:invoice_id/checkout-session',
    {
      config: { access: memberOf(boughtInvoiceAt('params', 'invoice_id')) },
      schema: {
        tags,
        summary: 'A card payment session for an OPEN invoice (the buyer pays later); pay it with the embedded card form',
        description:
          'Only members of the invoice’s buyer; 404 for anyone else. 409 invoice_not_open for a PAID or VOID invoice, ' +
          'seller_payments_inactive when the seller cannot take cards. Paid, the invoice becomes PAID (card) once.',
        params: InvoiceIdParams,
        response: { 200: InvoiceCheckoutSession, ...errors },
      },
    },
    async (req) =>
      withPublishableKey(ctx.config, await createInvoiceCheckoutSession(ctx, requireUserId(req), req.params.invoice_id)),
  );

  // The built-in provider's embedded checkout: the card form's calls, authorised by the
  // session's client secret (and the caller's membership of the paying organization).
  const secretPolicy = memberOf(checkoutSecretAt('body', 'client_secret'));
  r.post(
    '/api/payments/checkout/session',
    {
      config: { access: secretPolicy },
      schema: {
        tags,
        summary: 'Built-in embedded checkout: the session the client secret authorises',
        body: CheckoutSecretBody,
        response: { 200: EmbeddedCheckout, ...errors },
      },
    },
    async (req) => viewEmbeddedCheckout(ctx, req.body.client_secret),
  );

  r.post(
    '/api/payments/checkout/pay',
    {
      config: { access: secretPolicy },
      schema: {
        tags,
        summary: 'Built-in embedded checkout: pay with a card (test cards in DECISIONS)',
        description:
          'Paid: the order is completed before the answer (status complete, return_url). 402 with the bank’s ' +
          'message for a declined card; requires_action with a challenge_id for a card that asks for authentication.',
        body: ConfirmCardBody,
        response: { 200: CardPaymentResult, 402: ErrorBody, ...errors },
      },
    },
    async (req) => payWithCard(ctx, req.body.client_secret, req.body.card),
  );

  r.post(
    '/api/payments/checkout/challenge',
    {
      config: { access: secretPolicy },
      schema: {
        tags,
        summary: 'Built-in embedded checkout: the buyer completes or fails the card’s authentication',
        body: ChallengeBody,
        response: { 200: CardPaymentResult, 402: ErrorBody, ...errors },
      },
    },
    async (req) => answerChallenge(ctx, req.body.client_secret, req.body.challenge_id, req.body.outcome),
  );
}
