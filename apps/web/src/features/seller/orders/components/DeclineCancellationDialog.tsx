import { useId, useState } from 'react';
import { ORDER_NOTE_MAX, orderLabel, type Order } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DialogButtons } from '../../../../components/DialogButtons';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useDeclineCancellation } from '../api';
import { useIdempotencyKey } from '../idempotency';

export const DECLINE_CANCELLATION_LABEL = 'Decline';
export const CANCELLATION_DECLINED_TEXT =
  'Cancellation request declined. The retailer gets an e-mail with your reason.';

export interface DeclineCancellationDialogProps {
  orgId: string;
  order: Order;
  open: boolean;
  onClose: () => void;
  onDone: (updated: Order, message: string) => void;
}

/** The seller declines the retailer's cancellation request, telling it why (required). */
export function DeclineCancellationDialog({ orgId, order, open, onClose, onDone }: DeclineCancellationDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const action = useIdempotencyKey();
  const decline = useDeclineCancellation(orgId, order.id);
  const serverError = decline.error instanceof ApiError ? decline.error : null;
  const reasonIssue = serverError?.issueFor('reason');
  const problem = touched && reason.trim() === '' ? 'Tell the retailer why.' : (reasonIssue ?? null);

  function close() {
    if (decline.isPending) return;
    decline.reset();
    setReason('');
    setTouched(false);
    action.renew();
    onClose();
  }

  function submit() {
    setTouched(true);
    if (reason.trim() === '' || decline.isPending) return;
    decline.mutate(
      { body: { reason: reason.trim() }, idempotencyKey: action.key },
      {
        onSettled: (_data, error) => action.settle(error),
        onSuccess: (updated) => {
          setReason('');
          setTouched(false);
          decline.reset();
          onDone(updated, CANCELLATION_DECLINED_TEXT);
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{`Decline the cancellation request · ${orderLabel(order)}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          {order.cancellation_request && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {`The retailer asked: “${order.cancellation_request.note}”`}
            </Typography>
          )}
          <TextField
            label="Reason"
            required
            multiline
            minRows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value.slice(0, ORDER_NOTE_MAX))}
            error={Boolean(problem)}
            helperText={problem ?? 'Sent to the retailer; the order goes on as it is.'}
            disabled={decline.isPending}
            autoFocus
          />
          {decline.isError && !reasonIssue && (
            <Alert severity="error" role="alert">
              {errorMessage(decline.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogButtons
        busy={decline.isPending}
        onCancel={close}
        cancelLabel="Back"
        onConfirm={submit}
        confirmLabel={decline.isPending ? 'Declining…' : 'Decline request'}
      />
    </Dialog>
  );
}
