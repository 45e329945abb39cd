/**
 * Side-panel setup steps of spec section 4: five minus the steps done, five while unknown.
 * Kept free of zod so the seller shell does not pull the schemas into its chunk.
 */
import type { OnboardingStatus } from './organization.js';

export function remainingSetupSteps(status: OnboardingStatus | undefined | null): number {
  if (!status) return 5;
  const done = [
    status.has_description && status.has_splash_image,
    status.has_payment_info && status.has_address,
    status.product_count > 0,
    status.has_wholesale_terms,
    status.has_customers,
  ].filter(Boolean).length;
  return 5 - done;
}
