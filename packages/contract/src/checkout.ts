// Card payment and order completion (spec sections 2 "checkout/return", 4 "Order flow",
// 7 "/api/stripe/.../create-checkout-session", "verify-payment", "/api/order/{id}/submit";
// DECISIONS "The money path"). Card rules: card-rules.ts.
import { z } from 'zod';
import { Uuid } from './common.js';
import { CARD_FIELDS, cardFieldError, type CardField, type CardValues } from './card-rules.js';

/**
 * POST /api/stripe/organization/{org_id}/create-checkout-session, org_id the seller. The spec's
 * body is the cart: only its id is read — amounts, lines and shipping come from the database.
 * Other fields the client sends with it (a whole Cart) are ignored.
 */
export const CreateCheckoutSessionBody = z.object({
  cart: z.looseObject(
    {
      id: Uuid,
      /**
       * The cart total the buyer was shown (Cart.total_cents). When given, checkout refuses
       * (409 cart_changed) rather than charge a different amount for the lines.
       */
      total_cents: z.number().int('must be a whole number of cents').min(0).optional(),
    },
    { message: 'is required' },
  ),
});
export type CreateCheckoutSessionBody = z.infer<typeof CreateCheckoutSessionBody>;

/**
 * POST /api/order/{order_id}/submit-on-terms (issue 13): optionally the cart total the buyer was
 * shown; when given, the order is refused (409 cart_changed) rather than invoiced for another amount.
 */
export const SubmitOnTermsBody = z
  .strictObject({
    cart: z.strictObject({ total_cents: z.number().int('must be a whole number of cents').min(0) }),
  })
  .nullish();
export type SubmitOnTermsBody = z.infer<typeof SubmitOnTermsBody>;

export const PaymentsProviderName = z.enum(['builtin', 'stripe']);
export type PaymentsProviderName = z.infer<typeof PaymentsProviderName>;

/** The session the embedded checkout pays: the spec's clientSecret and account_id, and what it charges. */
export const CheckoutSession = z.object({
  clientSecret: z.string(),
  account_id: z.string(),
  session_id: z.string(),
  /** Which embedded checkout the client shows: the built-in card form, or Stripe's. */
  provider: PaymentsProviderName,
  currency: z.literal('usd'),
  subtotal_cents: z.number().int(),
  shipping_cents: z.number().int(),
  amount_cents: z.number().int(),
  expires_at: z.string(),
  /**
   * With provider `stripe`: the platform's publishable key (pk_test_… or pk_live_…; public by
   * design), with which the browser loads Stripe.js and mounts Stripe's embedded checkout.
   */
  publishable_key: z.string().optional(),
});
export type CheckoutSession = z.infer<typeof CheckoutSession>;

/** A checkout session id as a provider names it (`cs_…`). */
export const CheckoutSessionId = z
  .string()
  .min(4, 'must be a checkout session id')
  .max(255, 'must be a checkout session id')
  .regex(/^cs_[A-Za-z0-9_]+$/, 'must be a checkout session id such as cs_123');

export const VerifyPaymentParams = z.strictObject({ org_id: Uuid, session_id: CheckoutSessionId });

/** The card a payment was made with: all the built-in provider keeps of it. */
export const PaymentCard = z.object({ brand: z.string(), last4: z.string() });
export type PaymentCard = z.infer<typeof PaymentCard>;

/** GET …/verify-payment/{session_id}: the order is complete (the same answer however often it is asked). */
export const VerifyPayment = z.object({
  success: z.literal(true),
  order_id: Uuid,
  invoice_number: z.string(),
  amount_cents: z.number().int(),
  completed_on: z.string(),
  card: PaymentCard.nullable(),
});
export type VerifyPayment = z.infer<typeof VerifyPayment>;

/** POST /api/order/{order_id}/submit: the submitted order. */
export const SubmittedOrder = z.object({
  id: Uuid,
  status: z.literal('submitted'),
  completed_on: z.string(),
  subtotal_cents: z.number().int(),
  shipping_cost_in_cents: z.number().int(),
  total_cents: z.number().int(),
  /** due_on (YYYY-MM-DD) for an order placed on net terms (its invoice OPEN until paid). */
  invoice: z.object({ number: z.string(), stripe_status: z.string(), due_on: z.string().nullable().optional() }),
});
export type SubmittedOrder = z.infer<typeof SubmittedOrder>;

// ─── The built-in provider's embedded checkout (the card form's calls) ────────────────
/** Authorises the embedded checkout of one session: the clientSecret of create-checkout-session. */
const ClientSecret = z.string({ message: 'is required' }).min(1, 'is required').max(500, 'is invalid');

export const CheckoutSecretBody = z.strictObject({ client_secret: ClientSecret });
export type CheckoutSecretBody = z.infer<typeof CheckoutSecretBody>;

/** What the embedded checkout shows: who is paid, how much, and whether it is still payable. */
export const EmbeddedCheckout = z.object({
  session_id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  merchant_name: z.string(),
  currency: z.literal('usd'),
  amount_cents: z.number().int(),
  expires_at: z.string(),
  /** Where the buyer goes once paid (`session_id` filled in). */
  return_url: z.string(),
  /** A card challenge is waiting for the buyer (3-D Secure). */
  challenge_id: z.string().nullable(),
});
export type EmbeddedCheckout = z.infer<typeof EmbeddedCheckout>;

const cardField = () => z.string({ message: 'is required' }).max(100, 'is too long');

/** The card as the form sends it; every field checked by the shared card rules. */
export const CardInput = z
  .strictObject(Object.fromEntries(CARD_FIELDS.map((f) => [f, cardField()])) as Record<CardField, z.ZodString>)
  .superRefine((card, ctx) => {
    for (const field of CARD_FIELDS) {
      const problem = cardFieldError(field, card as CardValues);
      if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
    }
  })
  // The card rules as far as the OpenAPI document can say them (the Luhn check and the brand's
  // lengths cannot be written as JSON Schema).
  .meta({
    description:
      'number: the digits of a card the brand accepts (Luhn-checked; spaces and dashes ignored); expiry: MM / YY or MM/YYYY, not in the past; ' +
      "cvc: the brand's length (4 for American Express, else 3); postal_code: a US ZIP.",
  });
export type CardInput = z.infer<typeof CardInput>;

export const ConfirmCardBody = z.strictObject({ client_secret: ClientSecret, card: CardInput });
export type ConfirmCardBody = z.infer<typeof ConfirmCardBody>;

/**
 * The card payment's outcome: paid (go to return_url), or a challenge to complete first. A
 * declined card is a 402 whose message is the bank's answer ("Your card was declined.").
 */
export const CardPaymentResult = z.object({
  status: z.enum(['complete', 'requires_action']),
  return_url: z.string().nullable(),
  challenge_id: z.string().nullable(),
  card: PaymentCard,
});
export type CardPaymentResult = z.infer<typeof CardPaymentResult>;

/** The buyer's answer to the card challenge (the test bank page's two buttons). */
export const ChallengeBody = z.strictObject({
  client_secret: ClientSecret,
  challenge_id: z.string({ message: 'is required' }).min(1, 'is required').max(255, 'is invalid'),
  outcome: z.enum(['complete', 'fail'], { message: 'must be complete or fail' }),
});
export type ChallengeBody = z.infer<typeof ChallengeBody>;
