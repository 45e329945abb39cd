import type { ReactNode } from 'react';
import { minimumNotices } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useCart } from '../../cart/api';

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: string }) {
  return (
    <Paper variant="outlined" component="li" sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 2, alignItems: 'center' }}>
      <TintedIcon shape="rounded">{icon}</TintedIcon>
      <div>
        <Typography variant="subtitle2" component="h3" sx={{ color: 'text.primary' }}>
          {title}
        </Typography>
        <Typography variant="body1">{children}</Typography>
      </div>
    </Paper>
  );
}

/**
 * The Terms tab (spec "Storefront"): the store's order minimums for this buyer, as the cart
 * applies them — the returning-customer ones once this buyer organization has submitted an
 * order with the seller, the first-order ones before.
 */
export function StoreTermsTab({ orgId, storeName }: { orgId: string; storeName: string }) {
  const cart = useCart(orgId);

  if (cart.isError) {
    return (
      <QueryErrorAlert
        error={cart.error}
        onRetry={() => void cart.refetch()}
        prefix={`We could not load ${storeName}’s terms.`}
      />
    );
  }
  if (!cart.data) {
    return (
      <Stack spacing={1.5} role="status" aria-busy="true" aria-label={`Loading ${storeName}’s terms`}>
        <Skeleton variant="text" width={260} height={36} />
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={88} />
      </Stack>
    );
  }

  const { min_items, min_cents, is_returning, is_preview } = cart.data;
  const notices = minimumNotices({ min_items, min_cents }, is_returning);
  return (
    <Stack spacing={2} component="section" aria-labelledby="store-terms-heading" sx={{ maxWidth: 720 }}>
      <div>
        <Typography id="store-terms-heading" variant="h6" component="h2" sx={{ color: 'text.primary' }}>
          {is_returning ? 'Order minimums for returning customers' : 'Order minimums for your first order'}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {is_returning
            ? `You have ordered from ${storeName} before, so the minimums for reorders apply.`
            : `This will be your first order with ${storeName}. Once it is placed, the minimums for reorders apply.`}
        </Typography>
      </div>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        <Notice icon={<Inventory2OutlinedIcon />} title="Minimum number of items">
          {notices.items}
        </Notice>
        <Notice icon={<PaymentsOutlinedIcon />} title="Minimum order value">
          {notices.amount}
        </Notice>
      </Stack>
      {is_preview && (
        <Alert severity="info">
          This is a preview of your own store. Each customer sees the minimums that apply to them: the first-order
          ones until their first order is placed, the reorder ones after.
        </Alert>
      )}
      <Typography variant="body2">Your cart shows how far you are from each minimum before you check out.</Typography>
    </Stack>
  );
}

export default StoreTermsTab;
