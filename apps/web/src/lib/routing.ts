import type { CurrentUser } from '@cratebase/contract';
import { DEFAULT_RETURN_PATH, safeReturnPath } from './auth-shared';

type OrganizationRef = CurrentUser['organizations'][number];

function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The user acts as a buyer when every one of their own organizations is Buyer-type
 * (DECISIONS: reading of "any purchasing organization has selected_type Buyer").
 */
export function actsAsBuyer(user: CurrentUser): boolean {
  return user.organizations.length > 0 && user.organizations.every((org) => org.selected_type === 'Buyer');
}

/** Where a buyer with no store to order from yet learns how sellers invite them (issue 7). */
export const NO_STORES_PATH = '/no-stores';

/**
 * Spec "buyer landing choice": exactly one purchasing organization → its storefront, several →
 * /storefront/all. None (or no list) → the no-stores page, which explains how a seller's
 * invitation opens a store (the spec's /404 left a new buyer with nothing to do).
 */
export function buyerLandingChoice(user: Pick<CurrentUser, 'purchasing_organizations'> | null | undefined): string {
  const purchasing = user?.purchasing_organizations;
  if (!purchasing || purchasing.length === 0) return NO_STORES_PATH;
  if (purchasing.length === 1) return `/storefront/${purchasing[0]!.organization.id}`;
  return '/storefront/all';
}

/**
 * The Merchant organization to open: the one remembered under the `org` key when it is still one
 * of the user's Merchant organizations, otherwise the first Merchant organization.
 */
export function preferredMerchantOrganization(
  user: CurrentUser,
  rememberedOrgId: string | null = null,
): OrganizationRef | undefined {
  const merchants = user.organizations.filter((org) => org.selected_type === 'Merchant');
  return merchants.find((org) => org.id === rememberedOrgId) ?? merchants[0];
}

/** Paths that are always honoured after sign-in: invite acceptance (customer and team) and buyer sign-up. */
function isInviteFlowPath(pathname: string): boolean {
  return isUnder(pathname, '/invite') || isUnder(pathname, '/team-invite') || isUnder(pathname, '/details-buyer');
}

/**
 * A specific place inside the product: the seller area or one storefront. The bare /storefront
 * is the default return after Login, not a choice, so the routing rules apply to it.
 */
function isSpecificAppPath(pathname: string): boolean {
  if (isUnder(pathname, '/app') && pathname.length > '/app/'.length) return true;
  return pathname.startsWith('/storefront/') && pathname.length > '/storefront/'.length;
}

/**
 * Where to go after signing in (spec section 2 plus DECISIONS).
 *
 * - invite and buyer sign-up paths are kept (the invite journey needs them even for new users);
 * - without a user row or organizations the account is not finished: /details;
 * - a specific seller-area or storefront path is kept;
 * - otherwise a user acting as a buyer gets the buyer landing choice, and anyone with a Merchant
 *   organization goes to /app/{id}/orders (the remembered organization first).
 */
export function postLoginDestination(
  user: CurrentUser | null | undefined,
  returnPath: string | null | undefined = DEFAULT_RETURN_PATH,
  rememberedOrgId: string | null = null,
): string {
  const path = safeReturnPath(returnPath);
  const pathname = pathnameOf(path);
  if (isInviteFlowPath(pathname)) return path;
  if (!user || user.organizations.length === 0) return '/details';
  if (isSpecificAppPath(pathname)) return path;
  if (actsAsBuyer(user)) return buyerLandingChoice(user);
  const merchant = preferredMerchantOrganization(user, rememberedOrgId);
  return merchant ? `/app/${merchant.id}/orders` : buyerLandingChoice(user);
}

/**
 * Where an account that already has organizations goes from /details (spec: the screen is
 * skipped): a buyer destination for users acting as buyers, otherwise /app/{first org}/welcome.
 */
export function accountHomeDestination(user: CurrentUser, rememberedOrgId: string | null = null): string {
  if (user.organizations.length === 0) return '/details';
  if (actsAsBuyer(user)) return buyerLandingChoice(user);
  const merchant = preferredMerchantOrganization(user, rememberedOrgId);
  return merchant ? `/app/${merchant.id}/welcome` : buyerLandingChoice(user);
}
