import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { NotFoundView } from '../../../components/NotFound';
import { TintedIcon } from '../../../components/TintedIcon';
import { useOrganizationPageTitle, usePageTitle } from '../../../lib/use-page-title';

/** Unknown paths under a store. */
export function StorefrontNotFound() {
  useOrganizationPageTitle('Page Not Available');
  const { orgId } = useParams();
  return <NotFoundView homeTo={orgId ? `/storefront/${orgId}` : '/storefront'} homeLabel="Back to the store" />;
}

export const STORE_NOT_AVAILABLE = 'This store is not available';

/**
 * /storefront/{org_id}/not-found: where the storefront goes when the store cannot be shown (the
 * user may not open it, or it failed to load).
 */
export function StoreNotAvailable() {
  usePageTitle('Store Not Available');
  const { orgId } = useParams();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <TintedIcon>
        <StorefrontOutlinedIcon />
      </TintedIcon>
      <Typography variant="h5" component="h1">
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
