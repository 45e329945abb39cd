import { useRef, useState, type ReactNode } from 'react';
import {
  CATALOG_IMPORT_MAX_ROWS,
  type CatalogImportPreview,
  type CatalogImportResult,
  type CatalogRowError,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { formatCents } from '../../../../lib/format';
import { errorMessage } from '../../../../lib/api';
import { useFileDrop } from '../../../../lib/use-file-drop';
import { saveBlob } from '../../../../lib/download';
import { useOrderUnits, useProductStates, useWeightUnits } from '../../api';
import {
  catalogTemplateCsv,
  commitCatalogImport,
  importErrorDetails,
  previewCatalogImport,
  useRefreshAfterImport,
} from '../api';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { PageHeader } from '../../../../components/PageHeader';

type Phase =
  | { kind: 'choose' }
  | { kind: 'checking'; progress: number }
  | { kind: 'preview'; preview: CatalogImportPreview }
  | { kind: 'importing'; progress: number; preview: CatalogImportPreview }
  | { kind: 'done'; result: CatalogImportResult };

function plural(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The documented columns (also in the README, "Catalogue CSV"). */
function useColumnDocs(): Array<{ column: string; required?: boolean; meaning: ReactNode; example: string }> {
  const orderUnits =
    useOrderUnits()
      .data?.map((u) => u.unit)
      .join(', ') ?? 'Each, Case, Pack, Box, Dozen';
  const weightUnits =
    useWeightUnits()
      .data?.map((u) => u.unit)
      .join(', ') ?? 'lb, oz, kg, g';
  const states =
    useProductStates()
      .data?.map((s) => s.state)
      .join(', ') ?? 'Draft, Live, Archived';
  return [
    {
      column: 'name',
      required: true,
      meaning: 'Product name, up to 200 characters.',
      example: 'Chipotle Hot Sauce',
    },
    {
      column: 'description',
      meaning: 'Shown on the product page; line breaks are kept.',
      example: 'Small-batch sauce…',
    },
    {
      column: 'sku',
      meaning:
        'Your stock keeping unit. A row whose SKU you already have updates that product; without a SKU, a product with the same name is updated.',
      example: 'HS-CHIP-5',
    },
    { column: 'upc', meaning: 'Barcode number, 8 to 14 digits.', example: '012345678905' },
    { column: 'order_unit', meaning: `How retailers order it: ${orderUnits}.`, example: 'Case' },
    { column: 'quantity_per_unit', meaning: 'Retail units in one order unit (whole number).', example: '12' },
    { column: 'wholesale_price', meaning: 'Price per order unit in dollars, up to 2 decimals.', example: '42.00' },
    { column: 'retail_price', meaning: 'Suggested retail price per retail unit in dollars.', example: '7.99' },
    { column: 'weight', meaning: 'Shipping weight of one order unit.', example: '5.5' },
    { column: 'weight_unit', meaning: `${weightUnits}.`, example: 'lb' },
    {
      column: 'status',
      meaning: `${states}. Empty: Draft for new products, unchanged for existing ones.`,
      example: 'Live',
    },
    { column: 'inventory', meaning: 'Units in stock (sets the count). Empty keeps the current count.', example: '120' },
    {
      column: 'order_increment',
      meaning:
        'Optional column. Sold in multiples of this many (whole number); empty means any quantity. Without the column, products keep theirs.',
      example: '6',
    },
    {
      column: 'price_breaks',
      meaning:
        'Optional column. Volume prices as quantity:dollars separated by semicolons, up to 5, quantities rising and prices falling below wholesale_price; empty removes them. Without the column, products keep theirs.',
      example: '12:4.10;24:3.90',
    },
  ];
}

function ColumnsCard() {
  const docs = useColumnDocs();
  return (
    <Card component="section" aria-labelledby="csv-columns" sx={{ overflow: 'hidden' }}>
      <Box sx={{ p: { xs: 2.5, sm: 3 }, pb: 1.5 }}>
        <Typography id="csv-columns" variant="h6" component="h2">
          Columns
        </Typography>
        <Typography variant="body2">
          The first row names the columns (any order, any case). Every column but the optional ones must be present;
          cells other than name may be empty. Up to {CATALOG_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows per file.
        </Typography>
      </Box>
      <TableContainer>
        <Table size="small" aria-labelledby="csv-columns">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, pl: { xs: 2.5, sm: 3 } }}>Column</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>What it holds</TableCell>
              <TableCell sx={{ fontWeight: 600, display: { xs: 'none', md: 'table-cell' }, pr: 3 }}>Example</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {docs.map((doc) => (
              <TableRow key={doc.column}>
                <TableCell sx={{ pl: { xs: 2.5, sm: 3 }, verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                  <Box component="code" sx={{ fontSize: 13, fontWeight: 600, color: 'primary.dark' }}>
                    {doc.column}
                  </Box>
                  {doc.required && (
                    <Typography variant="caption" sx={{ display: 'block', color: 'error.main' }}>
                      required
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <Typography variant="body2">{doc.meaning}</Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, verticalAlign: 'top', pr: 3 }}>
                  <Box component="code" sx={{ fontSize: 13, whiteSpace: 'nowrap' }}>
                    {doc.example}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: 'error' | 'primary' }) {
  return (
    <Box sx={{ p: 2, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.paper', minWidth: 0 }}>
      <Typography
        variant="h5"
        component="p"
        sx={{
          color: tone === 'error' && value > 0 ? 'error.main' : tone === 'primary' ? 'primary.main' : 'text.primary',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value.toLocaleString('en-US')}
      </Typography>
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}

function RowErrors({ errors, total }: { errors: CatalogRowError[]; total: number }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ color: 'text.primary', mb: 1 }}>
        {plural(total, 'problem')} to fix
        {total > errors.length ? ` (the first ${errors.length.toLocaleString('en-US')} are listed)` : ''}
      </Typography>
      <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="Problems in the file">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, width: 72 }}>Row</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 160 }}>Column</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Problem</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((e, i) => (
              <TableRow key={`${e.row}-${e.field}-${i}`}>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{e.row}</TableCell>
                <TableCell>
                  <Box component="code" sx={{ fontSize: 13 }}>
                    {e.field}
                  </Box>
                </TableCell>
                <TableCell>{e.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function SampleRows({ preview }: { preview: CatalogImportPreview }) {
  if (preview.sample.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ color: 'text.primary', mb: 1 }}>
        {preview.sample.length < preview.valid ? `First ${preview.sample.length} rows` : 'Rows'}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="Rows in the file">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, width: 56 }}>Row</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 90 }}>Action</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Name</TableCell>
              <TableCell sx={{ fontWeight: 600, display: { xs: 'none', sm: 'table-cell' } }}>SKU</TableCell>
              <TableCell sx={{ fontWeight: 600, display: { xs: 'none', md: 'table-cell' } }} align="right">
                Wholesale
              </TableCell>
              <TableCell sx={{ fontWeight: 600, display: { xs: 'none', md: 'table-cell' } }}>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.sample.map((row) => (
              <TableRow key={row.row}>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.row}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={row.action === 'create' ? 'New' : 'Update'}
                    color={row.action === 'create' ? 'primary' : 'default'}
                    variant={row.action === 'create' ? 'filled' : 'outlined'}
                  />
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.name}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.sku ?? '—'}</TableCell>
                <TableCell
                  sx={{ display: { xs: 'none', md: 'table-cell' }, fontVariantNumeric: 'tabular-nums' }}
                  align="right"
                >
                  {formatCents(row.wholesale_price_in_cents)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {row.status ?? (row.action === 'create' ? 'Draft' : 'unchanged')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
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
              <RowErrors errors={error.rows} total={error.total ?? error.rows.length} />
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

function PreviewCard({
  preview,
  importing,
  onImport,
}: {
  preview: CatalogImportPreview;
  importing: boolean;
  onImport: () => void;
}) {
  const blocked = preview.error_count > 0 || preview.valid === 0;
  return (
    <Card component="section" aria-labelledby="csv-preview" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id="csv-preview" variant="h6" component="h2" sx={{ mb: 2 }}>
        Preview
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, mb: 2.5 }}>
        <Stat label="rows" value={preview.rows} />
        <Stat label="to create" value={preview.to_create} tone="primary" />
        <Stat label="to update" value={preview.to_update} />
        <Stat label={preview.error_count === 1 ? 'problem' : 'problems'} value={preview.error_count} tone="error" />
      </Box>
      <Stack spacing={2.5}>
        {preview.ignored_columns.length > 0 && (
          <Alert severity="info">
            These columns are not part of the catalog format and will be ignored: {preview.ignored_columns.join(', ')}.
          </Alert>
        )}
        {preview.error_count > 0 ? (
          <>
            <Alert severity="warning">
              Nothing can be imported until every row is correct. Fix these rows in your spreadsheet, save it as CSV and
              choose it again. Row numbers count the header as row 1.
            </Alert>
            <RowErrors errors={preview.errors} total={preview.error_count} />
          </>
        ) : preview.valid === 0 ? (
          <Alert severity="warning">The file has no product rows.</Alert>
        ) : null}
        <SampleRows preview={preview} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" size="large" disabled={blocked || importing} onClick={onImport}>
            {importing ? 'Importing…' : blocked ? 'Import' : `Import ${plural(preview.valid, 'product')}`}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

export default CatalogImportPage;
