/**
 * The pieces both checkout steps show (CheckoutPage, step 1; BillingPage, step 2): the way back to
 * the store, the page's heading with the steps, and a line of the order summary. A module of their
 * own so that each step's lazy chunk loads only these, not the other step's page.
 */
import type { ReactNode } from 'react';
import type { Cart } from '@cratebase/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import { CenteredSpinner } from '../../../../components/CenteredSpinner';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { useCurrentUser } from '../../../../lib/current-user';
import { findStore } from '../../api';
import { PageHeader } from '../../../../components/PageHeader';
import { BackLink } from '../../../../components/BackLink';

export const CHECKOUT_STEPS = ['Shipping Address', 'Shipping & Payment'] as const;

function backToStoreLabel(storeName: string | undefined): string {
  return storeName ? `Back to ${storeName}` : 'Back to store';
}

export function BackToStore({
  orgId,
  storeName,
  variant,
}: {
  orgId: string;
  storeName?: string;
  variant?: 'contained';
}) {
  if (!variant) return <BackLink to={`/storefront/${orgId}`}>{backToStoreLabel(storeName)}</BackLink>;
  return (
    <Button component={RouterLink} to={`/storefront/${orgId}`} startIcon={<ArrowBackIcon />} variant={variant}>
      {backToStoreLabel(storeName)}
    </Button>
  );
}

/** Step n of 2 (beyond the spec: where the buyer is in the checkout). */
export function CheckoutStepper({ active }: { active: number }) {
  return (
    // The group names where the buyer is; the steps stay a list (<ol> of <li>).
    <Box role="group" aria-label={`Checkout, step ${active + 1} of ${CHECKOUT_STEPS.length}`}>
      <Stepper activeStep={active}>
        {CHECKOUT_STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}

/** Back to store, the page's title and the steps, above either step's body. */
export function CheckoutHeader({
  orgId,
  storeName,
  title,
  step,
}: {
  orgId: string;
  storeName: string | undefined;
  title: string;
  /** 0 for Shipping Address, 1 for Shipping & Payment. */
  step: number;
}) {
  return (
    <>
      <PageHeader title={title} back={{ to: `/storefront/${orgId}`, label: backToStoreLabel(storeName) }} />
      <Box sx={{ maxWidth: 520 }}>
        <CheckoutStepper active={step} />
      </Box>
    </>
  );
}

/** One line of the order summary: its label and its amount (or a word such as "Please select shipping"). */
export function SummaryRow({
  label,
  value,
  testId,
  emphasis,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
  /** The last line (Subtotal, Total): larger and bold. */
  emphasis?: boolean;
}) {
  const variant = emphasis ? 'subtitle1' : 'body2';
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography variant={variant} component="p" sx={{ color: 'text.primary' }}>
        {label}
      </Typography>
      <Typography
        variant={variant}
        component="p"
        sx={{ color: 'text.primary', fontWeight: emphasis ? 600 : 500, textAlign: 'right' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * A checkout step's page: the header (back to store, title, steps), then the cart's error with
 * Try again, a spinner until the cart is loaded (and `ready`), or the step's body.
 */
export function CheckoutStepPage({
  orgId,
  title,
  step,
  cart,
  ready = true,
  children,
}: {
  orgId: string;
  title: string;
  /** 0 for Shipping Address, 1 for Shipping & Payment. */
  step: number;
  cart: UseQueryResult<Cart>;
  /** False while the step is still deciding whether it may show (step 2's guard). */
  ready?: boolean;
  children: (cart: Cart, storeName: string | undefined) => ReactNode;
}) {
  const user = useCurrentUser();
  const storeName = findStore(user.data, orgId)?.name;

  let body;
  if (cart.isError) {
    body = (
      <QueryErrorAlert error={cart.error} onRetry={() => void cart.refetch()} prefix="We could not load your cart." />
    );
  } else if (!ready || !cart.data) {
    body = <CenteredSpinner label="Loading your cart" />;
  } else {
    body = children(cart.data, storeName);
  }

  return (
    <Stack spacing={3}>
      <CheckoutHeader orgId={orgId} storeName={storeName} title={title} step={step} />
      {body}
    </Stack>
  );
}

/** The step's main column and, beside it on desktop (below on phones), the summary column. */
export function CheckoutColumns({ sideWidth, children }: { sideWidth: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 3, md: 4 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `minmax(0, 1fr) ${sideWidth}px` },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
