import { useId, useState, type FormEvent } from 'react';
import {
  isOpenOrderState,
  normalizeCarrier,
  trackingNumberError,
  type Carrier,
  type OrderSummary,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DialogButtons } from '../../../../components/DialogButtons';
import { errorMessage } from '../../../../lib/api';
import { orderNumber, shipWholeOrder, useRefreshOrders } from '../api';
import { newIdempotencyKey, serverAnswered } from '../idempotency';
import { TrackingFields } from './TrackingFields';

export const BULK_SHIP_TITLE = 'Mark shipped';
export const BULK_SHIP_NUMBER_REQUIRED = 'Enter the tracking number';
export const BULK_SHIP_NOTHING_LEFT = 'Nothing left to ship';
export const BULK_SHIP_SAVED = 'Shipped';

type RowStatus = 'idle' | 'saving' | 'saved' | 'failed';

interface ShipRow {
  order: OrderSummary;
  carrier: Carrier | '';
  trackingNumber: string;
  /** The number's problem found here (format, empty), shown under it. */
  numberError: string | null;
  status: RowStatus;
  /** The server's refusal or the lost connection, for a failed row. */
  message: string | null;
  /** Kept while a lost answer is retried; renewed once the server answered. */
  idempotencyKey: string;
}

const newRow = (order: OrderSummary): ShipRow => ({
  order,
  carrier: 'USPS',
  trackingNumber: '',
  numberError: null,
  status: 'idle',
  message: null,
  idempotencyKey: newIdempotencyKey(),
});

/** The number's problem for the row: empty, or not the carrier's format (contract trackingNumberError). */
function numberProblem(row: Pick<ShipRow, 'carrier' | 'trackingNumber'>): string | null {
  if (row.trackingNumber.trim() === '') return BULK_SHIP_NUMBER_REQUIRED;
  return row.carrier === '' ? 'Choose the carrier' : trackingNumberError(row.carrier, row.trackingNumber);
}

export interface BulkShipDialogProps {
  open: boolean;
  orgId: string;
  /** The selected orders; those with nothing left to ship are listed but not sent. */
  orders: OrderSummary[];
  onClose: () => void;
}

/**
 * The Orders workspace's "Mark shipped" sheet (issue 23 §6): a carrier and a tracking number for
 * each selected order, checked as typed against the carrier's format, then saved one order at a
 * time as a shipment of every unit left (POST …/shipments), each row saying how it went. Rows
 * that failed keep their values and can be saved again; saved ones are not sent twice. Full
 * screen on a phone.
 */
export function BulkShipDialog(props: BulkShipDialogProps) {
  // A fresh sheet for every opening: the dialog's key is the selection.
  return props.open ? <BulkShipSheet key={props.orders.map((o) => o.id).join(',')} {...props} /> : null;
}

