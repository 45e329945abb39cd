import { useState } from 'react';
import { LIVE_STATE, formatShipWindow, type Product } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { DataColumn } from '../../../../components/DataTable';
import { formatCents } from '../../../../lib/format';
import { PagedTable } from '../../../../components/PagedTable';
import { PageHeader } from '../../../../components/PageHeader';
import { SearchField } from '../../../../components/SearchField';
import { TintedIcon } from '../../../../components/TintedIcon';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { useToast } from '../../../../components/Toast';
import { errorMessage, loadedItems } from '../../../../lib/api';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { downloadCatalogCsv, useProductList } from '../api';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

export const PRODUCTS_EMPTY = "Products haven't been added yet.";
/** Why Export CSV is disabled while the catalogue is empty. */
export const EXPORT_EMPTY_HINT = 'There are no products to export yet.';
/** Spec section 9: table image 130 px. */
const IMAGE_SIZE = 130;

/** The small image of a product: its first photo (a resized variant when there is one). */
export function productThumbnailUrl(product: Pick<Product, 'media'>, width = 200): string | null {
  const first = [...product.media].sort((a, b) => a.display_order - b.display_order)[0]?.media;
  if (!first) return null;
  return first.variants?.[String(width)] ?? first.cloudinary_url;
}

function Thumbnail({ product }: { product: Product }) {
  const url = productThumbnailUrl(product);
  const size = { xs: 56, sm: IMAGE_SIZE };
  return (
    <Box
      sx={{
        width: size,
        height: size,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: '#f3f1f9',
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
      }}
    >
      {url ? (
        <Box
          component="img"
          src={url}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <ImageOutlinedIcon sx={{ color: 'primary.light', fontSize: { xs: 24, sm: 36 } }} titleAccess="No photo" />
      )}
    </Box>
  );
}

/** "Case of 12", "Each", "Dozen"; null without an order unit. */
export function orderUnitText(product: Pick<Product, 'order_unit' | 'quantity_per_unit'>): string | null {
  const unit = product.order_unit?.unit;
  if (!unit) return null;
  if (unit === 'Each' || unit === 'Dozen' || !product.quantity_per_unit) return unit;
  return `${unit} of ${product.quantity_per_unit}`;
}

/** "15 variants" for a product with options; null for one sold as itself. */
export function variantCountText(product: Pick<Product, 'options' | 'variants'>): string | null {
  if (product.options.length === 0) return null;
  return product.variants.length === 1 ? '1 variant' : `${product.variants.length} variants`;
}

/** The list's price: a product's own, or its variants' range ("$12.00–$14.00"). */
export function listPriceText(product: Pick<Product, 'options' | 'price_range' | 'unit_price_in_cents'>): string {
  if (product.options.length === 0) return formatCents(product.unit_price_in_cents);
  const range = product.price_range;
  if (!range) return formatCents(null);
  return range.min === range.max ? formatCents(range.min) : `${formatCents(range.min)}–${formatCents(range.max)}`;
}

/** Live in the primary colour, every other status in the secondary colour. */
export function StatusChip({ state }: { state: string | null | undefined }) {
  const label = state ?? 'Draft';
  return <Chip size="small" label={label} color={label === LIVE_STATE ? 'primary' : 'secondary'} />;
}

