import { orderRefundLabel, orderRefundState } from '@cratebase/contract';
import Chip from '@mui/material/Chip';
import { formatCents } from '../../lib/format';

export interface RefundChipProps {
  /** What the order came to, and what was refunded of it (the list row's `refunded_cents`). */
  totalCents: number;
  refundedCents: number | null | undefined;
}

/**
 * "Refunded · $134.65" or "Partially refunded · $12.50" for an order the seller refunded (issue
 * 21); nothing for one it did not.
 */
export function RefundChip({ totalCents, refundedCents }: RefundChipProps) {
  const label = orderRefundLabel(totalCents, refundedCents);
  if (!label) return null;
  const full = orderRefundState(totalCents, refundedCents) === 'full';
  return (
    <Chip
      label={`${label} · ${formatCents(refundedCents ?? 0)}`}
      size="small"
      variant="outlined"
      data-refund={full ? 'full' : 'partial'}
      // Dark text on both (contrast); a partial refund has the amber border of something still open.
      sx={{
        fontWeight: 600,
        maxWidth: '100%',
        color: 'text.primary',
        borderColor: full ? undefined : 'secondary.main',
      }}
    />
  );
}
