import { useState, type FormEvent } from 'react';
import type { LineSheetSummary } from '@cratebase/contract';
import { LINE_SHEET_LIMITS } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { DialogButtons } from '../../../../components/DialogButtons';
import { EmptyState } from '../../../../components/EmptyState';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../../components/TintedIcon';
import { errorMessage } from '../../../../lib/api';
import { issuesByField } from '../../../../lib/field-issues';
import { formatDate } from '../../../../lib/format';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { useCreateLineSheet, useLineSheets } from '../api';

export const LINE_SHEETS_EMPTY_TEXT = 'No line sheets yet';

function NewLineSheetDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const create = useCreateLineSheet(orgId);
  const navigate = useNavigate();
  const issues = issuesByField(create.error, { title: 'title' });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ title: title.trim() }, { onSuccess: (sheet) => navigate(`/app/${orgId}/line-sheets/${sheet.id}`) });
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="new-line-sheet-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="new-line-sheet-title">New line sheet</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Name it for the season or the buyer, e.g. “Spring 2027” — you choose its products next.
          </Typography>
          <TextField
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: LINE_SHEET_LIMITS.title } }}
            error={Boolean(issues.title)}
            helperText={issues.title}
          />
          {create.isError && !issues.title && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(create.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogButtons
          busy={create.isPending}
          onCancel={onClose}
          confirmLabel="Create"
          confirmDisabled={!title.trim()}
        />
      </form>
    </Dialog>
  );
}

function SheetRow({ orgId, sheet }: { orgId: string; sheet: LineSheetSummary }) {
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={`/app/${orgId}/line-sheets/${sheet.id}`}
            variant="subtitle1"
            underline="hover"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {sheet.title}
          </Link>
          <Typography variant="body2">
            {sheet.all_products
              ? `All live products (${sheet.product_count})`
              : `${sheet.product_count} ${sheet.product_count === 1 ? 'product' : 'products'}`}
            {' · '}
            {sheet.price_list ? `${sheet.price_list.name} prices` : 'Wholesale prices'}
            {' · '}
            Changed {formatDate(sheet.updated_at)}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {sheet.share_url ? (
            <Chip
              size="small"
              color="success"
              variant="outlined"
              label="Shared"
              sx={{ color: 'text.primary', fontWeight: 600 }}
            />
          ) : (
            <Chip size="small" variant="outlined" label="Not shared" />
          )}
          {sheet.open_request_count > 0 && (
            <Chip
              size="small"
              color="warning"
              label={`${sheet.open_request_count} new ${sheet.open_request_count === 1 ? 'request' : 'requests'}`}
            />
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** /app/{org_id}/line-sheets: the seller's line sheets, and New line sheet. */
export function LineSheetsPage() {
  useOrganizationPageTitle('Line sheets');
  const { orgId = '' } = useParams();
  const sheets = useLineSheets(orgId);
  const [open, setOpen] = useState(false);
  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
      New line sheet
    </Button>
  );
  return (
    <Stack spacing={3}>
      <PageHeader
        title="Line sheets"
        subtitle="Your products with photos, prices and minimums — as a PDF, or a private web page where stores request to order."
        actions={sheets.data && sheets.data.length > 0 ? newButton : undefined}
      />
      {sheets.isError && <QueryErrorAlert error={sheets.error} onRetry={() => void sheets.refetch()} />}
      {sheets.isPending && (
        <Stack spacing={1.5} role="status" aria-label="Loading line sheets">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={72} />
          ))}
        </Stack>
      )}
      {sheets.data && sheets.data.length === 0 && (
        <Paper variant="outlined" sx={{ py: 6, px: 2 }}>
          <EmptyState
            icon={
              <TintedIcon>
                <MenuBookOutlinedIcon />
              </TintedIcon>
            }
            title={LINE_SHEETS_EMPTY_TEXT}
            action={newButton}
          >
            Make a line sheet for a season or a trade show: download it as a PDF, e-mail it, or share its link with
            stores that have no account yet.
          </EmptyState>
        </Paper>
      )}
      {sheets.data && sheets.data.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label="Line sheets">
          {sheets.data.map((sheet) => (
            <SheetRow key={sheet.id} orgId={orgId} sheet={sheet} />
          ))}
        </Stack>
      )}
      <NewLineSheetDialog orgId={orgId} open={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}
