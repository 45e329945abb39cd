import { useId, type ReactNode } from 'react';
import {
  CARRIER_LABELS,
  normalizeCarrier,
  type Order,
  type OrderAddress,
  type OrderSummary,
} from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { formatCents, formatDate } from '../../../lib/format';
import { useBuyerOrder } from '../orders';

/** A short, readable order number (the full id stays in a title attribute). */
export function buyerOrderNumber(id: string): string {
  return `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

function shipToLines(address: OrderAddress | null): string[] {
  if (!address) return [];
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  return [name, address.line1, address.line2 ?? '', `${address.city}, ${address.state} ${address.postal_code}`].filter(
    (line) => line.trim() !== '',
  );
}

function TotalRow({ label, value, strong = false }: { label: ReactNode; value: string; strong?: boolean }) {
  const variant = strong ? 'subtitle1' : 'body2';
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={[{ justifyContent: 'space-between' }, strong && { borderTop: 1, borderColor: 'divider', pt: 0.75 }]}
    >
      <Typography variant={variant} component="dt" sx={{ color: 'text.primary' }}>
        {label}
      </Typography>
      <Typography variant={variant} component="dd" sx={{ m: 0, color: 'text.primary', fontWeight: strong ? 700 : 500 }}>
        {value}
      </Typography>
    </Stack>
  );
}

function LineItems({ order }: { order: Order | undefined }) {
  const headers = ['Item', 'Quantity', 'Price', 'Total'];
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label="Line items" aria-busy={!order || undefined} sx={{ minWidth: 420 }}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header} align={header === 'Item' ? 'left' : 'right'} sx={{ fontWeight: 600 }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {order
            ? order.cart.line_items.map((line) => (
                <TableRow key={line.id}>
                  <TableCell sx={{ color: 'text.primary', fontWeight: 500 }}>
                    {line.name}
                    {line.order_unit && (
                      <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                        {line.quantity_per_unit && line.quantity_per_unit > 1
                          ? `${line.order_unit} of ${line.quantity_per_unit}`
                          : line.order_unit}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right">{formatCents(line.unit_price_in_cents)}</TableCell>
                  <TableCell align="right">{formatCents(line.line_total_cents)}</TableCell>
                </TableRow>
              ))
            : Array.from({ length: 3 }, (_, row) => (
                <TableRow key={row}>
                  {headers.map((header) => (
                    <TableCell key={header}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export interface OrderDialogProps {
  /** The row the buyer opened (shown at once while the lines load; kept while closing). */
  summary: OrderSummary | null;
  open: boolean;
  onClose: () => void;
}

/** Spec "View Order": line items, Subtotal, Shipping, Total, the Ship-to block, and the tracking link once shipped. */
export function OrderDialog({ summary, open, onClose }: OrderDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const order = useBuyerOrder(summary?.id ?? null);
  const shown: OrderSummary | Order | null = order.data ?? summary;
  const tracking = shown?.shipping_information?.status ? shown.shipping_information : null;
  const carrier = tracking ? normalizeCarrier(tracking.carrier) : null;
  const shipTo = shipToLines(shown?.shipping_address ?? null);

  return (
    <Dialog
      open={open && Boolean(summary)}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      {shown && (
        <>
          <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
            Order <span title={shown.id}>{buyerOrderNumber(shown.id)}</span>
          </DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              Placed {formatDate(shown.completed_on)} with {shown.seller.name}
            </Typography>
            {order.isError ? (
              <QueryErrorAlert
                error={order.error}
                onRetry={() => void order.refetch()}
                prefix="We could not load the order’s items."
              />
            ) : (
              <LineItems order={order.data} />
            )}
            <Stack component="dl" spacing={0.75} sx={{ m: 0, mt: 2, ml: 'auto', maxWidth: 300 }}>
              <TotalRow label="Subtotal" value={formatCents(shown.subtotal_cents)} />
              <TotalRow label="Shipping" value={formatCents(shown.shipping_cost_in_cents)} />
              <TotalRow label="Total" value={formatCents(shown.total_cents)} strong />
            </Stack>
            <Box
              sx={{
                mt: 3,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              <Box component="section" aria-labelledby={`${titleId}-ship-to`}>
                <Typography
                  id={`${titleId}-ship-to`}
                  variant="subtitle2"
                  component="h3"
                  sx={{ color: 'text.primary', mb: 0.5 }}
                >
                  Ship to
                </Typography>
                <Typography component="address" variant="body2" sx={{ fontStyle: 'normal' }}>
                  {shipTo.length > 0
                    ? shipTo.map((line) => (
                        <Box component="span" key={line} sx={{ display: 'block' }}>
                          {line}
                        </Box>
                      ))
                    : 'N/A'}
                </Typography>
              </Box>
              <Box component="section" aria-labelledby={`${titleId}-tracking`}>
                <Typography
                  id={`${titleId}-tracking`}
                  variant="subtitle2"
                  component="h3"
                  sx={{ color: 'text.primary', mb: 0.5 }}
                >
                  Tracking
                </Typography>
                {tracking ? (
                  <Typography variant="body2">
                    {carrier ? CARRIER_LABELS[carrier] : tracking.carrier}{' '}
                    <Link href={tracking.tracking_url} target="_blank" rel="noopener noreferrer" underline="hover">
                      {tracking.tracking_number}
                    </Link>
                  </Typography>
                ) : (
                  <Typography variant="body2">Not shipped yet</Typography>
                )}
              </Box>
            </Box>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={onClose} variant="outlined">
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
