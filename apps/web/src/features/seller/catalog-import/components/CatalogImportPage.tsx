import { useRef, useState } from 'react';
import type { CatalogImportPreview, CatalogImportResult, CatalogRowError } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../../lib/api';
import { useFileDrop } from '../../../../lib/use-file-drop';
import { saveBlob } from '../../../../lib/download';
import {
  catalogTemplateCsv,
  commitCatalogImport,
  importErrorDetails,
  previewCatalogImport,
  useRefreshAfterImport,
} from '../api';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { PageHeader } from '../../../../components/PageHeader';
import { plural } from '../plural';
import { ColumnsCard } from './ColumnsCard';
import { PreviewCard } from './PreviewCard';
import { RowErrorsTable } from './RowErrorsTable';

type Phase =
  | { kind: 'choose' }
  | { kind: 'checking'; progress: number }
  | { kind: 'preview'; preview: CatalogImportPreview }
  | { kind: 'importing'; progress: number; preview: CatalogImportPreview }
  | { kind: 'done'; result: CatalogImportResult };

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
/** /app/{org_id}/products/import: upload a catalogue CSV, check it, then import it. */
export function CatalogImportPage() {
  useOrganizationPageTitle('Import Catalog');
  const { orgId = '' } = useParams();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [error, setError] = useState<{ message: string; rows?: CatalogRowError[]; total?: number } | null>(null);
  const refresh = useRefreshAfterImport(orgId);
  const busy = phase.kind === 'checking' || phase.kind === 'importing';

  async function check(next: File) {
    setFile(next);
    setError(null);
    if (!/\.(csv|txt)$/i.test(next.name) && !/csv|text\/plain/.test(next.type)) {
      setPhase({ kind: 'choose' });
      setError({
        message: `“${next.name}” is not a CSV file. Save your spreadsheet as CSV (comma separated) and choose it again.`,
      });
      return;
    }
    setPhase({ kind: 'checking', progress: 0 });
    try {
      const preview = await previewCatalogImport(orgId, next, (progress) => setPhase({ kind: 'checking', progress }));
      setPhase({ kind: 'preview', preview });
    } catch (err) {
      setPhase({ kind: 'choose' });
      const details = importErrorDetails(err);
      setError({ message: errorMessage(err), rows: details?.errors, total: details?.error_count });
    }
  }

  async function commit() {
    if (!file || phase.kind !== 'preview') return;
    const preview = phase.preview;
    setError(null);
    setPhase({ kind: 'importing', progress: 0, preview });
    try {
      const result = await commitCatalogImport(orgId, file, (progress) =>
        setPhase({ kind: 'importing', progress, preview }),
      );
      setPhase({ kind: 'done', result });
      void refresh();
    } catch (err) {
      const details = importErrorDetails(err);
      setPhase({ kind: 'preview', preview });
      setError({ message: errorMessage(err), rows: details?.errors, total: details?.error_count });
    }
  }

  function reset() {
    setFile(null);
    setError(null);
    setPhase({ kind: 'choose' });
  }

  const { dragging, dropHandlers } = useFileDrop(
    (files) => {
      const dropped = files[0];
      if (dropped && !busy) void check(dropped);
    },
    { busy },
  );

  const progress = phase.kind === 'checking' || phase.kind === 'importing' ? phase.progress : 0;
  const uploaded = progress >= 1;

  return (
    <Box>
      <PageHeader
        title="Import products"
        subtitle="Upload your catalog from a spreadsheet saved as CSV."
        back={{ to: `/app/${orgId}/products`, label: 'Back to products' }}
      />

      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <Card component="section" aria-labelledby="csv-file" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}
          >
            <Box>
              <Typography id="csv-file" variant="h6" component="h2">
                Your file
              </Typography>
              <Typography variant="body2">Nothing is saved until you confirm the import.</Typography>
            </Box>
            <Button
              size="small"
              startIcon={<FileDownloadOutlinedIcon />}
              onClick={() =>
                saveBlob(new Blob([catalogTemplateCsv()], { type: 'text/csv' }), 'cratebase-catalog-template.csv')
              }
            >
              Download template
            </Button>
          </Stack>

          {phase.kind === 'done' ? (
            <Stack spacing={2.5}>
              <Alert icon={<CheckCircleIcon />} severity="success">
                <AlertTitle>Import complete</AlertTitle>
                {plural(phase.result.rows, 'row')} imported: {phase.result.created.toLocaleString('en-US')} new,{' '}
                {phase.result.updated.toLocaleString('en-US')} updated
                {phase.result.unchanged > 0
                  ? `, ${phase.result.unchanged.toLocaleString('en-US')} already up to date`
                  : ''}
                .
              </Alert>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Button component={RouterLink} to={`/app/${orgId}/products`} variant="contained">
                  View products
                </Button>
                <Button variant="outlined" onClick={reset}>
                  Import another file
                </Button>
              </Stack>
            </Stack>
          ) : (
            <Box
              {...dropHandlers}
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: dragging ? 'primary.main' : 'divider',
                bgcolor: dragging ? 'rgba(110, 86, 207, 0.06)' : '#fbfaff',
                borderRadius: 1,
                p: { xs: 2.5, sm: 3 },
                textAlign: 'center',
              }}
            >
              {file ? (
                <Stack
                  direction="row"
                  spacing={1.5}
                  sx={{ alignItems: 'center', justifyContent: 'center', mb: busy ? 2 : 1.5 }}
                >
                  <DescriptionOutlinedIcon sx={{ color: 'primary.main' }} aria-hidden />
                  <Box sx={{ textAlign: 'left', minWidth: 0 }}>
                    <Typography variant="subtitle2" sx={{ color: 'text.primary', wordBreak: 'break-all' }}>
                      {file.name}
                    </Typography>
                    <Typography variant="caption">{fileSize(file.size)}</Typography>
                  </Box>
                </Stack>
              ) : (
                <Stack spacing={0.5} sx={{ alignItems: 'center', mb: 2 }}>
                  <UploadFileOutlinedIcon sx={{ fontSize: 36, color: 'primary.light' }} aria-hidden />
                  <Typography variant="subtitle2" sx={{ color: 'text.primary' }}>
                    Drop your CSV here
                  </Typography>
                  <Typography variant="body2">or choose it from your computer</Typography>
                </Stack>
              )}

              {busy ? (
                <Box sx={{ maxWidth: 420, mx: 'auto' }}>
                  <Typography variant="body2" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
                    {phase.kind === 'checking'
                      ? uploaded
                        ? 'Checking every row…'
                        : `Uploading… ${Math.round(progress * 100)}%`
                      : uploaded
                        ? 'Importing your products…'
                        : `Uploading… ${Math.round(progress * 100)}%`}
                  </Typography>
                  <LinearProgress
                    variant={uploaded ? 'indeterminate' : 'determinate'}
                    value={uploaded ? undefined : progress * 100}
                    aria-label={phase.kind === 'checking' ? 'Checking the file' : 'Importing'}
                    sx={{ height: 8, borderRadius: 4 }}
                  />
                </Box>
              ) : (
                <Button variant={file ? 'outlined' : 'contained'} onClick={() => inputRef.current?.click()}>
                  {file ? 'Choose another file' : 'Choose CSV file'}
                </Button>
              )}
              <input
                ref={inputRef}
                type="file"
                accept=".csv,text/csv"
                hidden
                aria-label="Choose a CSV file"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  event.target.value = '';
                  if (chosen) void check(chosen);
                }}
              />
            </Box>
          )}

          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2.5 }}>
              {error.message}
            </Alert>
          )}
          {error?.rows && error.rows.length > 0 && (
            <Box sx={{ mt: 2.5 }}>
              <RowErrorsTable errors={error.rows} total={error.total ?? error.rows.length} />
            </Box>
          )}
        </Card>

        {(phase.kind === 'preview' || phase.kind === 'importing') && (
          <PreviewCard preview={phase.preview} importing={phase.kind === 'importing'} onImport={() => void commit()} />
        )}

        <ColumnsCard />
      </Stack>
    </Box>
  );
}

export default CatalogImportPage;
