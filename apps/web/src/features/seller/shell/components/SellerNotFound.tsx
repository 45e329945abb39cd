import { useParams } from 'react-router';
import { NotFoundView } from '../../../../components/NotFound';

/** Any unknown path under /app/{org_id}: not-found inside the shell. */
export function SellerNotFound() {
  const { orgId = '' } = useParams();
  return <NotFoundView homeTo={`/app/${orgId}/orders`} homeLabel="Go to Orders" />;
}

export default SellerNotFound;
