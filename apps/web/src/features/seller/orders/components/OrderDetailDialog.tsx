import { useState, type ReactNode } from 'react';
import {
  CREATING_PACKING_SLIP,
  PO_NUMBER_LABEL,
  orderLabel,
  type Order,
  type OrderSummary,
  type Shipment,
} from '@cratebase/contract';
import Button from '@mui/material/Button';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { OrderDialogFrame } from '../../../../components/orders/OrderDialogFrame';
import { useReadAgainWhenOpened } from '../../../../components/orders/use-read-again';
import { OrderLines } from '../../../../components/orders/OrderLinesTable';
import { OrderTotals } from '../../../../components/orders/OrderTotals';
import { OrderShipments } from '../../../../components/orders/OrderShipments';
import { OrderStateChip } from '../../../../components/orders/OrderStateChip';
import { OrderTimeline } from '../../../../components/orders/OrderTimeline';
import { ShipToBlock } from '../../../../components/orders/ShipToBlock';
import { PersonContact } from '../../../../components/PersonContact';
import { TrackingLine } from '../../../../components/orders/TrackingLine';
import { formatCents, formatDate } from '../../../../lib/format';
import { paymentStatus } from '../../../../components/orders/order-columns';
import { fetchPackingSlip, useOrder } from '../api';
import { openPdfInNewTab } from '../packing-slip';
import { OrderActions } from './OrderActions';
import { SellerClaims } from './SellerClaims';
import { SellerOrderRefunds } from './SellerOrderRefunds';
import { UnavailableItems } from './UnavailableItems';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, color: 'text.primary', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Payment({ order }: { order: OrderSummary | Order }) {
  const payment = paymentStatus(order);
  return (
    <>
      <Box component="span" sx={{ color: payment.open ? 'error.main' : 'primary.main', fontWeight: 600 }}>
        {payment.label}
      </Box>
      {order.invoice?.link && (
        <>
          {' · '}
          <Link href={order.invoice.link} target="_blank" rel="noopener noreferrer" underline="hover">
            View invoice
          </Link>
        </>
      )}
    </>
  );
}

/** One shipment's packing slip (issue 23), opened in a new tab like the order's. */
function ShipmentSlipButton({ order, shipment }: { order: Pick<Order, 'id' | 'order_number'>; shipment: Shipment }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const open = () => {
    setBusy(true);
    setFailed(false);
    const name = `packing-slip-${orderLabel(order).replace(/[^A-Za-z0-9-]+/g, '')}-${shipment.number}.pdf`;
    openPdfInNewTab(() => fetchPackingSlip(order.id, shipment.id), name, CREATING_PACKING_SLIP)
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button
        size="small"
        startIcon={<PictureAsPdfOutlinedIcon />}
        onClick={open}
        disabled={busy}
        aria-label={`Packing slip for shipment ${shipment.number}`}
      >
        {busy ? CREATING_PACKING_SLIP : 'Packing slip'}
      </Button>
      {failed && (
        <Typography role="alert" variant="caption" sx={{ color: 'error.main', ml: 1 }}>
          We could not make the packing slip. Try again.
        </Typography>
      )}
    </Box>
  );
}

export interface OrderDetailDialogProps {
  /** The row the seller opened (shown at once while the order's lines load; kept while closing). */
  summary: OrderSummary | null;
  open: boolean;
  onClose: () => void;
}

/** Until when the retailer may still cancel the order itself, while that is ahead. */
function buyerCancelWindow(order: OrderSummary | Order): string | null {
  const until = order.buyer_may_cancel_until;
  if (!until || order.state !== 'placed' || Date.parse(until) <= Date.now()) return null;
  return `The retailer may cancel or reduce it until ${formatDate(until)}.`;
}

/**
 * An order as the seller reads it: its state, what can be done with it now (OrderActions), the
 * lines (SKU, quantity, unit, shipped and cancelled, unit and line price), subtotal, shipping,
 * cancelled and total, ship-to, buyer, who placed it, payment, its shipments with their tracking
 * links, the units reported unavailable, the retailer's claims with their answers, the refunds,
 * and the timeline.
 */
export function OrderDetailDialog({ summary, open, onClose }: OrderDetailDialogProps) {
  const { orgId = '' } = useParams();
  const order = useOrder(summary?.id ?? null);
  useReadAgainWhenOpened(order, open);
  return (
    <OrderDialogFrame order={order.data ?? summary} open={open} onClose={onClose} maxWidth="md">
      {(shown) => {
        const full = order.data ?? null;
        const hasShipments = Boolean(full?.shipments?.length);
        const cancelWindow = buyerCancelWindow(shown);
        return (
          <>
            <Stack
              direction="row"
              sx={{ mb: 2.5, alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}
            >
              {shown.state && <OrderStateChip state={shown.state} />}
              <Typography variant="body2">Placed {formatDate(shown.completed_on)}</Typography>
              {cancelWindow && (
                <Typography variant="body2" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
                  {cancelWindow}
                </Typography>
              )}
            </Stack>
            <Box
              component="dl"
              sx={{
                m: 0,
                mb: 3,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
              }}
            >
              <Fact label="Buyer">{shown.organization.name}</Fact>
              <Fact label="Placed by">
                {shown.created_by_user ? <PersonContact person={shown.created_by_user} /> : 'A removed account'}
              </Fact>
              {shown.po_number && <Fact label={PO_NUMBER_LABEL}>{shown.po_number}</Fact>}
              <Fact label="Ship to">
                <ShipToBlock address={shown.shipping_address} />
              </Fact>
              {!hasShipments && (
                <Fact label="Tracking">
                  <TrackingLine tracking={shown.shipping_information} showStatus />
                </Fact>
              )}
              <Fact label="Payment">
                <Payment order={shown} />
              </Fact>
              {Boolean(shown.cancelled_cents) && (
                <Fact label="Cancelled">{`−${formatCents(shown.cancelled_cents)}`}</Fact>
              )}
            </Box>
            {full && <OrderActions orgId={orgId} order={full} />}
            {full && <UnavailableItems order={full} />}
            <OrderLines
              query={order}
              errorPrefix="We could not load the order’s lines."
              label="Order lines"
              showSkuAndUnit
              showFulfilment={Boolean(shown.state)}
            />
            <OrderTotals order={shown} showShippingService />
            <OrderShipments
              shipments={full?.shipments}
              action={(shipment) => <ShipmentSlipButton order={shown} shipment={shipment} />}
            />
            {full && <SellerClaims orgId={orgId} order={full} />}
            <SellerOrderRefunds order={shown} />
            <OrderTimeline events={full?.timeline} />
          </>
        );
      }}
    </OrderDialogFrame>
  );
}
