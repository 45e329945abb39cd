import { useId, type ReactNode } from 'react';
import type { Order, OrderSummary } from '@cratebase/contract';
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
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { formatCents, formatDate } from '../../../../lib/format';
import { addressLines, carrierLabel, orderUnitLabel, paymentStatus, shippingServiceLabel } from '../order-display';
import { orderNumber, useOrder } from '../orders';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, color: 'text.primary', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function TotalRow({ label, value, strong = false }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={[{ justifyContent: 'space-between' }, strong && { borderTop: 1, borderColor: 'divider', pt: 0.75 }]}
    >
      <Typography variant={strong ? 'subtitle1' : 'body2'} component="dt" sx={{ color: 'text.primary' }}>
        {label}
      </Typography>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        component="dd"
        sx={{ m: 0, color: 'text.primary', fontWeight: strong ? 700 : 500 }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

function Lines({ order }: { order: Order | undefined }) {
  const headers = ['Product', 'SKU', 'Quantity', 'Unit', 'Unit price', 'Line price'];
  const numeric = (header: string) => header === 'Quantity' || header.endsWith('price');
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label="Order lines" aria-busy={!order || undefined} sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header} align={numeric(header) ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {order
            ? order.cart.line_items.map((line) => (
                <TableRow key={line.id}>
                  <TableCell sx={{ color: 'text.primary', fontWeight: 500 }}>{line.name}</TableCell>
                  <TableCell>{line.stock_keeping_unit || '—'}</TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell>{orderUnitLabel(line)}</TableCell>
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

export interface OrderDetailDialogProps {
  /** The row the seller opened (shown at once while the order's lines load; kept while closing). */
  summary: OrderSummary | null;
  open: boolean;
  onClose: () => void;
}

/**
 * An order as the seller reads it: the lines (SKU, quantity, unit, unit and line price), subtotal,
 * shipping and total, ship-to, buyer, who placed it, payment, and the tracking link.
 */
export function OrderDetailDialog({ summary, open, onClose }: OrderDetailDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const order = useOrder(summary?.id ?? null);
  const shown: OrderSummary | Order | null = order.data ?? summary;
  const service = shown ? shippingServiceLabel(shown) : null;
  const tracking = shown?.shipping_information ?? null;
  const address = addressLines(shown?.shipping_address ?? null);
  const payment = shown ? paymentStatus(shown) : null;

  return (
    <Dialog
      open={open && Boolean(summary)}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      {shown && (
        <>
          <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
            Order <span title={shown.id}>{orderNumber(shown.id)}</span>
          </DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2.5 }}>
              Placed {formatDate(shown.completed_on)}
            </Typography>
            <Box
              component="dl"
              sx={{
                m: 0,
                mb: 3,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
              }}
            >
              <Fact label="Buyer">{shown.organization.name}</Fact>
              <Fact label="Placed by">{shown.created_by_user?.name || 'N/A'}</Fact>
              <Fact label="Ship to">
                {address.length > 0
                  ? address.map((line) => (
                      <Box component="span" key={line} sx={{ display: 'block' }}>
                        {line}
                      </Box>
                    ))
                  : 'N/A'}
              </Fact>
              <Fact label="Tracking">
                {tracking ? (
                  <>
                    {carrierLabel(tracking.carrier)}{' '}
                    <Link href={tracking.tracking_url} target="_blank" rel="noopener noreferrer" underline="hover">
                      {tracking.tracking_number}
                    </Link>
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                      {tracking.status}
                    </Box>
                  </>
                ) : (
                  'Not shipped yet'
                )}
              </Fact>
              <Fact label="Payment">
                <Box component="span" sx={{ color: payment?.open ? 'error.main' : 'primary.main', fontWeight: 600 }}>
                  {payment?.label}
                </Box>
                {shown.invoice?.link && (
                  <>
                    {' · '}
                    <Link href={shown.invoice.link} target="_blank" rel="noopener noreferrer" underline="hover">
                      View invoice
                    </Link>
                  </>
                )}
              </Fact>
            </Box>

            {order.isError ? (
              <QueryErrorAlert
                error={order.error}
                onRetry={() => void order.refetch()}
                prefix="We could not load the order’s lines."
              />
            ) : (
              <Lines order={order.data} />
            )}

            <Stack component="dl" spacing={0.75} sx={{ m: 0, mt: 2, ml: 'auto', maxWidth: 320 }}>
              <TotalRow label="Subtotal" value={formatCents(shown.subtotal_cents)} />
              <TotalRow
                label={
                  <>
                    Shipping
                    {service && (
                      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                        {` (${service})`}
                      </Typography>
                    )}
                  </>
                }
                value={formatCents(shown.shipping_cost_in_cents)}
              />
              <TotalRow label="Total" value={formatCents(shown.total_cents)} strong />
            </Stack>
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
