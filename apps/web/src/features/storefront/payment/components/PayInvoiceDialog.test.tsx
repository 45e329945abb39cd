/**
 * Pay now of an open invoice with Stripe as the payments provider (issue 21, part 4): the dialog
 * mounts Stripe's Embedded Checkout (the Stripe.js stand-in of src/test/stripe-standin.ts) for the
 * invoice's session; when Stripe completes in the page, verify-payment marks the invoice PAID at
 * once and the orders list is read again.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { STRIPE_STANDIN_PAY_LABEL, installStripeStandIn } from '../../../../test/stripe-standin';
import { PayInvoiceDialog } from './PayInvoiceDialog';

const invoiceId = '00000000-0000-4000-8000-0000000000e1';
const session = {
  clientSecret: 'cs_test_inv_secret_z',
  session_id: 'cs_test_inv',
  provider: 'stripe',
  amount_cents: 4_200,
  invoice_number: 'CB-000042',
  seller_id: ids.sellerX,
  publishable_key: 'pk_test_invoice01',
};
const verifyPath = `/api/stripe/organization/${ids.sellerX}/verify-payment/cs_test_inv`;

describe('PayInvoiceDialog with Stripe', () => {
  it("pays the invoice in Stripe's embedded checkout, verifies the payment and hands back to the orders list", async () => {
    const stripe = installStripeStandIn(window, { pay: async () => ({ returnUrl: null }) });
    const fetch = fakeFetch({
      [`POST /api/invoice/${invoiceId}/checkout-session`]: { body: session },
      [`GET ${verifyPath}`]: {
        body: {
          success: true,
          order_id: '00000000-0000-4000-8000-0000000000d1',
          invoice_number: 'CB-000042',
          amount_cents: 4_200,
          completed_on: '2026-01-02T10:00:00.000Z',
          card: { brand: 'visa', last4: '4242' },
        },
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const onPaid = vi.fn();
    renderWithProviders(
      <PayInvoiceDialog invoiceId={invoiceId} label="order 1A2B3C4D" open onClose={() => {}} onPaid={onPaid} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice for order 1A2B3C4D' });
    expect(await within(dialog).findByText('Invoice CB-000042: $42.00')).toBeTruthy();
    const checkout = await within(dialog).findByTestId('stripe-standin-checkout');
    expect(stripe.publishableKeys).toEqual(['pk_test_invoice01']);
    expect(stripe.checkouts.map((c) => c.options.clientSecret)).toEqual(['cs_test_inv_secret_z']);
    // Not the built-in card form.
    expect(within(dialog).queryByRole('textbox', { name: /Card number/ })).toBeNull();

    await userEvent.setup().click(within(checkout).getByRole('button', { name: STRIPE_STANDIN_PAY_LABEL }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(fetch.calls.filter((c) => c.path === verifyPath)).toHaveLength(1);
  });
});
