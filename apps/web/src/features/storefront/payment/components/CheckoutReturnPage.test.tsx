import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import {
  CHECKOUT_RETURN_MESSAGES,
  CHECKOUT_RETURN_PHRASES,
  CHECKOUT_RETURN_TYPE_STEP_MS,
  NO_SESSION_ID_MESSAGE,
  PAYMENT_VERIFICATION_FAILED,
  UNEXPECTED_ERROR_MESSAGE,
} from '@cratebase/contract';
import { ids, makeUser, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders, testQueryClient } from '../../../../test/render';
import { verificationErrorMessage } from '../api';
import { fakePayments, makeCart, paymentsFetch, widget, type FakePaymentsOptions } from '../../test-support/cart-test-server';
import { BACK_TO_CHECKOUT_LABEL, CheckoutReturnPage, RETURN_PHRASE_STEP_MS } from './CheckoutReturnPage';
import { ToastProvider } from '../../../../components/Toast';
import type { ConfirmationState } from '../../orders/components/OrderConfirmationPage';
import { matchingMedia } from '../../../../test/phone-width';

const buyer = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
});

const returnPath = `/storefront/${ids.sellerX}/checkout/return`;
const cartKey = ['cart', ids.sellerX, ids.buyer];

function renderReturn(search: string, options: FakePaymentsOptions = {}, { hold = false } = {}) {
  const payments = fakePayments(options);
  if (hold) payments.holdVerify();
  vi.stubGlobal(
    'fetch',
    paymentsFetch(payments, buyer, () => makeCart([])),
  );
  const client = testQueryClient();
  // The paid cart, as the shell last read it.
  client.setQueryData(
    cartKey,
    makeCart([{ id: '10000000-0000-4000-8000-000000000001', product: widget, quantity: 2 }]),
  );
  renderWithProviders(
    <StrictMode>
      <ToastProvider>
        <Routes>
          <Route path="/storefront/:orgId/checkout/return" element={<CheckoutReturnPage />} />
          <Route path="/storefront/:orgId/orders" element={<p>Your orders</p>} />
          <Route path="/storefront/:orgId/orders/:orderId/confirmation" element={<ConfirmationProbe />} />
        </Routes>
      </ToastProvider>
    </StrictMode>,
    { path: `${returnPath}${search}`, client },
  );
  return { payments, client };
}

/** The confirmation page: names the order and the card it was handed. */
function ConfirmationProbe() {
  const { orderId } = useParams();
  const card = (useLocation().state as ConfirmationState | null)?.card;
  return <p>{`Confirmation of order ${orderId}${card ? ` paid with ${card.brand} ${card.last4}` : ''}`}</p>;
}

const status = () => screen.getByRole('status');
const typed = () => screen.getByTestId('typed-message').textContent;
/** Lets `steps` timers of `ms` each run, one after another, rendering between them (as a browser would). */
function advance(ms: number, steps = 1) {
  for (let i = 0; i < steps; i++) act(() => vi.advanceTimersByTime(ms));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CheckoutReturnPage, /storefront/{org}/checkout/return', () => {
  it('verifies the payment once and goes on to the order’s confirmation, naming the order by its number, with the cart read afresh', async () => {
    const { payments, client } = renderReturn('?session_id=cs_test_1');
    // The verify answer's order (the fake answers …00d0), with the card it was paid with.
    expect(
      await screen.findByText('Confirmation of order 00000000-0000-4000-8000-0000000000d0 paid with visa 4242'),
    ).toBeTruthy();
    expect(screen.queryByText('Your orders')).toBeNull();
    // The verify answer's invoice number is the order's number (the fake answers INV-0001).
    expect(await screen.findByText('Order INV-0001 placed. Thank you!')).toBeTruthy();
    expect(payments.verifyCalls()).toEqual([`/api/stripe/organization/${ids.sellerX}/verify-payment/cs_test_1`]);
    // The paid cart is closed: its query is marked for reading again.
    expect(client.getQueryState(cartKey)?.isInvalidated).toBe(true);
  });

  it('cycles the phrases, then types the messages out a character at a time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderReturn('?session_id=cs_test_1', {}, { hold: true });
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().textContent).toBe(CHECKOUT_RETURN_PHRASES[0]);
    advance(RETURN_PHRASE_STEP_MS);
    expect(status().textContent).toBe(CHECKOUT_RETURN_PHRASES[1]);
    advance(RETURN_PHRASE_STEP_MS);
    expect(status().textContent).toBe(CHECKOUT_RETURN_PHRASES[2]);
    advance(RETURN_PHRASE_STEP_MS);

    // The first message: announced whole, shown as it is typed.
    const [first, second] = CHECKOUT_RETURN_MESSAGES;
    expect(status().textContent).toBe(first);
    expect(typed()).toBe('');
    advance(CHECKOUT_RETURN_TYPE_STEP_MS, 5);
    expect(typed()).toBe(first.slice(0, 5));
    advance(CHECKOUT_RETURN_TYPE_STEP_MS, first.length - 5);
    expect(typed()).toBe(first);

    advance(RETURN_PHRASE_STEP_MS);
    expect(status().textContent).toBe(second);
    advance(CHECKOUT_RETURN_TYPE_STEP_MS, 3);
    expect(typed()).toBe(second.slice(0, 3));
    advance(CHECKOUT_RETURN_TYPE_STEP_MS, second.length);
    expect(typed()).toBe(second);
    expect(screen.queryByText('Your orders')).toBeNull();
  });

  it('shows each message whole at once when the buyer prefers reduced motion', () => {
    matchingMedia('prefers-reduced-motion: reduce');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderReturn('?session_id=cs_test_1', {}, { hold: true });
    advance(RETURN_PHRASE_STEP_MS, CHECKOUT_RETURN_PHRASES.length);
    expect(typed()).toBe(CHECKOUT_RETURN_MESSAGES[0]);
    advance(RETURN_PHRASE_STEP_MS);
    expect(typed()).toBe(CHECKOUT_RETURN_MESSAGES[1]);
  });

  it('shows the server’s message when the payment cannot be verified, with the way back to checkout', async () => {
    const { payments } = renderReturn('?session_id=cs_test_9', {
      verify: { status: 409, body: { error: 'payment_incomplete', message: 'This payment has not been completed.' } },
    });
    expect(await screen.findByText('This payment has not been completed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: BACK_TO_CHECKOUT_LABEL }).getAttribute('href')).toBe(
      `/storefront/${ids.sellerX}/billing`,
    );
    expect(screen.queryByText('Your orders')).toBeNull();
    expect(payments.verifyCalls()).toHaveLength(1);
  });

  it('says "Payment verification failed" when the server answers without a message', async () => {
    renderReturn('?session_id=cs_test_1', { verify: { status: 502, body: '<html>Bad gateway</html>' } });
    expect(await screen.findByText(PAYMENT_VERIFICATION_FAILED)).toBeTruthy();
    expect(screen.getByRole('link', { name: BACK_TO_CHECKOUT_LABEL })).toBeTruthy();
  });

  it('says "No session ID provided" without a session id, and verifies nothing', async () => {
    const { payments } = renderReturn('');
    expect(await screen.findByText(NO_SESSION_ID_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: BACK_TO_CHECKOUT_LABEL })).toBeTruthy();
    expect(payments.verifyCalls()).toEqual([]);
  });

  it('words a thrown error by its message, else as an unexpected error', () => {
    expect(verificationErrorMessage(new Error('The response could not be read.'))).toBe(
      'The response could not be read.',
    );
    expect(verificationErrorMessage('nothing useful')).toBe(UNEXPECTED_ERROR_MESSAGE);
  });
});
