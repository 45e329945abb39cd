import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { dayRangeProblem } from '../../../../lib/day-range';
import { saveBlob } from '../../../../lib/download';
import { issuesByField } from '../../../../lib/field-issues';
import { fetchAccountingExport, type AccountingExportRequest } from '../api';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_KIND_FORMATS,
  EXPORT_KIND_LABELS,
  lastMonth,
  type AccountingExportFormat,
  type AccountingExportKind,
} from '../format';
import { SectionHeading } from './SectionHeading';

const KINDS = Object.keys(EXPORT_KIND_LABELS) as AccountingExportKind[];

/** What Xero's invoice and credit note lines name; empty, the server writes its defaults. */
const XERO_FIELDS = [
  {
    name: 'account_code',
    label: 'Xero account code',
    placeholder: '200',
    help: 'The revenue account of every line (empty: 200, Sales)',
  },
  {
    name: 'tax_type',
    label: 'Xero tax rate',
    placeholder: 'Tax Exempt',
    help: 'The name of a tax rate in your Xero (empty: Tax Exempt)',
  },
] as const;

/**
 * The Exports tab: invoices, refunds, card payments or orders for a range of days as a CSV in
 * QuickBooks Online's, Xero's or Cratebase's own layout, downloaded with the seller's session.
 */
export function ExportsSection({ orgId }: { orgId: string }) {
  const toast = useToast();
  const [kind, setKind] = useState<AccountingExportKind>('invoices');
  const [format, setFormat] = useState<AccountingExportFormat>('quickbooks');
  const [range, setRange] = useState(() => lastMonth());
  // Xero's lines name a revenue account and a tax rate; empty: the server's defaults.
  const [xero, setXero] = useState({ account_code: '', tax_type: '' });
  const download = useMutation({
    mutationFn: (request: AccountingExportRequest) => fetchAccountingExport(orgId, request),
    onSuccess: ({ blob, filename }) => {
      saveBlob(blob, filename);
      toast.show(`${filename} downloaded`);
    },
  });
  const formats: readonly AccountingExportFormat[] = EXPORT_KIND_FORMATS[kind];
  const problem = dayRangeProblem(range.from, range.to);
  const refused = issuesByField(download.error, {
    from: 'from',
    to: 'to',
    account_code: 'account_code',
    tax_type: 'tax_type',
  } as const);
  const rangeError = problem ?? refused.to ?? refused.from;
  const otherError = download.isError && Object.keys(refused).length === 0 ? errorMessage(download.error) : null;
  // Xero's invoices and credit notes carry them (its bank statement of card payments does not).
  const xeroLines = format === 'xero' && (kind === 'invoices' || kind === 'refunds');

  function chooseKind(next: AccountingExportKind) {
    setKind(next);
    download.reset();
    // Orders come only in Cratebase's layout: keep the format when the kind has it.
    const nextFormats: readonly AccountingExportFormat[] = EXPORT_KIND_FORMATS[next];
    if (!nextFormats.includes(format)) setFormat(EXPORT_KIND_FORMATS[next][0]);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (problem || download.isPending) return;
    const codes = xeroLines
      ? { account_code: xero.account_code.trim() || undefined, tax_type: xero.tax_type.trim() || undefined }
      : {};
    download.mutate({ kind, format, ...range, ...codes });
  }

  return (
    <Box component="section" aria-labelledby="exports-heading">
      <SectionHeading id="exports-heading" title="Accounting exports">
        Your invoices, refunds and card payments as a CSV file your accounting imports. QuickBooks Online and Xero files
        follow their own import templates; Cratebase’s has every field.
      </SectionHeading>
      <Paper
        variant="outlined"
        component="form"
        aria-label="Export"
        onSubmit={submit}
        noValidate
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <TextField
            select
            label="What"
            value={kind}
            onChange={(e) => chooseKind(e.target.value as AccountingExportKind)}
            helperText={EXPORT_KIND_LABELS[kind].detail}
          >
            {KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {EXPORT_KIND_LABELS[k].title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Format"
            value={format}
            onChange={(e) => {
              setFormat(e.target.value as AccountingExportFormat);
              download.reset();
            }}
            helperText={formats.length === 1 ? 'Orders come in Cratebase’s layout only' : ' '}
          >
            {formats.map((f) => (
              <MenuItem key={f} value={f}>
                {EXPORT_FORMAT_LABELS[f]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label="From"
            value={range.from}
            onChange={(e) => {
              setRange((r) => ({ ...r, from: e.target.value }));
              download.reset();
            }}
            error={Boolean(rangeError)}
            helperText={rangeError ?? 'First day, included'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to || undefined } }}
          />
          <TextField
            type="date"
            label="To"
            value={range.to}
            onChange={(e) => {
              setRange((r) => ({ ...r, to: e.target.value }));
              download.reset();
            }}
            error={Boolean(rangeError)}
            helperText="Last day, included"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from || undefined } }}
          />
        </Box>
        {xeroLines && (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              mt: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            {XERO_FIELDS.map((field) => (
              <TextField
                key={field.name}
                label={field.label}
                value={xero[field.name]}
                placeholder={field.placeholder}
                onChange={(e) => {
                  setXero((x) => ({ ...x, [field.name]: e.target.value }));
                  download.reset();
                }}
                error={Boolean(refused[field.name])}
                helperText={refused[field.name] ?? field.help}
                slotProps={{ htmlInput: { maxLength: 60 }, inputLabel: { shrink: true } }}
              />
            ))}
          </Box>
        )}
        {otherError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            The export was not downloaded. {otherError}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 2.5 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={download.isPending}
            startIcon={
              download.isPending ? (
                <CircularProgress size={16} color="inherit" aria-hidden />
              ) : (
                <FileDownloadOutlinedIcon />
              )
            }
          >
            {download.isPending ? 'Preparing…' : 'Download CSV'}
          </Button>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Days are counted in UTC.
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
