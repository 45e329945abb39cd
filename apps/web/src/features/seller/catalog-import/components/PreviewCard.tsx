import type { CatalogImportPreview } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../../../lib/format';
import { plural } from '../plural';
import { RowErrorsTable } from './RowErrorsTable';

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

/** The checked file: its counts, its problems or its first rows, and Import. */
export function PreviewCard({
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
            <RowErrorsTable errors={preview.errors} total={preview.error_count} />
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
