import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface DataColumn<Row> {
  /** Header text (also the accessible column name). */
  header: string;
  cell: (row: Row) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** Hide below the `sm` breakpoint to keep phone layouts readable. */
  hideOnPhone?: boolean;
  /** What the header cell shows instead of `header` (e.g. a select-all checkbox named by it). */
  headerCell?: ReactNode;
}

export interface DataTableProps<Row> {
  /** Accessible name of the table (e.g. "Products"). */
  label: string;
  columns: DataColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  loading: boolean;
  /** Spec: skeleton tables show 10 rows. */
  skeletonRows?: number;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  onRowClick?: (row: Row) => void;
  /** Keyset paging: shows "Load more" while there is a next page. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
}

/** The list tables of the seller area: skeleton while loading, empty state, row click, paging. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, rowKey, loading, skeletonRows = 10, empty, onRowClick } = props;
  const phone = (c: DataColumn<Row>) => (c.hideOnPhone ? { display: { xs: 'none', sm: 'table-cell' } } : {});

  if (!loading && rows && rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center' }}>
        {typeof empty === 'string' ? <Typography variant="body1">{empty}</Typography> : empty}
      </Paper>
    );
  }

  return (
    <Box>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={label} aria-busy={loading || undefined}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align} sx={{ width: c.width, fontWeight: 600, ...phone(c) }}>
                  {c.headerCell ?? c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading || !rows
              ? Array.from({ length: skeletonRows }, (_, i) => (
                  <TableRow key={`skeleton-${i}`} data-testid="skeleton-row">
                    {columns.map((c) => (
                      <TableCell key={c.header} sx={phone(c)}>
                        <Skeleton variant="text" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows.map((row) => (
                  <TableRow
                    key={rowKey(row)}
                    hover={Boolean(onRowClick)}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={
                      onRowClick
                        ? (e) => {
                            if (e.key === 'Enter' || e.key === ' ') {
                              e.preventDefault();
                              onRowClick(row);
                            }
                          }
                        : undefined
                    }
                    tabIndex={onRowClick ? 0 : undefined}
                    sx={onRowClick ? { cursor: 'pointer' } : undefined}
                  >
                    {columns.map((c) => (
                      <TableCell key={c.header} align={c.align} sx={phone(c)}>
                        {c.cell(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      {props.hasMore && <LoadMoreButton onClick={props.onLoadMore} loading={props.loadingMore} />}
    </Box>
  );
}

/** "Load more" under a list that pages (its next page while `loading`). */
export function LoadMoreButton({ onClick, loading }: { onClick?: () => void; loading?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <Button variant="outlined" onClick={onClick} disabled={loading}>
        {loading ? 'Loading…' : 'Load more'}
      </Button>
    </Box>
  );
}
