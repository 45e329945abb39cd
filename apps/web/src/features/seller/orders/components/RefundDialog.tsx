import { useId, useState } from 'react';
import {
  REFUND_NOTE_MAX,
  REFUND_REASONS,
  REFUND_REASON_LABELS,
  orderLabel,
  type OrderRefunds,
  type Refund,
  type RefundReason,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DialogButtons } from '../../../../components/DialogButtons';
import { MoneyInput } from '../../../../components/MoneyInput';
import { cardLabel } from '../../../../components/orders/RefundsSection';
import { errorMessage } from '../../../../lib/api';
import { formatCents } from '../../../../lib/format';
import { useCreateRefund } from '../api';
import { newIdempotencyKey as newKey } from '../idempotency';
import { planRefund, shippingLeft, unitsLeft, type RefundDraft, type RefundMode } from '../refunds';

/** "Refund $12.50 to the card ending 4242" / "… as a credit note". */
export function refundSummary(state: OrderRefunds, totalCents: number): string {
  const amount = formatCents(totalCents);
  if (state.method === 'card') {
    return state.card
      ? `Refund ${amount} to the card ending ${state.card.last4}`
      : `Refund ${amount} to the card that paid`;
  }
  return `Refund ${amount} as a credit note`;
}

/** What the toast says once the server answered. */
export function refundDoneMessage(refund: Refund): string {
  const amount = formatCents(refund.amount_cents);
  if (refund.status === 'pending')
    return `The refund of ${amount} is processing; it shows as refunded once the card network confirms it.`;
  if (refund.method === 'credit_note') return `Credit note ${refund.credit_note_number} for ${amount} recorded.`;
  return refund.card ? `Refunded ${amount} to ${cardLabel(refund.card)}.` : `Refunded ${amount}.`;
}

const EMPTY: RefundDraft = {
  mode: 'full',
  quantities: {},
  shippingCents: 0,
  amountCents: null,
  reason: '',
  note: '',
  restock: false,
};

export interface RefundDialogProps {
  orgId: string;
  order: { id: string; order_number?: string | null };
  /** The order's refunds and what is left (GET …/refunds). */
  state: OrderRefunds;
  open: boolean;
  onClose: () => void;
  onDone: (refund: Refund) => void;
}

/**
 * Refund an order (Owner/Admin): everything left, chosen items and shipping, or an amount; a
 * reason and a note; whether the items go back to stock; what will be refunded and how (to the
 * card, or as a credit note), then Refund.
 */
