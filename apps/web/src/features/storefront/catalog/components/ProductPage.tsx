import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  firstOrderQuantity,
  minimumOrderMessage,
  orderIncrementMessage,
  preorderClosed,
  quantityChoices,
  variantTitle,
  type PriceBreak,
  type Product,
  type ProductVariant,
  type QuantityRules,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import GridOnIcon from '@mui/icons-material/GridOn';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { importWithReload } from '../../../../lib/chunk-reload';
import type { CartLineProduct } from '../../cart/cart-store';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../../components/TintedIcon';
import { formatCents } from '../../../../lib/format';
import { RETAIL_UNIT, orderUnitText, priceColumnLabel, type PriceUnit } from '../../../../lib/unit-price';
import { useCurrentUser } from '../../../../lib/current-user';
import { findStore } from '../../api';
import { useCart, useLineQuantity, useSetLineQuantity } from '../../cart/api';
import { useStoreProduct } from '../api';
import {
  isForSaleIn,
  isNotAvailableError,
  isOutOfStock,
  maxOrderable,
  orderedPhotos,
  orderUnitLabel,
  packageText,
  PRODUCT_IMAGE_SIZE,
  stockLabel,
  weightText,
} from '../catalog-display';
import { chooseLabel, findVariant, hasOptions, priceRangeLabel, variantLine } from '../variant-display';
import { PreorderBadge } from './PreorderBadge';
import { ProductGallery } from './ProductGallery';
import { VariantOptions } from './VariantOptions';
import { StoreTabs, TabPanel, type TabItem } from './StoreTabs';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

export const PRODUCT_NOT_AVAILABLE = 'This product is not available';

/** The size × colour order grid (issue 24), loaded when the buyer opens it. */
const VariantMatrix = lazy(importWithReload(() => import('./VariantMatrix')));

/**
 * What the buy box sells: the product itself (without options) or the chosen variant, with the
 * rules and prices a line of it keeps and the line the optimistic cart shows.
 */
interface Sellable extends QuantityRules {
  id: string;
  /** "M / Black" ('' for a product without options). */
  title: string;
  available: boolean;
  unit_price_in_cents: number | null;
  msrp_in_cents: number | null;
  stock_keeping_unit: string | null;
  track_inventory: boolean;
  inventory_count: number;
  price_breaks: PriceBreak[];
  line: CartLineProduct;
}

function productSellable(item: Product): Sellable {
  const photo = orderedPhotos(item)[0];
  return {
    id: item.id,
    title: '',
    // A pre-order past its order-by day can no longer be added (issue 25).
    available: !(item.preorder && preorderClosed(item.preorder)),
    unit_price_in_cents: item.unit_price_in_cents,
    msrp_in_cents: item.msrp_in_cents,
    stock_keeping_unit: item.stock_keeping_unit,
    // Stock does not limit a pre-order.
    track_inventory: item.track_inventory && !item.preorder,
    inventory_count: item.inventory_count,
    minimum_order_quantity: item.minimum_order_quantity,
    order_increment: item.order_increment,
    price_breaks: item.price_breaks,
    line: {
      id: item.id,
      name: item.name,
      unit_price_in_cents: item.unit_price_in_cents,
      msrp_in_cents: item.msrp_in_cents,
      order_unit: item.order_unit?.unit ?? null,
      quantity_per_unit: item.quantity_per_unit,
      image_url: photo ? (photo.variants?.['200'] ?? photo.cloudinary_url) : null,
      minimum_order_quantity: item.minimum_order_quantity,
      order_increment: item.order_increment,
      price_breaks: item.price_breaks,
    },
  };
}

function variantSellable(item: Product, variant: ProductVariant): Sellable {
  return {
    id: variant.id,
    title: variant.title,
    available: variant.available && !(item.preorder && preorderClosed(item.preorder)),
    unit_price_in_cents: variant.unit_price_in_cents,
    msrp_in_cents: variant.msrp_in_cents,
    stock_keeping_unit: variant.stock_keeping_unit,
    track_inventory: variant.track_inventory && !item.preorder,
    inventory_count: variant.inventory_count,
    minimum_order_quantity: item.minimum_order_quantity,
    order_increment: variant.order_increment,
    price_breaks: variant.price_breaks,
    line: variantLine(item, variant),
  };
}

