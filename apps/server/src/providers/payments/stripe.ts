/**
 * Stripe as the payments provider (STRIPE_SECRET_KEY; DECISIONS "Outside services"), through the
 * official `stripe` SDK. The built-in provider's state machine, played by Stripe:
 *
 * - A seller's connected account is created with card_payments + transfers requested and
 *   controlled by the platform (requirement_collection `application`, no Stripe dashboard), so
 *   the seller completes Stripe's embedded onboarding component inside our page, authorised by
 *   an account session's client secret. Stripe decides details_submitted / charges_enabled.
 * - A buyer pays through an embedded Checkout Session (`ui_mode: embedded_page`, the API
 *   version the SDK pins renamed `embedded`) for one line of the amount our server computed,
 *   as a destination charge: the payment intent's transfer_data.destination is the seller's
 *   connected account.
 * - Webhooks are checked against the endpoint's signing secret (STRIPE_WEBHOOK_SECRET).
 *
 * Stripe hosts the onboarding form and the card form, so this provider has neither
 * `submitOnboarding` nor `embeddedCheckout`.
 *
 * Errors: a network failure, a timeout, Stripe's 5xx, a rate limit or an idempotency key in
 * use by a concurrent request become PaymentsProviderError('provider_unavailable'); anything
 * else Stripe refuses becomes a plain Error naming the call (a bug or a configuration problem,
 * never the buyer's fault), with the Stripe error as its cause.
 */
import type Stripe from 'stripe';
import { requirePackage } from '../../lib/load-package.js';
import {
  PaymentsProviderError,
  type AccountSessionSecret,
  type CheckoutSessionState,
  type CheckoutWebhookEvent,
  type ConnectedAccountStatus,
  type CreatedCheckoutSession,
  type NewCheckoutSession,
  type PaymentsProvider,
  type ProviderRefund,
  type ProviderRefundRecord,
} from './interface.js';

export interface StripePaymentsOptions {
  /** sk_test_…, sk_live_… or a restricted key rk_… with the rights this adapter uses. */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** Base URL of the API (a test's local server, stripe-mock, a proxy); default https://api.stripe.com. */
  apiUrl?: string;
  /** Retries of a failed request (network error, 409, 5xx) with backoff; default 2 (the SDK's). */
  maxNetworkRetries?: number;
  /** Per request; default 30 s (the SDK's 80 s is longer than a buyer waits). */
  timeoutMs?: number;
}

/**
 * Session metadata key that records the destination account. Stripe creates a Checkout
 * Session's payment intent only when the buyer pays, so an open or expired session has no
 * transfer_data to read the account from. It is removed from the metadata we answer.
 */
export const DESTINATION_METADATA_KEY = 'cratebase_destination_account';

/** How long Stripe keeps a signed webhook valid (its default tolerance), in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The SDK, loaded when a Stripe provider is made (lib/load-package.ts): an install on the
 * built-in provider never loads it.
 */
let sdk: typeof Stripe | undefined;
const stripeSdk = (): typeof Stripe => (sdk ??= requirePackage('stripe') as typeof Stripe);

function sdkOptions(options: StripePaymentsOptions): ConstructorParameters<typeof Stripe>[1] {
  const base = {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 30_000,
    appInfo: { name: 'Cratebase' },
  };
  if (!options.apiUrl) return base;
  const url = new URL(options.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...base,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

const isStripeError = (err: unknown): err is Stripe.errors.StripeError => err instanceof stripeSdk().errors.StripeError;

/** The object does not exist at Stripe (or, for accounts, is not one of this platform's). */
function isMissing(err: unknown): boolean {
  return isStripeError(err) && (err.code === 'resource_missing' || err.code === 'account_invalid');
}

/** Errors worth a later retry: Stripe or the way to it is down or busy. */
function isUnavailable(err: Stripe.errors.StripeError): boolean {
  if (err instanceof stripeSdk().errors.StripeConnectionError) return true;
  if (err instanceof stripeSdk().errors.StripeRateLimitError) return true;
  if (err instanceof stripeSdk().errors.StripeAPIError) {
    // No status: Stripe's answer could not be read (cut off, not JSON).
    return err.statusCode === undefined || err.statusCode >= 500 || err.statusCode === 409;
  }
  return err.statusCode === 409 || (err.statusCode !== undefined && err.statusCode >= 500);
}

/** Our error for a failed call (`what` names the call: "create the checkout session"). */
function translate(err: unknown, what: string): Error {
  if (err instanceof PaymentsProviderError) return err;
  if (!isStripeError(err)) return err instanceof Error ? err : new Error(String(err));
  if (isUnavailable(err)) {
    return new PaymentsProviderError(
      'provider_unavailable',
      'The payment service is not available right now. Please try again in a moment.',
    );
  }
  const status = err.statusCode ? `HTTP ${err.statusCode}` : err.type;
  const code = err.code ? `, ${err.code}` : '';
  return new Error(`Stripe refused to ${what} (${status}${code}): ${err.message}`, { cause: err });
}

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw translate(err, what);
  }
}

const accountState = (account: Stripe.Account): ConnectedAccountStatus => ({
  accountId: account.id,
  detailsSubmitted: account.details_submitted ?? false,
  chargesEnabled: account.charges_enabled ?? false,
});

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

function metadataOf(session: Stripe.Checkout.Session): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(session.metadata ?? {})) {
    if (key !== DESTINATION_METADATA_KEY && typeof value === 'string') out[key] = value;
  }
  return out;
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** The session as our callers see it (retrieved with payment_intent.latest_charge expanded). */
export function sessionState(session: Stripe.Checkout.Session): CheckoutSessionState {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const destination = intent?.transfer_data ? idOf(intent.transfer_data.destination) : null;
  const status: CheckoutSessionState['status'] =
    session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  return {
    sessionId: session.id,
    accountId: destination ?? session.metadata?.[DESTINATION_METADATA_KEY] ?? '',
    status,
    paid: session.payment_status === 'paid',
    amountCents: session.amount_total ?? 0,
    metadata: metadataOf(session),
    card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
    paymentId: idOf(session.payment_intent),
  };
}

