import { useId, useState } from 'react';
import {
  INVOICE_PAYMENT_METHODS,
  INVOICE_PAYMENT_METHOD_LABELS,
  isoDay,
  type InvoicePaymentMethod,
  type SellerInvoice,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../../lib/api';
import { formatCents } from '../../../../lib/format';

/** The local day as YYYY-MM-DD (what a date input holds). */
function localToday(): string {
  const now = new Date();
  return isoDay(new Date(now.getTime() - now.getTimezoneOffset() * 60_000));
}

/** Mark paid: how the buyer paid and on which day (not after today). */
export function MarkPaidDialog({
  invoice,
  open,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  invoice: SellerInvoice | null;
  open: boolean;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: (method: InvoicePaymentMethod, paidOn: string) => void;
}) {
  const titleId = useId();
  const today = localToday();
  const [method, setMethod] = useState<InvoicePaymentMethod>('check');
  const [paidOn, setPaidOn] = useState(today);
  const dayProblem = !paidOn
    ? 'Choose the day it was paid.'
    : paidOn > today
      ? 'The day cannot be in the future.'
      : null;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Mark invoice paid</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {invoice && (
            <Typography variant="body2">
              {`${invoice.number} · ${invoice.organization.name} · ${formatCents(invoice.amount_cents)}`}
            </Typography>
          )}
          <TextField
            select
            label="Payment method"
            value={method}
            onChange={(event) => setMethod(event.target.value as InvoicePaymentMethod)}
          >
            {INVOICE_PAYMENT_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {INVOICE_PAYMENT_METHOD_LABELS[m]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label="Paid on"
            value={paidOn}
            onChange={(event) => setPaidOn(event.target.value)}
            error={Boolean(dayProblem)}
            helperText={dayProblem ?? ' '}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          {Boolean(error) && <Alert severity="error">{errorMessage(error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy || Boolean(dayProblem)} onClick={() => onConfirm(method, paidOn)}>
          {busy ? 'Saving…' : 'Mark paid'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
