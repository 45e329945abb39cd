import { useState, type SyntheticEvent } from 'react';
import {
  LIVE_STATE,
  PRODUCT_BULK_MAX,
  PRODUCT_STATE_NAMES,
  formatShipWindow,
  teamRoleAtLeast,
  type Product,
} from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { DataColumn } from '../../../../components/DataTable';
import { formatCents } from '../../../../lib/format';
import { PagedTable } from '../../../../components/PagedTable';
import { PageHeader } from '../../../../components/PageHeader';
import { SizedImage } from '../../../../components/SizedImage';
import { SearchField } from '../../../../components/SearchField';
import { TintedIcon } from '../../../../components/TintedIcon';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { useToast } from '../../../../components/Toast';
import { errorMessage, loadedItems } from '../../../../lib/api';
import { useRowSelection } from '../../../../lib/use-row-selection';
import { BulkActionsBar } from '../../../../components/BulkActionsBar';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useTeamRole } from '../../../../lib/current-user';
import { downloadCatalogCsv } from '../api';
import { useFilteredProductList, useProductStateCounts, useSetProductsState } from '../list-api';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

export const PRODUCTS_EMPTY = "Products haven't been added yet.";
/** Why Export CSV is disabled while the catalog is empty. */
export const EXPORT_EMPTY_HINT = 'There are no products to export yet.';
/** Spec section 9: table image 130 px. */
const IMAGE_SIZE = 130;

/** A product's first photo, by display order. */
function firstPhoto(product: Pick<Product, 'media'>) {
  return [...product.media].sort((a, b) => a.display_order - b.display_order)[0]?.media;
}

/** The small image of a product: its first photo (a resized variant when there is one). */
export function productThumbnailUrl(product: Pick<Product, 'media'>, width = 200): string | null {
  const first = firstPhoto(product);
  if (!first) return null;
  return first.variants?.[String(width)] ?? first.cloudinary_url;
}

