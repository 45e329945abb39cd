/**
 * Stripe's Embedded Checkout component on its own (issue 21, part 4), with the Stripe.js stand-in
 * of src/test/stripe-standin.ts. This file starts with no `window.Stripe`, so the first load goes
 * the way a real page's does: @stripe/stripe-js adds Stripe.js's script tag and waits for it.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../../test/render';
import { STRIPE_STANDIN_PAY_LABEL, installStripeStandIn } from '../../../../test/stripe-standin';
import { STRIPE_LOAD_FAILED, STRIPE_LOADING_LABEL, STRIPE_NOT_CONFIGURED, StripeCheckout } from './StripeCheckout';

const STRIPE_JS = 'https://js.stripe.com/endive/stripe.js';
const stripeScripts = () => [...document.querySelectorAll<HTMLScriptElement>(`script[src="${STRIPE_JS}"]`)];

describe('StripeCheckout', () => {
  // First in the file: Stripe.js has not been loaded yet on this page.
  it('loads Stripe.js from js.stripe.com only when shown, says so when it cannot load, and tries again', async () => {
    expect(stripeScripts()).toHaveLength(0);
    renderWithProviders(
      <StripeCheckout clientSecret="cs_test_a_secret_b" publishableKey="pk_test_a" onComplete={() => {}} />,
    );
    expect(screen.getByRole('status', { name: STRIPE_LOADING_LABEL })).toBeTruthy();
    // The loader added Stripe.js's tag; the browser refuses it (blocked, offline): the loader tries
    // once more with a new tag, which fails too.
    await waitFor(() => expect(stripeScripts()).toHaveLength(1));
    const first = stripeScripts()[0]!;
    first.dispatchEvent(new Event('error'));
    await waitFor(() => expect(stripeScripts()[0]).not.toBe(first));
    expect(stripeScripts()).toHaveLength(1);
    stripeScripts()[0]!.dispatchEvent(new Event('error'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(STRIPE_LOAD_FAILED);

    // Now Stripe.js is there: Try again mounts the checkout.
    const stripe = installStripeStandIn(window, { pay: async () => ({ returnUrl: null }) });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stripe-standin-checkout')).toBeTruthy();
    expect(stripe.publishableKeys).toEqual(['pk_test_a']);
  });

  it('calls onComplete when Stripe completes in the page, and makes a new checkout for a new session', async () => {
    const confirmed: string[] = [];
    const stripe = installStripeStandIn(window, {
      pay: async (sessionId) => {
        confirmed.push(sessionId);
        return { returnUrl: null };
      },
    });
    const onComplete = vi.fn();
    const { rerender } = renderWithProviders(
      <StripeCheckout clientSecret="cs_test_one_secret_x" publishableKey="pk_test_a" onComplete={onComplete} />,
    );
    await screen.findByTestId('stripe-standin-checkout');
    // The session was renewed (the first expired): Stripe keeps its first options, so a new checkout.
    rerender(<StripeCheckout clientSecret="cs_test_two_secret_y" publishableKey="pk_test_a" onComplete={onComplete} />);
    await waitFor(() =>
      expect(stripe.checkouts.map((c) => c.options.clientSecret)).toEqual([
        'cs_test_one_secret_x',
        'cs_test_two_secret_y',
      ]),
    );
    await waitFor(() => expect(stripe.checkouts[0]!.destroyed).toBe(true));
    const checkout = await screen.findByTestId('stripe-standin-checkout');
    expect(within(checkout).getByText('Session cs_test_two')).toBeTruthy();
    await userEvent.setup().click(within(checkout).getByRole('button', { name: STRIPE_STANDIN_PAY_LABEL }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    expect(confirmed).toEqual(['cs_test_two']);
  });

  it('says the store is not set up for Stripe when the answer has no publishable key', () => {
    renderWithProviders(
      <StripeCheckout clientSecret="cs_test_a_secret_b" publishableKey={undefined} onComplete={() => {}} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(STRIPE_NOT_CONFIGURED);
  });
});
