import { useState, type SyntheticEvent } from 'react';
import {
  ADD_TRACKING_TOOLTIP,
  CREATING_PACKING_SLIP,
  EDIT_TRACKING_TOOLTIP,
  ORDER_SEARCH_LABEL,
  ORDER_SEARCH_NO_MATCH,
  SELLER_ORDERS_EMPTY,
  type OrderSummary,
} from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
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
import { fetchPackingSlip, orderNumber, useSellerOrders } from '../api';
import { openPdfInNewTab } from '../packing-slip';
import { OrderDetailDialog } from './OrderDetailDialog';
import { TrackingDialog } from './TrackingDialog';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';

export const PACKING_SLIP_FAILED = 'We could not create the packing slip.';

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

function EmptyOrders() {
  return (
    <EmptyState
      icon={
        <TintedIcon>
          <ReceiptLongOutlinedIcon />
        </TintedIcon>
      }
      title={SELLER_ORDERS_EMPTY}
    >
      When a customer places an order in your store, it shows here with its shipping and payment status.
    </EmptyState>
  );
}

/** A search by order or PO number that matched nothing. */
function NoMatchingOrders({ search }: { search: string }) {
  return (
    <EmptyState
      icon={
        <TintedIcon>
          <ReceiptLongOutlinedIcon />
        </TintedIcon>
      }
      title={`No orders match “${search}”`}
    >
      {ORDER_SEARCH_NO_MATCH}
    </EmptyState>
  );
}

/** Keeps a click or key on a row's buttons from opening the row. */
const stopRow = (event: SyntheticEvent) => event.stopPropagation();

/** /app/{org_id}/orders: the orders customers placed, with tracking and packing slips. */
export function OrdersPage() {
  useOrganizationPageTitle('Orders');
  const { orgId = '' } = useParams();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const orders = useSellerOrders(orgId, query);
  const phone = usePhoneLayout();
  const rows = loadedItems(orders.data);
  const searching = query.length > 0;
  // No search box before the first order: there is nothing to search.
  const noOrdersAtAll = !searching && search.trim() === '' && !orders.isPlaceholderData && rows?.length === 0;
  const empty = searching ? <NoMatchingOrders search={query} /> : <EmptyOrders />;
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
          sx={{ whiteSpace: 'nowrap' }}
        >
          {creating ? CREATING_PACKING_SLIP : 'Packing Slip'}
        </Button>
      </Stack>
    );
  }

  const openOrder = (order: OrderSummary) => setViewing({ order, open: true });

  const columns: DataColumn<OrderSummary>[] = [
    orderNumberColumn,
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
        <Box sx={{ mb: 2 }}>
          <SearchField label={ORDER_SEARCH_LABEL} value={search} onChange={setSearch} />
        </Box>
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
            fields={(order) => orderCardFields(order)}
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

export default OrdersPage;
