import { z } from 'zod';
import { Uuid } from './common.js';
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
  name: z.string().nullable(),
  picture: z.string().nullable(),
  /** The user's own organizations, with their role in each (team-rules.ts). */
  organizations: z.array(OrganizationRef.extend({ role: z.enum(TEAM_ROLES).optional() })),
  purchasing_organizations: z.array(PurchasingOrganization),
});
export type CurrentUser = z.infer<typeof CurrentUser>;
export type PurchasingOrganization = z.infer<typeof PurchasingOrganization>;

/** Empty POST bodies: no body, `{}` or JSON null. */
export const EmptyBody = z.strictObject({}).nullish();