const columns: DataColumn<Product>[] = [
  // 130 px images (spec); on phones the column shrinks with the screen.
  { header: 'Image', width: `min(${IMAGE_SIZE + 32}px, 22vw)`, cell: (p) => <Thumbnail product={p} /> },
  {
    header: 'Product Name',
    cell: (p) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body1" sx={{ color: 'text.primary', fontWeight: 600, wordBreak: 'break-word' }}>
          {p.name}
        </Typography>
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.75 }}>
          <StatusChip state={p.state?.state} />
        </Box>
        {variantCountText(p) ? (
          // A product with options: how many variants (their SKUs are theirs), on phones too.
          <Typography variant="body2" sx={{ fontSize: 13 }}>
            {[variantCountText(p), orderUnitText(p)].filter(Boolean).join(' · ')}
          </Typography>
        ) : (
          (p.stock_keeping_unit || p.order_unit) && (
            <Typography variant="body2" sx={{ fontSize: 13, display: { xs: 'none', sm: 'block' } }}>
              {[p.stock_keeping_unit && `SKU ${p.stock_keeping_unit}`, orderUnitText(p)].filter(Boolean).join(' · ')}
            </Typography>
          )
        )}
        {p.preorder && (
          // Issue 25: a pre-order says when it ships.
          <Typography variant="body2" sx={{ fontSize: 13, color: 'text.primary', fontWeight: 600 }}>
            {`Pre-order · ships ${formatShipWindow(p.preorder.ships_from, p.preorder.ships_until)}`}
          </Typography>
        )}
      </Box>
    ),
  },
  {
    header: 'Wholesale Price',
    align: 'right',
    cell: (p) => (
      <Typography
        variant="body1"
        sx={{ color: 'text.primary', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {listPriceText(p)}
      </Typography>
    ),
  },
  // On phones the status sits under the name, so the name keeps room to breathe.
  { header: 'Status', width: 120, hideOnPhone: true, cell: (p) => <StatusChip state={p.state?.state} /> },
];

/** /app/{org_id}/products: the catalogue table (spec "Products"). */
export function ProductsPage() {
  useOrganizationPageTitle('Products');
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const list = useProductList(orgId, q);
  const [exporting, setExporting] = useState(false);

  // The search whose results are on screen. While a new search loads, the previous results stay
  // (placeholder data), and so do the words they match: the empty state, the catalogue's or a
  // search's, is only shown for a search that has finished.
  const [shownQ, setShownQ] = useState(q);
  if (list.data && !list.isPlaceholderData && shownQ !== q) setShownQ(q);
  const rows = loadedItems(list.data);
  const searching = shownQ !== '';
  const busy = list.isPlaceholderData || search.trim() !== q;
  const catalogueEmpty = !searching && rows?.length === 0;

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadCatalogCsv(orgId);
    } catch (error) {
      toast.show(`The export failed: ${errorMessage(error)}`, { severity: 'error' });
    } finally {
      setExporting(false);
    }
  }

  const empty = searching ? (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body1">No products match “{shownQ}”.</Typography>
      <Button onClick={() => setSearch('')}>Clear search</Button>
    </Stack>
  ) : (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <TintedIcon shape="rounded">
        <Inventory2OutlinedIcon />
      </TintedIcon>
      <Typography variant="body1" sx={{ color: 'text.primary', fontWeight: 600 }}>
        {PRODUCTS_EMPTY}
      </Typography>
      <Typography variant="body2">Add them one by one, or upload your whole catalog from a spreadsheet.</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button component={RouterLink} to={`/app/${orgId}/products/add`} variant="contained" startIcon={<AddIcon />}>
          Add New Product
        </Button>
        <Button
          component={RouterLink}
          to={`/app/${orgId}/products/import`}
          variant="outlined"
          startIcon={<FileUploadOutlinedIcon />}
        >
          Import a CSV
        </Button>
      </Stack>
    </Stack>
  );

  const hasProducts = Boolean(rows && rows.length > 0) || searching;

  return (
    <Box>
      <PageHeader
        title="Products"
        actions={
          <>
            <Button
              component={RouterLink}
              to={`/app/${orgId}/products/import`}
              variant="outlined"
              startIcon={<FileUploadOutlinedIcon />}
            >
              Import CSV
            </Button>
            {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
            <Tooltip title={catalogueEmpty ? EXPORT_EMPTY_HINT : ''}>
              <Box component="span" sx={{ display: 'inline-flex' }}>
                <Button
                  variant="outlined"
                  onClick={() => void exportCsv()}
                  disabled={exporting || list.isPending || catalogueEmpty}
                  aria-describedby={catalogueEmpty ? 'export-csv-hint' : undefined}
                  startIcon={exporting ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlinedIcon />}
                  sx={{ flexGrow: 1 }}
                >
                  Export CSV
                </Button>
                {catalogueEmpty && (
                  <Box component="span" id="export-csv-hint" sx={visuallyHidden}>
                    {EXPORT_EMPTY_HINT}
                  </Box>
                )}
              </Box>
            </Tooltip>
            <Button
              component={RouterLink}
              to={`/app/${orgId}/products/add`}
              variant="contained"
              startIcon={<AddIcon />}
            >
              Add New Product
            </Button>
          </>
        }
      />

      {(hasProducts || list.isPending) && (
        <Box sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <SearchField label="Search products" value={search} onChange={setSearch} />
          {busy && <CircularProgress size={18} aria-label="Searching" />}
        </Box>
      )}

      <PagedTable
        query={list}
        label="Products"
        columns={columns}
        rowKey={(p) => p.id}
        empty={empty}
        onRowClick={(p) => navigate(`/app/${orgId}/products/${p.id}`)}
      />
    </Box>
  );
}

export default ProductsPage;
