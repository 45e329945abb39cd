import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { InvoiceCheckoutSession, VerifyPayment } from '@cratebase/contract';
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
import { api, apiPath, errorMessage } from '../../../../lib/api';
import { formatCents } from '../../../../lib/format';
import { asCheckoutSession, createInvoicePayment } from '../api';

const CardCheckout = lazy(() => import('./CardCheckout').then((module) => ({ default: module.CardCheckout })));
const StripeCheckout = lazy(() => import('./StripeCheckout'));

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
 * checkout (the built-in one, or Stripe's Embedded Checkout when the session is Stripe's). A
 * payment session is made when the dialog opens; paid, `onPaid` runs (the list is read again and
 * shows PAID).
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
  // Stripe completed the payment in the dialog: verify-payment marks the invoice PAID at once
  // (the webhook would too, a little later), then the list is read again.
  const [confirming, setConfirming] = useState(false);
  const stripePaid = useCallback(async () => {
    if (!session) return;
    setConfirming(true);
    try {
      await api.get<VerifyPayment>(
        apiPath`/api/stripe/organization/${session.seller_id}/verify-payment/${session.session_id}`,
      );
    } catch {
      // Not settled yet: Stripe's webhook completes it; the list shows it once it has.
    } finally {
      setConfirming(false);
      onPaid();
    }
  }, [session, onPaid]);
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
              {session.provider === 'stripe' ? (
                <StripeCheckout
                  clientSecret={session.clientSecret}
                  publishableKey={session.publishable_key}
                  onComplete={() => void stripePaid()}
                />
              ) : (
                <CardCheckout session={asCheckoutSession(session)} renewSession={renewSession} onComplete={onPaid} />
              )}
            </Suspense>
            {confirming && (
              <Typography variant="body2" role="status">
                Confirming your payment…
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
