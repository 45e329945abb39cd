import { useId, useState, type FormEvent } from 'react';
import { ORDER_NOTE_MAX, REQUEST_CANCELLATION_LABEL, orderLabel, type Order } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useToast } from '../../../../components/Toast';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useIdempotencyKey, useRequestCancellation } from '../api';

/** The note's problem before sending, or null. */
function noteProblem(note: string): string | null {
  if (note.trim() === '') return 'Tell the seller why you want to cancel.';
  if (note.length > ORDER_NOTE_MAX) return `Keep it to ${ORDER_NOTE_MAX} characters.`;
  return null;
}

export interface RequestCancellationDialogProps {
  order: Order;
  open: boolean;
  onClose: () => void;
}

/**
 * Once the buyer may no longer cancel itself (issue 23): a request, with the reason the seller
 * reads, which the seller accepts (the order is cancelled) or declines with its own reason.
 */
export function RequestCancellationDialog({ order, open, onClose }: RequestCancellationDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const toast = useToast();
  const request = useRequestCancellation(order.id);
  const keyFor = useIdempotencyKey();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = touched ? noteProblem(note) : null;
  const serverProblem = request.error instanceof ApiError ? request.error.issueFor('note') : undefined;

  function close() {
    if (request.isPending) return;
    request.reset();
    setNote('');
    setTouched(false);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (noteProblem(note)) return;
    const body = { note: note.trim() };
    request.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: () => {
          toast.show(`Cancellation requested. ${order.seller.name} will accept or decline it.`);
          setNote('');
          setTouched(false);
          request.reset();
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{`${REQUEST_CANCELLATION_LABEL} of order ${orderLabel(order)}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <Typography variant="body2">
              {`${order.seller.name} has accepted or started shipping this order, so it decides whether to cancel it. If it accepts, what has not shipped is cancelled and refunded; you get an e-mail either way.`}
            </Typography>
            <TextField
              label="Why do you want to cancel?"
              value={note}
              required
              onChange={(event) => setNote(event.target.value)}
              onBlur={() => setTouched(true)}
              multiline
              minRows={3}
              error={Boolean(problem ?? serverProblem)}
              helperText={problem ?? serverProblem ?? `${note.length}/${ORDER_NOTE_MAX}`}
            />
            {request.isError && !serverProblem && <Alert severity="error">{errorMessage(request.error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} variant="outlined" disabled={request.isPending}>
            Back
          </Button>
          <Button type="submit" variant="contained" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Send request'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
