import { useParams } from 'react-router';
import { NotFoundView } from '../../../../components/NotFound';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

/** Any unknown path under /app/{org_id}: not-found inside the shell. */
export function SellerNotFound() {
  useOrganizationPageTitle('Page Not Available');
  const { orgId = '' } = useParams();
  return <NotFoundView homeTo={`/app/${orgId}/orders`} homeLabel="Go to Orders" />;
}

export default SellerNotFound;
