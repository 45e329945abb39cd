import { useId, useState, type FormEvent } from 'react';
import {
  CARRIER_LABELS,
  CARRIERS,
  DEFAULT_CARRIER,
  TRACKING_DIALOG_TITLE,
  TRACKING_EMAIL_NOTICE,
  compactTrackingNumber,
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
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DialogButtons } from '../../../../components/DialogButtons';
import { useToast } from '../../../../components/Toast';
import { ApiError, errorMessage } from '../../../../lib/api';
import { orderNumber, useSaveTracking } from '../api';

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
  const [carrier, setCarrier] = useState<Carrier | ''>(
    (existing && normalizeCarrier(existing.carrier)) || DEFAULT_CARRIER,
  );
  const [trackingNumber, setTrackingNumber] = useState(existing?.tracking_number ?? '');
  const [numberError, setNumberError] = useState<string | null>(null);
  const titleId = useId();
  const noticeId = useId();

  const saving = save.isPending;
  const serverError = save.error instanceof ApiError ? save.error : null;
  const carrierIssue = serverError?.issueFor('carrier');
  const numberIssue = serverError?.issueFor('tracking_number');
  const generalError = save.isError && !carrierIssue && !numberIssue ? errorMessage(save.error) : null;
  const shownNumberError = numberError ?? numberIssue ?? null;
  const empty = carrier === '' || trackingNumber.trim() === '';

  function close() {
    if (saving) return;
    onClose();
  }

  function check(nextCarrier: Carrier | '', value: string): string | null {
    return nextCarrier === '' ? null : trackingNumberError(nextCarrier, value);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!order || empty || saving) return;
    const problem = check(carrier, trackingNumber);
    setNumberError(problem);
    if (problem) return;
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
            <TextField
              select
              label="Carrier"
              value={carrier}
              onChange={(event) => {
                const next = normalizeCarrier(event.target.value) ?? '';
                setCarrier(next);
                if (numberError) setNumberError(check(next, trackingNumber));
                if (save.isError) save.reset();
              }}
              disabled={saving}
              error={Boolean(carrierIssue)}
              helperText={carrierIssue}
              fullWidth
            >
              {CARRIERS.map((value) => (
                <MenuItem key={value} value={value}>
                  {CARRIER_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Tracking Number"
              value={trackingNumber}
              onChange={(event) => {
                setTrackingNumber(event.target.value);
                if (numberError) setNumberError(check(carrier, event.target.value));
                if (save.isError) save.reset();
              }}
              onBlur={() => {
                if (trackingNumber.trim() !== '') setNumberError(check(carrier, trackingNumber));
              }}
              autoFocus
              autoComplete="off"
              disabled={saving}
              error={Boolean(shownNumberError)}
              helperText={shownNumberError ?? ' '}
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
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
