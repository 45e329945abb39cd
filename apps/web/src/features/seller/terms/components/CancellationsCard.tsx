import { useState } from 'react';
import { MAX_BUYER_CANCEL_HOURS, buyerCancelRule } from '@cratebase/contract';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useOrderSettings, useSaveOrderSettings } from '../order-settings';

export const BUYER_CANCEL_HOURS_LABEL = 'Buyers may cancel within (hours)';

/** The typed hours: a whole number from 0 to 720, or the field's error. */
export function parseCancelHours(text: string): { hours: number } | { problem: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { problem: 'Enter a whole number of hours (0 for never).' };
  const hours = Number(trimmed);
  if (hours > MAX_BUYER_CANCEL_HOURS) return { problem: `Enter at most ${MAX_BUYER_CANCEL_HOURS} hours (30 days).` };
  return { hours };
}

/** The field, once the saved hours are known: saved when it loses focus or on Enter. */
function CancelHoursField({ orgId, saved }: { orgId: string; saved: number }) {
  const save = useSaveOrderSettings(orgId);
  const [text, setText] = useState(String(saved));
  const parsed = parseCancelHours(text);
  const problem = 'problem' in parsed ? parsed.problem : null;
  const serverIssue = save.error instanceof ApiError ? save.error.issueFor('buyer_cancel_hours') : undefined;
  const shownHours = 'hours' in parsed ? parsed.hours : saved;

  function commit() {
    if (!('hours' in parsed) || save.isPending) return;
    if (parsed.hours === (save.data?.buyer_cancel_hours ?? saved) && !save.isError) return;
    save.mutate({ buyer_cancel_hours: parsed.hours });
  }

  const status = save.isPending
    ? 'Saving…'
    : save.isError
      ? `Not saved: ${serverIssue ?? errorMessage(save.error)}`
      : save.isSuccess
        ? 'Saved'
        : '';
  return (
    <>
      <TextField
        label={BUYER_CANCEL_HOURS_LABEL}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (save.isError) save.reset();
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        error={Boolean(problem ?? serverIssue)}
        helperText={
          problem ??
          `Retailers read: “${buyerCancelRule(shownHours)}” 0 means they always ask you. It applies at once, to orders already placed too.`
        }
        slotProps={{
          htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
          input: { endAdornment: <InputAdornment position="end">hours</InputAdornment> },
        }}
        sx={{ maxWidth: 420 }}
        fullWidth
      />
      {/* A live region, not a second role="status": the page's save status is that. */}
      <Typography
        aria-live="polite"
        data-testid="cancel-hours-status"
        variant="body2"
        sx={{ mt: 1, minHeight: 20, color: save.isError ? 'error.main' : 'text.secondary' }}
      >
        {status}
      </Typography>
    </>
  );
}

/**
 * Terms page, issue 23: how long after placing an order a retailer may cancel or reduce it itself
 * (until the seller accepts or ships it); later it can only request a cancellation.
 */
export function CancellationsCard({ orgId }: { orgId: string }) {
  const settings = useOrderSettings(orgId);
  return (
    <Card component="section" aria-labelledby="cancellations-heading" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id="cancellations-heading" variant="h6" component="h2">
        Cancellations
      </Typography>
      <Typography variant="body2" sx={{ mb: 2.5 }}>
        How long a retailer may cancel or reduce an order itself, until you accept or ship it.
      </Typography>
      {settings.isError ? (
        <QueryErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <CancelHoursField orgId={orgId} saved={settings.data.buyer_cancel_hours} />
      ) : (
        <Skeleton variant="rounded" height={56} sx={{ maxWidth: 420 }} />
      )}
    </Card>
  );
}