export function RefundDialog({ orgId, order, state, open, onClose, onDone }: RefundDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState<RefundDraft>(EMPTY);
  // One key for this opening: a second click, or a retry after a lost answer, is the same refund.
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [touched, setTouched] = useState(false);
  const create = useCreateRefund(orgId, order.id);
  const plan = planRefund(state, draft);
  const change = (next: Partial<RefundDraft>) => setDraft((d) => ({ ...d, ...next }));
  const leftShipping = shippingLeft(state);
  const refundableLines = state.lines.filter((l) => unitsLeft(l) > 0);
  const restockable = plan.restockableUnits > 0 && draft.mode !== 'amount';

  function close() {
    if (create.isPending) return;
    create.reset();
    setDraft(EMPTY);
    setTouched(false);
    setIdempotencyKey(newKey());
    onClose();
  }

  function submit() {
    setTouched(true);
    if (!plan.body) return;
    create.mutate(
      { body: plan.body, idempotencyKey },
      {
        onSuccess: (refund) => {
          setDraft(EMPTY);
          setTouched(false);
          setIdempotencyKey(newKey());
          create.reset();
          onDone(refund);
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Refund order {orderLabel(order)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          <Typography variant="body2">
            {`${formatCents(state.refundable_cents)} of the ${formatCents(state.paid_cents)} paid can still be refunded.`}
          </Typography>
          <FormControl>
            <FormLabel id={`${titleId}-mode`}>What to refund</FormLabel>
            <RadioGroup
              aria-labelledby={`${titleId}-mode`}
              value={draft.mode}
              onChange={(event) => change({ mode: event.target.value as RefundMode })}
            >
              <FormControlLabel
                value="full"
                control={<Radio />}
                label={`Everything left (${formatCents(state.refundable_cents)})`}
              />
              <FormControlLabel value="items" control={<Radio />} label="Chosen items and shipping" />
              <FormControlLabel value="amount" control={<Radio />} label="An amount" />
            </RadioGroup>
          </FormControl>

          {draft.mode === 'items' && (
            <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Box component="legend" sx={{ typography: 'subtitle2', mb: 0.5 }}>
                Items
              </Box>
              {refundableLines.length === 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Every item was already refunded.
                </Typography>
              )}
              {refundableLines.map((line) => {
                const left = unitsLeft(line);
                const value = draft.quantities[line.line_item_id] ?? 0;
                return (
                  <Stack key={line.line_item_id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {line.name}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {`${formatCents(line.unit_price_in_cents)} each · ${left} of ${line.quantity} left`}
                      </Typography>
                    </Box>
                    <TextField
                      type="number"
                      size="small"
                      label="Quantity"
                      value={String(value)}
                      onChange={(event) => {
                        const n = Math.max(0, Math.min(left, Math.floor(Number(event.target.value) || 0)));
                        change({ quantities: { ...draft.quantities, [line.line_item_id]: n } });
                      }}
                      slotProps={{
                        htmlInput: {
                          min: 0,
                          max: left,
                          step: 1,
                          'aria-label': `Quantity of ${line.name} to refund (up to ${left})`,
                        },
                      }}
                      sx={{ width: 96 }}
                    />
                  </Stack>
                );
              })}
              <MoneyInput
                label={`Shipping to refund (up to ${formatCents(leftShipping)})`}
                value={draft.shippingCents || null}
                onChange={(cents) => change({ shippingCents: cents ?? 0 })}
                disabled={leftShipping === 0}
                error={draft.shippingCents > leftShipping}
                helperText={draft.shippingCents > leftShipping ? 'That is more shipping than is left to refund.' : ' '}
                size="small"
              />
            </Stack>
          )}

          {draft.mode === 'amount' && (
            <MoneyInput
              label="Amount to refund"
              value={draft.amountCents}
              onChange={(cents) => change({ amountCents: cents })}
              error={touched && (!draft.amountCents || draft.amountCents > state.refundable_cents)}
              helperText={`Up to ${formatCents(state.refundable_cents)}. Not tied to items: nothing goes back to stock.`}
              required
            />
          )}

          <TextField
            select
            label="Reason"
            required
            value={draft.reason}
            onChange={(event) => change({ reason: event.target.value as RefundReason })}
            error={touched && !draft.reason}
            helperText={touched && !draft.reason ? 'Choose a reason.' : ' '}
          >
            {REFUND_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {REFUND_REASON_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Note (optional)"
            multiline
            minRows={2}
            value={draft.note}
            onChange={(event) => change({ note: event.target.value.slice(0, REFUND_NOTE_MAX) })}
            helperText="Shown on the credit note and in the buyer’s e-mail."
          />
          <FormControl>
            <FormControlLabel
              control={
                <Checkbox
                  checked={restockable && draft.restock}
                  disabled={!restockable}
                  onChange={(event) => change({ restock: event.target.checked })}
                />
              }
              label="Return items to stock"
            />
            <FormHelperText sx={{ mt: -0.5 }}>
              {restockable
                ? `${plan.restockableUnits} ${plan.restockableUnits === 1 ? 'unit goes' : 'units go'} back to products whose stock is tracked.`
                : draft.mode === 'amount'
                  ? 'An amount is not tied to items; choose items to return them to stock.'
                  : 'None of these items has tracked stock.'}
            </FormHelperText>
          </FormControl>

          <Alert severity="info" icon={false} aria-live="polite" data-testid="refund-summary">
            <Typography variant="subtitle2" component="p">
              {refundSummary(state, plan.totalCents)}
            </Typography>
            <Typography variant="body2" component="p">
              {state.method === 'card'
                ? 'The money goes back to the buyer’s card; banks usually show it within 5 to 10 business days.'
                : 'The invoice was paid by check or another way: pay the buyer back the same way. The credit note records it.'}
            </Typography>
          </Alert>
          {touched && plan.problem && <Alert severity="warning">{plan.problem}</Alert>}
          {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogButtons
        busy={create.isPending}
        onCancel={close}
        onConfirm={submit}
        confirmDisabled={touched && Boolean(plan.problem)}
        confirmLabel={create.isPending ? 'Refunding…' : `Refund ${formatCents(plan.totalCents)}`}
        destructive
      />
    </Dialog>
  );
}
