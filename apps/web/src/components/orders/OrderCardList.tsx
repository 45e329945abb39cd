import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { visuallyHidden } from '../visually-hidden';
import { LoadMoreButton } from '../DataTable';

/** True below MUI's `sm` breakpoint, where order lists show cards instead of a table. */
export function usePhoneLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

/** One labelled value of an order card (the label is the table's column name). */
export interface OrderCardField {
  label: string;
  value: ReactNode;
}

/** The payment status as a chip: OPEN in the error colour, the others in the primary colour. */
export function PaymentStatusChip({ label, open }: { label: string; open: boolean }) {
  return (
    <Chip
      label={label}
      size="small"
      variant="outlined"
      color={open ? 'error' : 'primary'}
      data-status={open ? 'error' : 'primary'}
      sx={{ fontWeight: 700, letterSpacing: 0.3 }}
    />
  );
}

export interface OrderCardListProps<Row> {
  /** Accessible name of the list (e.g. "Orders"). */
  label: string;
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  loading: boolean;
  /** Shown instead of the cards when there are no orders. */
  empty: ReactNode;
  /** First line, left: the order's date. */
  date: (row: Row) => ReactNode;
  /** First line, right: the order's amount. */
  amount: (row: Row) => ReactNode;
  /** Second line, in bold (the seller's customer), with its column name for screen readers. */
  title?: { label: string; cell: (row: Row) => ReactNode };
  /** The other columns, label and value, one a line. */
  fields: (row: Row) => OrderCardField[];
  paymentStatus: (row: Row) => { label: string; open: boolean };
  /** The row's buttons (open the order, tracking, Order Again…). */
  actions: (row: Row) => ReactNode;
  /** Left of the card's values (the seller's selection checkbox); nothing when absent. */
  leading?: (row: Row) => ReactNode;
  skeletonCards?: number;
  /** Keyset paging: shows "Load more" while there is a next page. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
}

const labelSx = { color: 'text.secondary', flexShrink: 0 } as const;

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        gridColumn: '1 / -1',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        minHeight: 28,
      }}
    >
      <Typography variant="body2" component="dt" sx={labelSx}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="dd"
        sx={{ m: 0, color: 'text.primary', textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

const cardSx = { position: 'relative', p: 2, listStyle: 'none' } as const;

function OrderCardSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <Stack component="ul" spacing={1.5} aria-label={`Loading ${label.toLowerCase()}`} aria-busy sx={{ m: 0, p: 0 }}>
      {Array.from({ length: count }, (_, i) => (
        <Paper key={i} component="li" variant="outlined" data-testid="skeleton-card" sx={cardSx}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Skeleton variant="text" width="35%" />
            <Skeleton variant="text" width="25%" />
          </Box>
          <Skeleton variant="text" width="55%" />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Skeleton variant="rounded" width={96} height={30} />
            <Skeleton variant="rounded" width={110} height={30} />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * An order list at phone width: a card per order with the table's values under their column
 * names, the row's buttons at the bottom, the skeleton, the empty state and Load more.
 */
export function OrderCardList<Row>(props: OrderCardListProps<Row>) {
  const { label, rows, rowKey, loading, empty, date, amount, title, fields, paymentStatus, actions } = props;

  if (loading || !rows) return <OrderCardSkeleton count={props.skeletonCards ?? 4} label={label} />;

  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        {typeof empty === 'string' ? <Typography variant="body1">{empty}</Typography> : empty}
      </Paper>
    );
  }

  return (
    <Box>
      <Stack component="ul" spacing={1.5} aria-label={label} sx={{ m: 0, p: 0 }}>
        {rows.map((row) => {
          const status = paymentStatus(row);
          return (
            <Paper key={rowKey(row)} component="li" variant="outlined" sx={cardSx}>
              <Box sx={props.leading ? { display: 'flex', alignItems: 'flex-start', gap: 1 } : undefined}>
                {props.leading && <Box sx={{ flexShrink: 0, ml: -1, mt: -1 }}>{props.leading(row)}</Box>}
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'minmax(0, 1fr) auto',
                    columnGap: 2,
                    flex: 1,
                    minWidth: 0,
                  }}
                >
                  <Box sx={{ minWidth: 0, alignSelf: 'center' }}>
                    <Box component="dt" sx={visuallyHidden}>
                      Date
                    </Box>
                    <Typography variant="body2" component="dd" sx={{ m: 0, color: 'text.secondary' }}>
                      {date(row)}
                    </Typography>
                  </Box>
                  <Box sx={{ alignSelf: 'center' }}>
                    <Box component="dt" sx={visuallyHidden}>
                      Amount
                    </Box>
                    <Typography
                      variant="subtitle1"
                      component="dd"
                      sx={{ m: 0, fontWeight: 700, color: 'text.primary' }}
                    >
                      {amount(row)}
                    </Typography>
                  </Box>
                  {title && (
                    <Box sx={{ gridColumn: '1 / -1', mb: 0.5 }}>
                      <Box component="dt" sx={visuallyHidden}>
                        {title.label}
                      </Box>
                      <Typography
                        variant="subtitle2"
                        component="dd"
                        sx={{ m: 0, color: 'text.primary', fontWeight: 600, overflowWrap: 'anywhere' }}
                      >
                        {title.cell(row)}
                      </Typography>
                    </Box>
                  )}
                  {fields(row).map((field) => (
                    <Line key={field.label} label={field.label}>
                      {field.value}
                    </Line>
                  ))}
                  <Line label="Payment Status">
                    <PaymentStatusChip label={status.label} open={status.open} />
                  </Line>
                </Box>
              </Box>
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  justifyContent: 'flex-end',
                  gap: 1,
                  mt: 1.5,
                  pt: 1.5,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                {actions(row)}
              </Box>
            </Paper>
          );
        })}
      </Stack>
      {props.hasMore && <LoadMoreButton onClick={props.onLoadMore} loading={props.loadingMore} />}
    </Box>
  );
}
