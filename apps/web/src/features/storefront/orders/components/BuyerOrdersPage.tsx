import { useEffect, useState } from 'react';
import { BUYER_ORDERS_EMPTY, type OrderSummary } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { DataColumn } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { PagedTable } from '../../../../components/PagedTable';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useToast } from '../../../../components/Toast';
import {
  actionsColumn,
  orderAmountColumn,
  orderCardFields,
  orderDateColumn,
  orderNumberColumn,
  paymentStatus,
  paymentStatusColumn,
  shippedColumn,
} from '../../../../components/orders/order-columns';
import { OrderCardList, usePhoneLayout } from '../../../../components/orders/OrderCardList';
import { OrderStateChip } from '../../../../components/orders/OrderStateChip';
import { openInvoiceDueDay } from '../../../../components/orders/order-format';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { errorMessage, loadedItems } from '../../../../lib/api';
import { useCurrentUser } from '../../../../lib/current-user';
import { formatCents, formatDate } from '../../../../lib/format';
import { findStore } from '../../api';
import { useBuyerOrders, useOrderAgain, type OrderAgainResult } from '../api';
import { useBuyerShell } from '../../components/BuyerShell';
import { buyerOrderNumber, OrderDialog } from './OrderDialog';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { useQueryClient } from '@tanstack/react-query';
import { PayInvoiceDialog } from '../../payment/components/PayInvoiceDialog';
import { PAY_NOW_LABEL, useVerifyPayment, verificationErrorMessage } from '../../payment/api';
import { PageHeader } from '../../../../components/PageHeader';
import { WrittenForYou } from '../../proposals/components/WrittenForYou';
import { orderKeys } from '../../../../lib/query-keys';

/** What Order Again says: how many products went into the cart, and which could not. */
export function orderAgainSummary(result: OrderAgainResult): string {
  const total = result.added.length + result.refused.length;
  const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;
  if (result.refused.length === 0) return `Added ${products(total)} to your cart.`;
  if (result.added.length === 0) return 'None of the products of this order could be added to your cart.';
  return `Added ${result.added.length} of ${products(total)} to your cart.`;
}

function EmptyOrders({ orgId, storeName }: { orgId: string; storeName: string | undefined }) {
  return (
    <EmptyState
      icon={
        <TintedIcon>
          <ReceiptLongOutlinedIcon />
        </TintedIcon>
      }
      title={BUYER_ORDERS_EMPTY}
      action={
        <Button
          component={RouterLink}
          to={`/storefront/${orgId}`}
          variant="contained"
          startIcon={<StorefrontOutlinedIcon />}
          sx={{ mt: 1 }}
        >
          {storeName ? `Shop ${storeName}` : 'Go to the catalog'}
        </Button>
      }
    >
      Your orders from this store will show here, with their shipping, invoice and payment status.
    </EmptyState>
  );
}

/** The address's query without one of its parameters (one it acted on, not to act on again). */
function withoutParam(params: URLSearchParams, name: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(name);
  return next;
}

/**
 * The invoice's link (opens in a new tab), or a dash while the order has none; an open invoice
 * on net terms says its due day under the link (so far only its PDF did).
 */
function invoiceLink(order: OrderSummary) {
  if (!order.invoice?.link)
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.disabled' }}>
        —
      </Typography>
    );
  const due = openInvoiceDueDay(order);
  return (
    <>
      <Link
        href={order.invoice.link}
        target="_blank"
        rel="noopener noreferrer"
        underline="hover"
        aria-label={`View invoice for order ${buyerOrderNumber(order)} (opens in a new tab)`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        View invoice
        <OpenInNewIcon sx={{ fontSize: 16 }} aria-hidden />
      </Link>
      {due && (
        <Typography variant="caption" component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {`Due ${due}`}
        </Typography>
      )}
    </>
  );
}

