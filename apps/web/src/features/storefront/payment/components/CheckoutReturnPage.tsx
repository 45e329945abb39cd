/**
 * /storefront/{org_id}/checkout/return?session_id=…: where the embedded checkout returns once the
 * card is paid (spec section 2 "checkout/return", 8). It verifies the payment, which completes the
 * order on the server, while it shows the spec's phrases and then types out its messages; a
 * verified payment goes on to the order's confirmation page with a new, empty cart.
 */
import { useEffect, useRef, useState } from 'react';
import {
  CHECKOUT_RETURN_MESSAGES,
  CHECKOUT_RETURN_PHRASES,
  CHECKOUT_RETURN_TYPE_STEP_MS,
  NO_SESSION_ID_MESSAGE,
  PAYMENT_VERIFICATION_FAILED,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useToast } from '../../../../components/Toast';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { billingPath } from '../../checkout/api';
import { useVerifyPayment, verificationErrorMessage } from '../api';
import { orderConfirmationPath } from '../../orders/paths';
import type { ConfirmationState } from '../../orders/components/OrderConfirmationPage';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { cartKeys, checkoutKeys } from '../../../../lib/query-keys';

/** How long each phrase shows, and the pause between the typed messages. */
export const RETURN_PHRASE_STEP_MS = 1500;
export const BACK_TO_CHECKOUT_LABEL = 'Back to checkout';
export const RETURN_TITLE = 'Completing your order';
export const RETURN_FAILED_TITLE = 'We could not confirm your payment';

/** The toast once the payment is confirmed, naming the order by its number (CB-000001) as every screen does. */
export function orderPlacedMessage(orderNumber: string): string {
  return `Order ${orderNumber} placed. Thank you!`;
}

/** What the page shows: one of the phrases, or a message typed out up to `chars`. */
export type ReturnFrame = { kind: 'phrase'; index: number } | { kind: 'message'; index: number; chars: number };

export const FIRST_RETURN_FRAME: ReturnFrame = { kind: 'phrase', index: 0 };

/**
 * The frame after this one and how long this one stays, or null at the end: each phrase in turn,
 * then each message a character per step (whole at once when motion is reduced), a pause between.
 */
export function nextReturnFrame(
  frame: ReturnFrame,
  reducedMotion: boolean,
): { next: ReturnFrame; after: number } | null {
  if (frame.kind === 'phrase') {
    if (frame.index < CHECKOUT_RETURN_PHRASES.length - 1) {
      return { next: { kind: 'phrase', index: frame.index + 1 }, after: RETURN_PHRASE_STEP_MS };
    }
    const chars = reducedMotion ? CHECKOUT_RETURN_MESSAGES[0].length : 0;
    return { next: { kind: 'message', index: 0, chars }, after: RETURN_PHRASE_STEP_MS };
  }
  const message = CHECKOUT_RETURN_MESSAGES[frame.index]!;
  if (frame.chars < message.length) {
    return { next: { ...frame, chars: frame.chars + 1 }, after: CHECKOUT_RETURN_TYPE_STEP_MS };
  }
  if (frame.index < CHECKOUT_RETURN_MESSAGES.length - 1) {
    const index = frame.index + 1;
    const chars = reducedMotion ? CHECKOUT_RETURN_MESSAGES[index]!.length : 0;
    return { next: { kind: 'message', index, chars }, after: RETURN_PHRASE_STEP_MS };
  }
  return null;
}

/** The frames one after another, while the page waits for the verification. */
function useReturnFrames(running: boolean): ReturnFrame {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [frame, setFrame] = useState<ReturnFrame>(FIRST_RETURN_FRAME);
  useEffect(() => {
    if (!running) return;
    const step = nextReturnFrame(frame, reducedMotion);
    if (!step) return;
    const timer = window.setTimeout(() => setFrame(step.next), step.after);
    return () => window.clearTimeout(timer);
  }, [frame, reducedMotion, running]);
  // Reduced motion: a message being typed shows whole.
  if (reducedMotion && frame.kind === 'message') {
    return { ...frame, chars: CHECKOUT_RETURN_MESSAGES[frame.index]!.length };
  }
  return frame;
}

/** The phrases and the typed message, announced politely (the whole message, once). */
function Verifying({ frame }: { frame: ReturnFrame }) {
  const message = frame.kind === 'message' ? CHECKOUT_RETURN_MESSAGES[frame.index]! : null;
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <CircularProgress aria-label="Verifying your payment" />
      <Typography variant="h5" component="h1">
        {RETURN_TITLE}
      </Typography>
      <Box role="status" aria-live="polite" aria-atomic="true">
        {message === null ? (
          <Typography variant="body1">{CHECKOUT_RETURN_PHRASES[frame.kind === 'phrase' ? frame.index : 0]}</Typography>
        ) : (
          <Box component="span" sx={visuallyHidden}>
            {message}
          </Box>
        )}
      </Box>
      {message !== null && frame.kind === 'message' && (
        <Typography
          variant="body1"
          aria-hidden="true"
          data-testid="typed-message"
          sx={{ minHeight: '1.5em', maxWidth: 480, overflowWrap: 'anywhere' }}
        >
          {message.slice(0, frame.chars)}
        </Typography>
      )}
    </Stack>
  );
}

function Failed({ orgId, message }: { orgId: string; message: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
        {RETURN_FAILED_TITLE}
      </Typography>
      <Alert severity="error" sx={{ width: '100%', maxWidth: 520 }}>
        {message}
      </Alert>
      <Button component={RouterLink} to={billingPath(orgId)} variant="contained" startIcon={<ArrowBackIcon />}>
        {BACK_TO_CHECKOUT_LABEL}
      </Button>
    </Stack>
  );
}

export function CheckoutReturnPage() {
  useOrganizationPageTitle('Payment');
  const { orgId = '' } = useParams();
  const [search] = useSearchParams();
  const sessionId = search.get('session_id')?.trim() || null;
  const verify = useVerifyPayment(orgId, sessionId);
  const client = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const verified = verify.isSuccess && verify.data?.success === true;
  const orderNumber = verified ? verify.data.invoice_number : null;
  const frame = useReturnFrames(Boolean(sessionId) && !verify.isError);
  const done = useRef<string | null>(null);

  useEffect(() => {
    if (!verified || !sessionId || done.current === sessionId) return;
    done.current = sessionId;
    // The order is complete and its cart closed: the next read gives a new, empty cart.
    void client.invalidateQueries({ queryKey: cartKeys.store(orgId) });
    client.removeQueries({ queryKey: checkoutKeys.checkoutSession(orgId) });
    // The order's number (its invoice's), as the orders page, the e-mails and the invoice name it.
    if (orderNumber) toast.show(orderPlacedMessage(orderNumber));
    // The order's confirmation: what was bought, where it goes and what happens next.
    const state: ConfirmationState = { card: verify.data.card };
    void navigate(orderConfirmationPath(orgId, verify.data.order_id), { replace: true, state });
  }, [verified, sessionId, orgId, client, navigate, toast, orderNumber, verify.data]);

  if (!sessionId) return <Failed orgId={orgId} message={NO_SESSION_ID_MESSAGE} />;
  if (verify.isError) return <Failed orgId={orgId} message={verificationErrorMessage(verify.error)} />;
  if (verify.isSuccess && !verified) return <Failed orgId={orgId} message={PAYMENT_VERIFICATION_FAILED} />;
  return <Verifying frame={frame} />;
}
