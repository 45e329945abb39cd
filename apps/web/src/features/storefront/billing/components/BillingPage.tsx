import { Suspense, lazy, useCallback, useId } from 'react';
import {
  SELECT_SHIPPING_TEXT,
  SELLER_PAYMENTS_NOT_ACTIVE,
  SHIPPING_ESTIMATES_ERROR,
  type Cart,
  type ShippingEstimate,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../../components/Toast';
import { ApiError, errorMessage } from '../../../../lib/api';
import { formatCents } from '../../../../lib/format';
import {
  deliveryEstimate,
  estimateChips,
  estimateOfOrder,
  orderHasRate,
  useChooseFirstEstimate,
  useChooseRate,
  useShippingEstimates,
} from '../api';
import { checkoutPath, useBillingGuard } from '../../checkout/api';
import {
  buyerOrdersPath,
  checkoutReturnPath,
  useCheckoutSession,
  orderPlacedOnTermsMessage,
  PAY_BY_CARD_LABEL,
  PLACE_ORDER_LABEL,
  invoiceTermsText,
  payByInvoiceLabel,
  useChoosePaymentTerms,
  useOrderPaymentTerms,
  useSubmitOnTerms,
} from '../../payment/api';
import { usePoNumberField } from '../po-number';
import { PoNumberField } from './PoNumberField';
import { BackToStore, CheckoutColumns, CheckoutStepPage, SummaryRow } from '../../checkout/components/CheckoutLayout';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

export const BILLING_TITLE = 'Shipping & Payment';
export const BACK_TO_ADDRESS_LABEL = 'Back to shipping address';
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

/** The carrier's logo, the service, when it arrives, the chips; the amount on the right. */
function EstimateCardText({ estimate }: { estimate: ShippingEstimate }) {
  const arrives = deliveryEstimate(estimate);
  const chips = estimateChips(estimate);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1, minWidth: 0 }}>
      <Box
        component="img"
        src={estimate.provider_image_200}
        // The carrier's name is written beside it.
        alt=""
        sx={{ width: 40, height: 40, objectFit: 'contain', flexShrink: 0 }}
      />
      <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography variant="subtitle2" component="span" sx={{ display: 'block', color: 'text.primary' }}>
          {`${estimate.provider} ${estimate.servicelevel.name}`}
        </Typography>
        {arrives && (
          <Typography variant="body2" component="span" sx={{ display: 'block' }}>
            {arrives}
          </Typography>
        )}
        {chips.length > 0 && (
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {chips.map((chip) => (
              <Chip key={chip} label={chip} size="small" color="primary" variant="outlined" component="span" />
            ))}
          </Box>
        )}
      </Box>
      <Typography
        variant="subtitle1"
        component="span"
        sx={{ color: 'text.primary', fontWeight: 600, flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {formatCents(estimate.amount_cents)}
      </Typography>
    </Stack>
  );
}

interface EstimateCardsProps {
  labelledBy: string;
  estimates: ShippingEstimate[];
  selected: string | null;
  onChoose: (rateId: string) => void;
}

/** The shipping options as radio cards: one radio group, so arrow keys move between them. */
function EstimateCards({ labelledBy, estimates, selected, onChoose }: EstimateCardsProps) {
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      value={selected ?? ''}
      onChange={(event) => onChoose(event.target.value)}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      {estimates.map((estimate) => {
        const checked = estimate.object_id === selected;
        return (
          <Paper
            key={estimate.object_id}
            variant="outlined"
            sx={{
              pl: 0.5,
              pr: 2,
              borderRadius: 2,
              borderWidth: checked ? 2 : 1,
              borderColor: checked ? 'primary.main' : 'divider',
              bgcolor: checked ? 'rgba(110, 86, 207, 0.04)' : 'background.paper',
            }}
          >
            <FormControlLabel
              value={estimate.object_id}
              control={<Radio />}
              label={<EstimateCardText estimate={estimate} />}
              sx={{ m: 0, width: '100%', '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 } }}
            />
          </Paper>
        );
      })}
    </RadioGroup>
  );
}

/** Spec section 8: estimates failed or none came back; the server's line says what to fix. */
function EstimatesError({
  detail,
  retrying,
  onRetry,
}: {
  detail: string | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying} sx={{ whiteSpace: 'nowrap' }}>
          Try again
        </Button>
      }
    >
      <Box component="span" sx={{ display: 'block' }}>
        {SHIPPING_ESTIMATES_ERROR}
      </Box>
      {detail && detail !== SHIPPING_ESTIMATES_ERROR && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          {detail}
        </Box>
      )}
    </Alert>
  );
}