const SESSION_EVENTS: Record<string, CheckoutWebhookEvent['type']> = {
  'checkout.session.completed': 'checkout.session.completed',
  // A delayed payment method (a bank debit) settled after the session completed unpaid.
  'checkout.session.async_payment_succeeded': 'checkout.session.completed',
  'checkout.session.expired': 'checkout.session.expired',
};

/**
 * Events about a payment's refunds (a refund made in Stripe's dashboard, or a change of one):
 * all read as `charge.refunded` with the payment intent's id; the handler lists the payment's
 * refunds as they are now (listRefunds), so the order of events does not matter.
 */
const REFUND_EVENTS = new Set(['charge.refunded', 'charge.refund.updated', 'refund.created', 'refund.updated', 'refund.failed']);

/** The payment intent a charge or refund object names (its id), or null. */
function paymentIntentOf(object: unknown): string | null {
  if (typeof object !== 'object' || object === null || !('object' in object)) return null;
  if (object.object !== 'charge' && object.object !== 'refund') return null;
  const intent = 'payment_intent' in object ? object.payment_intent : null;
  if (typeof intent === 'string') return intent;
  if (typeof intent === 'object' && intent !== null && 'id' in intent && typeof intent.id === 'string') return intent.id;
  return null;
}

const refundStatus = (status: string | null | undefined): ProviderRefund['status'] =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

