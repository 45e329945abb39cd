import { Suspense, lazy, useCallback, useEffect, useId, useRef } from 'react';
import type { InvoiceCheckoutSession } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { formatCents } from '../../../lib/format';
import { asCheckoutSession, createInvoicePayment } from '../terms';

const CardCheckout = lazy(() => import('./CardCheckout').then((module) => ({ default: module.CardCheckout })));

function FormSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-busy aria-label="Loading the payment form">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={44} />
    </Stack>
  );
}

/**
 * Pay now (issue 13): an OPEN invoice paid by card from the orders page, in the same card form as
 * checkout. A payment session is made when the dialog opens; paid, `onPaid` runs (the list is
 * read again and shows PAID).
 */
export function PayInvoiceDialog({
  invoiceId,
  label,
  open,
  onClose,
  onPaid,
}: {
  invoiceId: string | null;
  /** What is paid, for the title ("order 1A2B3C4D"). */
  label: string;
  open: boolean;
  onClose: () => void;
  onPaid: () => void;
}) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const start = useMutation({ mutationFn: (id: string) => createInvoicePayment(id) });
  const started = useRef<string | null>(null);
  const { mutate, mutateAsync } = start;
  useEffect(() => {
    if (!open || !invoiceId || started.current === invoiceId) return;
    started.current = invoiceId;
    mutate(invoiceId);
  }, [open, invoiceId, mutate]);
  useEffect(() => {
    if (!open) started.current = null;
  }, [open]);
  const renewSession = useCallback(async () => {
    if (!invoiceId) return null;
    try {
      return asCheckoutSession(await mutateAsync(invoiceId));
    } catch {
      return null;
    }
  }, [invoiceId, mutateAsync]);

  const session: InvoiceCheckoutSession | undefined = start.data;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{`Pay invoice for ${label}`}</DialogTitle>
      <DialogContent>
        {start.isError ? (
          <Alert severity="warning">{errorMessage(start.error)}</Alert>
        ) : !session ? (
          <FormSkeleton />
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2">
              {`Invoice ${session.invoice_number}: ${formatCents(session.amount_cents)}`}
            </Typography>
            <Suspense fallback={<FormSkeleton />}>
              <CardCheckout session={asCheckoutSession(session)} renewSession={renewSession} onComplete={onPaid} />
            </Suspense>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
