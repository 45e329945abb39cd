import type { CurrentUser } from '@cratebase/contract';
import { NO_STORES_PATH, preferredMerchantOrganization } from '../../../lib/routing';

export const SELLERS_ONLY_MESSAGE = 'That page is for sellers. Here are the stores you buy from.';
export const SELLERS_ONLY_NO_STORES_MESSAGE =
  'That page is for sellers. When a seller invites you, their store will appear here.';

export function otherOrganizationMessage(name: string): string {
  return `That organization isn’t one of yours, so we opened ${name} instead.`;
}

export interface WrongPlace {
  to: string;
  /** What the user is told on arrival; none when there is nothing to explain. */
  message?: string;
}

/**
 * Where a user who opened /app/{orgId}/… belongs when that is not one of their Merchant
 * organizations (null when it is):
 *  - no organizations yet → /details, to finish the account;
 *  - no Merchant organization (a buyer) → the stores they buy from;
 *  - another seller's or an unknown id → their own organization (the remembered one first).
 */
export function sellerAreaRedirect(
  user: CurrentUser,
  orgId: string,
  rememberedOrgId: string | null = null,
): WrongPlace | null {
  const membership = user.organizations.find((org) => org.id === orgId);
  if (membership?.selected_type === 'Merchant') return null;
  if (user.organizations.length === 0) return { to: '/details' };
  const merchant = preferredMerchantOrganization(user, rememberedOrgId);
  if (!merchant) {
    return user.purchasing_organizations.length > 0
      ? { to: '/storefront/all', message: SELLERS_ONLY_MESSAGE }
      : { to: NO_STORES_PATH, message: SELLERS_ONLY_NO_STORES_MESSAGE };
  }
  return { to: `/app/${merchant.id}`, message: otherOrganizationMessage(merchant.name) };
}
