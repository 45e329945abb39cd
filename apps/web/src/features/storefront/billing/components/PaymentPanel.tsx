import { Suspense, lazy, useCallback, useId, type ReactNode } from 'react';
import { SELLER_PAYMENTS_NOT_ACTIVE, type Cart } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../../components/Toast';
import { ApiError, errorMessage } from '../../../../lib/api';
import { formatCents } from '../../../../lib/format';
import {
  buyerOrdersPath,
  checkoutReturnPath,
  invoiceTermsText,
  orderPlacedOnTermsMessage,
  PAY_BY_CARD_LABEL,
  payByInvoiceLabel,
  PLACE_ORDER_LABEL,
  useCheckoutSession,
  useChoosePaymentTerms,
  useOrderPaymentTerms,
  useSubmitOnTerms,
} from '../../payment/api';
import { cartKeys, orderKeys } from '../../../../lib/query-keys';
import { orderConfirmationPath } from '../../orders/paths';
import { PreorderChargeNote } from './PreorderChargeNote';
import { billingPath } from '../../checkout/api';
import { CertificateRequiredLink } from '../../resale-certificate/components/CertificateRequiredLink';

export const CHOOSE_SHIPPING_TO_PAY = 'Card payment opens here once you choose a shipping option.';
export const LOADING_PAYMENT_FORM = 'Loading the payment form';
export const PAYMENT_NOT_READY = 'Payment cannot start yet';
export const ORDER_ALREADY_PLACED = 'This order is placed';
/** Refusals of the payment whose way on is the store (change what is in the cart). */
const BACK_TO_STORE_CODES = new Set([
  'insufficient_inventory',
  'min_items',
  'min_cents',
  'unavailable_lines',
  'quantity_rules',
  // Above the most one order may cost (money-rules.ts): fewer items, or several orders.
  'order_too_large',
]);

// The built-in card form, and Stripe's embedded checkout with Stripe.js only when the session is
// Stripe's: each its own chunk, loaded when the payment is shown.
const CardCheckout = lazy(() => import('../../payment/components/CardCheckout').then((module) => ({ default: module.CardCheckout })));
const StripeCheckout = lazy(() => import('../../payment/components/StripeCheckout'));

/** Where the card form will be, while it (or its session) loads. */
function PaymentFormSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-busy aria-label={LOADING_PAYMENT_FORM}>
      <Skeleton variant="text" width="50%" />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={44} />
    </Stack>
  );
}

/**
 * The server would not open the payment (409: the quote went stale, too little stock, a minimum
 * no longer met, …): its sentence for the buyer instead of the form, and a way on.
 */
function SessionRefused({
  error,
  orgId,
  buyerOrgId,
  storeName,
  retrying,
  onRetry,
}: {
  error: unknown;
  orgId: string;
  buyerOrgId: string;
  storeName: string | undefined;
  retrying: boolean;
  onRetry: () => void;
}) {
  const refusal = error instanceof ApiError && error.status === 409;
  const backToStore = error instanceof ApiError && BACK_TO_STORE_CODES.has(error.code);
  // Placed meanwhile (paid in another tab or window): nothing to retry, the order is there.
  if (refusal && error.code === 'order_submitted') {
    return (
      <Alert severity="info">
        <AlertTitle>{ORDER_ALREADY_PLACED}</AlertTitle>
        {errorMessage(error)}
        <Box sx={{ mt: 1 }}>
          <Link component={RouterLink} to={buyerOrdersPath(orgId)} color="inherit">
            View your orders
          </Link>
        </Box>
      </Alert>
    );
  }
  return (
    <Alert
      severity={refusal ? 'warning' : 'error'}
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying} sx={{ whiteSpace: 'nowrap' }}>
          Try again
        </Button>
      }
    >
      <AlertTitle>{PAYMENT_NOT_READY}</AlertTitle>
      {errorMessage(error)}
      <CertificateRequiredLink error={error} buyerOrgId={buyerOrgId} back={billingPath(orgId)} />
      {backToStore && (
        <Box sx={{ mt: 1 }}>
          <Link component={RouterLink} to={`/storefront/${orgId}`} color="inherit">
            {storeName ? `Back to ${storeName}` : 'Back to store'}
          </Link>
        </Box>
      )}
    </Alert>
  );
}

interface PaymentPanelProps {
  cart: Cart;
  orgId: string;
  storeName: string | undefined;
  rateChosen: boolean;
  optionsRead: boolean;
  totalCents: number;
  /** Runs when Pay is pressed, before the payment: false stops it (the PO number was refused). */
  beforePay?: () => Promise<boolean>;
}

/**
 * Pay by invoice (issue 13): no card; "Place order" places the order on the seller's terms and
 * goes to the orders page (spec: after submission the buyer goes to the orders page).
 */
