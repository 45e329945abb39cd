import { z } from 'zod';
import { Uuid, singleLineText } from './common.js';
import { CONTACT_LIMITS, phoneIssue } from './contact-rules.js';
import { OrganizationType, ImageSet } from './organization.js';
import { TEAM_ROLES } from './team-rules.js';

export const OrganizationRef = z.object({
  id: Uuid,
  name: z.string(),
  selected_type: OrganizationType,
});

export const PurchasingOrganization = z.object({
  organization: z.object({
    id: Uuid,
    name: z.string(),
    selected_type: OrganizationType,
    slogan: z.string().nullable(),
    image_set: ImageSet,
  }),
  /**
   * The user's organization that buys from this store: the cart's purchasing organization.
   * For the user's own store (View as Buyer) it is the store itself.
   */
  purchasing_organization_id: Uuid,
});

export const CurrentUser = z.object({
  id: Uuid,
  email: z.string(),
  /** The person's name (asked at sign-up; null for an older account until they give it). */
  name: z.string().nullable(),
  /** Their phone, as typed (issue 27; optional, null when not given). */
  phone: z.string().nullable().optional(),
  picture: z.string().nullable(),
  /** The user's own organizations, with their role in each (team-rules.ts). */
  organizations: z.array(OrganizationRef.extend({ role: z.enum(TEAM_ROLES).optional() })),
  purchasing_organizations: z.array(PurchasingOrganization),
});
export type CurrentUser = z.infer<typeof CurrentUser>;
export type PurchasingOrganization = z.infer<typeof PurchasingOrganization>;

/**
 * PUT /api/user/me: the signed-in person's contact details. The name is required; the phone is
 * optional (empty or null clears it) and must look like a phone number (contact-rules.ts).
 */
export const UpdateContactBody = z.strictObject({
  name: singleLineText({ message: 'is required' })
    .min(1, 'is required')
    .max(CONTACT_LIMITS.name, `must be at most ${CONTACT_LIMITS.name} characters`),
  phone: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .superRefine((value, issue) => {
      const problem = value === null ? null : phoneIssue(value);
      if (problem) issue.addIssue({ code: 'custom', message: problem });
    }),
});
export type UpdateContactBody = z.input<typeof UpdateContactBody>;

/** Empty POST bodies: no body, `{}` or JSON null. */
export const EmptyBody = z.strictObject({}).nullish();
