/**
 * What the browser needs to load the payments provider's own code: with Stripe, the platform's
 * publishable key (STRIPE_PUBLISHABLE_KEY; public by design) for Stripe.js (the embedded
 * checkout) and Connect.js (the embedded onboarding). The built-in provider's forms are ours and
 * need nothing. Sent with the answers that start those widgets (checkout sessions, account
 * sessions), so the web learns it when, and only where, it loads the vendor.
 */
import type { Config } from '../../config.js';

export function publishableKeyFor(config: Pick<Config, 'payments'>, provider: string): { publishable_key?: string } {
  return provider === 'stripe' && config.payments.provider === 'stripe'
    ? { publishable_key: config.payments.publishableKey }
    : {};
}

/** The answer with the publishable key its provider's widget loads with (when it has one). */
export function withPublishableKey<T extends { provider: string }>(
  config: Pick<Config, 'payments'>,
  answer: T,
): T & { publishable_key?: string } {
  return { ...answer, ...publishableKeyFor(config, answer.provider) };
}
