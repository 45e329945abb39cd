import { useEffect, useState } from 'react';
import {
  basisPointsToPercent,
  percentToBasisPoints,
  type PriceListProduct,
  type PriceListRow,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { LoadMoreButton } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { NotFoundView } from '../../../../components/NotFound';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { SearchField } from '../../../../components/SearchField';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useToast } from '../../../../components/Toast';
import { errorMessage, loadedItems } from '../../../../lib/api';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { STAFF_PRICE_LISTS_MESSAGE, useIsStaff } from '../../money-access';
import {
  useDeletePriceList,
  usePriceList,
  usePriceListProducts,
  useSetPriceListHidden,
  useSetPriceListPrices,
  useUpdatePriceList,
} from '../api';
import {
  draftProblems,
  isChanged,
  listPercentLabel,
  priceEntry,
  serverRowProblems,
  type RowDraft,
  type RowProblems,
} from '../form';
import { PriceListDialog } from './PriceListDialog';
import { PriceListProductCard } from './PriceListProductCard';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Its 3 customers will buy at wholesale prices again." */
export function deleteConsequence(customers: number): string {
  if (customers === 0) return 'No customers are on it. Its fixed prices and hidden products are deleted with it.';
  return `Its ${count(customers, 'customer', 'customers')} will buy at wholesale prices again.`;
}

/**
 * /app/{org_id}/price-lists/{price_list_id}: one list — its name and percentage (Edit), Delete,
 * and the seller's products, searchable and paged, each with its wholesale price, the price on
 * the list, a fixed price with its breaks to set (saved per product, or all at once from the
 * bar at the bottom) and "Hidden from this list". Staff read it all.
 */