/** Where the order ships (chosen at step 1), with the way back to change it. */
function ShipsTo({ cart, orgId }: { cart: Cart; orgId: string }) {
  const a = cart.order.shipping_address;
  if (!a) return null;
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  const street = a.line2 ? `${a.line1}, ${a.line2}` : a.line1;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Ships to {[name, street, `${a.city}, ${a.state} ${a.postal_code}`].filter(Boolean).join(', ')}
      </Typography>
      <Button
        component={RouterLink}
        to={checkoutPath(orgId)}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ ml: -0.5 }}
      >
        {BACK_TO_ADDRESS_LABEL}
      </Button>
    </Stack>
  );
}

interface SummaryProps {
  cart: Cart;
  storeName: string | undefined;
  /** The chosen rate's amount (null until one is chosen) and what it is. */
  shippingCents: number | null;
  service: string | null;
}

/** Cost of Goods, Shipping ('Please select shipping' until chosen) and Total. */
function BillingSummary({ cart, storeName, shippingCents, service }: SummaryProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Order summary
      </Typography>
      <Typography variant="body2">
        {cart.item_count} {cart.item_count === 1 ? 'item' : 'items'} from {storeName ?? 'this store'}
      </Typography>
      <Divider sx={{ my: 1.5 }} />
      <Stack spacing={1}>
        <SummaryRow label="Cost of Goods" value={formatCents(cart.total_cents)} testId="cost-of-goods" />
        <Box>
          <SummaryRow
            label="Shipping"
            value={shippingCents === null ? SELECT_SHIPPING_TEXT : formatCents(shippingCents)}
            testId="shipping-cost"
          />
          {shippingCents !== null && service && (
            <Typography variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {service}
            </Typography>
          )}
        </Box>
      </Stack>
      <Divider sx={{ my: 1.5 }} />
      <SummaryRow label="Total" value={formatCents(cart.total_cents + (shippingCents ?? 0))} testId="total" emphasis />
    </Paper>
  );
}

