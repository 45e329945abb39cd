import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LIVE_STATE, PRODUCT_LIMITS, type Product, type ProductState, type Unit } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { Link as RouterLink, useBlocker, useNavigate, useParams } from 'react-router';
import { MainAndSideColumns } from '../../../../components/MainAndSideColumns';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { MoneyInput } from '../../../../components/MoneyInput';
import { UnitSelect } from '../../../../components/UnitSelect';
import { useToast } from '../../../../components/Toast';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useOrderUnits, useProductStates, useWeightUnits } from '../../api';
import { useDeleteProduct, useProduct, useSaveProduct } from '../api';
import {
  emptyProductForm,
  newProductInput,
  productChanges,
  productFormProblems,
  productToForm,
  sameForm,
  volumeProblems,
  wholeNumberProblem,
  type ProductFormValues,
} from '../form';
import { VolumePricing } from './VolumePricing';
import { AddInventoryDialog } from './AddInventoryDialog';
import { ProductPhotos } from './ProductPhotos';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

export const PRODUCT_SAVED_TOAST = 'Product Updated! You can now view your updated product in your store.';
/** Spec section 9: the product-saved toast stays 6 seconds. */
export const PRODUCT_SAVED_TOAST_MS = 6000;
/** The toast after the Add Inventory dialog recorded stock: the new count. */
export const inventoryUpdatedToast = (inventoryCount: number) => `Inventory updated: ${inventoryCount} in stock`;

/** Which form field a server issue (by its path) belongs to. */
const ISSUE_FIELDS: Array<[string, keyof ProductFormValues]> = [
  ['name', 'name'],
  ['description', 'description'],
  ['stock_keeping_unit', 'sku'],
  ['universal_product_code', 'upc'],
  ['order_unit', 'orderUnitId'],
  ['quantity_per_unit', 'quantityPerUnit'],
  ['state', 'stateId'],
  ['weight_unit', 'weightUnitId'],
  ['weight', 'weight'],
  ['unit_price_in_cents', 'wholesaleCents'],
  ['msrp_in_cents', 'retailCents'],
  ['media', 'photos'],
];

function serverIssues(error: unknown): Partial<Record<keyof ProductFormValues, string>> {
  if (!(error instanceof ApiError)) return {};
  const out: Partial<Record<keyof ProductFormValues, string>> = {};
  for (const issue of error.issues) {
    const segments = issue.path.split('.');
    // The volume pricing section shows its own (volumeServerIssues).
    if (VOLUME_PATH.test(issue.path)) continue;
    const match = ISSUE_FIELDS.find(([path]) => segments.includes(path));
    if (match && !out[match[1]]) out[match[1]] = issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
  }
  return out;
}

/** The API's fields of the volume pricing section. */
const VOLUME_PATH = /^(minimum_order_quantity|order_increment|price_breaks)(\.|$)/;

/** The server's problems with the volume pricing section, by field path. */
function volumeServerIssues(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    if (VOLUME_PATH.test(issue.path))
      out[issue.path] ??= issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
  }
  return out;
}

function Section({
  title,
  description,
  children,
  action,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card component="section" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.4 }}>
            {title}
          </Typography>
          {description && <Typography variant="body2">{description}</Typography>}
        </Box>
        {action}
      </Stack>
      {children}
    </Card>
  );
}

const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

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

interface EditorProps {
  orgId: string;
  product: Product | undefined;
  states: ProductState[];
  orderUnits: Unit[];
  weightUnits: Unit[];
}

