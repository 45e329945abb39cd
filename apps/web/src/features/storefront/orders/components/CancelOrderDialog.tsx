import { useId, useState, type FormEvent } from 'react';
import {
  CANCEL_ITEMS_LABEL,
  CANCEL_ORDER_LABEL,
  ORDER_NOTE_MAX,
  orderLabel,
  unitsLeft,
  type BuyerCancelBody,
  type Order,
} from '@cratebase/contract';
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
import { errorMessage } from '../../../../lib/api';
import { formatCents, formatDate } from '../../../../lib/format';
import { useCancelOrder, useIdempotencyKey } from '../api';

/** Cancel the whole order, or take units off some of its lines. */
export type CancelMode = 'order' | 'items';

/** What a card payment or an open invoice becomes: said before the buyer confirms. */
function moneyNote(order: Order): string {
  const status = order.invoice?.stripe_status?.toUpperCase();
  if (status === 'OPEN') return 'Your open invoice is reduced by what you cancel.';
  if (status === 'PAID') return 'What you paid for it is refunded to your card.';
  return 'What you paid for it is refunded.';
}

/** The units to remove, line by line, as the command's body; null when no unit is named. */
export function removedLines(order: Order, quantities: Record<string, number>): BuyerCancelBody['lines'] | null {
  const lines = order.cart.line_items
    .map((line) => ({ line_item_id: line.id, quantity: Math.min(quantities[line.id] ?? 0, unitsLeft(line)) }))
    .filter((line) => line.quantity > 0);
  return lines.length > 0 ? lines : null;
}

export interface CancelOrderDialogProps {
  order: Order;
  mode: CancelMode;
  open: boolean;
  onClose: () => void;
}

/**
 * The buyer cancels its order, or reduces it, while it may (issue 23): the whole order, or units
 * of its lines, with an optional note to the seller. The server's refusal (below the seller's
 * minimum, already accepted…) shows as it says it.
 */
export function CancelOrderDialog({ order, mode, open, onClose }: CancelOrderDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const toast = useToast();
  const cancel = useCancelOrder(order.id);
  const keyFor = useIdempotencyKey();
  const [note, setNote] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [nothingChosen, setNothingChosen] = useState(false);
  const number = orderLabel(order);
  const openLines = order.cart.line_items.filter((line) => unitsLeft(line) > 0);
  const tooLong = note.length > ORDER_NOTE_MAX;

  function close() {
    if (cancel.isPending) return;
    cancel.reset();
    setNote('');
    setQuantities({});
    setNothingChosen(false);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (tooLong) return;
    const body: BuyerCancelBody = { note: note.trim() || undefined };
    if (mode === 'items') {
      const lines = removedLines(order, quantities);
      setNothingChosen(!lines);
      if (!lines) return;
      body.lines = lines;
    }
    cancel.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: () => {
          toast.show(mode === 'order' ? `Order ${number} cancelled.` : `Order ${number} changed.`);
          setNote('');
          setQuantities({});
          cancel.reset();
          onClose();
        },
      },
    );
  }

  const title = mode === 'order' ? `${CANCEL_ORDER_LABEL} ${number}` : `${CANCEL_ITEMS_LABEL} of order ${number}`;
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <Typography variant="body2">
              {mode === 'order'
                ? `Every item not shipped yet is cancelled, and ${order.seller.name} is told. ${moneyNote(order)}`
                : `Choose how many units of each item to remove. ${moneyNote(order)} The rest must still meet ${order.seller.name}’s order minimum.`}
            </Typography>
            {order.buyer_may_cancel_until && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {`You can do this until ${formatDate(order.buyer_may_cancel_until)}.`}
              </Typography>
            )}
            {mode === 'items' && (
              <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                <Box component="legend" sx={{ typography: 'subtitle2', mb: 0.5 }}>
                  Units to remove
                </Box>
                {openLines.map((line) => {
                  const left = unitsLeft(line);
                  return (
                    <Stack key={line.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                          {line.name}
                        </Typography>
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          {`${formatCents(line.unit_price_in_cents)} each · ${left} of ${line.quantity} not shipped`}
                        </Typography>
                      </Box>
                      <TextField
                        type="number"
                        size="small"
                        label="Remove"
                        value={String(quantities[line.id] ?? 0)}
                        onChange={(event) => {
                          const n = Math.max(0, Math.min(left, Math.floor(Number(event.target.value) || 0)));
                          setQuantities((current) => ({ ...current, [line.id]: n }));
                          setNothingChosen(false);
                        }}
                        slotProps={{
                          htmlInput: {
                            min: 0,
                            max: left,
                            step: 1,
                            'aria-label': `Units of ${line.name} to remove (up to ${left})`,
                          },
                        }}
                        sx={{ width: 88, flexShrink: 0 }}
                      />
                    </Stack>
                  );
                })}
                {nothingChosen && (
                  <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
                    Choose at least one unit to remove.
                  </Typography>
                )}
              </Stack>
            )}
            <TextField
              label="Note to the seller (optional)"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              multiline
              minRows={2}
              error={tooLong}
              helperText={tooLong ? `Keep it to ${ORDER_NOTE_MAX} characters.` : `${note.length}/${ORDER_NOTE_MAX}`}
            />
            {cancel.isError && <Alert severity="error">{errorMessage(cancel.error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} variant="outlined" disabled={cancel.isPending}>
            Keep order
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : mode === 'order' ? CANCEL_ORDER_LABEL : 'Remove units'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
