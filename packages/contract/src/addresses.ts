import { z } from 'zod';
import { Uuid, anyCasePattern, singleLineText } from './common.js';
import { COUNTRY } from './constants.js';
import { Address } from './organization.js';
import { LookupRef, PositiveMeasure, Unit } from './products.js';
import { ADDRESS_LIMITS, DEFAULT_PACKAGE_NAME, POSTAL_CODE_PATTERN, US_STATES } from './address-rules.js';

const requiredLine = (max: number) =>
  singleLineText({ message: 'is required' }).min(1, 'is required').max(max, `must be at most ${max} characters`);

/** An address as a form sends it (country is always US). */
export const AddressInput = z.strictObject({
  id: Uuid.nullish(),
  first_name: singleLineText().max(ADDRESS_LIMITS.name).nullish(),
  last_name: singleLineText().max(ADDRESS_LIMITS.name).nullish(),
  line1: requiredLine(ADDRESS_LIMITS.line),
  line2: singleLineText().max(ADDRESS_LIMITS.line, `must be at most ${ADDRESS_LIMITS.line} characters`).nullish(),
  city: requiredLine(ADDRESS_LIMITS.city),
  state: z
    .string({ message: 'is required' })
    .trim()
    .toUpperCase()
    .refine((s) => (US_STATES as readonly string[]).includes(s), 'must be a two-letter US state code such as CA')
    .meta({ pattern: anyCasePattern(US_STATES), description: 'A two-letter US state code such as CA (any case)' }),
  postal_code: z.string({ message: 'is required' }).trim().regex(POSTAL_CODE_PATTERN, 'must be exactly 5 digits'),
  country: z.literal(COUNTRY, { message: 'must be US' }).default(COUNTRY),
});
export type AddressInput = z.infer<typeof AddressInput>;

/** An address with the name of whom it is for (a buyer's saved shipping address has one). */
export const NamedAddress = Address.extend({
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
});
export type NamedAddress = z.infer<typeof NamedAddress>;

/** An organization's address and how it is used. */
export const AddressLink = z.object({
  id: Uuid,
  address: NamedAddress,
  organization: z.object({ id: Uuid }),
  kind: z.string(),
  is_default_shipping: z.boolean(),
  is_default_billing: z.boolean(),
});
export type AddressLink = z.infer<typeof AddressLink>;
export const AddressLinkList = z.array(AddressLink);

/**
 * POST /api/address/organization: saves a shipping address for the organization (a buyer's
 * checkout). Marking it a default takes the mark from the organization's other addresses.
 */
export const SavedAddressInput = z.strictObject({
  organization: z.strictObject({ id: Uuid }),
  address: AddressInput,
  is_default_shipping: z.boolean({ message: 'must be true or false' }).default(false),
  is_default_billing: z.boolean({ message: 'must be true or false' }).default(false),
});
export type SavedAddressInput = z.infer<typeof SavedAddressInput>;

// ─── Package templates ───────────────────────────────────────────────────────────────
/** POST /api/package_template: the seller's package (H, W, L and a unit). */
export const PackageTemplateInput = z.strictObject({
  id: Uuid.nullish(),
  name: singleLineText()
    .max(100, 'must be at most 100 characters')
    .nullish()
    .transform((v) => (v ? v : DEFAULT_PACKAGE_NAME)),
  height: PositiveMeasure,
  width: PositiveMeasure,
  length: PositiveMeasure,
  dimension_unit: LookupRef,
  organization_id: Uuid,
});
export type PackageTemplateInput = z.infer<typeof PackageTemplateInput>;

export const PackageTemplate = z.object({
  id: Uuid,
  name: z.string(),
  height: z.number(),
  width: z.number(),
  length: z.number(),
  dimension_unit: Unit,
  organization_id: Uuid,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PackageTemplate = z.infer<typeof PackageTemplate>;
export const PackageTemplateList = z.array(PackageTemplate);
