import type { CurrentUser } from '@cratebase/contract';
import { Navigate } from 'react-router';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useCurrentUser } from '../../../lib/current-user';
import { buyerLandingChoice } from '../../../lib/routing';
import { buyerSignupPath, savedBuyerSignupKeys } from '../../../lib/invites';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * Where the bare /storefront leads. An unfinished account goes to finish it (the buyer sign-up
 * when an invite is saved in this browser, /details otherwise); everyone else gets the buyer
 * landing choice: no stores → the no-stores page, one → its storefront, several → /storefront/all.
 */
export function storefrontEntryDestination(user: CurrentUser | null): string {
  if (!user || user.organizations.length === 0) {
    const { inviteId, orgId } = savedBuyerSignupKeys();
    if (inviteId && orgId) return buyerSignupPath(inviteId, orgId);
    return '/details';
  }
  return buyerLandingChoice(user);
}

/** The bare /storefront (also the default return after Login). */
export function StorefrontEntry() {
  usePageTitle('Your Stores');
  const user = useCurrentUser();
  if (user.isPending) return <CenteredSpinner label="Opening your stores" />;
  if (user.isError) {
    return (
      <QueryErrorAlert error={user.error} onRetry={() => void user.refetch()} prefix="We could not load your stores." />
    );
  }
  return <Navigate to={storefrontEntryDestination(user.data)} replace />;
}

export default StorefrontEntry;
