import { useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_CARRIER,
  SHIP_ITEMS_LABEL,
  compactTrackingNumber,
  orderLabel,
  unitsShippableNow,
  type Order,
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
import { ApiError, errorMessage } from '../../../../lib/api';
import { useCreateShipment } from '../api';
import { allUnitsLeft, chosenLines, unitCount, type LineQuantities } from '../cancel-effect';
import { useIdempotencyKey } from '../idempotency';
import { LineQuantityFields } from './LineQuantityFields';
import { TrackingFields, useTrackingInput } from './TrackingFields';

export const SHIPMENT_EMAIL_NOTICE = 'Saving e-mails the retailer a tracking link.';

/** What the toast says once the shipment is saved. */
export function shipmentDoneMessage(updated: Order): string {
  const last = updated.shipments?.at(-1);
  return last
    ? `Shipment ${last.number} saved. The retailer gets an e-mail with the tracking link.`
    : 'Shipment saved. The retailer gets an e-mail with the tracking link.';
}

export interface ShipItemsDialogProps {
  orgId: string;
  order: Order;
  open: boolean;
  onClose: () => void;
  onDone: (updated: Order, message: string) => void;
}

/**
 * Ship items: one box — how many of each line (every unit left by default), the carrier (USPS,
 * FedEx, UPS) and its tracking number, checked against the carrier's format as the tracking
 * dialog checks it; the retailer gets an e-mail with the link.
 */
export function ShipItemsDialog({ orgId, order, open, onClose, onDone }: ShipItemsDialogProps) {
  const titleId = useId();
  const noticeId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const lines = order.cart.line_items;
  const [quantities, setQuantities] = useState<LineQuantities>(() => allUnitsLeft(lines, unitsShippableNow));
  const [touched, setTouched] = useState(false);
  const action = useIdempotencyKey();
  const ship = useCreateShipment(orgId, order.id);
  const tracking = useTrackingInput(DEFAULT_CARRIER, '', () => {
    if (ship.isError) ship.reset();
  });

  const saving = ship.isPending;
  const units = unitCount(quantities);
  const serverError = ship.error instanceof ApiError ? ship.error : null;
  const carrierIssue = serverError?.issueFor('carrier');
  const numberIssue = serverError?.issueFor('tracking_number');
  const generalError = ship.isError && !carrierIssue && !numberIssue ? errorMessage(ship.error) : null;

  function close() {
    if (saving) return;
    ship.reset();
    setQuantities(allUnitsLeft(lines, unitsShippableNow));
    tracking.setTrackingNumber('');
    setTouched(false);
    action.renew();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (saving) return;
    const problem = tracking.validate('Enter the tracking number.');
    if (problem || units === 0 || tracking.carrier === '') return;
    ship.mutate(
      {
        body: {
          carrier: tracking.carrier,
          tracking_number: compactTrackingNumber(tracking.trackingNumber),
          lines: chosenLines(lines, quantities),
        },
        idempotencyKey: action.key,
      },
      {
        onSettled: (_data, error) => action.settle(error),
        onSuccess: (updated) => {
          ship.reset();
          tracking.setTrackingNumber('');
          setTouched(false);
          onDone(updated, shipmentDoneMessage(updated));
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      aria-describedby={noticeId}
    >
      {/* The form inside the dialog's paper: a <form> may not take the paper's role="dialog". */}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{`${SHIP_ITEMS_LABEL} · ${orderLabel(order)}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <Box>
              <LineQuantityFields
                legend="Units in this shipment"
                verb="ship"
                limit={unitsShippableNow}
                lines={lines}
                quantities={quantities}
                onChange={setQuantities}
                disabled={saving}
              />
              {touched && units === 0 && (
                <Typography role="alert" variant="caption" sx={{ color: 'error.main', display: 'block', mt: 1 }}>
                  Choose at least one unit to ship.
                </Typography>
              )}
            </Box>
            <TrackingFields
              {...tracking.fieldProps}
              disabled={saving}
              carrierIssue={carrierIssue}
              numberIssue={numberIssue}
              required
            />
            <Typography id={noticeId} variant="body2">
              {SHIPMENT_EMAIL_NOTICE}
            </Typography>
            {generalError && (
              <Alert severity="error" role="alert">
                {generalError}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogButtons
          busy={saving}
          onCancel={close}
          confirmLabel={saving ? 'Saving…' : `Ship ${units} ${units === 1 ? 'unit' : 'units'}`}
          confirmDisabled={units === 0}
        />
      </Box>
    </Dialog>
  );
}