function BulkShipSheet({ open, orgId, orders, onClose }: BulkShipDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const refreshOrders = useRefreshOrders();
  const [rows, setRows] = useState<ShipRow[]>(() => orders.map(newRow));
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState(false);

  const shippable = (row: ShipRow) => isOpenOrderState(row.order.state ?? 'placed');
  const toSend = rows.filter((row) => shippable(row) && row.status !== 'saved');
  const saved = rows.filter((row) => row.status === 'saved').length;
  const failed = rows.filter((row) => row.status === 'failed').length;

  const update = (id: string, change: Partial<ShipRow>) =>
    setRows((current) => current.map((row) => (row.order.id === id ? { ...row, ...change } : row)));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // Every row is checked first: nothing is sent while one of them is wrong.
    const checked = rows.map((row) =>
      shippable(row) && row.status !== 'saved' ? { ...row, numberError: numberProblem(row) } : row,
    );
    setRows(checked);
    const firstWrong = checked.find((row) => row.numberError && shippable(row) && row.status !== 'saved');
    if (firstWrong) {
      document
        .getElementById(`bulk-ship-${firstWrong.order.id}`)
        ?.querySelector<HTMLInputElement>('input:not([aria-hidden])')
        ?.focus();
      return;
    }
    setBusy(true);
    for (const row of checked) {
      if (!shippable(row) || row.status === 'saved') continue;
      update(row.order.id, { status: 'saving', message: null });
      try {
        await shipWholeOrder(
          orgId,
          row.order.id,
          { carrier: row.carrier as Carrier, tracking_number: row.trackingNumber.trim() },
          row.idempotencyKey,
        );
        update(row.order.id, { status: 'saved', idempotencyKey: newIdempotencyKey() });
      } catch (error) {
        update(row.order.id, {
          status: 'failed',
          message: errorMessage(error),
          ...(serverAnswered(error) ? { idempotencyKey: newIdempotencyKey() } : {}),
        });
      }
    }
    setBusy(false);
    setFinished(true);
    refreshOrders();
  }

  const allDone = toSend.length === 0;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', onSubmit: save, noValidate: true } as object }}
    >
      <DialogTitle id={titleId}>{BULK_SHIP_TITLE}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          One tracking number for each order: every unit not shipped yet goes in that box, and the customer gets the
          tracking link by e-mail.
        </Typography>
        {finished && (
          <Alert severity={failed > 0 ? 'warning' : 'success'} role="status" sx={{ mb: 2 }}>
            {failed > 0
              ? `${saved} of ${saved + failed} ${saved + failed === 1 ? 'order' : 'orders'} marked shipped. Correct the others and save again.`
              : `${saved} ${saved === 1 ? 'order' : 'orders'} marked shipped.`}
          </Alert>
        )}
        <Stack component="ul" spacing={2} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {rows.map((row) => {
            const number = orderNumber(row.order);
            const canShip = shippable(row);
            const locked = busy || row.status === 'saved' || !canShip;
            return (
              <Box
                component="li"
                key={row.order.id}
                id={`bulk-ship-${row.order.id}`}
                role="group"
                aria-label={`Order ${number}, ${row.order.organization.name}`}
                sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
              >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', mb: 1 }}>
                  <Typography variant="subtitle2" component="span">
                    {number}
                  </Typography>
                  <Typography
                    variant="body2"
                    component="span"
                    sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                  >
                    {row.order.organization.name}
                  </Typography>
                  <RowResult row={row} canShip={canShip} />
                </Box>
                {canShip && (
                  <Box
                    sx={{
                      display: 'grid',
                      gap: 1.5,
                      gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '160px minmax(0, 1fr)' },
                    }}
                  >
                    <TrackingFields
                      carrier={row.carrier}
                      trackingNumber={row.trackingNumber}
                      numberError={row.numberError}
                      disabled={locked}
                      numberIssue={row.status === 'failed' ? (row.message ?? undefined) : undefined}
                      onCarrierChange={(value) => {
                        const carrier = normalizeCarrier(value) ?? '';
                        update(row.order.id, {
                          carrier,
                          numberError: row.numberError
                            ? numberProblem({ carrier, trackingNumber: row.trackingNumber })
                            : null,
                        });
                      }}
                      onNumberChange={(value) =>
                        update(row.order.id, {
                          trackingNumber: value,
                          numberError: row.numberError
                            ? numberProblem({ carrier: row.carrier, trackingNumber: value })
                            : null,
                          ...(row.status === 'failed' ? { status: 'idle' as const, message: null } : {}),
                        })
                      }
                      onNumberBlur={() => {
                        if (row.trackingNumber.trim() !== '') update(row.order.id, { numberError: numberProblem(row) });
                      }}
                    />
                  </Box>
                )}
              </Box>
            );
          })}
        </Stack>
      </DialogContent>
      {allDone ? (
        <DialogButtons onCancel={onClose} cancelLabel="Close" confirmLabel="Done" onConfirm={onClose} />
      ) : (
        <DialogButtons
          busy={busy}
          onCancel={onClose}
          cancelLabel={finished ? 'Close' : 'Cancel'}
          confirmLabel={`Save ${toSend.length} ${toSend.length === 1 ? 'shipment' : 'shipments'}`}
        />
      )}
    </Dialog>
  );
}

/** What happened to the row: saving, shipped, failed (the reason is under the number), or nothing to ship. */
function RowResult({ row, canShip }: { row: ShipRow; canShip: boolean }) {
  const text = !canShip
    ? BULK_SHIP_NOTHING_LEFT
    : row.status === 'saving'
      ? 'Saving…'
      : row.status === 'saved'
        ? BULK_SHIP_SAVED
        : row.status === 'failed'
          ? 'Not saved'
          : null;
  if (!text) return null;
  const color = row.status === 'saved' ? 'success.main' : row.status === 'failed' ? 'error.main' : 'text.secondary';
  return (
    <Typography variant="body2" component="span" sx={{ color, fontWeight: 600, ml: 'auto' }}>
      {text}
    </Typography>
  );
}
