import { PROPOSAL_STATUS_LABELS, type ProposalStatus } from '@cratebase/contract';
import Chip from '@mui/material/Chip';

/** The colour of each status: a draft grey outline, sent amber, accepted green, declined and cancelled grey. */
const TONE: Record<ProposalStatus, { color: 'default' | 'secondary' | 'success'; variant: 'filled' | 'outlined' }> = {
  draft: { color: 'default', variant: 'outlined' },
  sent: { color: 'secondary', variant: 'outlined' },
  accepted: { color: 'success', variant: 'outlined' },
  declined: { color: 'default', variant: 'filled' },
  cancelled: { color: 'default', variant: 'filled' },
};

/** An order the seller wrote (issue 25 part 2): its status as a small chip, in ink on its outline. */
export function ProposalStatusChip({ status }: { status: ProposalStatus }) {
  const tone = TONE[status];
  return (
    <Chip
      label={PROPOSAL_STATUS_LABELS[status]}
      size="small"
      color={tone.color}
      variant={tone.variant}
      data-proposal-status={status}
      sx={{ fontWeight: 600, maxWidth: '100%', ...(tone.variant === 'outlined' ? { color: 'text.primary' } : {}) }}
    />
  );
}
