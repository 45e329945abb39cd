/**
 * Stripe's Embedded Checkout for one checkout session (issue 21, part 4): the billing page's card
 * payment when the payments provider is Stripe, and the buyer's Pay now of an open invoice.
 *
 * Loaded on demand (React.lazy) with the `/pure` entry of @stripe/stripe-js, so Stripe.js is
 * requested only here, on the payment step — never by the storefront's first load (a deliberate
 * trade-off against Stripe's fraud signals: docs/decisions/008-stripe-js-on-the-payment-step.md).
 * The card, its declines and 3-D Secure live in Stripe's frame. Once paid, Stripe sends the buyer
 * to the session's return URL, whose page verifies the payment and completes the order; when
 * Stripe completes without leaving the page, `onComplete` runs instead.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';

export const STRIPE_LOADING_LABEL = 'Loading Stripe’s secure payment form';
export const STRIPE_LOAD_FAILED =
  'We could not load Stripe’s secure payment form. Check your connection and try again.';
export const STRIPE_NOT_CONFIGURED =
  'Card payments are not fully set up on this store’s server (Stripe’s publishable key is missing). Please let the seller know.';
export const STRIPE_SECURE_NOTE = 'Your card details go straight to Stripe, our payment processor; we never see them.';

export interface StripeCheckoutProps {
  clientSecret: string;
  /** The platform's publishable key, from the session's answer. */
  publishableKey: string | undefined;
  /** Stripe completed the payment without sending the page to the return URL. */
  onComplete: () => void;
}

type Loaded = { stripe: Stripe } | { error: unknown };

function LoadingForm() {
  return (
    <Stack spacing={1.5} role="status" aria-busy aria-label={STRIPE_LOADING_LABEL}>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={44} />
    </Stack>
  );
}

export function StripeCheckout({ clientSecret, publishableKey, onComplete }: StripeCheckoutProps) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; attempt: number; result: Loaded } | null>(null);
  // Stripe keeps the options it was created with: the latest onComplete is called through this.
  const completeRef = useRef(onComplete);
  useEffect(() => {
    completeRef.current = onComplete;
  }, [onComplete]);
  const options = useMemo(() => ({ clientSecret, onComplete: () => completeRef.current() }), [clientSecret]);

  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    // One Stripe.js per page (loadStripe caches it); a failed load may be tried again.
    loadStripe(publishableKey).then(
      (stripe) => {
        if (!live) return;
        const result: Loaded = stripe ? { stripe } : { error: new Error('Stripe.js is not available') };
        setLoaded({ key: publishableKey, attempt, result });
      },
      (error: unknown) => {
        if (live) setLoaded({ key: publishableKey, attempt, result: { error } });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (!publishableKey) {
    return (
      <Alert severity="error" role="alert">
        {STRIPE_NOT_CONFIGURED}
      </Alert>
    );
  }
  const current = loaded && loaded.key === publishableKey && loaded.attempt === attempt ? loaded.result : null;
  if (!current) return <LoadingForm />;
  if ('error' in current) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)} sx={{ whiteSpace: 'nowrap' }}>
            Try again
          </Button>
        }
      >
        {STRIPE_LOAD_FAILED}
      </Alert>
    );
  }
  return (
    <Stack spacing={1.5}>
      {/* A new session (a new secret) is a new embedded checkout: Stripe keeps its first options. */}
      <EmbeddedCheckoutProvider key={clientSecret} stripe={current.stripe} options={options}>
        <Box sx={{ minWidth: 0, '& iframe': { maxWidth: '100%' } }}>
          <EmbeddedCheckout className="stripe-embedded-checkout" />
        </Box>
      </EmbeddedCheckoutProvider>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }}>
        <LockOutlinedIcon fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
        <Typography variant="caption">{STRIPE_SECURE_NOTE}</Typography>
      </Stack>
    </Stack>
  );
}

export default StripeCheckout;
