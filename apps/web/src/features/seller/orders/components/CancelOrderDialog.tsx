import { useId, useState } from 'react';
import {
  CANCEL_ITEMS_LABEL,
  CANCEL_ORDER_LABEL,
  CANCEL_REASONS,
  CANCEL_REASON_LABELS,
  ORDER_NOTE_MAX,
  orderLabel,
  type CancelReason,
  type Order,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DialogButtons } from '../../../../components/DialogButtons';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useOrderRefunds } from '../../../../lib/order-refunds';
import { useSellerCancelOrder } from '../api';
import {
  allUnitsLeft,
  cancelDoneMessage,
  cancelEffect,
  cancelledCents,
  chosenLines,
  unitCount,
  type LineQuantities,
} from '../cancel-effect';
import { useIdempotencyKey } from '../idempotency';
import { LineQuantityFields } from './LineQuantityFields';

/** What the dialog cancels: every unit not shipped, chosen units, or the buyer's request accepted. */
export type CancelMode = 'order' | 'items' | 'request';

export const ACCEPT_CANCELLATION_LABEL = 'Accept cancellation';

const TITLES: Record<CancelMode, string> = {
  order: CANCEL_ORDER_LABEL,
  items: CANCEL_ITEMS_LABEL,
  request: ACCEPT_CANCELLATION_LABEL,
};

export interface CancelOrderDialogProps {
  orgId: string;
  order: Order;
  mode: CancelMode;
  open: boolean;
  onClose: () => void;
  /** The server's answer, and the sentence saying what it did. */
  onDone: (updated: Order, message: string) => void;
}

/**
 * The seller cancels (Owner/Admin): the whole order (every unit not shipped), or chosen units of
 * its lines, or the retailer's request (reason Retailer request). A reason, a note for the
 * retailer's e-mail, and what it does to the money, estimated from the unit prices.
 */
export function CancelOrderDialog({ orgId, order, mode, open, onClose, onDone }: CancelOrderDialogProps) {
  const titleId = useId();
  const effectId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const whole = mode !== 'items';
  const lines = order.cart.line_items;
  const [reason, setReason] = useState<CancelReason | ''>(mode === 'request' ? 'retailer_request' : '');
  const [note, setNote] = useState('');
  const [quantities, setQuantities] = useState<LineQuantities>({});
  const [touched, setTouched] = useState(false);
  const action = useIdempotencyKey();
  const cancel = useSellerCancelOrder(orgId, order.id);
  const refunds = useOrderRefunds(open ? order.id : null);

  const chosen = whole ? allUnitsLeft(lines) : quantities;
  const units = unitCount(chosen);
  const cents = cancelledCents(order, chosen, whole);
  const serverError = cancel.error instanceof ApiError ? cancel.error : null;
  const reasonIssue = serverError?.issueFor('reason');
  const noteIssue = serverError?.issueFor('note');
  const reasonProblem = touched && !reason ? 'Choose a reason.' : (reasonIssue ?? null);
  const unitsProblem = touched && units === 0 ? 'Choose at least one unit to cancel.' : null;
  const confirmLabel =
    mode === 'request'
      ? ACCEPT_CANCELLATION_LABEL
      : mode === 'order'
        ? CANCEL_ORDER_LABEL
        : `Cancel ${units} ${units === 1 ? 'unit' : 'units'}`;

  function close() {
    if (cancel.isPending) return;
    cancel.reset();
    setReason(mode === 'request' ? 'retailer_request' : '');
    setNote('');
    setQuantities({});
    setTouched(false);
    action.renew();
    onClose();
  }

  function submit() {
    setTouched(true);
    if (!reason || units === 0 || cancel.isPending) return;
    const body = { reason, note: note.trim() || undefined, lines: whole ? undefined : chosenLines(lines, quantities) };
    cancel.mutate(
      { body, idempotencyKey: action.key },
      {
        onSettled: (_data, error) => action.settle(error),
        onSuccess: (updated) => {
          setQuantities({});
          setNote('');
          setTouched(false);
          cancel.reset();
          onDone(updated, cancelDoneMessage(order, updated, whole));
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={effectId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{`${TITLES[mode]} · ${orderLabel(order)}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          {mode === 'request' && order.cancellation_request && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {`The retailer asked: “${order.cancellation_request.note}”`}
            </Typography>
          )}
          {whole ? (
            <Typography variant="body2">
              {`Every unit not shipped yet is cancelled: ${units} ${units === 1 ? 'unit' : 'units'}.`}
            </Typography>
          ) : (
            <Box>
              <LineQuantityFields
                legend="Units to cancel"
                verb="cancel"
                lines={lines}
                quantities={quantities}
                onChange={setQuantities}
                disabled={cancel.isPending}
              />
              {unitsProblem && (
                <Typography role="alert" variant="caption" sx={{ color: 'error.main', display: 'block', mt: 1 }}>
                  {unitsProblem}
                </Typography>
              )}
            </Box>
          )}
          {mode !== 'request' && (
            <TextField
              select
              label="Reason"
              required
              value={reason}
              onChange={(event) => setReason(event.target.value as CancelReason)}
              error={Boolean(reasonProblem)}
              helperText={reasonProblem ?? ' '}
              disabled={cancel.isPending}
            >
              {CANCEL_REASONS.map((r) => (
                <MenuItem key={r} value={r}>
                  {CANCEL_REASON_LABELS[r]}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label="Note to the retailer (optional)"
            multiline
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.target.value.slice(0, ORDER_NOTE_MAX))}
            error={Boolean(noteIssue)}
            helperText={noteIssue ?? 'Sent in the retailer’s e-mail and kept on the order’s timeline.'}
            disabled={cancel.isPending}
          />
          <Alert severity="info" icon={false} id={effectId} role="status" data-testid="cancel-effect">
            <Typography variant="subtitle2" component="p">
              {cancelEffect(cents, order, refunds.data)}
            </Typography>
            <Typography variant="body2" component="p">
              Tracked stock goes back to the products. Each unit gives back what it was paid; the units kept keep their
              price. Nothing more is refunded than is left of the payment.
            </Typography>
          </Alert>
          {cancel.isError && !reasonIssue && !noteIssue && (
            <Alert severity="error" role="alert">
              {errorMessage(cancel.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogButtons
        busy={cancel.isPending}
        onCancel={close}
        cancelLabel="Back"
        onConfirm={submit}
        confirmLabel={cancel.isPending ? 'Cancelling…' : confirmLabel}
        destructive
      />
    </Dialog>
  );
}
