import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { ComingSoonPage } from '../../../components/ComingSoonPage';

const icon = <StorefrontOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />;

/** /storefront/all — "Your Stores", built in a later release. */
export function YourStoresPage() {
  return <ComingSoonPage title="Your Stores" icon={icon} purpose="It will list every store you can order from." />;
}

/** /storefront/{org_id}/* — the buyer storefront, built in a later release. */
export function StorefrontPage() {
  return (
    <ComingSoonPage
      title="The storefront"
      icon={icon}
      purpose="It will let you browse this seller's catalog, fill a cart and check out."
    />
  );
}
