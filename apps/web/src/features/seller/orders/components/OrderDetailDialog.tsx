import type { ReactNode } from 'react';
import { PO_NUMBER_LABEL, type Order, type OrderSummary } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { OrderDialogFrame } from '../../../../components/orders/OrderDialogFrame';
import { OrderLines } from '../../../../components/orders/OrderLinesTable';
import { OrderTotals } from '../../../../components/orders/OrderTotals';
import { ShipToBlock } from '../../../../components/orders/ShipToBlock';
import { TrackingLine } from '../../../../components/orders/TrackingLine';
import { formatDate } from '../../../../lib/format';
import { paymentStatus } from '../../../../components/orders/order-columns';
import { useOrder } from '../api';
import { SellerOrderRefunds } from './SellerOrderRefunds';

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

export interface OrderDetailDialogProps {
  /** The row the seller opened (shown at once while the order's lines load; kept while closing). */
  summary: OrderSummary | null;
  open: boolean;
  onClose: () => void;
}

/**
 * An order as the seller reads it: the lines (SKU, quantity, unit, unit and line price), subtotal,
 * shipping and total, ship-to, buyer, who placed it, payment, and the tracking link.
 */
export function OrderDetailDialog({ summary, open, onClose }: OrderDetailDialogProps) {
  const order = useOrder(summary?.id ?? null);
  return (
    <OrderDialogFrame order={order.data ?? summary} open={open} onClose={onClose} maxWidth="md">
      {(shown) => (
        <>
          <Typography variant="body2" sx={{ mb: 2.5 }}>
            Placed {formatDate(shown.completed_on)}
          </Typography>
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
            <Fact label="Placed by">{shown.created_by_user?.name || 'N/A'}</Fact>
            {shown.po_number && <Fact label={PO_NUMBER_LABEL}>{shown.po_number}</Fact>}
            <Fact label="Ship to">
              <ShipToBlock address={shown.shipping_address} />
            </Fact>
            <Fact label="Tracking">
              <TrackingLine tracking={shown.shipping_information} showStatus />
            </Fact>
            <Fact label="Payment">
              <Payment order={shown} />
            </Fact>
          </Box>
          <OrderLines
            query={order}
            errorPrefix="We could not load the order’s lines."
            label="Order lines"
            showSkuAndUnit
          />
          <OrderTotals order={shown} showShippingService />
          <SellerOrderRefunds order={shown} />
        </>
      )}
    </OrderDialogFrame>
  );
}
