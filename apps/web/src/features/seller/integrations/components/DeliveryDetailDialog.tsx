import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ReplayIcon from '@mui/icons-material/Replay';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import { isDeliveryInFlight, useRedeliver, useWebhookDelivery } from '../api';
import { durationLabel } from '../format';
import { DeliveryStatusChip } from './DeliveryStatusChip';

const codeBlock = {
  fontFamily: 'monospace',
  fontSize: 12.5,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  bgcolor: 'action.hover',
  borderRadius: 1,
  p: 1.5,
  m: 0,
  maxHeight: 260,
  overflow: 'auto',
} as const;

/** One delivery: what was posted, every attempt with the receiver's answer, and Redeliver. */
export function DeliveryDetailDialog({
  orgId,
  endpointId,
  deliveryId,
  onClose,
}: {
  orgId: string;
  endpointId: string;
  deliveryId: string | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const toast = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const delivery = useWebhookDelivery(orgId, endpointId, deliveryId);
  const redeliver = useRedeliver(orgId, endpointId);
  const d = delivery.data;

  function close() {
    redeliver.reset();
    onClose();
  }

  return (
    <Dialog
      open={deliveryId !== null}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {d ? `Delivery of ${d.event_type}` : 'Delivery'}
      </DialogTitle>
      <DialogContent>
        {delivery.isError ? (
          <QueryErrorAlert error={delivery.error} onRetry={() => void delivery.refetch()} />
        ) : !d ? (
          <Stack spacing={1.5} role="status" aria-label="Loading the delivery">
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        ) : (
          <Stack spacing={2.5}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <DeliveryStatusChip delivery={d} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Event {d.event_id} · created {formatDate(d.created_at)}
                {d.delivered_at && ` · delivered ${formatDate(d.delivered_at)}`}
                {d.status === 'pending' && d.next_attempt_at && ` · next try ${formatDate(d.next_attempt_at)}`}
              </Typography>
            </Box>
            {redeliver.isError && <Alert severity="error">{errorMessage(redeliver.error)}</Alert>}
            <Box component="section" aria-labelledby={`${titleId}-attempts`}>
              <Typography id={`${titleId}-attempts`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Attempts ({d.attempts_log.length})
              </Typography>
              {d.attempts_log.length === 0 ? (
                <Typography variant="body2">Not tried yet: it is on its way.</Typography>
              ) : (
                <Box
                  component="ol"
                  aria-label="Attempts"
                  sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
                >
                  {d.attempts_log.map((attempt, index) => (
                    <Box
                      component="li"
                      key={`${attempt.attempted_at}-${index}`}
                      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
                    >
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {attempt.status_code !== null ? `HTTP ${attempt.status_code}` : 'No answer'} ·{' '}
                        {durationLabel(attempt.duration_ms)}
                      </Typography>
                      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                        {formatDate(attempt.attempted_at)}
                      </Typography>
                      {attempt.error && (
                        <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5, overflowWrap: 'anywhere' }}>
                          {attempt.error}
                        </Typography>
                      )}
                      {attempt.response_excerpt && (
                        <Box component="pre" aria-label="Response body" sx={{ ...codeBlock, mt: 1, maxHeight: 140 }}>
                          {attempt.response_excerpt}
                        </Box>
                      )}
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
            <Box component="section" aria-labelledby={`${titleId}-payload`}>
              <Typography id={`${titleId}-payload`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Payload
              </Typography>
              <Box component="pre" tabIndex={0} aria-label="Event payload" sx={codeBlock}>
                {JSON.stringify(d.payload, null, 2)}
              </Box>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close} color="inherit">
          Close
        </Button>
        <Button
          variant="contained"
          startIcon={<ReplayIcon />}
          disabled={!d || isDeliveryInFlight(d) || redeliver.isPending}
          onClick={() =>
            d &&
            redeliver.mutate(d.id, {
              onSuccess: () => {
                toast.show('Redelivery queued: it shows at the top of the deliveries.');
                close();
              },
            })
          }
        >
          Redeliver
        </Button>
      </DialogActions>
    </Dialog>
  );
}
