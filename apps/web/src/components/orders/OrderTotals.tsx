import type { ReactNode } from 'react';
import { TAX_EXEMPT_LINE, TAX_NOT_CHARGED_LINE, type Order } from '@cratebase/contract';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../lib/format';
import { shippingServiceLabel } from './order-format';

function TotalRow({ label, value, strong = false }: { label: ReactNode; value: string; strong?: boolean }) {
  const variant = strong ? 'subtitle1' : 'body2';
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={[{ justifyContent: 'space-between' }, strong && { borderTop: 1, borderColor: 'divider', pt: 0.75 }]}
    >
      <Typography variant={variant} component="dt" sx={{ color: 'text.primary' }}>
        {label}
      </Typography>
      <Typography variant={variant} component="dd" sx={{ m: 0, color: 'text.primary', fontWeight: strong ? 700 : 500 }}>
        {value}
      </Typography>
    </Stack>
  );
}

export interface OrderTotalsProps {
  order: Pick<
    Order,
    'subtotal_cents' | 'shipping_cost_in_cents' | 'total_cents' | 'shippo_provider' | 'shippo_service_level_token'
  > &
    Partial<Pick<Order, 'tax_exempt'>>;
  /** Name the rate paid for after "Shipping" ("Shipping (USPS Priority)"), when the order has one. */
  showShippingService?: boolean;
  /** How wide the block may grow (px), against the right edge. */
  maxWidth?: number;
}

/** Subtotal, Shipping, the sales tax statement and Total as a description list, the total in bold under a rule. */
export function OrderTotals({ order, showShippingService = false, maxWidth = 320 }: OrderTotalsProps) {
  const service = showShippingService ? shippingServiceLabel(order) : null;
  return (
    <Stack component="dl" spacing={0.75} sx={{ m: 0, mt: 2, ml: 'auto', maxWidth }}>
      <TotalRow label="Subtotal" value={formatCents(order.subtotal_cents)} />
      <TotalRow
        label={
          <>
            Shipping
            {service && (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {` (${service})`}
              </Typography>
            )}
          </>
        }
        value={formatCents(order.shipping_cost_in_cents)}
      />
      {order.tax_exempt !== undefined && (
        // No sales tax is charged; the row says why, as the invoice does (issue 25 part 5).
        <TotalRow label={order.tax_exempt ? TAX_EXEMPT_LINE : TAX_NOT_CHARGED_LINE} value={formatCents(0)} />
      )}
      <TotalRow label="Total" value={formatCents(order.total_cents)} strong />
    </Stack>
  );
}
