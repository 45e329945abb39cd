import { useId, useState, type FormEvent } from 'react';
import {
  MAX_RESTOCK_DAYS,
  ORDER_NOTE_MAX,
  REPORT_UNAVAILABLE_LABEL,
  orderLabel,
  type Order,
} from '@cratebase/contract';
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
import { restockDay } from '../../../../components/orders/backorders';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useReportUnavailable } from '../api';
import { chosenLines, unitCount, type LineQuantities } from '../cancel-effect';
import { useIdempotencyKey } from '../idempotency';
import { LineQuantityFields } from './LineQuantityFields';

export const UNAVAILABLE_EXPLANATION =
  'The retailer chooses to wait or cancel; these units cannot ship until it chooses.';

/** A local day as YYYY-MM-DD, `days` after today. */
export function localDay(days = 0, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** What the status and toast say once the report is saved. */
export function unavailableDoneMessage(units: number, restockOn: string): string {
  return `${units} ${units === 1 ? 'unit' : 'units'} reported unavailable until ${restockDay(restockOn)}. The retailer gets an e-mail to choose: wait or cancel.`;
}

export interface ReportUnavailableDialogProps {
  orgId: string;
  order: Order;
  open: boolean;
  onClose: () => void;
  onDone: (updated: Order, message: string) => void;
}

/**
 * Report unavailable items (issue 23 §4): how many units of each line cannot ship now (up to
 * what is left), the day they are expected back (today to a year ahead), and a note for the
 * retailer, who then chooses per line to wait or cancel.
 */
export function ReportUnavailableDialog({ orgId, order, open, onClose, onDone }: ReportUnavailableDialogProps) {
  const titleId = useId();
  const explainId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const lines = order.cart.line_items;
  const [quantities, setQuantities] = useState<LineQuantities>({});
  const [restockOn, setRestockOn] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const action = useIdempotencyKey();
  const report = useReportUnavailable(orgId, order.id);

  const saving = report.isPending;
  const units = unitCount(quantities);
  const today = localDay();
  const latest = localDay(MAX_RESTOCK_DAYS);
  const serverError = report.error instanceof ApiError ? report.error : null;
  const dayIssue = serverError?.issueFor('restock_on');
  const noteIssue = serverError?.issueFor('note');
  const dayProblem = !touched
    ? (dayIssue ?? null)
    : restockOn === ''
      ? 'Enter the day you expect them back.'
      : restockOn < today || restockOn > latest
        ? `Choose a day from today to ${MAX_RESTOCK_DAYS} days ahead.`
        : (dayIssue ?? null);
  const unitsProblem = touched && units === 0 ? 'Choose at least one unavailable unit.' : null;

  function close() {
    if (saving) return;
    report.reset();
    setQuantities({});
    setRestockOn('');
    setNote('');
    setTouched(false);
    action.renew();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (saving || units === 0 || restockOn === '' || restockOn < today || restockOn > latest) return;
    report.mutate(
      {
        body: { lines: chosenLines(lines, quantities), restock_on: restockOn, note: note.trim() || undefined },
        idempotencyKey: action.key,
      },
      {
        onSettled: (_data, error) => action.settle(error),
        onSuccess: (updated) => {
          report.reset();
          setTouched(false);
          onDone(updated, unavailableDoneMessage(units, restockOn));
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      aria-describedby={explainId}
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{`${REPORT_UNAVAILABLE_LABEL} · ${orderLabel(order)}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <Typography id={explainId} variant="body2">
              {UNAVAILABLE_EXPLANATION}
            </Typography>
            <Box>
              <LineQuantityFields
                legend="Units you cannot ship now"
                verb="report unavailable"
                lines={lines}
                quantities={quantities}
                onChange={setQuantities}
                disabled={saving}
              />
              {unitsProblem && (
                <Typography role="alert" variant="caption" sx={{ color: 'error.main', display: 'block', mt: 1 }}>
                  {unitsProblem}
                </Typography>
              )}
            </Box>
            <TextField
              type="date"
              label="Expected back on"
              required
              value={restockOn}
              onChange={(event) => {
                setRestockOn(event.target.value);
                if (dayIssue) report.reset();
              }}
              error={Boolean(dayProblem)}
              helperText={dayProblem ?? 'The retailer reads this day in its e-mail and on the order.'}
              disabled={saving}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, max: latest } }}
            />
            <TextField
              label="Note to the retailer (optional)"
              multiline
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.target.value.slice(0, ORDER_NOTE_MAX))}
              error={Boolean(noteIssue)}
              helperText={noteIssue ?? 'Sent in the retailer’s e-mail and kept on the order’s timeline.'}
              disabled={saving}
            />
            {report.isError && !dayIssue && !noteIssue && (
              <Alert severity="error" role="alert">
                {errorMessage(report.error)}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogButtons
          busy={saving}
          onCancel={close}
          cancelLabel="Back"
          confirmLabel={saving ? 'Saving…' : `Report ${units} ${units === 1 ? 'unit' : 'units'}`}
        />
      </Box>
    </Dialog>
  );
}
