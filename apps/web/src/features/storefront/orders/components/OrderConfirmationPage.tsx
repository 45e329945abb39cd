/**
 * /storefront/{org_id}/orders/{order_id}/confirmation: where the buyer lands once an order is
 * placed, paid by card or on an invoice (issue 23): its number, what was bought, where it goes,
 * how it is paid, what happens next, and the ways on (View order, Continue shopping).
 */
import { useId, type ReactNode } from 'react';
import { orderLabel, type Order, type PaymentCard } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { OrderLinesTable } from '../../../../components/orders/OrderLinesTable';
import { formatCalendarDay } from '../../../../components/orders/order-format';
import { OrderStateChip } from '../../../../components/orders/OrderStateChip';
import { OrderTotals } from '../../../../components/orders/OrderTotals';
import { ShipToBlock } from '../../../../components/orders/ShipToBlock';
import { MainAndSideColumns } from '../../../../components/MainAndSideColumns';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { formatCents, formatDate } from '../../../../lib/format';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { buyerCancelOption, useBuyerOrder } from '../api';
import { buyerOrderPath } from '../paths';

export const VIEW_ORDER_LABEL = 'View order';
export const CONTINUE_SHOPPING_LABEL = 'Continue shopping';
export const ALL_ORDERS_LABEL = 'All orders';

/** What the checkout may hand the page as it navigates here: the card paid with. */
export interface ConfirmationState {
  card?: PaymentCard | null;
}

/** "Thank you — order CB-000123 is placed". */
export function confirmationTitle(order: Pick<Order, 'id' | 'order_number'>): string {
  return `Thank you — order ${orderLabel(order)} is placed`;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** How the order is paid: by card (the card when known), or its invoice open until its due day. */
export function paymentText(
  order: Pick<Order, 'invoice' | 'total_cents' | 'order_number' | 'id'>,
  card?: PaymentCard | null,
): string {
  const status = order.invoice?.stripe_status?.toUpperCase();
  if (status === 'OPEN') {
    const due = order.invoice?.due_on;
    return due
      ? `Invoice ${orderLabel(order)} for ${formatCents(order.total_cents)} is open, due ${formatCalendarDay(due)}. You can pay it by card from your orders before then.`
      : `Invoice ${orderLabel(order)} for ${formatCents(order.total_cents)} is open until paid. You can pay it by card from your orders.`;
  }
  const cardName = card ? ` (${capitalised(card.brand)} ending ${card.last4})` : '';
  if (status === 'PAID' || card) return `${formatCents(order.total_cents)} paid by card${cardName}.`;
  return `${formatCents(order.total_cents)}${status ? `, invoice ${status}` : ''}.`;
}

/** What happens after placing it: the seller accepts and ships it, the tracking e-mail, cancelling. */
export function nextSteps(order: Order): string[] {
  const option = buyerCancelOption(order);
  return [
    `${order.seller.name} accepts your order and ships it.`,
    'When it ships, you get an e-mail with the tracking link (one for each box, if it ships in parts).',
    option.kind === 'cancel'
      ? `Changed your mind? You can cancel or reduce it until ${formatDate(option.until)} from View order.`
      : 'To cancel it, send the seller a cancellation request from View order.',
  ];
}

/** A titled panel of the page (a region named by its heading). */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function TextLines({ lines }: { lines: number }) {
  return Array.from({ length: lines }, (_, i) => (
    <Skeleton key={i} variant="text" width={i === lines - 1 ? '60%' : '100%'} />
  ));
}

export function OrderConfirmationPage() {
  useOrganizationPageTitle('Order placed');
  const { orgId = '', orderId = '' } = useParams();
  const location = useLocation();
  const card = (location.state as ConfirmationState | null)?.card ?? null;
  const query = useBuyerOrder(orderId || null);
  const order = query.data;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title={
          order ? (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <CheckCircleOutlineIcon color="success" fontSize="large" aria-hidden />
              {confirmationTitle(order)}
            </Box>
          ) : query.isError ? (
            'Your order is placed'
          ) : (
            <>
              <Box component="span" sx={visuallyHidden}>
                Loading your order
              </Box>
              <Skeleton variant="text" width="70%" aria-hidden />
            </>
          )
        }
        subtitle={
          order &&
          `With ${order.seller.name}, placed ${formatDate(order.completed_on)}. A confirmation e-mail is on its way.`
        }
        back={{ to: buyerOrderPath(orgId), label: ALL_ORDERS_LABEL }}
      />
      {query.isError && (
        <QueryErrorAlert
          error={query.error}
          onRetry={() => void query.refetch()}
          prefix="We could not load your order."
        />
      )}
      <MainAndSideColumns>
        <Panel title="What you bought">
          {order && (
            <Box sx={{ mb: 1.5 }}>
              <OrderStateChip state={order.state} />
            </Box>
          )}
          <OrderLinesTable lines={order?.cart.line_items} label="Items in this order" />
          {order ? (
            <OrderTotals order={order} showShippingService maxWidth={320} />
          ) : (
            <Box sx={{ mt: 2, ml: 'auto', maxWidth: 320 }}>
              <TextLines lines={3} />
            </Box>
          )}
        </Panel>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Panel title="Ship to">
            <Typography component="address" variant="body2" sx={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
              {order ? <ShipToBlock address={order.shipping_address} /> : <TextLines lines={3} />}
            </Typography>
            {order?.po_number && (
              <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {`PO number: ${order.po_number}`}
              </Typography>
            )}
          </Panel>
          <Panel title="Payment">
            {order ? <Typography variant="body2">{paymentText(order, card)}</Typography> : <TextLines lines={2} />}
          </Panel>
          <Panel title="What happens next">
            {order ? (
              <Box component="ol" sx={{ m: 0, pl: 2.5, typography: 'body2', '& li + li': { mt: 0.75 } }}>
                {nextSteps(order).map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </Box>
            ) : (
              <TextLines lines={3} />
            )}
          </Panel>
        </Stack>
      </MainAndSideColumns>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
        <Button component={RouterLink} to={buyerOrderPath(orgId, orderId)} variant="contained" size="large">
          {VIEW_ORDER_LABEL}
        </Button>
        <Button component={RouterLink} to={`/storefront/${orgId}`} variant="outlined" size="large">
          {CONTINUE_SHOPPING_LABEL}
        </Button>
      </Stack>
    </Stack>
  );
}

export default OrderConfirmationPage;
