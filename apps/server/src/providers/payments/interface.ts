/**
 * Card payments through a payments provider (spec section 7, "/api/stripe/..."; DECISIONS
 * "Outside services"). A seller takes card payments through a connected account at the
 * provider: the account is created, the seller completes the provider's embedded onboarding
 * (authorised by an account session's client secret), and the provider decides when the
 * account may take charges.
 *
 * The checkout (sessions, the embedded card form, verification and the webhook) joins this
 * interface with its issue; the account methods below do not change for it. Every method takes
 * and returns plain data, so a provider is tested without HTTP.
 */
import type { PaymentOnboardingBody } from '@cratebase/contract';

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

export interface PaymentsProvider {
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

/** A failure the provider reports in words a user may read (codes are stable for callers). */
export class PaymentsProviderError extends Error {
  constructor(
    public readonly code: 'session_expired' | 'invalid_session' | 'unknown_account' | 'provider_unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentsProviderError';
  }
}