function InvoicePayment({
  cart,
  orgId,
  netDays,
  rateChosen,
  beforePay,
}: {
  cart: Cart;
  orgId: string;
  netDays: number;
  rateChosen: boolean;
  beforePay?: () => Promise<boolean>;
}) {
  const submit = useSubmitOnTerms(cart.order.id);
  const client = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const place = async () => {
    if (beforePay && !(await beforePay())) return;
    submit.mutate(cart.total_cents, {
      onSuccess: async (placed) => {
        void client.invalidateQueries({ queryKey: orderKeys.all });
        toast.show(orderPlacedOnTermsMessage(placed.invoice.number));
        // The order is placed and its cart closed: the next read gives a new, empty cart. Read it
        // only once the order's confirmation is shown — here, an empty cart would send the buyer
        // back to step 1 (useBillingGuard) before the confirmation has loaded.
        await navigate(orderConfirmationPath(orgId, placed.id));
        void client.invalidateQueries({ queryKey: cartKeys.store(orgId) });
      },
    });
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{rateChosen ? invoiceTermsText(netDays) : CHOOSE_SHIPPING_TO_PAY}</Typography>
      <PreorderChargeNote cart={cart} netDays={netDays} />
      {submit.isError && (
        <Alert severity={submit.error instanceof ApiError && submit.error.status === 409 ? 'warning' : 'error'}>
          {errorMessage(submit.error)}
          <CertificateRequiredLink error={submit.error} buyerOrgId={cart.purchasing_organization_id} back={billingPath(orgId)} />
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={!rateChosen || !cart.can_checkout || submit.isPending || submit.isSuccess}
        onClick={() => void place()}
      >
        {submit.isPending ? 'Placing order…' : PLACE_ORDER_LABEL}
      </Button>
    </Stack>
  );
}

/** The panel's frame: a section named by its "Payment" heading. */
function PaymentSection({ children }: { children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Payment
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * Beside the options: when the seller gave the buyer net terms, a choice between card and invoice
 * first. The seller's payments not active (spec section 6) stop card payment here with no form.
 * Otherwise, once a shipping option is chosen, the checkout session is made and its embedded
 * checkout shown, loaded on demand: the built-in card form, or Stripe's Embedded Checkout.
 */
export function PaymentPanel({ cart, orgId, storeName, rateChosen, optionsRead, totalCents, beforePay }: PaymentPanelProps) {
  const methodLabelId = useId();
  const active = cart.seller_payments_active !== false;
  const terms = useOrderPaymentTerms(cart.order.id);
  const choose = useChoosePaymentTerms(cart.order.id);
  const netDays = terms.data?.net_days ?? 0;
  const chosenInvoice = choose.isPending ? choose.variables : (terms.data?.is_net_30 ?? false);
  // Without card payments, an invoice is the only way (when the seller gave terms).
  const byInvoice = netDays > 0 && (chosenInvoice || !active);
  const session = useCheckoutSession(
    orgId,
    cart,
    active && rateChosen && optionsRead && !terms.isPending && !byInvoice,
  );
  const { refetch } = session;
  const navigate = useNavigate();
  const sessionId = session.data?.session_id;
  // Stripe completed the payment without sending the page to the return URL: go there ourselves.
  const stripeCompleted = useCallback(() => {
    if (sessionId) void navigate(`${checkoutReturnPath(orgId)}?session_id=${encodeURIComponent(sessionId)}`);
  }, [navigate, orgId, sessionId]);
  const renewSession = useCallback(async () => {
    const renewed = await refetch();
    return renewed.isSuccess ? renewed.data : null;
  }, [refetch]);

  const methodChoice =
    netDays > 0 ? (
      <Box sx={{ mb: 2 }}>
        <Typography id={methodLabelId} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
          How do you want to pay?
        </Typography>
        <RadioGroup
          aria-labelledby={methodLabelId}
          value={byInvoice ? 'invoice' : 'card'}
          onChange={(event) => choose.mutate(event.target.value === 'invoice')}
        >
          <FormControlLabel value="card" control={<Radio />} label={PAY_BY_CARD_LABEL} disabled={!active} />
          <FormControlLabel value="invoice" control={<Radio />} label={payByInvoiceLabel(netDays)} />
        </RadioGroup>
        {choose.isError && (
          <Alert severity="error" onClose={() => choose.reset()}>
            {errorMessage(choose.error)}
          </Alert>
        )}
      </Box>
    ) : null;

  if (byInvoice) {
    return (
      <PaymentSection>
        {methodChoice}
        <InvoicePayment cart={cart} orgId={orgId} netDays={netDays} rateChosen={rateChosen} beforePay={beforePay} />
      </PaymentSection>
    );
  }

  if (!active) {
    return (
      <Alert severity="warning">
        <AlertTitle>Payment unavailable</AlertTitle>
        {SELLER_PAYMENTS_NOT_ACTIVE}
      </Alert>
    );
  }

  let body;
  if (!rateChosen) {
    body = (
      <>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {CHOOSE_SHIPPING_TO_PAY}
        </Typography>
        <Button variant="contained" size="large" fullWidth disabled startIcon={<LockOutlinedIcon />}>
          {`Pay ${formatCents(totalCents)}`}
        </Button>
      </>
    );
  } else if (session.isError) {
    body = (
      <SessionRefused
        error={session.error}
        orgId={orgId}
        buyerOrgId={cart.purchasing_organization_id}
        storeName={storeName}
        retrying={session.isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (!session.data) {
    body = <PaymentFormSkeleton />;
  } else if (session.data.provider === 'stripe') {
    // Stripe's Pay is inside its frame: the PO number is saved as the buyer leaves its field.
    body = (
      <Suspense fallback={<PaymentFormSkeleton />}>
        <StripeCheckout
          clientSecret={session.data.clientSecret}
          publishableKey={session.data.publishable_key}
          onComplete={stripeCompleted}
        />
      </Suspense>
    );
  } else {
    body = (
      <Suspense fallback={<PaymentFormSkeleton />}>
        <CardCheckout session={session.data} renewSession={renewSession} beforePay={beforePay} />
      </Suspense>
    );
  }

  return (
    <PaymentSection>
      {methodChoice}
      <PreorderChargeNote cart={cart} />
      {body}
    </PaymentSection>
  );
}
