import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useMutation } from '@tanstack/react-query';
import { DialogButtons } from '../../../../components/DialogButtons';
import { api, apiPath, errorMessage, withQuery } from '../../../../lib/api';
import { dayRangeProblem, isoDay } from '../../../../lib/day-range';
import { issuesByField } from '../../../../lib/field-issues';
import { openFileInNewTab } from '../../../../lib/open-in-new-tab';

/** GET /api/organization/{org_id}/customers/{purchaser_id}/statement.pdf?from&to with the bearer token. */
async function fetchCustomerStatement(orgId: string, customerId: string, from: string, to: string): Promise<Blob> {
  const { blob } = await api.download(
    withQuery(apiPath`/api/organization/${orgId}/customers/${customerId}/statement.pdf`, { from, to }),
    'application/pdf',
  );
  return new Blob([blob], { type: 'application/pdf' });
}

/**
 * Statement (owners and admins, issue 26): the customer's invoices, payments and credits for a
 * range of days with a running balance and aging, as a PDF opened in a new tab. The range starts
 * on the year's first day and ends today.
 */
export function StatementButton({ orgId, customerId, name }: { orgId: string; customerId: string; name: string }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(() => {
    const today = new Date();
    return { from: isoDay(new Date(today.getFullYear(), 0, 1)), to: isoDay(today) };
  });
  const statement = useMutation({
    mutationFn: () =>
      openFileInNewTab(
        () => fetchCustomerStatement(orgId, customerId, range.from, range.to),
        `statement-${range.from}-${range.to}.pdf`,
        'Preparing the statement…',
      ),
    onSuccess: () => setOpen(false),
  });
  const problem = dayRangeProblem(range.from, range.to);
  const refused = issuesByField(statement.error, { from: 'from', to: 'to' } as const);
  const rangeError = problem ?? refused.to ?? refused.from;
  const otherError = statement.isError && !refused.to && !refused.from ? errorMessage(statement.error) : null;

  function close() {
    if (statement.isPending) return;
    statement.reset();
    setOpen(false);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!problem) statement.mutate();
  }
  const setDay = (field: 'from' | 'to') => (value: string) => {
    statement.reset();
    setRange((r) => ({ ...r, [field]: value }));
  };

  return (
    <>
      <Button variant="outlined" startIcon={<ReceiptLongOutlinedIcon />} onClick={() => setOpen(true)}>
        Statement
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>Statement for {name}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <Typography variant="body2">
                Their invoices, payments and credits between these days, with the running balance and what is overdue,
                as a PDF to send them.
              </Typography>
              {otherError && <Alert severity="error">{otherError}</Alert>}
              <Stack direction="row" spacing={1.5}>
                <TextField
                  type="date"
                  label="From"
                  value={range.from}
                  onChange={(e) => setDay('from')(e.target.value)}
                  error={Boolean(rangeError)}
                  helperText={rangeError}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to || undefined } }}
                  sx={{ flex: 1, minWidth: 0 }}
                />
                <TextField
                  type="date"
                  label="To"
                  value={range.to}
                  onChange={(e) => setDay('to')(e.target.value)}
                  error={Boolean(rangeError)}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from || undefined } }}
                  sx={{ flex: 1, minWidth: 0 }}
                />
              </Stack>
            </Stack>
          </DialogContent>
          <DialogButtons busy={statement.isPending} onCancel={close} confirmLabel="Open PDF" />
        </form>
      </Dialog>
    </>
  );
}
