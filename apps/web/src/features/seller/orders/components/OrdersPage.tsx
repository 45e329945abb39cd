import { useState, type ReactNode, type SyntheticEvent } from 'react';
import {
  ADD_TRACKING_TOOLTIP,
  CREATING_PACKING_SLIP,
  EDIT_TRACKING_TOOLTIP,
  ORDER_BULK_MAX,
  ORDER_SEARCH_LABEL,
  ORDER_SEARCH_NO_MATCH,
  SELLER_ORDER_VIEWS,
  SELLER_ORDER_VIEW_LABELS,
  SELLER_ORDERS_EMPTY,
  orderCountLabel,
  type OrderSummary,
  type SellerOrderView,
} from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useParams } from 'react-router';
import { OrderCardList, usePhoneLayout } from '../../../../components/orders/OrderCardList';
import { DataTable, type DataColumn } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { SearchField } from '../../../../components/SearchField';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useToast } from '../../../../components/Toast';
import { errorMessage, loadedItems } from '../../../../lib/api';
import { useRowSelection } from '../../../../lib/use-row-selection';
import { BulkActionsBar } from '../../../../components/BulkActionsBar';
import { saveBlob, todayStamp } from '../../../../lib/download';
import { formatCents, formatDate } from '../../../../lib/format';
import {
  actionsColumn,
  orderAmountColumn,
  orderCardFields,
  orderDateColumn,
  orderNumberColumn,
  paymentStatus,
  paymentStatusColumn,
  PoNumberCaption,
  shippedColumn,
} from '../../../../components/orders/order-columns';
import { OrderStateChip } from '../../../../components/orders/OrderStateChip';
import {
  fetchOrdersCsv,
  fetchPackingSlip,
  fetchPackingSlips,
  orderNumber,
  useFilteredSellerOrders,
  useSellerOrderCounts,
  type SellerOrderFilters,
} from '../api';
import { openPdfInNewTab } from '../packing-slip';
import { ShipWindowFilter } from './ShipWindowFilter';
import { BulkShipDialog } from './BulkShipDialog';
import { OrderDetailDialog } from './OrderDetailDialog';
import { TrackingDialog } from './TrackingDialog';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';

export const PACKING_SLIP_FAILED = 'We could not create the packing slip.';
export const PACKING_SLIPS_FAILED = 'We could not create the packing slips.';
export const EXPORT_FAILED = 'We could not export the orders.';
export const CUSTOMER_SEARCH_LABEL = 'Customer';
export const DATE_RANGE_ERROR = 'Must be on or before the To day';
export const BULK_TOO_MANY = `Select at most ${ORDER_BULK_MAX} orders for one action.`;

type ViewTab = SellerOrderView | 'all';
const TABS: readonly ViewTab[] = ['all', ...SELLER_ORDER_VIEWS];

