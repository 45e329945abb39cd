import { useId, useState, type FormEvent } from 'react';
import { CLAIM_KIND_LABELS, ORDER_NOTE_MAX, compactTrackingNumber, type Claim, type Order } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DialogButtons } from '../../../../components/DialogButtons';
import { claimItems } from '../../../../components/orders/ClaimsList';
import { ApiError, errorMessage } from '../../../../lib/api';
import { formatCents } from '../../../../lib/format';
import { useOrderRefunds } from '../../../../lib/order-refunds';
import { useClaimDecision, type ClaimDecision } from '../api';
import { cancelEffect } from '../cancel-effect';
import { useIdempotencyKey } from '../idempotency';
import { TrackingFields, useTrackingInput } from './TrackingFields';

export const REFUND_CLAIM_LABEL = 'Refund';
export const REPLACE_CLAIM_LABEL = 'Send replacement';
export const DECLINE_CLAIM_LABEL = 'Decline';

const TITLES: Record<ClaimDecision, string> = {
  refund: 'Refund claim',
  replacement: 'Send a replacement for claim',
  decline: 'Decline claim',
};

/** What the status and toast say once the seller answered. */
export function claimDoneMessage(decision: ClaimDecision, updated: Order, claim: Claim): string {
  const answered = updated.claims?.find((c) => c.id === claim.id);
  if (decision === 'refund') {
    const amount = answered?.refund_cents != null ? ` (${formatCents(answered.refund_cents)})` : '';
    return `Claim ${claim.number} refunded${amount}. The retailer gets an e-mail.`;
  }
  if (decision === 'replacement') {
    return `Replacement for claim ${claim.number} saved. The retailer gets an e-mail with the tracking link.`;
  }
  return `Claim ${claim.number} declined. The retailer gets an e-mail with your reason.`;
}

/** The claimed units at the lines' unit prices. */
function claimedCents(order: Order, claim: Claim): number {
  return claim.lines.reduce((sum, unit) => {
    const line = order.cart.line_items.find((l) => l.id === unit.line_item_id);
    return sum + unit.quantity * (line?.unit_price_in_cents ?? 0);
  }, 0);
}

export interface ClaimDecisionDialogProps {
  orgId: string;
  order: Order;
  claim: Claim;
  decision: ClaimDecision;
  open: boolean;
  onClose: () => void;
  onDone: (updated: Order, message: string) => void;
}

/**
 * The seller answers the retailer's claim: Refund (the claimed units' price goes back, estimated
 * here), Send replacement (carrier and tracking number; tracked stock goes out again) or Decline
 * (a reason the retailer reads, required).
 */
export function ClaimDecisionDialog({
  orgId,
  order,
  claim,
  decision,
  open,
  onClose,
  onDone,
}: ClaimDecisionDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const action = useIdempotencyKey();
  const command = useClaimDecision(orgId, order.id, claim.id, decision);
  const refunds = useOrderRefunds(open && decision === 'refund' ? order.id : null);
  const tracking = useTrackingInput('', '', () => {
    if (command.isError) command.reset();
  });

  const saving = command.isPending;
  const serverError = command.error instanceof ApiError ? command.error : null;
  const reasonIssue = serverError?.issueFor('reason');
  const carrierIssue = serverError?.issueFor('carrier');
  const numberIssue = serverError?.issueFor('tracking_number');
  const fieldIssue = reasonIssue ?? carrierIssue ?? numberIssue;
  const reasonProblem = touched && reason.trim() === '' ? 'Tell the retailer why.' : (reasonIssue ?? null);
  const carrierProblem =
    touched && decision === 'replacement' && tracking.carrier === '' ? 'Choose the carrier.' : carrierIssue;

  function close() {
    if (saving) return;
    command.reset();
    setReason('');
    setTouched(false);
    tracking.setTrackingNumber('');
    action.renew();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (saving) return;
    let body;
    if (decision === 'decline') {
      if (reason.trim() === '') return;
      body = { reason: reason.trim() };
    } else if (decision === 'replacement') {
      const problem = tracking.validate('Enter the tracking number.');
      if (problem || tracking.carrier === '') return;
      body = { carrier: tracking.carrier, tracking_number: compactTrackingNumber(tracking.trackingNumber) };
    }
    command.mutate(
      { body, idempotencyKey: action.key },
      {
        onSettled: (_data, error) => action.settle(error),
        onSuccess: (updated) => {
          command.reset();
          setTouched(false);
          onDone(updated, claimDoneMessage(decision, updated, claim));
        },
      },
    );
  }

  const confirmLabel = saving
    ? 'Saving…'
    : decision === 'refund'
      ? REFUND_CLAIM_LABEL
      : decision === 'replacement'
        ? REPLACE_CLAIM_LABEL
        : 'Decline claim';

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{`${TITLES[decision]} ${claim.number}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {`${CLAIM_KIND_LABELS[claim.kind]}: ${claimItems(claim)}. The retailer wrote: “${claim.note}”`}
            </Typography>
            {decision === 'refund' && (
              <Alert severity="info" icon={false} role="status">
                <Typography variant="subtitle2" component="p">
                  {cancelEffect(claimedCents(order, claim), order, refunds.data)}
                </Typography>
                <Typography variant="body2" component="p">
                  Estimated from the unit prices; the amount refunded is shown once saved.
                </Typography>
              </Alert>
            )}
            {decision === 'replacement' && (
              <>
                <TrackingFields
                  {...tracking.fieldProps}
                  disabled={saving}
                  carrierIssue={carrierProblem ?? undefined}
                  numberIssue={numberIssue}
                  required
                />
                <Typography variant="body2">
                  Tracked stock goes out again for the replaced units. Saving e-mails the retailer the tracking link.
                </Typography>
              </>
            )}
            {decision === 'decline' && (
              <TextField
                label="Reason"
                required
                multiline
                minRows={3}
                value={reason}
                onChange={(event) => setReason(event.target.value.slice(0, ORDER_NOTE_MAX))}
                error={Boolean(reasonProblem)}
                helperText={reasonProblem ?? 'Sent to the retailer and shown on its order.'}
                disabled={saving}
                autoFocus
              />
            )}
            {command.isError && !fieldIssue && (
              <Alert severity="error" role="alert">
                {errorMessage(command.error)}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogButtons
          busy={saving}
          onCancel={close}
          cancelLabel="Back"
          confirmLabel={confirmLabel}
          destructive={decision === 'decline'}
        />
      </Box>
    </Dialog>
  );
}
