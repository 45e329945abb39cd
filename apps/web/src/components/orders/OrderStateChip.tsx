import { ORDER_STATE_LABELS, type OrderState } from '@cratebase/contract';
import Chip from '@mui/material/Chip';

/** The colour of each state's chip: open work amber, done green, cancelled grey. */
const TONE: Record<OrderState, { color: 'default' | 'secondary' | 'success' | 'primary'; variant: 'filled' | 'outlined' }> = {
  placed: { color: 'secondary', variant: 'outlined' },
  accepted: { color: 'primary', variant: 'outlined' },
  partially_shipped: { color: 'secondary', variant: 'filled' },
  shipped: { color: 'success', variant: 'outlined' },
  delivered: { color: 'success', variant: 'filled' },
  cancelled: { color: 'default', variant: 'filled' },
};

/** The order's state after checkout (issue 23) as a small chip: "Partially shipped". */
export function OrderStateChip({ state }: { state: OrderState | undefined }) {
  const s = state ?? 'placed';
  const tone = TONE[s];
  return (
    <Chip
      label={ORDER_STATE_LABELS[s]}
      size="small"
      color={tone.color}
      variant={tone.variant}
      data-order-state={s}
      sx={{ fontWeight: 600, maxWidth: '100%', ...(tone.variant === 'outlined' ? { color: 'text.primary' } : {}) }}
    />
  );
}
