import { useAuth } from '../../../lib/auth-context';
import { NotFoundPage } from '../../../components/NotFound';
import { useCurrentUser } from '../../../lib/current-user';
import { actsAsBuyer } from '../../../lib/routing';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * /404 and unknown paths. A buyer without any store to order from is sent to /no-stores by the
 * buyer landing choice; on a not-found page they still get a sentence that explains why.
 */
export function NotFoundRoute() {
  usePageTitle('Page Not Available');
  const auth = useAuth();
  const user = useCurrentUser({ enabled: auth.isAuthenticated });
  const noStores = user.data && actsAsBuyer(user.data) && user.data.purchasing_organizations.length === 0;
  return (
    <NotFoundPage
      hint={
        noStores
          ? 'You do not have access to any stores yet. When a seller invites you, follow the link in their e-mail to open their store.'
          : undefined
      }
    />
  );
}

export default NotFoundRoute;
