import { useId, type ReactNode } from 'react';
import {
  CARD_BRAND_LABELS,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  type CardBrand,
  type OrderRefunds,
  type Refund,
} from '@cratebase/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { formatCents, formatDate } from '../../lib/format';
import { QueryErrorAlert } from '../QueryErrorAlert';

/** "Visa •••• 4242". */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = card.brand.toLowerCase();
  const label = brand in CARD_BRAND_LABELS ? CARD_BRAND_LABELS[brand as CardBrand] : CARD_BRAND_LABELS.unknown;
  return `${label} •••• ${card.last4}`;
}

/** How a refund went back: "To Visa •••• 4242" or "Credit note" (an invoice paid by other means). */
export function refundRoute(refund: Pick<Refund, 'method' | 'card'>): string {
  if (refund.method === 'credit_note') return 'Credit note';
  return refund.card ? `To ${cardLabel(refund.card)}` : 'To the card';
}

/** "1 × Fig Jam, 2 × Wild Honey, shipping" (or nothing for an amount not tied to lines). */
function refundedItems(refund: Refund): string {
  const parts = refund.lines.map((l) => `${l.quantity} × ${l.name}`);
  if (refund.shipping_cents > 0) parts.push('shipping');
  return parts.join(', ');
}

function RefundRow({ refund }: { refund: Refund }) {
  const items = refundedItems(refund);
  const failed = refund.status === 'failed';
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        columnGap: 2,
        rowGap: 0.25,
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 600, minWidth: 0 }}>
        {formatDate(refund.created_at)} · {REFUND_REASON_LABELS[refund.reason]}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          color: failed ? 'text.disabled' : 'text.primary',
          fontWeight: 700,
          textAlign: 'right',
          textDecoration: failed ? 'line-through' : 'none',
        }}
      >
        {`−${formatCents(refund.amount_cents)}`}
      </Typography>
      <Typography
        variant="caption"
        component="div"
        sx={{ color: 'text.secondary', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {[refundRoute(refund), items, refund.source === 'provider' ? 'made in the payments dashboard' : '']
          .filter(Boolean)
          .join(' · ')}
        {refund.note && (
          <Box component="span" sx={{ display: 'block', fontStyle: 'italic' }}>
            {`“${refund.note}”`}
          </Box>
        )}
        {failed && refund.failure_message && (
          <Box component="span" sx={{ display: 'block', color: 'error.main' }}>
            {refund.failure_message}
          </Box>
        )}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}>
        {refund.status !== 'succeeded' && (
          <Chip
            size="small"
            variant="outlined"
            color={failed ? 'error' : 'default'}
            label={REFUND_STATUS_LABELS[refund.status]}
          />
        )}
        <Link
          href={refund.credit_note_link}
          target="_blank"
          rel="noopener noreferrer"
          underline="hover"
          variant="caption"
          aria-label={`Credit note ${refund.credit_note_number} (opens in a new tab)`}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600, whiteSpace: 'nowrap' }}
        >
          {refund.credit_note_number}
          <OpenInNewIcon sx={{ fontSize: 14 }} aria-hidden />
        </Link>
      </Stack>
    </Box>
  );
}

export interface RefundsSectionProps {
  /** The order's refunds as GET /api/order/{id}/refunds answers them (undefined while loading). */
  refunds: OrderRefunds | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Next to the heading: the seller's Refund button. */
  action?: ReactNode;
  /** Shown under the heading (the reason a refund cannot be made, for the seller). */
  note?: ReactNode;
  /** Show nothing at all while the order has no refunds (the buyer's view). */
  hideWhenEmpty?: boolean;
}

/** An order's Refunds: each with its day, reason, amount, how it went back and its credit note. */
export function RefundsSection({
  refunds,
  loading,
  error,
  onRetry,
  action,
  note,
  hideWhenEmpty = false,
}: RefundsSectionProps) {
  const headingId = useId();
  const list = refunds?.refunds ?? [];
  if (hideWhenEmpty && !error && list.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ color: 'text.primary' }}>
          Refunds
          {refunds && refunds.refunded_cents > 0 && (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
              {`${formatCents(refunds.refunded_cents)} of ${formatCents(refunds.paid_cents)} refunded`}
            </Typography>
          )}
        </Typography>
        {action}
      </Stack>
      {note}
      {error ? (
        <QueryErrorAlert error={error} onRetry={onRetry} />
      ) : loading && !refunds ? (
        <Skeleton variant="text" width="60%" aria-label="Loading refunds" />
      ) : list.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No refunds yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Refunds" sx={{ m: 0, p: 0 }}>
          {list.map((refund) => (
            <RefundRow key={refund.id} refund={refund} />
          ))}
        </Box>
      )}
    </Box>
  );
}
