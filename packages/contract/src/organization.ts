import { z } from 'zod';
import { ORGANIZATION_TYPES, LIMITS } from './constants.js';
import { Uuid, multiLineText, singleLineText } from './common.js';
import { MONEY_LIMITS, amountTooLargeMessage } from './money-rules.js';

export const OrganizationType = z.enum(ORGANIZATION_TYPES);
export type OrganizationType = z.infer<typeof OrganizationType>;

const minCount = z.number().int().min(0, 'must not be negative').max(1_000_000).nullable();
/** An order minimum in cents: at most MONEY_LIMITS.amountCents, which its 32-bit column holds. */
const minCents = z
  .number({ message: 'must be a whole number of cents' })
  .int('must be a whole number of cents')
  .min(0, 'must not be negative')
  .max(MONEY_LIMITS.amountCents, amountTooLargeMessage(MONEY_LIMITS.amountCents))
  .nullable();

/** The four minimums as the seller sends them (PUT /api/organization/{org_id}). */
export const OrderTermsInput = z.object({
  new_customer_min: minCount,
  returning_customer_min: minCount,
  new_customer_min_cents: minCents,
  returning_customer_min_cents: minCents,
});

/**
 * The four minimums as answers carry them: what is stored (a minimum saved before the money
 * limits existed may be above today's input limit, and is still answered).
 */
export const OrderTerms = z.object({
  new_customer_min: z.number().int().nullable(),
  returning_customer_min: z.number().int().nullable(),
  new_customer_min_cents: z.number().int().nullable(),
  returning_customer_min_cents: z.number().int().nullable(),
});
export type OrderTerms = z.infer<typeof OrderTerms>;

export const Media = z.object({
  id: Uuid,
  cloudinary_url: z.string(),
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
});
export type Media = z.infer<typeof Media>;

/** A logo or cover with its resized copies by width in px ("200", "600", "1200"), smaller than the original. */
const ImageSetMedia = Media.extend({ variants: z.record(z.string(), z.string()).optional() });

export const ImageSet = z.object({
  id: Uuid.nullable(),
  organization_id: Uuid,
  logo: ImageSetMedia.nullable(),
  splash_image: ImageSetMedia.nullable(),
});
export type ImageSet = z.infer<typeof ImageSet>;

export const Address = z.object({
  id: Uuid.optional(),
  line1: z.string(),
  line2: z.string().nullable().optional(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof Address>;

export const Organization = z.object({
  id: Uuid,
  name: z.string(),
  slogan: z.string().nullable(),
  selected_type: OrganizationType,
  address: Address.nullable(),
  order_terms: OrderTerms,
  image_set: ImageSet,
  // Set-up data: sent to the organization's members only. A purchaser reads the seller's
  // public face (the fields above, without its address) and none of these.
  stripe_connect_status: z.string().nullable().optional(),
  has_description: z.boolean().optional(),
  has_splash_image: z.boolean().optional(),
  has_stripe_connect: z.boolean().optional(),
  has_payment_info: z.boolean().optional(),
  has_wholesale_terms: z.boolean().optional(),
  has_customers: z.boolean().optional(),
  has_address: z.boolean().optional(),
  product_count: z.number().int().optional(),
});
export type Organization = z.infer<typeof Organization>;

const name = singleLineText({ message: 'is required' })
  .min(1, 'is required')
  .max(LIMITS.organizationName, `must be at most ${LIMITS.organizationName} characters`);

export const CreateOrganizationBody = z.strictObject({
  selected_type: OrganizationType,
  name,
  /** The account form's checkboxes (optional; the spec's client sends only type and name). */
  terms_accepted: z.boolean().optional(),
  transactional_emails: z.boolean().optional(),
});
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBody>;

/** PUT /api/organization/{org_id}: every field optional; the client sends what it changes. */
export const UpdateOrganizationBody = z.strictObject({
  id: Uuid.optional(),
  name: name.optional(),
  slogan: multiLineText()
    .max(LIMITS.slogan, `must be at most ${LIMITS.slogan} characters`)
    .nullable()
    .optional(),
  order_terms: OrderTermsInput.partial().strict().optional(),
});
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBody>;

export const OnboardingStatus = z.object({
  has_description: z.boolean(),
  has_splash_image: z.boolean(),
  has_payment_info: z.boolean(),
  has_address: z.boolean(),
  product_count: z.number().int(),
  has_wholesale_terms: z.boolean(),
  has_customers: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof OnboardingStatus>;
