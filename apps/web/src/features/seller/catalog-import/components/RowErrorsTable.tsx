import type { CatalogRowError } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { plural } from '../plural';

/** The rows of a catalogue CSV that cannot be imported: row, column and problem ("the first N" when cut short). */
export function RowErrorsTable({ errors, total }: { errors: CatalogRowError[]; total: number }) {
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
