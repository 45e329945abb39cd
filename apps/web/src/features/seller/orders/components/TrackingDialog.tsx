import { useId, type FormEvent } from 'react';
import {
  DEFAULT_CARRIER,
  TRACKING_DIALOG_TITLE,
  TRACKING_EMAIL_NOTICE,
  compactTrackingNumber,
  normalizeCarrier,
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
import { useToast } from '../../../../components/Toast';
import { ApiError, errorMessage } from '../../../../lib/api';
import { orderNumber, useSaveTracking } from '../api';
import { TrackingFields, useTrackingInput } from './TrackingFields';

export const TRACKING_SAVED_TEXT = 'Tracking saved. The customer will get an e-mail with the tracking link.';

export interface TrackingDialogProps {
  open: boolean;
  orgId: string;
  /** The order whose tracking is added or edited (kept while the dialog closes). */
  order: OrderSummary | null;
  onClose: () => void;
}

/**
 * Spec section 2 "Orders" / 5: Add Tracking Info — carrier (USPS, FedEx, UPS; USPS by default or
 * the order's carrier), tracking number, the e-mail notice, Cancel and Add (disabled while either
 * is empty). The number is checked against the carrier's format on blur and on Add; the server's
 * word on a field shows under it. Mount it anew per order (key) so it starts from that order.
 */
export function TrackingDialog({ open, orgId, order, onClose }: TrackingDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const toast = useToast();
  const save = useSaveTracking(orgId);
  const existing = order?.shipping_information ?? null;
  const tracking = useTrackingInput(
    (existing && normalizeCarrier(existing.carrier)) || DEFAULT_CARRIER,
    existing?.tracking_number ?? '',
    () => {
      if (save.isError) save.reset();
    },
  );
  const { carrier, trackingNumber } = tracking;
  const titleId = useId();
  const noticeId = useId();

  const saving = save.isPending;
  const serverError = save.error instanceof ApiError ? save.error : null;
  const carrierIssue = serverError?.issueFor('carrier');
  const numberIssue = serverError?.issueFor('tracking_number');
  const generalError = save.isError && !carrierIssue && !numberIssue ? errorMessage(save.error) : null;
  const empty = carrier === '' || trackingNumber.trim() === '';

  function close() {
    if (saving) return;
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!order || empty || saving) return;
    if (tracking.validate()) return;
    save.mutate(
      { order, carrier, trackingNumber: compactTrackingNumber(trackingNumber) },
      {
        onSuccess: () => {
          toast.show(TRACKING_SAVED_TEXT);
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      aria-describedby={noticeId}
    >
      {/* The form inside the dialog's paper: a <form> may not take the paper's role="dialog". */}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
          {TRACKING_DIALOG_TITLE}
        </DialogTitle>
        <DialogContent>
          {order && (
            <Typography variant="body2" sx={{ mb: 2 }}>
              Order {orderNumber(order)} for {order.organization.name}
            </Typography>
          )}
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {generalError && (
              <Alert severity="error" role="alert">
                {generalError}
              </Alert>
            )}
            <TrackingFields
              {...tracking.fieldProps}
              disabled={saving}
              carrierIssue={carrierIssue}
              numberIssue={numberIssue}
              autoFocus
            />
            <Typography id={noticeId} variant="body2">
              {TRACKING_EMAIL_NOTICE}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogButtons busy={saving} onCancel={close} confirmLabel="Add" confirmDisabled={empty} confirmMinWidth={88} />
      </Box>
    </Dialog>
  );
}
