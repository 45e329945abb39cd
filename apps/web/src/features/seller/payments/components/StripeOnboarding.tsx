/**
 * Stripe's Connect embedded onboarding on Set Up Payments (issue 21, part 4), when the payments
 * provider is Stripe: the seller gives Stripe the business's details in Stripe's own component,
 * authorised by our account session's client secret; Stripe decides when the account may take
 * charges, and the page reads that from account-status once the seller leaves the onboarding.
 *
 * Loaded on demand (React.lazy) with the `/pure` entry of @stripe/connect-js, so Connect.js is
 * requested only on this page. The Connect instance is made once (connect-js asks for a client
 * secret the moment it is made): the first secret is the one this page already has, later ones
 * (Stripe asks again when a secret expires) are new account sessions.
 */
import { useState } from 'react';
import type { AccountSession } from '@cratebase/contract';
import { loadConnectAndInitialize, type StripeConnectInstance } from '@stripe/connect-js/pure';
import { ConnectAccountOnboarding, ConnectComponentsProvider } from '@stripe/react-connect-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { createAccountSession } from '../api';
import { organizationKeys, paymentKeys } from '../../../../lib/query-keys';

export const STRIPE_ONBOARDING_TITLE = 'Verify your business with Stripe';
export const STRIPE_ONBOARDING_LOADING = 'Loading Stripe’s onboarding';
export const STRIPE_ONBOARDING_FAILED = 'We could not load Stripe’s onboarding.';
export const STRIPE_ONBOARDING_NOT_CONFIGURED =
  'Stripe onboarding cannot open: the server has no Stripe publishable key (STRIPE_PUBLISHABLE_KEY). Ask your administrator.';

export interface StripeOnboardingProps {
  orgId: string;
  account: string;
  /** The account session this page already has (Stripe's, with the publishable key). */
  session: AccountSession;
}

export function StripeOnboarding({ orgId, account, session }: StripeOnboardingProps) {
  const client = useQueryClient();
  const theme = useTheme();
  const [started, setStarted] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  function connect(): StripeConnectInstance | null {
    if (!session.publishable_key) return null;
    let unused: string | null = session.client_secret;
    return loadConnectAndInitialize({
      publishableKey: session.publishable_key,
      fetchClientSecret: async () => {
        if (unused) {
          const secret = unused;
          unused = null;
          return secret;
        }
        return (await createAccountSession(orgId, account)).client_secret;
      },
      appearance: {
        overlays: 'dialog',
        variables: {
          colorPrimary: theme.palette.primary.main,
          fontFamily: String(theme.typography.fontFamily ?? 'system-ui'),
          borderRadius: '8px',
        },
      },
    });
  }
  // Made once (and again only when the seller asks to try again after a failure).
  const [instance, setInstance] = useState(connect);

  async function exited() {
    // The seller left the onboarding: what Stripe now says about the account decides the page.
    // Reading it also brings our record up to date, which the organization's set-up flags (the
    // Welcome steps, the Configure badge) are read from: those are read after it.
    await client.invalidateQueries({ queryKey: paymentKeys.status(orgId) });
    await client.invalidateQueries({ queryKey: organizationKeys.detail(orgId) });
  }

  let body;
  if (!instance) {
    body = (
      <Alert severity="error" role="alert">
        {STRIPE_ONBOARDING_NOT_CONFIGURED}
      </Alert>
    );
  } else if (loadError !== null) {
    body = (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              setLoadError(null);
              setStarted(false);
              setInstance(connect());
            }}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Try again
          </Button>
        }
      >
        {STRIPE_ONBOARDING_FAILED} {loadError}
      </Alert>
    );
  } else {
    body = (
      <>
        {!started && (
          <Stack spacing={2} role="status" aria-busy aria-label={STRIPE_ONBOARDING_LOADING}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        )}
        <Box sx={{ minWidth: 0 }}>
          <ConnectComponentsProvider connectInstance={instance}>
            <ConnectAccountOnboarding
              onExit={() => void exited()}
              onLoaderStart={() => setStarted(true)}
              onLoadError={({ error }) => setLoadError(error.message ?? error.type)}
            />
          </ConnectComponentsProvider>
        </Box>
      </>
    );
  }

  return (
    <Card component="section" aria-labelledby="stripe-onboarding-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <LockOutlinedIcon fontSize="small" color="primary" aria-hidden />
        <Typography id="stripe-onboarding-title" variant="h6" component="h2">
          {STRIPE_ONBOARDING_TITLE}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mb: 3 }}>
        Stripe, our payment processor, verifies your business and pays out your card sales. What you enter here goes
        straight to Stripe.
      </Typography>
      {body}
    </Card>
  );
}

export default StripeOnboarding;