export function createStripePayments(options: StripePaymentsOptions): PaymentsProvider {
  const StripeSdk = stripeSdk();
  const stripe = new StripeSdk(options.secretKey, sdkOptions(options));
  const webhookSecret = options.webhookSecret;

  async function retrieve(sessionId: string): Promise<CheckoutSessionState | null> {
    try {
      const session = await stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['payment_intent.latest_charge'],
      });
      return sessionState(session);
    } catch (err) {
      if (isMissing(err)) return null;
      throw translate(err, 'retrieve the checkout session');
    }
  }

  return {
    name: 'stripe',

    async createConnectedAccount({ idempotencyKey, email }): Promise<ConnectedAccountStatus> {
      const account = await call('create the connected account', () =>
        stripe.accounts.create(
          {
            country: 'US',
            ...(email ? { email } : {}),
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            // The platform collects the requirements (in Stripe's embedded onboarding on our
            // page) and carries fees and losses; the seller has no Stripe dashboard.
            controller: {
              requirement_collection: 'application',
              fees: { payer: 'application' },
              losses: { payments: 'application' },
              stripe_dashboard: { type: 'none' },
            },
          },
          { idempotencyKey },
        ),
      );
      return accountState(account);
    },

    async createAccountSession(accountId): Promise<AccountSessionSecret> {
      try {
        const session = await stripe.accountSessions.create({
          account: accountId,
          components: { account_onboarding: { enabled: true } },
        });
        return { clientSecret: session.client_secret, expiresAt: fromSeconds(session.expires_at) };
      } catch (err) {
        if (isMissing(err)) throw new PaymentsProviderError('unknown_account', 'The payment account does not exist.');
        throw translate(err, 'create the account session');
      }
    },

    async accountStatus(accountId) {
      try {
        return accountState(await stripe.accounts.retrieve(accountId));
      } catch (err) {
        if (isMissing(err)) return null;
        throw translate(err, 'retrieve the connected account');
      }
    },

    async createCheckoutSession(input: NewCheckoutSession): Promise<CreatedCheckoutSession> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            ui_mode: 'embedded_page',
            mode: 'payment',
            line_items: [
              {
                price_data: {
                  currency: input.currency,
                  product_data: { name: input.description },
                  unit_amount: input.amountCents,
                },
                quantity: 1,
              },
            ],
            payment_intent_data: {
              transfer_data: { destination: input.accountId },
              description: input.description,
              metadata: input.metadata,
            },
            return_url: input.returnUrl,
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            metadata: { ...input.metadata, [DESTINATION_METADATA_KEY]: input.accountId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (err) {
        // The destination account does not exist (or is not connected to this platform).
        if (isMissing(err)) throw new PaymentsProviderError('unknown_account', 'The payment account does not exist.');
        throw translate(err, 'create the checkout session');
      }
      if (!session.client_secret) {
        throw new Error('Stripe created a checkout session without a client secret (is ui_mode embedded_page?)');
      }
      return {
        sessionId: session.id,
        clientSecret: session.client_secret,
        expiresAt: fromSeconds(session.expires_at),
      };
    },

    retrieveCheckoutSession: retrieve,

    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        if (isMissing(err)) return null;
        // Stripe expires only open sessions: one the buyer paid (or that expired) first is
        // refused, and its state now is the answer.
        if (err instanceof stripeSdk().errors.StripeInvalidRequestError) {
          const state = await retrieve(sessionId);
          if (state === null || state.status !== 'open') return state;
        }
        throw translate(err, 'expire the checkout session');
      }
      // Read back with the charge expanded (the expire answer does not expand it).
      return retrieve(sessionId);
    },

    async refundPayment(input): Promise<ProviderRefund> {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentId,
            amount: input.amountCents,
            // A destination charge: the seller's share comes back from the connected account.
            reverse_transfer: true,
            ...(input.reason === 'duplicate' ? { reason: 'duplicate' as const } : {}),
            ...(input.reason === 'requested_by_customer' ? { reason: 'requested_by_customer' as const } : {}),
            metadata: { ...input.metadata, cratebase_reason: input.reason },
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (err) {
        if (err instanceof stripeSdk().errors.StripeInvalidRequestError) {
          if (err.code === 'charge_already_refunded' || err.code === 'amount_too_large') {
            throw new PaymentsProviderError('refund_exceeds_payment', 'This payment has less left to refund.');
          }
          if (isMissing(err)) {
            throw new PaymentsProviderError('not_refundable', 'This payment was not taken, so it cannot be refunded.');
          }
        }
        throw translate(err, 'refund the payment');
      }
      return { refundId: refund.id, status: refundStatus(refund.status), amountCents: refund.amount };
    },

    async listRefunds(paymentId): Promise<ProviderRefundRecord[]> {
      const out: ProviderRefundRecord[] = [];
      try {
        // Newest first from Stripe, a page of 100 at a time; answered oldest first.
        for await (const refund of stripe.refunds.list({ payment_intent: paymentId, limit: 100 })) {
          out.push({
            refundId: refund.id,
            status: refundStatus(refund.status),
            amountCents: refund.amount,
            reason: refund.reason ?? null,
            metadata: Object.fromEntries(
              Object.entries(refund.metadata ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
            ),
          });
          if (out.length >= 1000) break;
        }
      } catch (err) {
        throw translate(err, 'list the refunds');
      }
      return out.reverse();
    },

    verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): CheckoutWebhookEvent {
      if (!signatureHeader) {
        throw new PaymentsProviderError('invalid_signature', 'The Stripe-Signature header is missing.');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        if (err instanceof stripeSdk().errors.StripeSignatureVerificationError) {
          throw new PaymentsProviderError('invalid_signature', `The webhook signature is not valid: ${err.message}`);
        }
        // Signed, but not an event (the body is not JSON).
        throw new PaymentsProviderError('invalid_signature', 'The webhook body is not a Stripe event.');
      }
      const object: unknown = event.data?.object;
      if (REFUND_EVENTS.has(event.type)) {
        const paymentId = paymentIntentOf(object);
        return paymentId
          ? { id: event.id, type: 'charge.refunded', sessionId: null, paymentId }
          : { id: event.id, type: 'other', sessionId: null };
      }
      const type = SESSION_EVENTS[event.type] ?? 'other';
      const sessionId =
        typeof object === 'object' &&
        object !== null &&
        'object' in object &&
        object.object === 'checkout.session' &&
        'id' in object &&
        typeof object.id === 'string'
          ? object.id
          : null;
      return { id: event.id, type, sessionId };
    },
  };
}