/** A product this buyer may not see (not Live, another seller's, deleted): said plainly, inside the shell. */
function ProductNotAvailable({ orgId, storeName }: { orgId: string; storeName: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <TintedIcon>
        <Inventory2OutlinedIcon />
      </TintedIcon>
      <Typography variant="h5" component="h1">
        {PRODUCT_NOT_AVAILABLE}
      </Typography>
      <Typography variant="body1" sx={{ maxWidth: 460 }}>
        {storeName} may have stopped selling it, or the link may be wrong. Its other products are in the store.
      </Typography>
      <Button component={RouterLink} to={`/storefront/${orgId}`} variant="contained" startIcon={<ArrowBackIcon />}>
        Back to {storeName}
      </Button>
    </Stack>
  );
}

/** The page's shape while the product and the cart load. */
function ProductPageSkeleton() {
  return (
    <Stack spacing={3} aria-busy="true" data-testid="product-loading">
      <Box component="span" role="status" sx={visuallyHidden}>
        Loading the product
      </Box>
      <Skeleton variant="text" width={280} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 3, md: 5 }}>
        <Skeleton
          variant="rounded"
          sx={{
            width: { xs: '100%', md: PRODUCT_IMAGE_SIZE },
            maxWidth: PRODUCT_IMAGE_SIZE,
            height: 'auto',
            aspectRatio: '1 / 1',
            ml: { md: '124px' },
          }}
        />
        <Stack spacing={1.5} sx={{ flexGrow: 1 }}>
          <Skeleton variant="rounded" width={90} height={24} />
          <Skeleton variant="text" width="70%" height={44} />
          <Skeleton variant="text" width="40%" height={32} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={42} />
        </Stack>
      </Stack>
    </Stack>
  );
}

