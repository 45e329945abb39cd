// Payment account schemas (spec sections 3 "Payment account status", 4 "Seller payment set-up",
// 7 "/api/stripe/..."). Plain rules: payment-rules.ts.
import { z } from 'zod';
import { anyCasePattern, singleLineText } from './common.js';
import { PaymentsProviderName } from './checkout.js';
import { normalizeEin, paymentOnboardingFieldError, type PaymentOnboardingField } from './payment-rules.js';
import { US_STATES } from './address-rules.js';

/** A connected account id as the provider names it (built-in `acct_…`, or Stripe's). */
export const PaymentAccountId = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(255, 'must be at most 255 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'must be an account id such as acct_123');

/** POST …/create-connect-account: the organization's connected account (the same one on every call). */
export const ConnectAccount = z.object({ account: z.string() });
export type ConnectAccount = z.infer<typeof ConnectAccount>;

/** POST …/refresh-connect-account. */
export const RefreshConnectAccountBody = z.strictObject({ account: PaymentAccountId });
export type RefreshConnectAccountBody = z.infer<typeof RefreshConnectAccountBody>;

/**
 * The secret that authorises the embedded onboarding of one account for a while, and which
 * onboarding it is for: the built-in form, or Stripe's Connect onboarding, which the browser
 * loads with the platform's publishable key (present with provider `stripe`).
 */
export const AccountSession = z.object({
  client_secret: z.string(),
  provider: PaymentsProviderName,
  publishable_key: z.string().optional(),
});
export type AccountSession = z.infer<typeof AccountSession>;

/** GET …/account-status (spec section 3): without an account, account_id is null and both flags false. */
export const PaymentAccountStatus = z.object({
  account_id: z.string().nullable(),
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
});
export type PaymentAccountStatus = z.infer<typeof PaymentAccountStatus>;

/** Something besides spaces (a second pattern beside the text rule's, hence allOf). */
const filled = { allOf: [{ pattern: '\\S' }] };
const digits = (rule: string) => ({ allOf: [{ pattern: `^\\s*${rule}\\s*$` }] });

/**
 * What payment-rules.ts checks of each field, as JSON Schema for the OpenAPI document (the
 * routing number's checksum and the 18+ rule cannot be written so: they are described).
 */
const PUBLISHED_ONBOARDING_RULES: Record<PaymentOnboardingField, Record<string, unknown>> = {
  legal_name: filled,
  ein: { ...digits('\\d{2}-?\\d{7}'), description: '9 digits, such as 12-3456789' },
  line1: filled,
  line2: {},
  city: filled,
  state: { allOf: [{ pattern: anyCasePattern(US_STATES) }], description: 'A two-letter US state code such as CA (any case)' },
  postal_code: digits('\\d{5}'),
  first_name: filled,
  last_name: filled,
  date_of_birth: { format: 'date', description: 'YYYY-MM-DD; the representative is at least 18' },
  routing_number: { ...digits('\\d{9}'), description: 'A US ABA routing number: 9 digits with a valid checksum' },
  account_number: digits('\\d{4,17}'),
};

/** A form field checked by the shared rule of payment-rules.ts (its message names the problem). */
function ruled(field: PaymentOnboardingField) {
  return singleLineText({ message: 'is required' })
    .superRefine((value, ctx) => {
      const problem = paymentOnboardingFieldError(field, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta(PUBLISHED_ONBOARDING_RULES[field]);
}

/**
 * POST …/onboarding: the built-in provider's embedded onboarding form, authorised by the
 * client_secret of refresh-connect-account. The EIN comes back as its nine digits and the
 * state upper-cased.
 */
export const PaymentOnboardingBody = z.strictObject({
  client_secret: z.string({ message: 'is required' }).min(1, 'is required').max(500, 'is invalid'),
  legal_name: ruled('legal_name'),
  ein: ruled('ein').transform((v) => normalizeEin(v)!),
  line1: ruled('line1'),
  line2: ruled('line2')
    .nullish()
    .transform((v) => v || null),
  city: ruled('city'),
  state: ruled('state').transform((v) => v.toUpperCase()),
  postal_code: ruled('postal_code'),
  first_name: ruled('first_name'),
  last_name: ruled('last_name'),
  date_of_birth: ruled('date_of_birth'),
  routing_number: ruled('routing_number'),
  account_number: ruled('account_number'),
});
export type PaymentOnboardingBody = z.infer<typeof PaymentOnboardingBody>;
export type PaymentOnboardingInput = z.input<typeof PaymentOnboardingBody>;
