import { useId, useState, type ReactNode } from 'react';
import {
  CANCEL_ITEMS_LABEL,
  CANCEL_ORDER_LABEL,
  PO_NUMBER_LABEL,
  REPORT_PROBLEM_LABEL,
  REQUEST_CANCELLATION_LABEL,
  buyerCancelRule,
  type Order,
  type OrderSummary,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ClaimsList } from '../../../../components/orders/ClaimsList';
import { openInvoiceDueDay, orderNumber } from '../../../../components/orders/order-format';
import { OrderDialogFrame } from '../../../../components/orders/OrderDialogFrame';
import { useReadAgainWhenOpened } from '../../../../components/orders/use-read-again';
import { OrderLines } from '../../../../components/orders/OrderLinesTable';
import { OrderShipments } from '../../../../components/orders/OrderShipments';
import { OrderStateChip } from '../../../../components/orders/OrderStateChip';
import { OrderTimeline } from '../../../../components/orders/OrderTimeline';
import { OrderTotals } from '../../../../components/orders/OrderTotals';
import { ShipToBlock } from '../../../../components/orders/ShipToBlock';
import { TrackingLine } from '../../../../components/orders/TrackingLine';
import { formatCents, formatDate } from '../../../../lib/format';
import { buyerCancelOption, cancelWindowHours, shippedTracking, useBuyerOrder } from '../api';
import { BackorderPanel } from './BackorderPanel';
import { BuyerOrderRefunds } from './BuyerOrderRefunds';
import { CancelOrderDialog, type CancelMode } from './CancelOrderDialog';
import { ReportProblemDialog, hasShippedUnits } from './ReportProblemDialog';
import { RequestCancellationDialog } from './RequestCancellationDialog';

/** The number an order goes by ("CB-000001"; the full id stays in a title attribute). */
export const buyerOrderNumber = orderNumber;

/** A titled part of the dialog (a region named by its heading). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ color: 'text.primary', mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The latest decline of a cancellation request, while no other request is open. */
function declinedRequest(order: Order) {
  if (order.cancellation_request) return null;
  const events = order.timeline ?? [];
  const last = events.findLast((e) => e.kind === 'cancellation_declined' || e.kind === 'cancellation_requested');
  return last?.kind === 'cancellation_declined' ? last : null;
}

/**
 * What the buyer may do about cancelling (issue 23): cancel or reduce the order with the seller's
 * rule while it may, else request a cancellation, or read the request it made.
 */
