import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { useOrderUnits, useProductStates, useWeightUnits } from '../../api';
import { useProduct } from '../api';
import { ProductEditor } from './ProductEditor';

/** /app/{org_id}/products/{id|add}: the product form (spec "Product form"). */
export function ProductFormPage() {
  const { orgId = '', productId = 'add' } = useParams();
  useOrganizationPageTitle(productId === 'add' ? 'Add Product' : 'Edit Product');
  const isNew = productId === 'add';
  const product = useProduct(isNew ? undefined : productId);
  const states = useProductStates();
  const orderUnits = useOrderUnits();
  const weightUnits = useWeightUnits();

  const lookupsError = states.error ?? orderUnits.error ?? weightUnits.error;
  const lookupsReady = Boolean(states.data && orderUnits.data && weightUnits.data);

  // Members still get a removed product (with deleted_at, for order history); it is not editable.
  const removed = !isNew && Boolean(product.data?.deleted_at);
  if (!isNew && (product.isError || removed)) {
    const notFound =
      removed || (product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400));
    return (
      <Card sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <SearchOffOutlinedIcon sx={{ fontSize: 40, color: 'primary.light' }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {notFound ? 'This product could not be found' : 'The product could not be loaded'}
        </Typography>
        <Typography variant="body1" sx={{ mt: 1, mb: 3 }}>
          {notFound ? 'It may have been removed from your catalog.' : errorMessage(product.error)}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
          {!notFound && (
            <Button variant="outlined" onClick={() => void product.refetch()}>
              Try again
            </Button>
          )}
          <Button component={RouterLink} to={`/app/${orgId}/products`} variant="contained">
            Back to products
          </Button>
        </Stack>
      </Card>
    );
  }

  if (lookupsError && !lookupsReady) {
    return (
      <QueryErrorAlert
        error={lookupsError}
        onRetry={() => {
          void states.refetch();
          void orderUnits.refetch();
          void weightUnits.refetch();
        }}
      />
    );
  }

  if (!lookupsReady || (!isNew && !product.data)) return <ProductFormSkeleton isNew={isNew} />;

  return (
    <ProductEditor
      // A fresh form for each product (also after "add" becomes the new product's id).
      key={productId}
      orgId={orgId}
      product={isNew ? undefined : product.data}
      states={states.data ?? []}
      orderUnits={orderUnits.data ?? []}
      weightUnits={weightUnits.data ?? []}
    />
  );
}

function ProductFormSkeleton({ isNew }: { isNew: boolean }) {
  return (
    <Box role="status" aria-busy aria-label="Loading product">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {isNew ? 'Add New' : 'Edit Product'}
        </Typography>
        <Skeleton variant="rounded" width={96} height={40} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' } }}>
        <Stack spacing={3}>
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={220} />
        </Stack>
        <Stack spacing={3}>
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={140} />
        </Stack>
      </Box>
    </Box>
  );
}

export default ProductFormPage;
