import { useId, type ReactNode } from 'react';
import { CLAIM_KIND_LABELS, CLAIM_STATUS_LABELS, type Claim, type ClaimStatus } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, formatDate } from '../../lib/format';
import { carrierLabel } from './order-format';

const STATUS_COLORS: Record<ClaimStatus, 'warning' | 'success' | 'default'> = {
  open: 'warning',
  refunded: 'success',
  replaced: 'success',
  declined: 'default',
};

/** "2 × Fig Jam, 1 × Oat Soap". */
export function claimItems(claim: Pick<Claim, 'lines'>): string {
  return claim.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
}

/** What the seller answered: the refund, the replacement's tracking link, or the decline's reason. */
function Outcome({ claim }: { claim: Claim }) {
  const when = claim.decided_at ? ` on ${formatDate(claim.decided_at)}` : '';
  if (claim.status === 'refunded') {
    return (
      <Typography variant="body2">
        {claim.refund_cents !== null ? `Refunded ${formatCents(claim.refund_cents)}${when}.` : `Refunded${when}.`}
      </Typography>
    );
  }
  if (claim.status === 'replaced' && claim.replacement) {
    const { carrier, tracking_number: number, tracking_url: url } = claim.replacement;
    return (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {`Replacement sent${when} with ${carrierLabel(carrier)} `}
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          underline="hover"
          aria-label={`${number} (opens in a new tab)`}
        >
          {number}
        </Link>
      </Typography>
    );
  }
  if (claim.status === 'declined') {
    return (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {`Declined${when}${claim.decision_note ? `: “${claim.decision_note}”` : '.'}`}
      </Typography>
    );
  }
  return null;
}

export interface ClaimsListProps {
  claims: readonly Claim[] | undefined;
  /** The section's heading. */
  title?: string;
  /** Shown under the heading (a button to report a problem, for the buyer). */
  header?: ReactNode;
  /** What may be done with a claim (the seller's answers to an open one). */
  actions?: (claim: Claim) => ReactNode;
}

/**
 * An order's claims (issue 23 §5), oldest first: number, kind, status, the units, the retailer's
 * note and photos (each thumbnail opens the full photo in a new tab), and the seller's answer.
 * Nothing when there are none and no header is given.
 */
export function ClaimsList({ claims, title = 'Problems reported', header, actions }: ClaimsListProps) {
  const titleId = useId();
  const list = claims ?? [];
  if (list.length === 0 && !header) return null;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {header}
      {list.length > 0 && (
        <Box component="ul" aria-labelledby={titleId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {list.map((claim) => (
            <Box
              component="li"
              key={claim.id}
              aria-label={`Claim ${claim.number}`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.25, minWidth: 0 }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {`Claim ${claim.number} · ${CLAIM_KIND_LABELS[claim.kind]}`}
                </Typography>
                <Chip size="small" label={CLAIM_STATUS_LABELS[claim.status]} color={STATUS_COLORS[claim.status]} />
              </Stack>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {`Reported ${formatDate(claim.created_at)}${claim.created_by?.name ? ` by ${claim.created_by.name}` : ''}`}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {claimItems(claim)}
              </Typography>
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
              >
                {`“${claim.note}”`}
              </Typography>
              {claim.photos.length > 0 && (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
                  {claim.photos.map((photo, index) => (
                    <Link
                      key={photo.id}
                      href={photo.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Photo ${index + 1} of claim ${claim.number}, full size (opens in a new tab)`}
                      sx={{ display: 'block', borderRadius: 1, overflow: 'hidden', lineHeight: 0 }}
                    >
                      <Box
                        component="img"
                        src={photo.url}
                        alt=""
                        loading="lazy"
                        sx={{
                          width: 64,
                          height: 64,
                          objectFit: 'cover',
                          border: 1,
                          borderColor: 'divider',
                          borderRadius: 1,
                        }}
                      />
                    </Link>
                  ))}
                </Stack>
              )}
              <Box sx={{ mt: 0.5 }}>
                <Outcome claim={claim} />
              </Box>
              {actions?.(claim)}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