/** /storefront/{org_id}/orders: the buyer's orders from this store. */
export function BuyerOrdersPage() {
  useOrganizationPageTitle('Orders');
  const { orgId = '' } = useParams();
  const user = useCurrentUser();
  const store = findStore(user.data, orgId);
  const toast = useToast();
  const orders = useBuyerOrders(orgId);
  const rows = loadedItems(orders.data);
  const again = useOrderAgain(orgId);
  const [params, setParams] = useSearchParams();
  // ?order={id} (the confirmation page's View order): that order's dialog opens on the list.
  const [viewing, setViewing] = useState<{ order: OrderSummary | null; orderId: string | null; open: boolean }>(() => {
    const linked = params.get('order');
    return { order: null, orderId: linked, open: Boolean(linked) };
  });
  const [orderingAgain, setOrderingAgain] = useState<string | null>(null);
  const [refused, setRefused] = useState<OrderAgainResult['refused']>([]);
  const shell = useBuyerShell();
  const phone = usePhoneLayout();
  const client = useQueryClient();
  const [paying, setPaying] = useState<{ order: OrderSummary | null; open: boolean }>({ order: null, open: false });
  // Back from the provider's hosted card form (Stripe) after paying an invoice: confirm it once.
  const paidSession = params.get('paid_session');
  const paidInvoice = useVerifyPayment(orgId, paidSession);
  useEffect(() => {
    if (!paidSession || paidInvoice.isPending) return;
    if (paidInvoice.isSuccess) {
      toast.show(`Invoice ${paidInvoice.data.invoice_number} paid. Thank you!`);
      void client.invalidateQueries({ queryKey: orderKeys.all });
    } else {
      toast.show(verificationErrorMessage(paidInvoice.error), { severity: 'error' });
    }
    setParams((current) => withoutParam(current, 'paid_session'), { replace: true });
  }, [
    paidSession,
    paidInvoice.isPending,
    paidInvoice.isSuccess,
    paidInvoice.data,
    paidInvoice.error,
    toast,
    client,
    setParams,
  ]);

  function closeOrder() {
    setViewing((current) => ({ ...current, open: false }));
    if (params.has('order')) setParams((current) => withoutParam(current, 'order'), { replace: true });
  }

  function onOrderAgain(order: OrderSummary) {
    if (orderingAgain) return;
    setOrderingAgain(order.id);
    setRefused([]);
    again.mutate(order.id, {
      onSuccess: (result) => {
        setRefused(result.refused);
        toast.show(orderAgainSummary(result), { severity: result.refused.length > 0 ? 'warning' : 'success' });
        shell.openCart();
      },
      onError: (error) => toast.show(errorMessage(error), { severity: 'error' }),
      onSettled: () => setOrderingAgain(null),
    });
  }

  /** View Order and Order Again, in a row of the table or at the bottom of a card. */
  function rowActions(order: OrderSummary) {
    const number = buyerOrderNumber(order);
    const busy = orderingAgain === order.id;
    const payable = order.invoice?.stripe_status?.toUpperCase() === 'OPEN' && Boolean(order.invoice.id);
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {payable && (
          <Button
            size="small"
            variant="contained"
            color="error"
            onClick={() => setPaying({ order, open: true })}
            aria-label={`${PAY_NOW_LABEL}: invoice for order ${number}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {PAY_NOW_LABEL}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          onClick={() => setViewing({ order, orderId: order.id, open: true })}
          aria-label={`View Order ${number}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          View Order
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={() => onOrderAgain(order)}
          disabled={Boolean(orderingAgain)}
          aria-label={`Order Again ${number}`}
          startIcon={busy ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {busy ? 'Adding…' : 'Order Again'}
        </Button>
      </Stack>
    );
  }

  const columns: DataColumn<OrderSummary>[] = [
    orderNumberColumn,
    { header: 'State', cell: (order) => <OrderStateChip state={order.state} /> },
    orderDateColumn(true),
    orderAmountColumn,
    shippedColumn,
    { header: 'Invoice', cell: (order) => invoiceLink(order) },
    paymentStatusColumn,
    actionsColumn(rowActions),
  ];

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Orders"
        subtitle={store && `Your orders from ${store.name}.`}
        back={{ to: `/storefront/${orgId}`, label: store ? `Back to ${store.name}` : 'Back to the store' }}
      />
      <WrittenForYou orgId={orgId} />
      {refused.length > 0 && (
        <Alert severity="warning" onClose={() => setRefused([])}>
          <AlertTitle>Not added to your cart</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {refused.map((item) => (
              <li key={item.name}>{item.reason}</li>
            ))}
          </Box>
        </Alert>
      )}
      {phone ? (
        <Box sx={{ minWidth: 0 }}>
          {orders.isError && (
            <QueryErrorAlert error={orders.error} onRetry={() => void orders.refetch()} sx={{ mb: 2 }} />
          )}
          {!(orders.isError && !rows) && (
            <OrderCardList
              label="Orders"
              rows={rows}
              rowKey={(order) => order.id}
              loading={orders.isPending}
              empty={<EmptyOrders orgId={orgId} storeName={store?.name} />}
              date={(order) => formatDate(order.completed_on)}
              amount={(order) => formatCents(order.total_cents)}
              fields={(order) =>
                orderCardFields(order, [
                  { label: 'State', value: <OrderStateChip state={order.state} /> },
                  { label: 'Invoice', value: invoiceLink(order) },
                ])
              }
              paymentStatus={paymentStatus}
              actions={rowActions}
              hasMore={orders.hasNextPage}
              loadingMore={orders.isFetchingNextPage}
              onLoadMore={() => void orders.fetchNextPage()}
            />
          )}
        </Box>
      ) : (
        <Box sx={{ minWidth: 0 }}>
          <PagedTable
            query={orders}
            label="Orders"
            columns={columns}
            rowKey={(order) => order.id}
            empty={<EmptyOrders orgId={orgId} storeName={store?.name} />}
          />
        </Box>
      )}
      <PayInvoiceDialog
        invoiceId={paying.order?.invoice?.id ?? null}
        label={paying.order ? `order ${buyerOrderNumber(paying.order)}` : ''}
        open={paying.open}
        onClose={() => setPaying((current) => ({ ...current, open: false }))}
        onPaid={() => {
          setPaying((current) => ({ ...current, open: false }));
          toast.show('Invoice paid. Thank you!');
          void client.invalidateQueries({ queryKey: orderKeys.all });
        }}
      />
      <OrderDialog
        summary={viewing.order ?? rows?.find((order) => order.id === viewing.orderId) ?? null}
        orderId={viewing.orderId}
        open={viewing.open}
        onClose={closeOrder}
      />
    </Stack>
  );
}

export default BuyerOrdersPage;
