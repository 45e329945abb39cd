import { useId, useState, type FormEvent } from 'react';
import type { BackorderChoice, BackorderChoiceBody, Order, OrderLine } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { backorderLines, unavailableText } from '../../../../components/orders/backorders';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { useChooseBackorders, useIdempotencyKey } from '../api';

export const WAIT_LABEL = 'Wait for them';
export const CANCEL_UNITS_LABEL = 'Cancel these units';

/** What cancelling gives back, for how the order was paid. */
function refundWords(order: Order): string {
  return order.invoice?.stripe_status?.toUpperCase() === 'OPEN'
    ? 'your open invoice is reduced by what they cost'
    : 'what you paid for them is refunded';
}

/** "2 × Honey" for the toast. */
const units = (lines: OrderLine[]) =>
  lines.map((line) => `${line.unavailable_quantity ?? 0} × ${line.name}`).join(', ');

/** The toast once the choices are saved. */
export function backorderDoneMessage(order: Order, waits: OrderLine[], cancels: OrderLine[]): string {
  const parts: string[] = [];
  if (cancels.length) parts.push(`Cancelled ${units(cancels)}: ${refundWords(order)}.`);
  if (waits.length) parts.push(`You wait for ${units(waits)}; they ship when they are back.`);
  return parts.join(' ');
}

/**
 * At the top of View Order while the seller has reported units unavailable (issue 23 §4): per
 * line "N × Name unavailable until <day>" with Wait for them / Cancel these units, and Save.
 * A line the buyer already waits for shows its choice and may still be cancelled.
 */
export function BackorderPanel({ order }: { order: Order }) {
  const titleId = useId();
  const toast = useToast();
  const choose = useChooseBackorders(order.id);
  const keyFor = useIdempotencyKey();
  const lines = backorderLines(order);
  const [choices, setChoices] = useState<Record<string, BackorderChoice>>({});
  const [nothingChosen, setNothingChosen] = useState(false);
  if (lines.length === 0) return null;
  const asked = lines.some((line) => line.backorder === 'asked');
  const choiceOf = (line: OrderLine): BackorderChoice | '' =>
    choices[line.id] ?? (line.backorder === 'waiting' ? 'wait' : '');
  // Only what changes: a choice on an asked line, or cancelling a line already waited for.
  const changed = lines.filter((line) => {
    const choice = choices[line.id];
    return choice && (line.backorder === 'asked' || choice === 'cancel');
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choose.isPending) return;
    setNothingChosen(changed.length === 0);
    if (changed.length === 0) return;
    const body: BackorderChoiceBody = {
      lines: changed.map((line) => ({ line_item_id: line.id, choice: choices[line.id]! })),
    };
    const waits = changed.filter((line) => choices[line.id] === 'wait');
    const cancels = changed.filter((line) => choices[line.id] === 'cancel');
    choose.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: () => {
          toast.show(backorderDoneMessage(order, waits, cancels));
          setChoices({});
          choose.reset();
        },
      },
    );
  }

  return (
    <Alert
      severity={asked ? 'warning' : 'info'}
      component="section"
      role="region"
      aria-labelledby={titleId}
      sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
    >
      <AlertTitle id={titleId}>{asked ? `Some items are unavailable for now` : 'Items you wait for'}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {`${order.seller.name} cannot ship these yet. Wait: they ship when they are back. Cancel: ${refundWords(order)}. The rest of the order ships as usual.`}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          {lines.map((line) => (
            <Box key={line.id} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Box component="legend" sx={{ typography: 'subtitle2', overflowWrap: 'anywhere', p: 0 }}>
                {unavailableText(line)}
              </Box>
              {line.backorder === 'waiting' && (
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  You chose to wait; you may still cancel them.
                </Typography>
              )}
              <RadioGroup
                row
                aria-label={unavailableText(line)}
                value={choiceOf(line)}
                onChange={(event) => {
                  setChoices((current) => ({ ...current, [line.id]: event.target.value as BackorderChoice }));
                  setNothingChosen(false);
                }}
                sx={{ columnGap: 1 }}
              >
                <FormControlLabel
                  value="wait"
                  control={<Radio size="small" />}
                  label={WAIT_LABEL}
                  disabled={choose.isPending}
                />
                <FormControlLabel
                  value="cancel"
                  control={<Radio size="small" />}
                  label={CANCEL_UNITS_LABEL}
                  disabled={choose.isPending}
                />
              </RadioGroup>
            </Box>
          ))}
          {nothingChosen && (
            <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
              {asked ? 'Choose Wait or Cancel for at least one item.' : 'Choose Cancel to cancel units you wait for.'}
            </Typography>
          )}
          {choose.isError && (
            <Alert severity="error" role="alert">
              {errorMessage(choose.error)}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" size="small" disabled={choose.isPending}>
              {choose.isPending ? 'Saving…' : 'Save'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Alert>
  );
}
