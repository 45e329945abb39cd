/**
 * Card payments through a payments provider (spec section 7, "/api/stripe/..."; DECISIONS
 * "Outside services"). A seller takes card payments through a connected account at the
 * provider: the account is created, the seller completes the provider's embedded onboarding
 * (authorised by an account session's client secret), and the provider decides when the
 * account may take charges.
 *
 * A buyer pays through a checkout session: created by our server for an amount it computed,
 * charged to the buyer's card in the provider's embedded checkout (a destination charge: the
 * money goes to the seller's connected account), and then read back by our server — from the
 * return page (verify-payment), a webhook, or the reconciler — which completes the order. Every
 * method takes and returns plain data, so a provider is tested without HTTP.
 */
import type { CardInput, PaymentOnboardingBody } from '@cratebase/contract';

/** What the provider says about a connected account. */
export interface ConnectedAccountStatus {
  accountId: string;
  /** The seller finished the onboarding form. */
  detailsSubmitted: boolean;
  /** The provider lets the account take card payments (our stripe_connect_status `active`). */
  chargesEnabled: boolean;
}

export interface AccountSessionSecret {
  /** Authorises the embedded onboarding of this one account until it expires. */
  clientSecret: string;
  expiresAt: Date;
}

/** The onboarding form as the built-in embedded component sends it (validated by the contract). */
export type OnboardingDetails = Omit<PaymentOnboardingBody, 'client_secret'>;

export interface PaymentsProvider extends CheckoutPayments {
  /** Recorded on our payment account (payment_accounts.provider). */
  readonly name: 'builtin' | 'stripe';

  /**
   * Creates a connected account. `idempotencyKey` makes a retry (or a racing second request)
   * return the account the first one made instead of a second account.
   */
  createConnectedAccount(input: { idempotencyKey: string; email?: string | null }): Promise<ConnectedAccountStatus>;

  /** A fresh client secret for the embedded onboarding of the account. */
  createAccountSession(accountId: string): Promise<AccountSessionSecret>;

  /** The account as the provider sees it now; null when the provider does not know it. */
  accountStatus(accountId: string): Promise<ConnectedAccountStatus | null>;

  /**
   * Only a provider whose embedded onboarding is ours (the built-in one): takes the form,
   * authorised by a live client secret of that account, and answers the account's new state.
   * Throws PaymentsProviderError('session_expired' | 'invalid_session') for a bad secret.
   */
  submitOnboarding?(input: {
    accountId: string;
    clientSecret: string;
    details: OnboardingDetails;
  }): Promise<ConnectedAccountStatus>;
}

export interface NewCheckoutSession {
  /** The seller's connected account: the charge's destination. */
  accountId: string;
  amountCents: number;
  currency: 'usd';
  /** What the buyer sees on the card form ("Order from {seller}"). */
  description: string;
  merchantName: string;
  /** Where the embedded checkout sends the buyer once paid; `{CHECKOUT_SESSION_ID}` is replaced. */
  returnUrl: string;
  expiresAt: Date;
  /**
   * The provider's idempotency key: a network retry of the same create never makes a second
   * session. Our server uses a new key for every session it asks for.
   */
  idempotencyKey: string;
  /** Comes back on the session and its webhook events (our order id). */
  metadata: Record<string, string>;
}

export interface CreatedCheckoutSession {
  sessionId: string;
  /** Authorises the embedded checkout of this one session. */
  clientSecret: string;
  expiresAt: Date;
}

/** The provider's word on a checkout session. */
export interface CheckoutSessionState {
  sessionId: string;
  accountId: string;
  /** open: payable; complete: paid; expired: can no longer be paid. */
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountCents: number;
  metadata: Record<string, string>;
  card: { brand: string; last4: string } | null;
  /** The provider's id of the payment (for refunds and the seller's statements). */
  paymentId: string | null;
}

