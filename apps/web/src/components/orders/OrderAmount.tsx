import type { Order } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../lib/format';
import { amountParts } from './order-format';

export interface OrderAmountProps {
  order: Pick<Order, 'subtotal_cents' | 'shipping_cost_in_cents' | 'total_cents'>;
}

/**
 * An order's amount in a list (docs/decisions/007): the total the buyer pays, and under it its
 * parts — "$50.00 subtotal + $18.70 shipping" — as both order lists and the customer page show it.
 */
export function OrderAmount({ order }: OrderAmountProps) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <Typography
        variant="body2"
        component="span"
        sx={{ color: 'text.primary', fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {formatCents(order.total_cents)}
      </Typography>
      <Typography variant="caption" component="span" sx={{ color: 'text.secondary', textAlign: 'right' }}>
        {amountParts(order)}
      </Typography>
    </Box>
  );
}