function ProductEditor({ orgId, product, states, orderUnits, weightUnits }: EditorProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveProduct(orgId);
  const remove = useDeleteProduct(orgId);
  const [saved, setSaved] = useState<ProductFormValues>(() =>
    product ? productToForm(product) : emptyProductForm(states, weightUnits),
  );
  const [values, setValues] = useState<ProductFormValues>(saved);
  const [uploading, setUploading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [inventoryOpen, setInventoryOpen] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const leaving = useRef(false);

  const isNew = !product;
  const dirty = !sameForm(values, saved);
  const nameEmpty = values.name.trim() === '';
  const problems = productFormProblems(values);
  // Shown as typed: the rules of price breaks are easier to meet seeing them.
  const volumeIssues = { ...volumeServerIssues(save.error), ...volumeProblems(values) };
  // A count that is not a whole number is flagged as it is typed (and kept as typed).
  const typingProblems = { quantityPerUnit: wholeNumberProblem(values.quantityPerUnit) };
  const issues = {
    ...serverIssues(save.error),
    ...(typingProblems.quantityPerUnit ? typingProblems : {}),
    ...(showProblems ? problems : {}),
  };
  const orderUnitName = orderUnits.find((u) => String(u.id) === values.orderUnitId)?.unit ?? null;
  const stateName = states.find((s) => String(s.id) === values.stateId)?.state;

  const set = useCallback(<K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
  }, []);

  // Recording stock turns tracking on (server side): follow it unless the user changed the switch.
  const serverTracks = product?.track_inventory;
  const [trackedAsLoaded, setTrackedAsLoaded] = useState(serverTracks);
  if (serverTracks !== undefined && serverTracks !== trackedAsLoaded) {
    setTrackedAsLoaded(serverTracks);
    if (values.trackInventory === saved.trackInventory) setValues({ ...values, trackInventory: serverTracks });
    setSaved({ ...saved, trackInventory: serverTracks });
  }

  // Leaving with unsaved changes asks first (in the app and when closing the tab).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (nameEmpty || !dirty || save.isPending || uploading) return;
    if (Object.keys(problems).length > 0 || Object.keys(volumeProblems(values)).length > 0) {
      setShowProblems(true);
      return;
    }
    const submitted = values;
    // An update sends only what the user changed, so edits others made meanwhile are kept.
    const input = product ? productChanges(submitted, saved, product.id, orgId) : newProductInput(submitted, orgId);
    save.mutate(input, {
      onSuccess: (result) => {
        toast.show(PRODUCT_SAVED_TOAST, { durationMs: PRODUCT_SAVED_TOAST_MS });
        if (isNew) {
          leaving.current = true;
          navigate(`/app/${orgId}/products/${result.id}`, { replace: true });
        } else {
          // Keep edits made while saving; what was sent is now the saved state.
          setSaved(submitted);
        }
      },
    });
  }

  function deleteProduct() {
    if (!product) return;
    remove.mutate(product.id, {
      onSuccess: () => {
        leaving.current = true;
        toast.show(`“${product.name}” was removed from your catalog.`);
        navigate(`/app/${orgId}/products`);
      },
    });
  }

  const helper = (field: keyof ProductFormValues, fallback: ReactNode = ' ') => issues[field] ?? fallback;

  return (
    <>
      <Box component="form" noValidate onSubmit={submit} aria-label={isNew ? 'Add New' : 'Edit Product'}>
        <Box
          sx={{
            position: 'sticky',
            top: { xs: 56, sm: 64, md: 0 },
            zIndex: 3,
            bgcolor: 'background.default',
            mx: { xs: -2, sm: -3, md: -5 },
            px: { xs: 2, sm: 3, md: 5 },
            mt: { xs: -3, md: -5 },
            pt: { xs: 2, md: 3 },
            pb: 2,
            mb: 2,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Tooltip title="Back to products">
              <IconButton
                component={RouterLink}
                to={`/app/${orgId}/products`}
                aria-label="Back to products"
                edge="start"
              >
                <ArrowBackIcon />
              </IconButton>
            </Tooltip>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="h4" component="h1">
                {isNew ? 'Add New' : 'Edit Product'}
              </Typography>
            </Box>
            {dirty && (
              <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' }, whiteSpace: 'nowrap' }}>
                Unsaved changes
              </Typography>
            )}
            <Button
              type="submit"
              variant="contained"
              size="large"
              // Nothing to save until something changed (again disabled once it is saved).
              disabled={nameEmpty || !dirty || save.isPending || uploading}
              startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              sx={{ minWidth: 96 }}
            >
              Save
            </Button>
          </Box>
        </Box>

        {save.error && (
          <Alert severity="error" role="alert" sx={{ mb: 3 }}>
            {errorMessage(save.error)}
          </Alert>
        )}

        <MainAndSideColumns>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <Section title="Details">
              <Stack spacing={2.5}>
                <TextField
                  label="Name"
                  required
                  value={values.name}
                  onChange={(event) => set('name', event.target.value)}
                  error={Boolean(issues.name)}
                  helperText={helper('name', nameEmpty ? 'A name is needed to save.' : ' ')}
                  slotProps={{ htmlInput: { maxLength: PRODUCT_LIMITS.name } }}
                />
                <TextField
                  label="Description"
                  required
                  multiline
                  minRows={4}
                  maxRows={14}
                  value={values.description}
                  onChange={(event) => set('description', event.target.value)}
                  error={Boolean(issues.description)}
                  helperText={helper('description', 'Line breaks are kept on your storefront.')}
                  slotProps={{ htmlInput: { maxLength: PRODUCT_LIMITS.description } }}
                />
                <Box sx={twoColumns}>
                  <TextField
                    label="SKU"
                    value={values.sku}
                    onChange={(event) => set('sku', event.target.value)}
                    error={Boolean(issues.sku)}
                    helperText={helper('sku', 'Your stock keeping unit; CSV imports match products by it.')}
                    slotProps={{ htmlInput: { maxLength: PRODUCT_LIMITS.sku, autoComplete: 'off' } }}
                  />
                  <TextField
                    label="UPC"
                    value={values.upc}
                    onChange={(event) => set('upc', event.target.value.replace(/\D/g, '').slice(0, 14))}
                    error={Boolean(issues.upc)}
                    helperText={helper('upc', 'Barcode number: 8 to 14 digits.')}
                    slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                  />
                </Box>
              </Stack>
            </Section>

            <Section
              title="Photos"
              description="Square photos (same width and height), PNG, GIF or JPEG. Drag to reorder; the first is the main photo."
            >
              <ProductPhotos
                orgId={orgId}
                photos={values.photos}
                onChange={(photos) => set('photos', photos)}
                onUploadingChange={setUploading}
                disabled={save.isPending}
              />
              {issues.photos && (
                <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                  {issues.photos}
                </Typography>
              )}
            </Section>

            <Section title="Pricing">
              <Box sx={twoColumns}>
                <MoneyInput
                  label="Wholesale Price"
                  required
                  value={values.wholesaleCents}
                  onChange={(cents) => set('wholesaleCents', cents)}
                  error={Boolean(issues.wholesaleCents)}
                  helperText={helper(
                    'wholesaleCents',
                    `What retailers pay per ${orderUnitName?.toLowerCase() ?? 'order unit'}.`,
                  )}
                />
                <MoneyInput
                  label="Retail Price"
                  required
                  value={values.retailCents}
                  onChange={(cents) => set('retailCents', cents)}
                  error={Boolean(issues.retailCents)}
                  helperText={helper('retailCents', 'Suggested retail price (MSRP) per retail unit.')}
                />
              </Box>
            </Section>

            <Section
              title="Volume pricing"
              description="Lower unit prices for larger orders, and the quantities retailers can order."
            >
              <VolumePricing
                values={values}
                onChange={(change) => setValues((v) => ({ ...v, ...change }))}
                problems={volumeIssues}
                disabled={save.isPending}
              />
            </Section>

            <Section title="Units and weight">
              <Box sx={{ ...twoColumns, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1.3fr)' } }}>
                <UnitSelect
                  label="Wholesale Order Unit"
                  units={orderUnits}
                  value={values.orderUnitId}
                  onChange={(id) => set('orderUnitId', id)}
                  error={Boolean(issues.orderUnitId)}
                  helperText={helper('orderUnitId', 'How retailers order it.')}
                />
                <TextField
                  label="Number of Retail Units Per Order Unit"
                  required
                  value={values.quantityPerUnit}
                  // Kept as typed: "1.5" is refused with a field error, never turned into "15".
                  onChange={(event) => set('quantityPerUnit', event.target.value)}
                  error={Boolean(issues.quantityPerUnit)}
                  helperText={helper(
                    'quantityPerUnit',
                    orderUnitName
                      ? `Retail units in one ${orderUnitName.toLowerCase()}.`
                      : 'Retail units in one order unit.',
                  )}
                  slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 12 } }}
                />
                <TextField
                  label="Weight"
                  required
                  value={values.weight}
                  onChange={(event) => {
                    const v = event.target.value.replace(',', '.');
                    if (/^\d{0,7}(\.\d{0,3})?$/.test(v)) set('weight', v);
                  }}
                  error={Boolean(issues.weight)}
                  helperText={helper(
                    'weight',
                    `Shipping weight of one ${orderUnitName?.toLowerCase() ?? 'order unit'}.`,
                  )}
                  slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                />
                <UnitSelect
                  label="Weight Unit"
                  units={weightUnits}
                  value={values.weightUnitId}
                  onChange={(id) => set('weightUnitId', id)}
                  error={Boolean(issues.weightUnitId)}
                  helperText={helper('weightUnitId')}
                />
              </Box>
            </Section>
          </Stack>

          <Stack spacing={3} sx={{ minWidth: 0, position: { lg: 'sticky' }, top: { lg: 104 } }}>
            <Section title="Status">
              <TextField
                select
                label="Product Status"
                required
                value={values.stateId}
                onChange={(event) => set('stateId', event.target.value)}
                error={Boolean(issues.stateId)}
                helperText={helper(
                  'stateId',
                  stateName === LIVE_STATE
                    ? 'Live: retailers can see and order it.'
                    : 'Only Live products show in your store.',
                )}
              >
                {states.map((state) => (
                  <MenuItem key={state.id} value={String(state.id)}>
                    {state.state}
                  </MenuItem>
                ))}
              </TextField>
            </Section>

            <Section title="Inventory">
              <Stack spacing={2}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={values.trackInventory}
                      onChange={(event) => set('trackInventory', event.target.checked)}
                    />
                  }
                  label="Track inventory"
                />
                <Typography variant="body2" sx={{ mt: '-8px !important' }}>
                  {values.trackInventory
                    ? 'Retailers see the stock and cannot order more than you have.'
                    : 'Not tracked: retailers can order any quantity.'}
                </Typography>
                {product ? (
                  <>
                    <Box>
                      <Typography
                        variant="h4"
                        component="p"
                        sx={{
                          color: values.trackInventory ? 'text.primary' : 'text.secondary',
                          fontVariantNumeric: 'tabular-nums',
                        }}
                      >
                        {product.inventory_count}
                      </Typography>
                      <Typography variant="body2">in stock</Typography>
                    </Box>
                    <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setInventoryOpen(true)}>
                      Add Inventory
                    </Button>
                  </>
                ) : (
                  <Typography variant="body2">Save the product first, then add its inventory here.</Typography>
                )}
              </Stack>
            </Section>

            {product && (
              <Section
                title="Remove Product"
                description="Takes it out of your catalog and store. Orders that include it keep it."
              >
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  onClick={() => {
                    remove.reset();
                    setConfirmDelete(true);
                  }}
                >
                  Delete Product
                </Button>
              </Section>
            )}
          </Stack>
        </MainAndSideColumns>
      </Box>

      {/* Outside the product form: a dialog's submit must not bubble (through the portal) into it. */}
      {product && (
        <>
          <ConfirmDialog
            open={confirmDelete}
            title="Delete this product?"
            confirmLabel="Delete Product"
            destructive
            busy={remove.isPending}
            error={remove.error ? errorMessage(remove.error) : null}
            onConfirm={deleteProduct}
            onClose={() => setConfirmDelete(false)}
          >
            “{product.name}” will be removed from your catalog and your store. Carts and past orders that include it
            keep it.
          </ConfirmDialog>
          <AddInventoryDialog
            orgId={orgId}
            productId={product.id}
            productName={product.name}
            unitName={product.order_unit?.unit}
            open={inventoryOpen}
            onClose={() => setInventoryOpen(false)}
            onAdded={(count) => toast.show(inventoryUpdatedToast(count))}
          />
        </>
      )}

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your changes to this product have not been saved.
      </ConfirmDialog>
    </>
  );
}

export default ProductFormPage;
