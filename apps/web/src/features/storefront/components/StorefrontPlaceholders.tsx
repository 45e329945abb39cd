import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';
import { NotFoundView } from '../../../components/NotFound';
import { TintedIcon } from '../../../components/TintedIcon';
import { useCurrentUser } from '../../../lib/current-user';
import { findStore } from '../api';

/** The store in the URL (the buyer shell has already checked the user may open it). */
function useStore() {
  const { orgId = '' } = useParams();
  const user = useCurrentUser();
  return { orgId, store: findStore(user.data, orgId) };
}

function BackToStore() {
  const { orgId, store } = useStore();
  return (
    <Button
      component={RouterLink}
      to={`/storefront/${orgId}`}
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start', ml: -1, color: 'text.secondary' }}
    >
      {store ? `Back to ${store.name}` : 'Back to the store'}
    </Button>
  );
}

function LaterPage({ title, icon, purpose }: { title: string; icon: ReactNode; purpose: string }) {
  return (
    <Stack spacing={1}>
      <BackToStore />
      <ComingSoon title={title} icon={icon} purpose={purpose} />
    </Stack>
  );
}

/** /storefront/{org_id}/orders */
export function BuyerOrdersPage() {
  return (
    <LaterPage
      title="Orders"
      icon={<ReceiptLongOutlinedIcon />}
      purpose="It will list your orders from this store with their shipping and payment status."
    />
  );
}

/** Unknown paths under a store. */
export function StorefrontNotFound() {
  const { orgId } = useParams();
  return <NotFoundView homeTo={orgId ? `/storefront/${orgId}` : '/storefront'} homeLabel="Back to the store" />;
}

export const STORE_NOT_AVAILABLE = 'This store is not available';

/**
 * /storefront/{org_id}/not-found: where the storefront goes when the store cannot be shown (the
 * user may not open it, or it failed to load).
 */
export function StoreNotAvailable() {
  const { orgId } = useParams();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <TintedIcon>
        <StorefrontOutlinedIcon />
      </TintedIcon>
      <Typography variant="h5" component="h1" sx={{ color: 'text.primary' }}>
        {STORE_NOT_AVAILABLE}
      </Typography>
      <Typography variant="body1" sx={{ maxWidth: 460 }}>
        You may not have access to this store any more, or it could not be loaded just now. Your other stores are
        waiting for you.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button component={RouterLink} to="/storefront/all" variant="contained">
          Go to your stores
        </Button>
        {orgId && (
          <Button component={RouterLink} to={`/storefront/${orgId}`}>
            Try again
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
