import { SELECT_SHIPPING_TEXT, type Cart } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { formatCents } from '../../../../lib/format';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { estimateOfOrder, orderHasRate, useChooseFirstEstimate, useChooseRate, useShippingEstimates } from '../api';
import { useBillingGuard } from '../../checkout/api';
import { BackToStore, CheckoutColumns, CheckoutStepPage, SummaryRow } from '../../checkout/components/CheckoutLayout';
import { OrderSummaryLines } from '../../checkout/components/OrderSummaryLines';
import { usePoNumberField } from '../po-number';
import { PaymentPanel } from './PaymentPanel';
import { PoNumberField } from './PoNumberField';
import { ShippingOptions } from './ShippingOptions';

export const BILLING_TITLE = 'Shipping & Payment';

interface SummaryProps {
  cart: Cart;
  storeName: string | undefined;
  /** The chosen rate's amount (null until one is chosen) and what it is. */
  shippingCents: number | null;
  service: string | null;
}

/** The items, Cost of Goods, Shipping ('Please select shipping' until chosen) and Total. */
function BillingSummary({ cart, storeName, shippingCents, service }: SummaryProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Order summary
      </Typography>
      <Typography variant="body2">
        {cart.item_count} {cart.item_count === 1 ? 'item' : 'items'} from {storeName ?? 'this store'}
      </Typography>
      <OrderSummaryLines cart={cart} />
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

/** Step 2's body: the shipping options, the summary and the payment panel. */
function ShippingAndPayment({ cart, orgId, storeName }: { cart: Cart; orgId: string; storeName: string | undefined }) {
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

  return (
    <CheckoutColumns sideWidth={340}>
      <ShippingOptions
        cart={cart}
        orgId={orgId}
        estimates={estimates}
        selected={shown?.object_id ?? null}
        onChoose={(rateId) => choose.mutate(rateId)}
        choice={choose}
      />
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
