import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Product, ProductState, Unit } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useBlocker, useNavigate } from 'react-router';
import { MainAndSideColumns } from '../../../../components/MainAndSideColumns';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { useDeleteProduct, useSaveProduct, useSetVariantStock } from '../api';
import { newProductInput, productChanges, type ProductFormValues } from '../form';
import { useProductForm } from '../use-product-form';
import { rowKey, rowTitle, stockChanges, type VariantRow } from '../variants-form';
import { AddInventoryDialog } from './AddInventoryDialog';
import { DetailsSection } from './sections/DetailsSection';
import { InventorySection } from './sections/InventorySection';
import { PhotosSection } from './sections/PhotosSection';
import { PreorderSection } from './sections/PreorderSection';
import { PricingSection } from './sections/PricingSection';
import { RemoveProductSection } from './sections/RemoveProductSection';
import { StatusSection } from './sections/StatusSection';
import { UnitsSection } from './sections/UnitsSection';
import { VariantsSection } from './sections/VariantsSection';
import { VolumePricingSection } from './sections/VolumePricingSection';

export const PRODUCT_SAVED_TOAST = 'Product Updated! You can now view your updated product in your store.';
/** Spec section 9: the product-saved toast stays 6 seconds. */
export const PRODUCT_SAVED_TOAST_MS = 6000;
/** The toast after the Add Inventory dialog recorded stock: the new count. */
export const inventoryUpdatedToast = (inventoryCount: number) => `Inventory updated: ${inventoryCount} in stock`;

export interface ProductEditorProps {
  orgId: string;
  /** The product as loaded; undefined for a new one. */
  product: Product | undefined;
  states: ProductState[];
  orderUnits: Unit[];
  weightUnits: Unit[];
}

/**
 * The product form itself (spec "Product form"): the sticky bar with Save, the sections, and
 * what goes with them — saving (only what changed), deleting, adding inventory, and asking
 * before leaving with unsaved changes.
 */
export function ProductEditor({ orgId, product, states, orderUnits, weightUnits }: ProductEditorProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveProduct(orgId);
  const remove = useDeleteProduct(orgId);
  const setStock = useSetVariantStock(orgId);
  const form = useProductForm({ product, states, weightUnits, saveError: save.error });
  const { values, saved, dirty, nameEmpty, issues } = form;
  const [uploading, setUploading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [inventoryOpen, setInventoryOpen] = useState(false);
  /** The variant whose inventory dialog is open. */
  const [inventoryVariant, setInventoryVariant] = useState<VariantRow | null>(null);
  const leaving = useRef(false);

  const isNew = !product;
  const orderUnitName = orderUnits.find((u) => String(u.id) === values.orderUnitId)?.unit ?? null;

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

  const saving = save.isPending || setStock.isPending;

  /**
   * The variants' stock as typed, recorded after the product save ('set' transactions, by the
   * ids of the save's answer). Resolves with `submitted` as now saved: a row whose count failed
   * keeps its count as before, so it stays unsaved.
   */
  async function saveStock(submitted: ProductFormValues, result: Product): Promise<ProductFormValues> {
    if (submitted.options.length === 0 || !submitted.trackInventory) return submitted;
    const changes = stockChanges(submitted.variants, saved.variants, result);
    if (changes.length === 0) return submitted;
    const { failed } = await setStock.mutateAsync({ productId: result.id, changes });
    if (failed.length === 0) return submitted;
    const failedKeys = new Set(
      failed
        .map((f) => result.variants.find((v) => v.id === f.id))
        .flatMap((v) => (v ? [rowKey({ optionValues: v.option_values })] : [])),
    );
    const before = new Map(saved.variants.map((r) => [rowKey(r), r.stock]));
    toast.show(
      `The product was saved, but the stock of ${failed.length === 1 ? 'one variant was' : `${failed.length} variants were`} not: ${errorMessage(failed[0]!.error)}`,
      { severity: 'error' },
    );
    return {
      ...submitted,
      variants: submitted.variants.map((r) =>
        failedKeys.has(rowKey(r)) ? { ...r, stock: before.get(rowKey(r)) ?? '' } : r,
      ),
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (nameEmpty || !dirty || saving || uploading) return;
    if (!form.check()) return;
    const submitted = values;
    // An update sends only what the user changed, so edits others made meanwhile are kept.
    const input = product ? productChanges(submitted, saved, product.id, orgId) : newProductInput(submitted, orgId);
    save.mutate(input, {
      onSuccess: async (result) => {
        const nowSaved = await saveStock(submitted, result);
        toast.show(PRODUCT_SAVED_TOAST, { durationMs: PRODUCT_SAVED_TOAST_MS });
        if (isNew) {
          leaving.current = true;
          navigate(`/app/${orgId}/products/${result.id}`, { replace: true });
        } else {
          // Keep edits made while saving; what was sent is now the saved state.
          form.markSaved(nowSaved, result);
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

  const fields = { values, set: form.set, issues };

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
              disabled={nameEmpty || !dirty || saving || uploading}
              startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
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
            <DetailsSection {...fields} />
            <PhotosSection {...fields} orgId={orgId} onUploadingChange={setUploading} disabled={save.isPending} />
            <PricingSection {...fields} orderUnitName={orderUnitName} />
            <VariantsSection
              values={values}
              onOptions={form.setOptions}
              onVariants={(rows) => form.set('variants', rows)}
              onRestore={form.restoreVariants}
              issues={form.variantIssues}
              onInventory={product ? setInventoryVariant : undefined}
              disabled={saving}
            />
            <VolumePricingSection
              values={values}
              onChange={form.change}
              problems={form.volumeIssues}
              disabled={save.isPending}
            />
            <UnitsSection {...fields} orderUnits={orderUnits} weightUnits={weightUnits} orderUnitName={orderUnitName} />
          </Stack>

          <Stack spacing={3} sx={{ minWidth: 0, position: { lg: 'sticky' }, top: { lg: 104 } }}>
            <StatusSection {...fields} states={states} />
            <InventorySection
              values={values}
              set={form.set}
              product={product}
              onAddInventory={() => setInventoryOpen(true)}
            />
            <PreorderSection {...fields} />
            {product && (
              <RemoveProductSection
                onDelete={() => {
                  remove.reset();
                  setConfirmDelete(true);
                }}
              />
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
          {inventoryVariant?.id && (
            <AddInventoryDialog
              orgId={orgId}
              productId={inventoryVariant.id}
              productName={`${product.name} — ${rowTitle(inventoryVariant)}`}
              unitName={product.order_unit?.unit}
              open
              onClose={() => setInventoryVariant(null)}
              onAdded={(count) => {
                form.setVariantStock(inventoryVariant.id!, count);
                toast.show(inventoryUpdatedToast(count));
              }}
            />
          )}
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