export interface NewRefund {
  /** The provider's checkout session that took the payment. */
  sessionId: string;
  /** The provider's id of the payment (CheckoutSessionState.paymentId). */
  paymentId: string;
  /** A positive whole number of cents, at most what is left of the payment. */
  amountCents: number;
  /** Why (ours: duplicate, order_closed, requested_by_customer, …); kept with the refund. */
  reason: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface ProviderRefund {
  refundId: string;
  /** succeeded: the money is on its way back; pending: the provider is still working on it. */
  status: 'succeeded' | 'pending' | 'failed';
  amountCents: number;
}

/** The outcome of the built-in embedded checkout's card form. */
export type CardOutcome =
  | { status: 'complete'; session: CheckoutSessionState }
  | { status: 'requires_action'; challengeId: string; card: { brand: string; last4: string } }
  | { status: 'declined'; code: 'card_declined' | 'insufficient_funds' | 'authentication_failed'; message: string };

/** What the built-in embedded checkout shows for a client secret. */
export interface EmbeddedCheckoutState extends CheckoutSessionState {
  merchantName: string;
  expiresAt: Date;
  returnUrl: string;
  challengeId: string | null;
}

/** A refund as the provider lists it (with the metadata it was made with: ours name our refund). */
export interface ProviderRefundRecord extends ProviderRefund {
  metadata: Record<string, string>;
  /** The provider's reason (Stripe: duplicate, fraudulent, requested_by_customer), or null. */
  reason: string | null;
}

/**
 * A verified webhook event: about a checkout session, or (`charge.refunded`) about refunds of a
 * payment — one made in the provider's own dashboard, or the progress of one of ours.
 */
export interface CheckoutWebhookEvent {
  id: string;
  type: 'checkout.session.completed' | 'checkout.session.expired' | 'charge.refunded' | 'other';
  sessionId: string | null;
  /** charge.refunded: the payment (CheckoutSessionState.paymentId) whose refunds changed. */
  paymentId?: string | null;
}

export interface CheckoutPayments {
  createCheckoutSession(input: NewCheckoutSession): Promise<CreatedCheckoutSession>;
  /** The session now; null when the provider does not know it. */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionState | null>;
  /**
   * Ends an open session so it can no longer be paid, and answers its final state — which is
   * `complete` when the buyer paid before the expiry arrived (the caller then completes the order).
   */
  expireCheckoutSession(sessionId: string): Promise<CheckoutSessionState | null>;

  /**
   * Gives back all or part of a paid session's payment: the buyer's card is credited and, for a
   * destination charge, the transfer to the seller's account is reversed by the same amount.
   * `idempotencyKey` makes a retry (or a racing second request) answer the first refund instead
   * of refunding twice. Throws PaymentsProviderError 'refund_exceeds_payment' when the payment's
   * refunds would add up to more than was paid, 'not_refundable' when the session was not paid.
   */
  refundPayment(input: NewRefund): Promise<ProviderRefund>;

  /**
   * Only a provider whose refunds may also be made outside Cratebase (Stripe's dashboard): every
   * refund of the payment as it stands now, oldest first.
   */
  listRefunds?(paymentId: string): Promise<ProviderRefundRecord[]>;

  /** Only a provider whose embedded checkout is ours (the built-in one). */
  embeddedCheckout?: {
    /** The session a client secret authorises; throws invalid_session for any other secret. */
    view(clientSecret: string): Promise<EmbeddedCheckoutState>;
    /** Charges the card (or asks for a challenge first). Throws session_expired / session_complete. */
    payWithCard(clientSecret: string, card: CardInput): Promise<CardOutcome>;
    /** The buyer's answer to the challenge. */
    answerChallenge(clientSecret: string, challengeId: string, outcome: 'complete' | 'fail'): Promise<CardOutcome>;
  };

  /**
   * Only a provider that posts webhooks (Stripe): checks the signature header against the raw
   * body and answers the event; throws invalid_signature otherwise.
   */
  verifyWebhook?(rawBody: Buffer, signatureHeader: string | undefined): CheckoutWebhookEvent;
}

/** A failure the provider reports in words a user may read (codes are stable for callers). */
export class PaymentsProviderError extends Error {
  constructor(
    public readonly code:
      | 'session_expired'
      | 'session_complete'
      | 'invalid_session'
      | 'unknown_account'
      | 'unknown_session'
      | 'invalid_signature'
      | 'provider_unavailable'
      | 'refund_exceeds_payment'
      | 'not_refundable',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentsProviderError';
  }
}