function Thumbnail({ product }: { product: Product }) {
  const photo = firstPhoto(product);
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
      {photo ? (
        <SizedImage image={{ ...photo, url: photo.cloudinary_url }} place="sellerThumb" alt="" />
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
export function variantCountText(product: Pick<Product, 'options'> & { variants: readonly unknown[] }): string | null {
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

/**
 * The Stock column: what is on hand when the seller tracks it ("12 on hand", "Out of stock"),
 * "Not tracked" otherwise. A product with options adds up its tracked variants.
 */
export function stockText(
  product: Pick<Product, 'options' | 'inventory_count' | 'track_inventory'> & {
    variants: Pick<Product['variants'][number], 'inventory_count' | 'track_inventory'>[];
  },
): { text: string; detail: string | null; tone: 'normal' | 'out' | 'muted' } {
  const variantCount = variantCountText(product);
  const tracked =
    product.options.length === 0
      ? product.track_inventory
        ? [product.inventory_count]
        : []
      : product.variants.filter((v) => v.track_inventory).map((v) => v.inventory_count);
  if (tracked.length === 0) return { text: 'Not tracked', detail: variantCount, tone: 'muted' };
  const onHand = tracked.reduce((sum, n) => sum + Math.max(0, n), 0);
  const detail =
    product.options.length === 0
      ? null
      : tracked.length === product.variants.length
        ? `across ${variantCount}`
        : `across ${tracked.length} of ${variantCount}`;
  return onHand === 0
    ? { text: 'Out of stock', detail, tone: 'out' }
    : { text: `${onHand.toLocaleString('en-US')} on hand`, detail, tone: 'normal' };
}

function StockCell({ product }: { product: Product }) {
  const stock = stockText(product);
  return (
    <Box>
      <Typography
        variant="body2"
        sx={{
          color: stock.tone === 'out' ? 'error.main' : stock.tone === 'muted' ? 'text.secondary' : 'text.primary',
          fontWeight: stock.tone === 'muted' ? 400 : 600,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        {stock.text}
      </Typography>
      {stock.detail && (
        <Typography variant="body2" sx={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {stock.detail}
        </Typography>
      )}
    </Box>
  );
}

const stopRow = (event: SyntheticEvent) => event.stopPropagation();

const baseColumns: DataColumn<Product>[] = [
  // 130 px images (spec); on phones the column shrinks with the screen.
  { header: 'Image', width: `min(${IMAGE_SIZE + 32}px, 22vw)`, cell: (p) => <Thumbnail product={p} /> },
  {
    header: 'Product Name',
    cell: (p) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body1" sx={{ color: 'text.primary', fontWeight: 600, wordBreak: 'break-word' }}>
          {p.name}
        </Typography>
        <Box sx={{ display: { xs: 'flex', sm: 'none' }, mt: 0.75, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <StatusChip state={p.state?.state} />
          <Typography variant="body2" sx={{ fontSize: 13 }}>
            {stockText(p).text}
          </Typography>
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
    // One line at 1280 px (the review saw it wrap).
    headerCell: (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        Wholesale Price
      </Box>
    ),
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
  { header: 'Stock', width: 130, hideOnPhone: true, cell: (p) => <StockCell product={p} /> },
  // On phones the status sits under the name, so the name keeps room to breathe.
  { header: 'Status', width: 120, hideOnPhone: true, cell: (p) => <StatusChip state={p.state?.state} /> },
];

/** The status filter's tabs: every product, then each status. */
const ALL_TAB = '';
const STATUS_TABS = [ALL_TAB, ...PRODUCT_STATE_NAMES];

/** "3 products set to Live." — or why nothing changed. */
export function bulkStateMessage(changed: number, selected: number, state: string): string {
  if (changed === 0)
    return selected === 1 ? `That product is ${state} already.` : `Those products are ${state} already.`;
  const set = `${changed} ${changed === 1 ? 'product' : 'products'} set to ${state}.`;
  const already = selected - changed;
  return already > 0 ? `${set} ${already} ${already === 1 ? 'was' : 'were'} ${state} already.` : set;
}
export const BULK_TOO_MANY = `Select at most ${PRODUCT_BULK_MAX} products at once.`;

/**
 * /app/{org_id}/products: the catalog table (spec "Products"), with a status filter (counts
 * per status), a search by name or SKU, a Stock column, and (owners and admins) a bulk status
 * change of the selected rows.
 */
export function ProductsPage() {
  useOrganizationPageTitle('Products');
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [statusTab, setStatusTab] = useState(ALL_TAB);
  const q = useDebouncedValue(search.trim(), 300);
  const list = useFilteredProductList(orgId, q, statusTab);
  const counts = useProductStateCounts(orgId);
  const setStates = useSetProductsState(orgId);
  // Owners and admins change the status of several products at once (the server refuses staff).
  const canBulkEdit = teamRoleAtLeast(useTeamRole(orgId), 'admin');
  const [exporting, setExporting] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  // The search and filter whose results are on screen. While a new one loads, the previous
  // results stay (placeholder data), and so do the words they match: the empty state, the
  // catalog's or a search's, is only shown for a search that has finished.
  const [shown, setShown] = useState({ q, status: statusTab });
  if (list.data && !list.isPlaceholderData && (shown.q !== q || shown.status !== statusTab))
    setShown({ q, status: statusTab });
  const rows = loadedItems(list.data);
  const searching = shown.q !== '';
  const filtering = shown.status !== ALL_TAB;
  const busy = list.isPlaceholderData || search.trim() !== q;
  const catalogueEmpty = counts.data ? counts.data.all === 0 : !searching && !filtering && rows?.length === 0;
  // Selected products by id, kept with their rows (a selection outlives Load more).
  const { selected, allShownSelected, someShownSelected, toggle, toggleAllShown, clear } = useRowSelection(rows);
  const tooMany = selected.size > PRODUCT_BULK_MAX;

  function applyState(state: string) {
    setMenuAnchor(null);
    const productIds = [...selected.keys()];
    setStates.mutate(
      { productIds, state },
      {
        onSuccess: (result) => {
          toast.show(bulkStateMessage(result.changed_ids.length, productIds.length, result.state.state));
          clear();
        },
        onError: (error) => toast.show(`The status was not changed: ${errorMessage(error)}`, { severity: 'error' }),
      },
    );
  }

  const tabLabel = (status: string) => {
    const name = status === ALL_TAB ? 'All' : status;
    const count = status === ALL_TAB ? counts.data?.all : counts.data?.by_state[status];
    return count === undefined ? name : `${name} (${count.toLocaleString('en-US')})`;
  };

  const selectColumn: DataColumn<Product> = {
    header: 'Select',
    width: 48,
    // Phones keep the table to its width: the toolbar's box selects every product shown (after
    // a search or a status tab), row boxes are for wider screens.
    hideOnPhone: true,
    headerCell: (
      <Checkbox
        checked={allShownSelected}
        indeterminate={someShownSelected && !allShownSelected}
        onChange={toggleAllShown}
        slotProps={{ input: { 'aria-label': 'Select all products shown' } }}
      />
    ),
    cell: (p) => (
      <Checkbox
        checked={selected.has(p.id)}
        onChange={() => toggle(p)}
        onClick={stopRow}
        onKeyDown={stopRow}
        slotProps={{ input: { 'aria-label': `Select ${p.name}` } }}
      />
    ),
  };
  const columns = canBulkEdit ? [selectColumn, ...baseColumns] : baseColumns;

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
      <Typography variant="body1">
        {filtering ? `No ${shown.status} products match “${shown.q}”.` : `No products match “${shown.q}”.`}
      </Typography>
      <Button onClick={() => setSearch('')}>Clear search</Button>
    </Stack>
  ) : filtering && !catalogueEmpty ? (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body1">{`No ${shown.status} products.`}</Typography>
      <Button onClick={() => setStatusTab(ALL_TAB)}>Show all products</Button>
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

  const hasProducts = !catalogueEmpty && (Boolean(rows && rows.length > 0) || searching || filtering);

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
        <>
          <Tabs
            value={statusTab}
            onChange={(_event, value: string) => {
              setStatusTab(value);
              clear();
            }}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Filter by status"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', maxWidth: '100%' }}
          >
            {STATUS_TABS.map((status) => (
              <Tab key={status || 'all'} value={status} label={tabLabel(status)} sx={{ textTransform: 'none' }} />
            ))}
          </Tabs>
          <Box sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <SearchField label="Search by name or SKU" value={search} onChange={setSearch} />
            {busy && <CircularProgress size={18} aria-label="Searching" />}
          </Box>
          {canBulkEdit && (
            <BulkActionsBar
              count={selected.size}
              idleText="Select products to change their status"
              // Phones show no row boxes: select every product shown from here.
              selectAll="phone-only"
              selectAllLabel="Select all products shown"
              allShownSelected={allShownSelected}
              someShownSelected={someShownSelected}
              onToggleAllShown={toggleAllShown}
              tooManyText={tooMany ? BULK_TOO_MANY : null}
              onClear={clear}
            >
              <Button
                size="small"
                variant="contained"
                id="set-status-button"
                aria-haspopup="menu"
                aria-controls={menuAnchor ? 'set-status-menu' : undefined}
                aria-expanded={menuAnchor ? true : undefined}
                disabled={setStates.isPending || tooMany}
                onClick={(event) => setMenuAnchor(event.currentTarget)}
                endIcon={
                  setStates.isPending ? (
                    <CircularProgress size={14} color="inherit" aria-hidden />
                  ) : (
                    <ArrowDropDownIcon aria-hidden />
                  )
                }
              >
                {setStates.isPending ? 'Saving…' : 'Set status'}
              </Button>
              <Menu
                id="set-status-menu"
                anchorEl={menuAnchor}
                open={Boolean(menuAnchor)}
                onClose={() => setMenuAnchor(null)}
                slotProps={{ list: { 'aria-labelledby': 'set-status-button' } }}
              >
                {PRODUCT_STATE_NAMES.map((state) => (
                  <MenuItem key={state} onClick={() => applyState(state)}>
                    {state}
                  </MenuItem>
                ))}
              </Menu>
            </BulkActionsBar>
          )}
        </>
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