export function PriceListPage() {
  const { orgId = '', priceListId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const readOnly = useIsStaff(orgId);
  const list = usePriceList(orgId, priceListId);
  useOrganizationPageTitle(list.data?.name ?? 'Price list');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const products = usePriceListProducts(orgId, priceListId, q);
  const update = useUpdatePriceList(orgId, priceListId);
  const remove = useDeletePriceList(orgId, priceListId);
  const prices = useSetPriceListPrices(orgId, priceListId);
  const hide = useSetPriceListHidden(orgId, priceListId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The rows edited (by row id), kept while a search shows other products.
  const [drafts, setDrafts] = useState<Record<string, RowDraft>>({});
  const [serverProblems, setServerProblems] = useState<Record<string, RowProblems>>({});

  // Unsaved prices: the browser asks before the tab is closed or reloaded.
  const unsaved = Object.keys(drafts).length > 0 && !readOnly;
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  if (list.data === null) {
    return <NotFoundView homeTo={`/app/${orgId}/price-lists`} homeLabel="Go to Price lists" />;
  }
  const info = list.data;
  const basisPoints = info ? percentToBasisPoints(info.percent_off) : 0;
  const percentLabel = basisPoints === 0 ? 'wholesale price' : `${basisPointsToPercent(basisPoints)}% off`;
  const rows = loadedItems(products.data);
  const editedIds = Object.keys(drafts);
  const savingIds = new Set(prices.isPending ? (prices.variables?.map((p) => p.product_id) ?? []) : []);

  function setDraft(row: PriceListRow, draft: RowDraft) {
    const without = <T,>(all: Record<string, T>) =>
      Object.fromEntries(Object.entries(all).filter(([id]) => id !== row.product_id));
    setServerProblems(without);
    setDrafts((all) => (isChanged(row, draft) ? { ...without(all), [row.product_id]: draft } : without(all)));
  }

  function discard(ids: readonly string[]) {
    setDrafts((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !ids.includes(id))));
    setServerProblems((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !ids.includes(id))));
  }

  /** One PUT with the edited rows named; what it says is wrong shows on their inputs. */
  function save(ids: readonly string[], what: string) {
    const invalid = ids.filter((id) => Object.keys(draftProblems(drafts[id]!)).length > 0);
    if (invalid.length > 0) {
      toast.show(`Fix the ${invalid.length === 1 ? 'price' : 'prices'} marked in red first.`, { severity: 'error' });
      return;
    }
    const entries = ids.map((id) => priceEntry(id, drafts[id]!));
    prices.mutate(entries, {
      onSuccess: () => {
        discard(ids);
        toast.show(`${what} saved. Customers on ${info?.name ?? 'the list'} see them from now on.`);
      },
      onError: (error) => {
        setServerProblems((all) => ({ ...all, ...serverRowProblems(error, ids) }));
        toast.show(errorMessage(error), { severity: 'error' });
      },
    });
  }

  function setHidden(product: PriceListProduct, hidden: boolean) {
    hide.mutate(
      { product_id: product.id, hidden },
      {
        onSuccess: () =>
          toast.show(
            hidden
              ? `${product.name} is hidden from customers on ${info?.name ?? 'the list'}`
              : `${product.name} shows to customers on ${info?.name ?? 'the list'} again`,
          ),
        onError: (error) => toast.show(errorMessage(error), { severity: 'error' }),
      },
    );
  }

  const searching = q.length > 0;
  return (
    <Box sx={{ pb: editedIds.length > 0 ? 2 : 0 }}>
      <PageHeader
        back={{ to: `/app/${orgId}/price-lists`, label: 'Price lists' }}
        title={info ? info.name : <Skeleton width={240} aria-label="Loading price list" />}
        subtitle={
          info &&
          [
            listPercentLabel(info),
            count(info.customer_count, 'customer', 'customers'),
            count(info.fixed_price_count, 'fixed price', 'fixed prices'),
            count(info.hidden_product_count, 'hidden product', 'hidden products'),
          ].join(' · ')
        }
        actions={
          info &&
          !readOnly && (
            <>
              <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => setDeleting(true)}
                // On the page's tinted background the red needs white under it (4.5:1).
                sx={{ bgcolor: 'background.paper' }}
              >
                Delete
              </Button>
            </>
          )
        }
      />
      {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} sx={{ mb: 2 }} />}
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {STAFF_PRICE_LISTS_MESSAGE}
        </Alert>
      )}
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 760 }}>
        A product without a fixed price costs{' '}
        {basisPoints === 0 ? 'its wholesale price' : `${basisPointsToPercent(basisPoints)}% off its wholesale price`} on
        this list, its price breaks included. A fixed price replaces it for that variant, with its own breaks (leave
        them empty for none).
      </Typography>
      <Box sx={{ mb: 2 }}>
        <SearchField label="Search by name or SKU" value={search} onChange={setSearch} />
      </Box>

      {products.isError && (
        <QueryErrorAlert error={products.error} onRetry={() => void products.refetch()} sx={{ mb: 2 }} />
      )}
      {products.isPending && (
        <Stack spacing={1.5} role="status" aria-label="Loading products" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={150} />
          ))}
        </Stack>
      )}
      {rows && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center' }}>
          {searching ? (
            <Typography variant="body1">No products match “{q}”.</Typography>
          ) : (
            <EmptyState
              icon={
                <TintedIcon>
                  <Inventory2OutlinedIcon />
                </TintedIcon>
              }
              title="No products yet"
              action={
                <Button component={RouterLink} to={`/app/${orgId}/products/add`} variant="contained" sx={{ mt: 1 }}>
                  Add a product
                </Button>
              }
            >
              Your products show here with their wholesale prices, to price them on this list.
            </EmptyState>
          )}
        </Paper>
      )}
      {rows && rows.length > 0 && (
        <Stack
          component="ul"
          spacing={2}
          sx={{ m: 0, p: 0 }}
          aria-label="Products"
          aria-busy={products.isFetching || undefined}
        >
          {rows.map((product) => {
            const ids = product.rows.map((r) => r.product_id).filter((id) => drafts[id]);
            return (
              <PriceListProductCard
                key={product.id}
                product={product}
                basisPoints={basisPoints}
                percentLabel={percentLabel}
                drafts={drafts}
                serverProblems={serverProblems}
                readOnly={readOnly}
                saving={product.rows.some((r) => savingIds.has(r.product_id))}
                hiding={hide.isPending && hide.variables?.product_id === product.id ? hide.variables.hidden : null}
                onDraft={setDraft}
                onSave={() => save(ids, `Prices of ${product.name}`)}
                onDiscard={() => discard(ids)}
                onHidden={(hidden) => setHidden(product, hidden)}
              />
            );
          })}
        </Stack>
      )}
      {products.hasNextPage && (
        <LoadMoreButton onClick={() => void products.fetchNextPage()} loading={products.isFetchingNextPage} />
      )}

      {editedIds.length > 0 && !readOnly && (
        <Paper
          elevation={6}
          role="region"
          aria-label="Unsaved prices"
          sx={{
            position: 'sticky',
            bottom: { xs: 8, sm: 16 },
            mt: 2,
            p: 1.5,
            px: 2,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
            zIndex: (theme) => theme.zIndex.appBar - 1,
          }}
        >
          <Typography variant="body2" sx={{ mr: 'auto', color: 'text.primary', fontWeight: 600 }}>
            {count(editedIds.length, 'price', 'prices')} not saved
          </Typography>
          <Button color="inherit" onClick={() => discard(editedIds)} disabled={prices.isPending}>
            Discard
          </Button>
          <Button
            variant="contained"
            onClick={() => save(editedIds, count(editedIds.length, 'price', 'prices'))}
            disabled={prices.isPending}
          >
            {prices.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </Paper>
      )}

      {info && (
        <PriceListDialog
          open={editing}
          list={info}
          busy={update.isPending}
          error={update.error}
          onClose={() => {
            setEditing(false);
            update.reset();
          }}
          onSave={(body) =>
            update.mutate(body, {
              onSuccess: (saved) => {
                setEditing(false);
                toast.show(`${saved.name} saved: ${listPercentLabel(saved).toLowerCase()}`);
              },
            })
          }
        />
      )}
      {info && (
        <ConfirmDialog
          open={deleting}
          title={`Delete ${info.name}?`}
          confirmLabel="Delete price list"
          destructive
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onClose={() => {
            setDeleting(false);
            remove.reset();
          }}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                toast.show(`${info.name} deleted`);
                void navigate(`/app/${orgId}/price-lists`, { replace: true });
              },
            })
          }
        >
          {deleteConsequence(info.customer_count)}
        </ConfirmDialog>
      )}
    </Box>
  );
}

export default PriceListPage;
