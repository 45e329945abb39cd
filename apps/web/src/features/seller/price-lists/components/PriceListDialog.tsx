import { useId, useState, type FormEvent } from 'react';
import { PRICE_LIST_LIMITS, type PriceList } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DialogButtons } from '../../../../components/DialogButtons';
import { errorMessage } from '../../../../lib/api';
import { issuesByField } from '../../../../lib/field-issues';
import { priceListBody, priceListFormProblems, type PriceListFormValues } from '../form';

export interface PriceListDialogProps {
  open: boolean;
  /** The list to edit; a new list without it. */
  list?: PriceList;
  busy: boolean;
  /** The failed save's error (its field issues show under their fields). */
  error: unknown;
  onSave: (body: ReturnType<typeof priceListBody>) => void;
  onClose: () => void;
}

const initialValues = (list?: PriceList): PriceListFormValues => ({
  name: list?.name ?? '',
  percent: list && list.percent_off > 0 ? String(list.percent_off) : '',
});

/**
 * New price list / Edit price list: a name and a percentage off wholesale (empty: 0, for a list
 * of fixed prices only). The contract's rules show under each field once it is left or on Save;
 * the server's refusals (a name already used) under theirs.
 */
export function PriceListDialog(props: PriceListDialogProps) {
  // A fresh form each time it opens.
  return props.open ? <OpenPriceListDialog {...props} /> : null;
}

function OpenPriceListDialog({ open, list, busy, error, onSave, onClose }: PriceListDialogProps) {
  const titleId = useId();
  const [values, setValues] = useState(() => initialValues(list));
  const [touched, setTouched] = useState<Partial<Record<keyof PriceListFormValues, boolean>>>({});
  const problems = priceListFormProblems(values);
  // The values last sent: the server's issue of a field shows until that field is changed.
  const [sent, setSent] = useState<PriceListFormValues | null>(null);
  const refused = issuesByField(error, { name: 'name', percent_off: 'percent' } as const);
  const server: typeof refused = {
    name: sent?.name === values.name ? refused.name : undefined,
    percent: sent?.percent === values.percent ? refused.percent : undefined,
  };
  const shown = (field: keyof PriceListFormValues) => (touched[field] ? problems[field] : undefined) ?? server[field];
  const otherError = error && !refused.name && !refused.percent ? errorMessage(error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ name: true, percent: true });
    if (Object.keys(problems).length > 0) return;
    setSent(values);
    onSave(priceListBody(values));
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{list ? 'Edit price list' : 'New price list'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {!list && (
              <Typography variant="body2">
                Customers you put on this list pay its prices: a percentage off your wholesale prices, and fixed prices
                you set per product next.
              </Typography>
            )}
            {otherError && <Alert severity="error">{otherError}</Alert>}
            <TextField
              label="Name"
              required
              autoFocus
              autoComplete="off"
              value={values.name}
              onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
              onBlur={() => setTouched((t) => ({ ...t, name: values.name.trim() !== '' || t.name }))}
              error={Boolean(shown('name'))}
              helperText={shown('name') ?? 'Customers do not see it, e.g. Distributor or Key accounts.'}
              slotProps={{ htmlInput: { maxLength: PRICE_LIST_LIMITS.name + 20 } }}
              fullWidth
            />
            <TextField
              label="Percent off wholesale"
              autoComplete="off"
              value={values.percent}
              placeholder="0"
              onChange={(e) => setValues((v) => ({ ...v, percent: e.target.value }))}
              onBlur={() => setTouched((t) => ({ ...t, percent: true }))}
              error={Boolean(shown('percent'))}
              helperText={
                shown('percent') ?? 'Applies to every product without a fixed price. 0 keeps your wholesale prices.'
              }
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogButtons busy={busy} onCancel={onClose} confirmLabel={list ? 'Save' : 'Create price list'} />
      </form>
    </Dialog>
  );
}
