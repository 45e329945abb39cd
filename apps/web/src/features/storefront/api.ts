import type { CurrentUser, PurchasingOrganization } from '@cratebase/contract';
import { useCart } from './cart/api';

export type Store = PurchasingOrganization['organization'];

/** Spec "/storefront/all": one card per purchasing organization that is not Buyer-type. */
export function storeCards(user: Pick<CurrentUser, 'purchasing_organizations'> | null | undefined): Store[] {
  return (user?.purchasing_organizations ?? [])
    .map((entry) => entry.organization)
    .filter((organization) => organization.selected_type !== 'Buyer');
}

/** The storefront the user may open with this id (a seller they buy from, or their own store). */
export function findStore(user: Pick<CurrentUser, 'purchasing_organizations'> | null | undefined, orgId: string) {
  return user?.purchasing_organizations.find((entry) => entry.organization.id === orgId)?.organization;
}

/** 'Your Store': the organization is one of the user's own. */
export function isOwnOrganization(user: Pick<CurrentUser, 'organizations'> | null | undefined, orgId: string): boolean {
  return Boolean(user?.organizations.some((organization) => organization.id === orgId));
}

/**
 * Items in the buyer's cart for this store (the top bar's badge), changes on their way included;
 * 0 while the cart loads or when the user has no cart there.
 */
export function useCartItemCount(sellerOrgId: string | undefined): number {
  return useCart(sellerOrgId).data?.item_count ?? 0;
}