/** Spec: loading shows a skeleton of 10 rows by 5 columns. */
function OrdersSkeleton() {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Table aria-label="Loading orders" aria-busy>
        <TableBody>
          {Array.from({ length: 10 }, (_, row) => (
            <TableRow key={row} data-testid="skeleton-row">
              {Array.from({ length: 5 }, (_, cell) => (
                <TableCell key={cell}>
                  <Skeleton variant="text" />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** The list's empty state: no order yet, none matching the search, or none in the tab and filters. */
function NoOrders({ title, children }: { title: string; children: ReactNode }) {
  return (
    <EmptyState
      icon={
        <TintedIcon>
          <ReceiptLongOutlinedIcon />
        </TintedIcon>
      }
      title={title}
    >
      {children}
    </EmptyState>
  );
}

/** Keeps a click or key on a row's buttons from opening the row. */
const stopRow = (event: SyntheticEvent) => event.stopPropagation();

/**
 * /app/{org_id}/orders: the Orders workspace (issue 23 §6) — the orders customers placed in tabs
 * (All, To ship, Partially shipped, Shipped, Unpaid, Cancelled) with their counts, searched by
 * order or PO number and by customer, within a date range; each with its state, tracking and
 * packing slip; selected orders get one PDF of packing slips, a sheet to mark them shipped, and
 * the list exports as CSV. A table from tablet width, cards on a phone.
 */
export function OrdersPage() {
  useOrganizationPageTitle('Orders');
  const { orgId = '' } = useParams();
  const toast = useToast();
  const [tab, setTab] = useState<ViewTab>('all');
  const [search, setSearch] = useState('');
  const [customer, setCustomer] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [shipWindow, setShipWindow] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const customerQuery = useDebouncedValue(customer.trim(), 300);
  const rangeWrong = from !== '' && to !== '' && from > to;
  const filters: SellerOrderFilters = {
    ...(tab === 'all' ? {} : { view: tab }),
    q: query,
    customer: customerQuery,
    ...(rangeWrong ? {} : { from, to }),
    ship_window: shipWindow,
  };
  const orders = useFilteredSellerOrders(orgId, filters);
  const counts = useSellerOrderCounts(orgId);
  const phone = usePhoneLayout();
  const rows = loadedItems(orders.data);
  const searching = query.length > 0;
  const filtering = tab !== 'all' || customerQuery !== '' || from !== '' || to !== '' || shipWindow !== '';
  // No search box before the first order: there is nothing to search.
  const noOrdersAtAll =
    !searching &&
    !filtering &&
    search.trim() === '' &&
    customer.trim() === '' &&
    !orders.isPlaceholderData &&
    rows?.length === 0;
  const empty = searching ? (
    <NoOrders title={`No orders match “${query}”`}>{ORDER_SEARCH_NO_MATCH}</NoOrders>
  ) : filtering ? (
    <NoOrders title="No orders here">
      No order matches this tab, customer, dates and ship window. Try another tab or clear the filters.
    </NoOrders>
  ) : (
    <NoOrders title={SELLER_ORDERS_EMPTY}>
      When a customer places an order in your store, it shows here with its shipping and payment status.
    </NoOrders>
  );
  // Selected orders by id, kept with their rows (a selection outlives Load more).
  const { selected, allShownSelected, someShownSelected, toggle, toggleAllShown, clear } = useRowSelection(rows);
  const [shipping, setShipping] = useState(false);
  const [creatingBulkSlips, setCreatingBulkSlips] = useState(false);
  const [exporting, setExporting] = useState(false);
  const selectedOrders = [...selected.values()];
  const tooMany = selected.size > ORDER_BULK_MAX;

  /** A new tab or filter starts a new selection. */
  function refilter(apply: () => void) {
    apply();
    clear();
  }

  function openPackingSlips() {
    if (creatingBulkSlips || selected.size === 0 || tooMany) return;
    setCreatingBulkSlips(true);
    const ids = selectedOrders.map((order) => order.id);
    openPdfInNewTab(() => fetchPackingSlips(orgId, ids), `packing-slips-${ids.length}.pdf`, 'Creating packing slips…')
      .catch((error: unknown) => toast.show(`${PACKING_SLIPS_FAILED} ${errorMessage(error)}`, { severity: 'error' }))
      .finally(() => setCreatingBulkSlips(false));
  }

  function exportCsv() {
    if (exporting) return;
    setExporting(true);
    fetchOrdersCsv(orgId, filters)
      .then(({ blob, filename }) => saveBlob(blob, filename ?? `orders-${todayStamp()}.csv`))
      .catch((error: unknown) => toast.show(`${EXPORT_FAILED} ${errorMessage(error)}`, { severity: 'error' }))
      .finally(() => setExporting(false));
  }

  const tabLabel = (view: ViewTab) => {
    const count = counts.data?.[view];
    return count === undefined
      ? SELLER_ORDER_VIEW_LABELS[view]
      : `${SELLER_ORDER_VIEW_LABELS[view]} (${orderCountLabel(count)})`;
  };

  /** A row's (or card's) checkbox, named by its order. */
  const selectBox = (order: OrderSummary) => (
    <Checkbox
      checked={selected.has(order.id)}
      onChange={() => toggle(order)}
      onClick={stopRow}
      onKeyDown={stopRow}
      slotProps={{ input: { 'aria-label': `Select order ${orderNumber(order)}` } }}
    />
  );
  const [viewing, setViewing] = useState<{ order: OrderSummary | null; open: boolean }>({ order: null, open: false });
  const [tracking, setTracking] = useState<{ order: OrderSummary | null; open: boolean; key: number }>({
    order: null,
    open: false,
    key: 0,
  });
  const [creatingSlips, setCreatingSlips] = useState<ReadonlySet<string>>(new Set());

  function openTracking(order: OrderSummary) {
    setTracking((current) => ({ order, open: true, key: current.key + 1 }));
  }

  function openPackingSlip(order: OrderSummary) {
    if (creatingSlips.has(order.id)) return;
    setCreatingSlips((ids) => new Set(ids).add(order.id));
    const name = `packing-slip-${orderNumber(order).replace(/[^A-Za-z0-9-]+/g, '')}.pdf`;
    openPdfInNewTab(() => fetchPackingSlip(order.id), name, 'Creating packing slip…')
      .catch((error: unknown) => toast.show(`${PACKING_SLIP_FAILED} ${errorMessage(error)}`, { severity: 'error' }))
      .finally(() =>
        setCreatingSlips((ids) => {
          const next = new Set(ids);
          next.delete(order.id);
          return next;
        }),
      );
  }

  /** The tracking and packing-slip buttons of a row (and of a card). */
  function rowActions(order: OrderSummary) {
    const tooltip = order.shipping_information ? EDIT_TRACKING_TOOLTIP : ADD_TRACKING_TOOLTIP;
    const creating = creatingSlips.has(order.id);
    return (
      <Stack
        direction="row"
        spacing={0.5}
        onClick={stopRow}
        onKeyDown={stopRow}
        sx={{ justifyContent: 'flex-end', alignItems: 'center' }}
      >
        <Tooltip title={tooltip}>
          <IconButton aria-label={`${tooltip}, order ${orderNumber(order)}`} onClick={() => openTracking(order)}>
            {order.shipping_information ? <EditOutlinedIcon /> : <LocalShippingOutlinedIcon />}
          </IconButton>
        </Tooltip>
        <Tooltip title="Packing Slip">
          <span>
            <Button
              size="small"
              onClick={() => openPackingSlip(order)}
              disabled={creating}
              aria-label={creating ? CREATING_PACKING_SLIP : `Packing slip, order ${orderNumber(order)}`}
              startIcon={
                creating ? (
                  <CircularProgress size={14} color="inherit" aria-hidden />
                ) : (
                  <PictureAsPdfOutlinedIcon aria-hidden />
                )
              }
              sx={{
                whiteSpace: 'nowrap',
                minWidth: 0,
                '& .MuiButton-startIcon': { mr: { md: creating ? 1 : 0, xl: 1 } },
              }}
            >
              {creating ? (
                CREATING_PACKING_SLIP
              ) : (
                // On a laptop's table the icon says it (the button's name is the full sentence); phones and wide screens read it.
                <Box component="span" sx={{ display: { xs: 'inline', md: 'none', xl: 'inline' } }}>
                  Packing Slip
                </Box>
              )}
            </Button>
          </span>
        </Tooltip>
      </Stack>
    );
  }

  const openOrder = (order: OrderSummary) => setViewing({ order, open: true });

  const columns: DataColumn<OrderSummary>[] = [
    {
      header: 'Select',
      width: 48,
      headerCell: (
        <Checkbox
          checked={allShownSelected}
          indeterminate={someShownSelected && !allShownSelected}
          onChange={toggleAllShown}
          slotProps={{ input: { 'aria-label': 'Select all orders shown' } }}
        />
      ),
      cell: selectBox,
    },
    orderNumberColumn,
    { header: 'State', cell: (order) => <OrderStateChip state={order.state} /> },
    orderDateColumn(false),
    {
      header: 'Customer',
      cell: (order) => (
        <>
          <Typography
            variant="body2"
            component="span"
            sx={{ color: 'text.primary', fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {order.organization.name}
          </Typography>
          <PoNumberCaption order={order} />
        </>
      ),
    },
    orderAmountColumn,
    shippedColumn,
    paymentStatusColumn,
    actionsColumn(rowActions),
  ];

  return (
    <>
      <PageHeader title="Orders" />
      {!noOrdersAtAll && (
        <>
          <Tabs
            value={tab}
            onChange={(_event, value: ViewTab) => refilter(() => setTab(value))}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Order views"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', maxWidth: '100%' }}
          >
            {TABS.map((view) => (
              <Tab key={view} value={view} label={tabLabel(view)} sx={{ textTransform: 'none' }} />
            ))}
          </Tabs>
          <Box
            role="search"
            aria-label="Filter orders"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'flex-start' }}
          >
            <SearchField
              label={ORDER_SEARCH_LABEL}
              value={search}
              onChange={(value) => refilter(() => setSearch(value))}
            />
            <SearchField
              label={CUSTOMER_SEARCH_LABEL}
              value={customer}
              onChange={(value) => refilter(() => setCustomer(value))}
            />
            <Box sx={{ display: 'flex', gap: 1.5, width: { xs: '100%', sm: 'auto' } }}>
              <TextField
                type="date"
                size="small"
                label="From"
                value={from}
                onChange={(event) => refilter(() => setFrom(event.target.value))}
                error={rangeWrong}
                helperText={rangeWrong ? DATE_RANGE_ERROR : undefined}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
                sx={{ flex: 1, minWidth: 0, width: { sm: 170 } }}
              />
              <TextField
                type="date"
                size="small"
                label="To"
                value={to}
                onChange={(event) => refilter(() => setTo(event.target.value))}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
                sx={{ flex: 1, minWidth: 0, width: { sm: 170 } }}
              />
            </Box>
            <ShipWindowFilter
              windows={counts.data?.ship_windows}
              value={shipWindow}
              onChange={(value) => refilter(() => setShipWindow(value))}
            />
            <Button
              variant="outlined"
              onClick={exportCsv}
              disabled={exporting}
              startIcon={
                exporting ? (
                  <CircularProgress size={14} color="inherit" aria-hidden />
                ) : (
                  <FileDownloadOutlinedIcon aria-hidden />
                )
              }
              sx={{ whiteSpace: 'nowrap', ml: { sm: 'auto' } }}
            >
              {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
          </Box>
          <BulkBar
            count={selected.size}
            phone={phone}
            allShownSelected={allShownSelected}
            someShownSelected={someShownSelected}
            onToggleAllShown={toggleAllShown}
            tooMany={tooMany}
            creatingSlips={creatingBulkSlips}
            onPackingSlips={openPackingSlips}
            onMarkShipped={() => setShipping(true)}
            onClear={() => clear()}
          />
        </>
      )}
      {orders.isError && <QueryErrorAlert error={orders.error} onRetry={() => void orders.refetch()} sx={{ mb: 2 }} />}
      {phone ? (
        (orders.isPending || rows) && (
          <OrderCardList
            label="Orders"
            rows={rows}
            rowKey={(order) => order.id}
            loading={orders.isPending}
            empty={empty}
            date={(order) => formatDate(order.completed_on)}
            amount={(order) => formatCents(order.total_cents)}
            title={{ label: 'Customer', cell: (order) => order.organization.name }}
            fields={(order) => [
              { label: 'State', value: <OrderStateChip state={order.state} /> },
              ...orderCardFields(order),
            ]}
            leading={selectBox}
            paymentStatus={paymentStatus}
            actions={(order) => (
              <>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => openOrder(order)}
                  aria-label={`View Order ${orderNumber(order)}`}
                  sx={{ whiteSpace: 'nowrap', mr: 'auto' }}
                >
                  View Order
                </Button>
                {rowActions(order)}
              </>
            )}
            hasMore={orders.hasNextPage}
            loadingMore={orders.isFetchingNextPage}
            onLoadMore={() => void orders.fetchNextPage()}
          />
        )
      ) : orders.isPending ? (
        <OrdersSkeleton />
      ) : (
        rows && (
          <Box sx={{ minWidth: 0 }}>
            <DataTable
              label="Orders"
              columns={columns}
              rows={rows}
              rowKey={(order) => order.id}
              loading={false}
              empty={empty}
              onRowClick={openOrder}
              hasMore={orders.hasNextPage}
              loadingMore={orders.isFetchingNextPage}
              onLoadMore={() => void orders.fetchNextPage()}
            />
          </Box>
        )
      )}
      <OrderDetailDialog
        summary={viewing.order}
        open={viewing.open}
        onClose={() => setViewing((current) => ({ ...current, open: false }))}
      />
      <BulkShipDialog
        open={shipping}
        orgId={orgId}
        orders={selectedOrders}
        onClose={() => {
          setShipping(false);
          clear();
        }}
      />
      <TrackingDialog
        key={tracking.key}
        open={tracking.open}
        orgId={orgId}
        order={tracking.order}
        onClose={() => setTracking((current) => ({ ...current, open: false }))}
      />
    </>
  );
}

interface BulkBarProps {
  count: number;
  phone: boolean;
  allShownSelected: boolean;
  someShownSelected: boolean;
  onToggleAllShown: () => void;
  tooMany: boolean;
  creatingSlips: boolean;
  onPackingSlips: () => void;
  onMarkShipped: () => void;
  onClear: () => void;
}

/**
 * The bulk actions on the selected orders: how many are selected (announced), one PDF of their
 * packing slips, the Mark shipped sheet, and clearing the selection. On a phone, where cards have
 * no header row, it also selects every order shown.
 */
function BulkBar(props: BulkBarProps) {
  const { tooMany } = props;
  return (
    <BulkActionsBar
      count={props.count}
      idleText="Select orders for bulk actions"
      selectAll={props.phone ? 'shown' : undefined}
      selectAllLabel="Select all orders shown"
      allShownSelected={props.allShownSelected}
      someShownSelected={props.someShownSelected}
      onToggleAllShown={props.onToggleAllShown}
      tooManyText={tooMany ? BULK_TOO_MANY : null}
      onClear={props.onClear}
    >
      <Button
        size="small"
        variant="contained"
        onClick={props.onPackingSlips}
        disabled={props.creatingSlips || tooMany}
        startIcon={
          props.creatingSlips ? (
            <CircularProgress size={14} color="inherit" aria-hidden />
          ) : (
            <PictureAsPdfOutlinedIcon aria-hidden />
          )
        }
      >
        {props.creatingSlips ? 'Creating…' : 'Packing slips'}
      </Button>
      <Button
        size="small"
        variant="contained"
        onClick={props.onMarkShipped}
        disabled={tooMany}
        startIcon={<LocalShippingOutlinedIcon aria-hidden />}
      >
        Mark shipped
      </Button>
    </BulkActionsBar>
  );
}

export default OrdersPage;