/** A price and what it is per ("$4.50" and "case of 12"): the amount large, its unit beside it. */
function PriceRow({ label, value, per, strong }: { label: string; value: string; per?: string; strong?: boolean }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
      <Typography variant="body2" component="dt" sx={{ minWidth: { xs: 116, sm: 150 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          fontVariantNumeric: 'tabular-nums',
          color: 'text.primary',
          ...(strong ? { fontSize: '1.5rem', fontWeight: 700 } : { fontSize: '1.05rem' }),
        }}
      >
        {value}
        {per && (
          <Box component="span" sx={{ fontSize: '1rem', fontWeight: 400, color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {` / ${per}`}
          </Box>
        )}
      </Typography>
    </Stack>
  );
}

/** "1–11", "12", "24+": the quantities a row of the volume table covers. */
function rangeLabel(from: number, nextFrom: number | undefined): string {
  if (nextFrom === undefined) return `${from}+`;
  return nextFrom - 1 > from ? `${from}–${nextFrom - 1}` : String(from);
}

/**
 * The volume prices (issue 13 item 3): a small table "Quantity / Price / case of 12", the product's
 * own price first; nothing when the product has no price breaks.
 */
function VolumePrices({ product, unit }: { product: Sellable; unit: PriceUnit }) {
  const captionId = useId();
  if (product.price_breaks.length === 0 || product.unit_price_in_cents === null) return null;
  const first = firstOrderQuantity(product);
  // The product's own price first, for the quantities below the first break (if any can be ordered).
  const below = first < product.price_breaks[0]!.min_quantity;
  const rows = [
    ...(below ? [{ min_quantity: first, unit_price_in_cents: product.unit_price_in_cents }] : []),
    ...product.price_breaks,
  ];
  const cell = { py: 0.5, pr: 3, textAlign: 'left', fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Box>
      <Typography id={captionId} variant="subtitle2" component="h2" sx={{ color: 'text.primary' }}>
        Volume pricing
      </Typography>
      <Box component="table" aria-labelledby={captionId} sx={{ borderCollapse: 'collapse', mt: 0.5 }}>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ ...cell, typography: 'body2', fontWeight: 600 }}>
              Quantity
            </Box>
            <Box component="th" scope="col" sx={{ ...cell, typography: 'body2', fontWeight: 600 }}>
              {priceColumnLabel(unit)}
            </Box>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.min_quantity}>
              <Box component="td" sx={{ ...cell, typography: 'body2', color: 'text.primary' }}>
                {rangeLabel(row.min_quantity, rows[i + 1]?.min_quantity)}
              </Box>
              <Box
                component="td"
                sx={{ ...cell, typography: 'body2', color: 'text.primary', fontWeight: i > 0 || !below ? 600 : 400 }}
              >
                {formatCents(row.unit_price_in_cents)}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** "Minimum order is 12 · Sold in multiples of 6"; null for a product sold one at a time. */
function orderRulesText(product: QuantityRules): string | null {
  const parts: string[] = [];
  if (firstOrderQuantity(product) > 1 && product.minimum_order_quantity > 1) {
    parts.push(minimumOrderMessage(firstOrderQuantity(product)));
  }
  if (product.order_increment > 1) parts.push(orderIncrementMessage(product.order_increment));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * The quantity selector (spec section 5: 0 and up to 79 choices — the orderable quantities, from
 * the product's minimum in steps of its order increment; never more than a tracked product has
 * left) and Add to Cart, or Update Quantity once the product is in the cart (0 removes it).
 */
function AddToCart({ orgId, product, choose }: { orgId: string; product: Sellable; choose?: string | null }) {
  const selectId = useId();
  const cart = useCart(orgId);
  const inCart = useLineQuantity(orgId, product.id);
  const setQuantity = useSetLineQuantity(orgId);
  // The buyer's own choice; until then the cart's quantity, or 1 for a product not in it.
  const [chosen, setChosen] = useState<number | null>(null);
  const outOfStock = isOutOfStock(product.track_inventory, product.inventory_count);
  const max = maxOrderable(product.track_inventory, product.inventory_count, product);
  const first = firstOrderQuantity(product);
  const value = chosen ?? (inCart > 0 ? inCart : first <= max ? first : 0);
  // Every orderable quantity up to the limit, and the cart's own quantity (even one the
  // seller's rules no longer allow, so the select shows it).
  const options = [...new Set([...quantityChoices(product, max), inCart])].sort((a, b) => a - b);
  const rulesText = orderRulesText(product);

  const submit = () => {
    setQuantity(product.line, value);
    // Removed from the cart: the selector starts again from the first quantity.
    if (value === 0) setChosen(null);
  };

  if (cart.isError) {
    return (
      <QueryErrorAlert error={cart.error} onRetry={() => void cart.refetch()} prefix="We could not load your cart." />
    );
  }

  // A product with options: the variant is chosen first, and one the seller does not sell cannot be added.
  const label = choose ?? (!product.available ? 'Unavailable' : inCart > 0 ? 'Update Quantity' : 'Add to Cart');
  const disabled =
    Boolean(choose) || !product.available || !cart.data || (inCart > 0 ? value === inCart : value === 0 || outOfStock);
  return (
    <Stack spacing={1.5}>
      {rulesText && (
        <Typography variant="body2" sx={{ color: 'text.primary' }}>
          {rulesText}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <FormControl size="small" sx={{ width: { xs: '100%', sm: 130 } }} disabled={!cart.data || Boolean(choose) || !product.available}>
          <InputLabel id={`${selectId}-label`}>Quantity</InputLabel>
          <Select
            labelId={`${selectId}-label`}
            id={selectId}
            label="Quantity"
            value={value}
            onChange={(event) => setChosen(Number(event.target.value))}
            MenuProps={{ slotProps: { paper: { sx: { maxHeight: 320 } } } }}
          >
            {options.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button
          variant="contained"
          startIcon={inCart > 0 || choose || !product.available ? undefined : <AddShoppingCartIcon />}
          onClick={submit}
          disabled={disabled}
          // As tall as the small quantity field beside it.
          sx={{ minWidth: 200, height: 40 }}
        >
          {label}
        </Button>
      </Stack>
      <Typography variant="body2" role="status" sx={{ minHeight: '1.5em' }}>
        {choose
          ? ''
          : !product.available
            ? `${product.title} is not available.`
            : inCart > 0
          ? `In your cart: ${inCart}`
          : outOfStock
            ? `${product.title ? product.title : 'This product'} is out of stock.`
            : inCart === 0 && value === 0
              ? 'Choose a quantity to add.'
              : ''}
      </Typography>
    </Stack>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1 }}>
      <Typography variant="body2" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, color: 'text.primary' }}>
        {children}
      </Typography>
    </Box>
  );
}

type InfoTab = 'description' | 'dimensions';
const INFO_TABS: ReadonlyArray<TabItem<InfoTab>> = [
  { value: 'description', label: 'Description' },
  { value: 'dimensions', label: 'Dimensions' },
];

/** Description (line breaks kept) and Dimensions (weight, and the package size when set). */
function ProductInfoTabs({ product }: { product: Product }) {
  const [tab, setTab] = useState<InfoTab>('description');
  const weight = weightText(product.product_physical_measurements);
  const packageSize = packageText(product.product_physical_measurements);
  return (
    <Box>
      <StoreTabs items={INFO_TABS} value={tab} onChange={setTab} label="Product details" idPrefix="product-details" />
      <TabPanel idPrefix="product-details" value={tab} sx={{ pt: 2.5 }}>
        {tab === 'description' ? (
          <Typography variant="body1" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word', maxWidth: 760 }}>
            {product.description?.trim() || 'The seller has not added a description yet.'}
          </Typography>
        ) : (
          <Box component="dl" sx={{ m: 0, maxWidth: 560 }}>
            <DetailRow label="Weight">{weight ?? 'Not specified'}</DetailRow>
            {packageSize && <DetailRow label="Package (L × W × H)">{packageSize}</DetailRow>}
          </Box>
        )}
      </TabPanel>
    </Box>
  );
}

/** /storefront/{org_id}/product/{product_id} (spec "Storefront"). */
export function ProductPage() {
  useOrganizationPageTitle('Product');
  const { orgId = '', productId = '' } = useParams();
  const user = useCurrentUser();
  const store = findStore(user.data, orgId);
  const product = useStoreProduct(productId);
  const cart = useCart(orgId);

  // The buyer shell shows its spinner and errors while the user loads.
  if (user.isPending || user.isError) return null;
  if (!store) return <Navigate to={`/storefront/${orgId}/not-found`} replace />;

  if (product.isError) {
    if (isNotAvailableError(product.error)) return <ProductNotAvailable orgId={orgId} storeName={store.name} />;
    return (
      <QueryErrorAlert
        error={product.error}
        onRetry={() => void product.refetch()}
        prefix="We could not load this product."
      />
    );
  }
  // A variant's own link (an order line, a shared URL): its product's page with it chosen.
  if (product.data?.parent_product_id) {
    return (
      <Navigate to={`/storefront/${orgId}/product/${product.data.parent_product_id}?variant=${product.data.id}`} replace />
    );
  }
  if (product.data && !isForSaleIn(product.data, orgId)) {
    return <ProductNotAvailable orgId={orgId} storeName={store.name} />;
  }
  // Spec: a loading placeholder until the product and the cart are loaded.
  if (!product.data || cart.isLoading) return <ProductPageSkeleton />;

  return (
    <ProductDetails key={product.data.id} orgId={orgId} storeName={store.name} item={product.data} isPreview={cart.data?.is_preview ?? false} />
  );
}

/** The option values first chosen: the variant of `?variant=`, else the options with one value. */
function initialChoice(item: Product, variantId: string | null): (string | null)[] {
  const linked = variantId ? item.variants.find((v) => v.id === variantId) : undefined;
  if (linked && linked.option_values.length === item.options.length) return [...linked.option_values];
  return item.options.map((o) => (o.values.length === 1 ? o.values[0]! : null));
}

/** "Order by size and colour": the grid's button, named by the options it lays out. */
function matrixButtonLabel(item: Product): string {
  const names = item.options.slice(0, 2).map((o) => o.name.trim().toLowerCase());
  return names.length === 2 ? `Order by ${names[0]} and ${names[1]}` : `Order by ${names[0]}`;
}

function ProductDetails({
  orgId,
  storeName,
  item,
  isPreview,
}: {
  orgId: string;
  storeName: string;
  item: Product;
  isPreview: boolean;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosen, setChosen] = useState(() => initialChoice(item, searchParams.get('variant')));
  const [matrixOpen, setMatrixOpen] = useState(false);
  const matrixBox = useRef<HTMLDivElement>(null);
  // Opened below the buy box (off screen on a phone): brought into view.
  useEffect(() => {
    const box = matrixBox.current;
    if (matrixOpen && box && typeof box.scrollIntoView === 'function') box.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [matrixOpen]);
  const withOptions = hasOptions(item);
  const complete = chosen.every((value) => value !== null);
  const variant = withOptions && complete ? findVariant(item, chosen as string[]) : undefined;
  const sellable = withOptions ? (variant ? variantSellable(item, variant) : null) : productSellable(item);
  const choose = withOptions && !complete ? chooseLabel(item.options, chosen) : null;

  const choice = (index: number, value: string | null) => {
    const next = chosen.map((current, i) => (i === index ? value : current));
    setChosen(next);
    const picked = next.every((v) => v !== null) ? findVariant(item, next as string[]) : undefined;
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (picked) updated.set('variant', picked.id);
        else updated.delete('variant');
        return updated;
      },
      { replace: true },
    );
  };

  const unit = orderUnitLabel(item.order_unit?.unit, item.quantity_per_unit);
  const priceUnit = { order_unit: item.order_unit?.unit, quantity_per_unit: item.quantity_per_unit };
  const price = sellable ? sellable.unit_price_in_cents : (item.price_range?.min ?? null);
  const priceText =
    sellable || !item.price_range
      ? price === null
        ? 'Not set'
        : formatCents(price)
      : (priceRangeLabel(item.price_range) ?? 'Not set');
  const msrp = sellable ? sellable.msrp_in_cents : withOptions ? null : item.msrp_in_cents;
  const stock = sellable && sellable.available ? stockLabel(sellable.track_inventory, sellable.inventory_count) : null;
  const outOfStock = sellable ? isOutOfStock(sellable.track_inventory, sellable.inventory_count) : false;
  const photos = orderedPhotos(item);

  return (
    <Stack spacing={{ xs: 3, md: 4 }}>
      <Breadcrumbs aria-label="Breadcrumb" separator="›">
        <Link component={RouterLink} to={`/storefront/${orgId}`} underline="hover" color="inherit">
          {storeName}
        </Link>
        <Typography aria-current="page" sx={{ color: 'text.primary', wordBreak: 'break-word' }}>
          {item.name}
        </Typography>
      </Breadcrumbs>

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 3, md: 5 }}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <ProductGallery name={item.name} photos={photos} selectedPhotoId={variant?.media_id ?? null} />
        <Stack spacing={2} sx={{ minWidth: 0, flexGrow: 1 }}>
          {unit && (
            <Chip label={unit} size="small" color="primary" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
          )}
          <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
            {item.name}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }} aria-live="polite">
            {/* The wholesale price is per order unit, the MSRP per retail unit (lib/unit-price.ts). */}
            <PriceRow label="Wholesale price" value={priceText} per={price === null ? undefined : orderUnitText(priceUnit)} strong />
            {msrp !== null && <PriceRow label="Retail price (MSRP)" value={formatCents(msrp)} per={RETAIL_UNIT} />}
          </Box>
          {item.preorder && <PreorderBadge preorder={item.preorder} />}
          {withOptions && (
            <VariantOptions item={item} chosen={chosen} onChoose={choice} />
          )}
          {stock && (
            <Typography variant="body1" sx={{ fontWeight: 600, color: outOfStock ? 'error.dark' : 'success.dark' }}>
              {stock}
            </Typography>
          )}
          {sellable?.stock_keeping_unit && <Typography variant="body2">SKU {sellable.stock_keeping_unit}</Typography>}
          {sellable && <VolumePrices product={sellable} unit={priceUnit} />}
          {sellable || choose ? (
            <AddToCart key={sellable?.id ?? 'choose'} orgId={orgId} product={sellable ?? productSellable(item)} choose={choose} />
          ) : (
            <Typography variant="body1" role="status" sx={{ fontWeight: 600, color: 'error.dark' }}>
              {variantTitle(chosen as string[])} is not available. Choose another combination.
            </Typography>
          )}
          {withOptions && item.variants.length > 1 && (
            <Button
              variant="outlined"
              startIcon={<GridOnIcon />}
              onClick={() => setMatrixOpen((open) => !open)}
              aria-expanded={matrixOpen}
              aria-controls="variant-matrix"
              sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
            >
              {matrixButtonLabel(item)}
            </Button>
          )}
          {isPreview && <Alert severity="info">This is a preview of your own store: your customers see this page.</Alert>}
        </Stack>
      </Stack>

      {matrixOpen && (
        <Box id="variant-matrix" ref={matrixBox} sx={{ scrollMarginTop: 80 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={280} aria-label="Loading the order grid" />}>
            <VariantMatrix orgId={orgId} product={item} onClose={() => setMatrixOpen(false)} />
          </Suspense>
        </Box>
      )}

      <ProductInfoTabs product={item} />
    </Stack>
  );
}

export default ProductPage;
