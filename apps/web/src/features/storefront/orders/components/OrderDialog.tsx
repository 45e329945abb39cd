import { useId, type ReactNode } from 'react';
import { PO_NUMBER_LABEL, type OrderSummary } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { orderNumber } from '../../../../components/orders/order-format';
import { OrderDialogFrame } from '../../../../components/orders/OrderDialogFrame';
import { OrderLines } from '../../../../components/orders/OrderLinesTable';
import { OrderTotals } from '../../../../components/orders/OrderTotals';
import { ShipToBlock } from '../../../../components/orders/ShipToBlock';
import { TrackingLine } from '../../../../components/orders/TrackingLine';
import { formatDate } from '../../../../lib/format';
import { shippedTracking, useBuyerOrder } from '../api';
import { BuyerOrderRefunds } from './BuyerOrderRefunds';

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

export interface OrderDialogProps {
  /** The row the buyer opened (shown at once while the lines load; kept while closing). */
  summary: OrderSummary | null;
  open: boolean;
  onClose: () => void;
}

/** Spec "View Order": line items, Subtotal, Shipping, Total, the Ship-to block, and the tracking link once shipped. */
export function OrderDialog({ summary, open, onClose }: OrderDialogProps) {
  const order = useBuyerOrder(summary?.id ?? null);
  return (
    <OrderDialogFrame order={order.data ?? summary} open={open} onClose={onClose} maxWidth="sm">
      {(shown) => (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Placed {formatDate(shown.completed_on)} with {shown.seller.name}
            {shown.po_number && (
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {`${PO_NUMBER_LABEL}: ${shown.po_number}`}
              </Box>
            )}
          </Typography>
          <OrderLines query={order} errorPrefix="We could not load the order’s items." label="Line items" />
          <OrderTotals order={shown} maxWidth={300} />
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
            <Section title="Tracking">
              <Typography variant="body2">
                <TrackingLine tracking={shippedTracking(shown)} />
              </Typography>
            </Section>
          </Box>
        </>
      )}
    </OrderDialogFrame>
  );
}