const CardCheckout = lazy(() => import('../../payment/components/CardCheckout').then((module) => ({ default: module.CardCheckout })));
// Stripe's embedded checkout, with Stripe.js, only when the session is Stripe's (its own chunk).
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
  storeName,
  retrying,
  onRetry,
}: {
  error: unknown;
  orgId: string;
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
        void client.invalidateQueries({ queryKey: ['orders'] });
        toast.show(orderPlacedOnTermsMessage(placed.invoice.number));
        // The order is placed and its cart closed: the next read gives a new, empty cart. Read it
        // only once the orders page is shown — here, an empty cart would send the buyer back to
        // step 1 (useBillingGuard) before the orders page has loaded.
        await navigate(buyerOrdersPath(orgId));
        void client.invalidateQueries({ queryKey: ['cart', orgId] });
      },
    });
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{rateChosen ? invoiceTermsText(netDays) : CHOOSE_SHIPPING_TO_PAY}</Typography>
      {submit.isError && (
        <Alert severity={submit.error instanceof ApiError && submit.error.status === 409 ? 'warning' : 'error'}>
          {errorMessage(submit.error)}
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

/**
 * Beside the options: when the seller gave the buyer net terms, a choice between card and invoice
 * first. The seller's payments not active (spec section 6) stop card payment here with no form.
 * Otherwise, once a shipping option is chosen, the checkout session is made and its embedded
 * checkout shown, loaded on demand: the built-in card form, or Stripe's Embedded Checkout.
 */
function PaymentPanel({ cart, orgId, storeName, rateChosen, optionsRead, totalCents, beforePay }: PaymentPanelProps) {
  const titleId = useId();
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
      <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
          Payment
        </Typography>
        {methodChoice}
        <InvoicePayment cart={cart} orgId={orgId} netDays={netDays} rateChosen={rateChosen} beforePay={beforePay} />
      </Paper>
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
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Payment
      </Typography>
      {methodChoice}
      {body}
    </Paper>
  );
}

/** Step 2's body: the shipping options, the summary and the payment panel. */
function ShippingAndPayment({ cart, orgId, storeName }: { cart: Cart; orgId: string; storeName: string | undefined }) {
  const headingId = useId();
  const estimates = useShippingEstimates(cart);
  const choose = useChooseRate(orgId, cart);
  useChooseFirstEstimate(cart, estimates.data, choose.mutate, choose.isPending);
  const poNumber = usePoNumberField(orgId, cart);

  const list = estimates.data ?? [];
  // The card just chosen shows at once, with its amount in the summary; the cart's order says
  // what the server holds once the choice is answered and the cart read again.
  const pending = choose.isPending ? list.find((estimate) => estimate.object_id === choose.variables) : undefined;
  const held = estimateOfOrder(list, cart.order);
  const shown = pending ?? held;
  const shippingCents = pending
    ? pending.amount_cents
    : orderHasRate(cart.order)
      ? (cart.order.shipping_cost_in_cents ?? null)
      : null;
  const service = shown ? `${shown.provider} ${shown.servicelevel.name}` : (cart.order.shippo_provider ?? null);
  const totalCents = cart.total_cents + (shippingCents ?? 0);

  let options;
  if (estimates.isPending) {
    options = (
      <Stack spacing={1.5} role="status" aria-busy aria-label="Loading shipping options">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} variant="rounded" height={84} />
        ))}
      </Stack>
    );
  } else if (estimates.isError || list.length === 0) {
    options = (
      <EstimatesError
        detail={estimates.isError ? errorMessage(estimates.error) : null}
        retrying={estimates.isFetching}
        onRetry={() => void estimates.refetch()}
      />
    );
  } else {
    options = (
      <EstimateCards
        labelledBy={headingId}
        estimates={list}
        selected={shown?.object_id ?? null}
        onChoose={(rateId) => choose.mutate(rateId)}
      />
    );
  }

  return (
    <CheckoutColumns sideWidth={340}>
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
          Shipping Options
        </Typography>
        <Stack spacing={2}>
          <ShipsTo cart={cart} orgId={orgId} />
          {options}
          {choose.isError && (
            <Alert severity="error" onClose={() => choose.reset()}>
              {`We could not choose that shipping option. ${errorMessage(choose.error)}`}
            </Alert>
          )}
        </Stack>
      </Box>
      <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
        <BillingSummary cart={cart} storeName={storeName} shippingCents={shippingCents} service={service} />
        <PoNumberField field={poNumber} />
        <PaymentPanel
          cart={cart}
          orgId={orgId}
          storeName={storeName}
          rateChosen={shippingCents !== null && !choose.isPending}
          // The session waits for the options to have been read (a stale quote reads them again).
          optionsRead={!estimates.isPending}
          totalCents={totalCents}
          beforePay={poNumber.save}
        />
        <BackToStore orgId={orgId} storeName={storeName} />
      </Stack>
    </CheckoutColumns>
  );
}

/**
 * /storefront/{org_id}/billing: step 2, Shipping & Payment (spec section 2). Step 1 must be done
 * first: opened directly without a shipping address, or with an empty cart, it goes back to
 * /checkout with a toast saying why (useBillingGuard).
 */
export function BillingPage() {
  useOrganizationPageTitle('Shipping & Payment');
  const { orgId = '' } = useParams();
  const { ready, cart } = useBillingGuard(orgId);
  return (
    <CheckoutStepPage orgId={orgId} title={BILLING_TITLE} step={1} cart={cart} ready={ready}>
      {(data, storeName) => <ShippingAndPayment cart={data} orgId={orgId} storeName={storeName} />}
    </CheckoutStepPage>
  );
}