function CancelActions({ order }: { order: Order }) {
  // Each opening is a new dialog (its own fields and Idempotency-Key): `opening` keys it.
  const [dialog, setDialog] = useState<{ mode: CancelMode | 'request'; open: boolean; opening: number }>({
    mode: 'order',
    open: false,
    opening: 0,
  });
  const option = buyerCancelOption(order);
  const declined = declinedRequest(order);
  const number = orderNumber(order);
  const openDialog = (mode: CancelMode | 'request') =>
    setDialog((current) => ({ mode, open: true, opening: current.opening + 1 }));
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));
  if (option.kind === 'none') return null;
  return (
    <Box
      component="section"
      aria-label="Cancelling"
      sx={{ mb: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      {declined && option.kind === 'request' && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {declined.summary}
          {declined.note && (
            <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              “{declined.note}”
            </Box>
          )}
        </Alert>
      )}
      {option.kind === 'requested' ? (
        <Alert severity="info">
          {`Cancellation requested on ${formatDate(option.requestedAt)}. ${order.seller.name} will accept or decline it.`}
          <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            “{option.note}”
          </Box>
        </Alert>
      ) : (
        <>
          <Typography variant="body2">
            {option.kind === 'cancel' ? buyerCancelRule(cancelWindowHours(order)) : buyerCancelRule(0)}
          </Typography>
          {option.kind === 'cancel' && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {`You can cancel this order until ${formatDate(option.until)}.`}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
            {option.kind === 'cancel' ? (
              <>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  onClick={() => openDialog('order')}
                  aria-label={`${CANCEL_ORDER_LABEL} ${number}`}
                >
                  {CANCEL_ORDER_LABEL}
                </Button>
                <Button size="small" variant="outlined" onClick={() => openDialog('items')}>
                  {CANCEL_ITEMS_LABEL}
                </Button>
              </>
            ) : (
              <Button size="small" variant="outlined" onClick={() => openDialog('request')}>
                {REQUEST_CANCELLATION_LABEL}
              </Button>
            )}
          </Stack>
        </>
      )}
      {dialog.mode === 'request' ? (
        <RequestCancellationDialog key={dialog.opening} order={order} open={dialog.open} onClose={closeDialog} />
      ) : (
        <CancelOrderDialog
          key={dialog.opening}
          order={order}
          mode={dialog.mode}
          open={dialog.open}
          onClose={closeDialog}
        />
      )}
    </Box>
  );
}

/**
 * The order's claims with their status and the seller's answer, and Report a problem once some
 * units have shipped (issue 23 §5).
 */
function Claims({ order }: { order: Order }) {
  const [dialog, setDialog] = useState({ open: false, opening: 0 });
  const canReport = hasShippedUnits(order);
  if (!canReport && !order.claims?.length) return null;
  return (
    <>
      <ClaimsList
        claims={order.claims}
        header={
          canReport && (
            <Box sx={{ mb: 1.5 }}>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                Damaged, missing or wrong items? Tell the seller, with photos.
              </Typography>
              <Button
                size="small"
                variant="outlined"
                onClick={() => setDialog((current) => ({ open: true, opening: current.opening + 1 }))}
              >
                {REPORT_PROBLEM_LABEL}
              </Button>
            </Box>
          )
        }
      />
      {dialog.opening > 0 && (
        <ReportProblemDialog
          key={dialog.opening}
          order={order}
          open={dialog.open}
          onClose={() => setDialog((current) => ({ ...current, open: false }))}
        />
      )}
    </>
  );
}

/** "Invoice open, due Dec 27, 2026" while the order's invoice is open on net terms. */
function InvoiceDueLine({ order }: { order: Pick<OrderSummary, 'invoice'> }) {
  const due = openInvoiceDueDay(order);
  return due ? (
    <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
      {`Invoice open, due ${due}`}
    </Box>
  ) : null;
}

export interface OrderDialogProps {
  /** The row the buyer opened (shown at once while the lines load; kept while closing). */
  summary: OrderSummary | null;
  /** The order to read when no row is at hand (opened from a link): shown once it is read. */
  orderId?: string | null;
  open: boolean;
  onClose: () => void;
}

/**
 * Spec "View Order": the state, line items (with what shipped and what was cancelled), Subtotal,
 * Shipping, Total, the Ship-to block, the shipments with their tracking links, the timeline,
 * cancelling, the seller's unavailable items to wait for or cancel, and claims (issue 23).
 */
export function OrderDialog({ summary, orderId = null, open, onClose }: OrderDialogProps) {
  const order = useBuyerOrder(summary?.id ?? orderId);
  useReadAgainWhenOpened(order, open);
  const detail = order.data;
  const shipments = detail?.shipments ?? [];
  return (
    <OrderDialogFrame order={detail ?? summary} open={open} onClose={onClose} maxWidth="sm">
      {(shown) => (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <OrderStateChip state={shown.state} />
          </Stack>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Placed {formatDate(shown.completed_on)} with {shown.seller.name}
            {shown.po_number && (
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {`${PO_NUMBER_LABEL}: ${shown.po_number}`}
              </Box>
            )}
            <InvoiceDueLine order={shown} />
          </Typography>
          {detail && <BackorderPanel order={detail} />}
          {detail && <CancelActions order={detail} />}
          <OrderLines
            query={order}
            errorPrefix="We could not load the order’s items."
            label="Line items"
            showFulfilment
          />
          <OrderTotals order={shown} maxWidth={300} />
          {Boolean(shown.cancelled_cents) && (
            <Typography variant="body2" sx={{ textAlign: 'right', color: 'text.secondary', mt: 0.5 }}>
              {`${formatCents(shown.cancelled_cents)} cancelled after the order was placed`}
            </Typography>
          )}
          <BuyerOrderRefunds orderId={shown.id} />
          <Box
            sx={{
              mt: 3,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <Section title="Ship to">
              <Typography component="address" variant="body2" sx={{ fontStyle: 'normal' }}>
                <ShipToBlock address={shown.shipping_address} />
              </Typography>
            </Section>
            {shipments.length === 0 && (
              <Section title="Tracking">
                <Typography variant="body2">
                  <TrackingLine tracking={shippedTracking(shown)} />
                </Typography>
              </Section>
            )}
          </Box>
          <OrderShipments shipments={shipments} />
          {detail && <Claims order={detail} />}
          <OrderTimeline events={detail?.timeline} />
        </>
      )}
    </OrderDialogFrame>
  );
}
