import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { AUTHENTICATION_FAILED_MESSAGE, type CheckoutSession } from '@cratebase/contract';
import { ids, makeUser, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { fakePayments, makeCart, paymentsFetch, type FakePaymentsOptions } from '../../test-support/cart-test-server';
import { AUTHENTICATION_CANCELLED, CardCheckout } from './CardCheckout';
import { CHALLENGE_TITLE, COMPLETE_AUTHENTICATION, FAIL_AUTHENTICATION } from './ChallengeDialog';
import { TEST_CARDS_LABEL } from './TestCards';

const buyer = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
});

function ReturnProbe() {
  const location = useLocation();
  return <p>{`Returned to ${location.pathname}${location.search}`}</p>;
}

/** The card form of a session the fake provider made, on the billing path. */
async function renderCardCheckout(options: FakePaymentsOptions = {}) {
  const payments = fakePayments({ merchantName: 'Seller X', amountCents: 3250, ...options });
  const created = await payments.handle('POST', `/api/stripe/organization/${ids.sellerX}/create-checkout-session`, {
    cart: { id: makeCart([]).id },
  });
  const session = (await created!.json()) as CheckoutSession;
  const renewSession = vi.fn(() => Promise.resolve(null));
  vi.stubGlobal(
    'fetch',
    paymentsFetch(payments, buyer, () => makeCart([])),
  );
  renderWithProviders(
    <Routes>
      <Route
        path="/storefront/:orgId/billing"
        element={<CardCheckout session={session} renewSession={renewSession} />}
      />
      <Route path="/storefront/:orgId/checkout/return" element={<ReturnProbe />} />
    </Routes>,
    { path: `/storefront/${ids.sellerX}/billing` },
  );
  // The header names who is paid once the embedded checkout is read.
  await screen.findByRole('form', { name: 'Pay Seller X' });
  return { payments, renewSession };
}

const input = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const number = () => input(/Card number/);
const expiry = () => input(/Expiration/);
const cvc = () => input(/CVC/);
const holder = () => input(/Cardholder name/);
const zip = () => input(/ZIP/);
const payButton = () => screen.getByRole('button', { name: /^Pay / }) as HTMLButtonElement;
/** The message under a field, read the way assistive technology does: through aria-describedby. */
function description(field: HTMLInputElement): string {
  return (
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      // An empty helper text is a zero-width space (MUI keeps the line's height).
      .map((id) => (document.getElementById(id)?.textContent ?? '').replace(/\u200b/g, '').trim())
      .filter(Boolean)
      .join(' | ')
  );
}

/** Puts a value in a field at once (a paste): for filling the form, where typing is not what is tested. */
async function enter(user: UserEvent, field: HTMLInputElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function fillCard(user: UserEvent, card: string) {
  await user.clear(number());
  await enter(user, number(), card);
  if (!expiry().value) {
    await enter(user, expiry(), '1239');
    await enter(user, cvc(), '123');
    await enter(user, holder(), 'Ada Lovelace');
    await enter(user, zip(), '80202');
  }
}

describe('CardCheckout, the built-in embedded checkout', () => {
  it('shows who is paid and how much, formats the card as typed and shows its brand', async () => {
    await renderCardCheckout();
    expect(screen.getByTestId('pay-amount').textContent).toBe('$32.50');
    expect(payButton().textContent).toBe('Pay $32.50');
    const user = userEvent.setup();

    await user.type(number(), '4242424242424242');
    expect(number().value).toBe('4242 4242 4242 4242');
    expect(number().getAttribute('autocomplete')).toBe('cc-number');
    expect(number().getAttribute('inputmode')).toBe('numeric');
    expect(description(number())).toContain('Visa');

    await user.clear(number());
    await user.type(number(), '378282246310005');
    expect(number().value).toBe('3782 822463 10005');
    expect(description(number())).toContain('American Express');

    await user.type(expiry(), '1234');
    expect(expiry().value).toBe('12 / 34');
    expect(expiry().getAttribute('autocomplete')).toBe('cc-exp');
    // Deleting past the slash takes a digit away (the slash does not come back).
    await user.clear(expiry());
    await user.type(expiry(), '12');
    expect(expiry().value).toBe('12 / ');
    await user.type(expiry(), '{Backspace}');
    expect(expiry().value).toBe('1');

    await user.type(cvc(), '12a34');
    expect(cvc().value).toBe('1234');
    expect(cvc().getAttribute('autocomplete')).toBe('cc-csc');
    expect(holder().getAttribute('autocomplete')).toBe('cc-name');
    expect(zip().getAttribute('autocomplete')).toBe('postal-code');

    // The test cards are small print behind a toggle.
    const toggle = screen.getByRole('button', { name: TEST_CARDS_LABEL });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/Test mode: use 4242 4242 4242 4242/)).toBeTruthy();
  });

  it('says what is wrong with each field on submit and on blur, and sends nothing until it is right', async () => {
    const { payments } = await renderCardCheckout();
    const user = userEvent.setup();

    await user.click(payButton());
    expect(description(number())).toBe('Your card number is incomplete.');
    expect(description(expiry())).toBe('Your card’s expiration date is incomplete.');
    expect(description(cvc())).toBe('Your card’s security code is incomplete.');
    expect(description(holder())).toBe('Enter the name on the card.');
    expect(description(zip())).toBe('Your ZIP is incomplete.');
    for (const field of [number(), expiry(), cvc(), holder(), zip()]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    // The first field to fix has the focus.
    expect(document.activeElement).toBe(number());

    // A number that fails the Luhn check, told when the buyer leaves the field.
    await user.type(number(), '4242424242424241');
    await user.tab();
    expect(description(number())).toBe('Your card number is invalid. | Visa');
    await user.clear(number());
    await user.type(number(), '4242424242424242');
    expect(number().getAttribute('aria-invalid')).toBe('false');
    expect(description(number())).toBe('Visa');

    await user.type(expiry(), '0120');
    await user.tab();
    expect(description(expiry())).toBe('Your card’s expiration year is in the past.');
    await user.type(cvc(), '12');
    await user.tab();
    expect(description(cvc())).toBe('Your card’s security code is incomplete.');
    await user.type(zip(), '8020');
    await user.tab();
    expect(description(zip())).toBe('Your ZIP is incomplete.');

    await user.click(payButton());
    expect(payments.cardsPaid()).toEqual([]);
    expect(document.activeElement).toBe(expiry());
  });

  it('shows the bank’s answer to a declined card, keeps the form, and pays with another card', async () => {
    const { payments } = await renderCardCheckout();
    const user = userEvent.setup();

    await fillCard(user, '4000000000000002');
    await user.click(payButton());
    expect(within(await screen.findByRole('alert')).getByText('Your card was declined.')).toBeTruthy();
    expect(holder().value).toBe('Ada Lovelace');
    expect(expiry().value).toBe('12 / 39');

    await fillCard(user, '4000000000009995');
    await user.click(payButton());
    expect(await screen.findByText('Your card has insufficient funds.')).toBeTruthy();
    expect(screen.queryByText('Your card was declined.')).toBeNull();

    payments.holdPays();
    await fillCard(user, '4242424242424242');
    await user.click(payButton());
    // Paying: the button shows its progress and cannot be pressed again.
    await waitFor(() => expect(payButton().disabled).toBe(true));
    expect(within(payButton()).getByRole('progressbar')).toBeTruthy();
    payments.releasePays();

    expect(
      await screen.findByText(`Returned to /storefront/${ids.sellerX}/checkout/return?session_id=cs_test_1`),
    ).toBeTruthy();
    expect(payments.cardsPaid()).toEqual(['4000000000000002', '4000000000009995', '4242424242424242']);
  });

  it('fills the whole form from a test card’s Use button, keeping a ZIP already typed, and pays with it', async () => {
    const { payments } = await renderCardCheckout();
    const user = userEvent.setup();
    await user.type(zip(), '97205');
    await user.click(screen.getByRole('button', { name: TEST_CARDS_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Use 4242 4242 4242 4242' }));
    expect(number().value).toBe('4242 4242 4242 4242');
    expect(expiry().value).toBe(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
    expect(cvc().value).toBe('123');
    expect(holder().value).toBe('Test Buyer');
    expect(zip().value).toBe('97205');
    await user.click(payButton());
    expect(
      await screen.findByText(`Returned to /storefront/${ids.sellerX}/checkout/return?session_id=cs_test_1`),
    ).toBeTruthy();
    expect(payments.cardsPaid()).toEqual(['4242424242424242']);
  });

  it('asks for authentication and pays once the buyer completes it', async () => {
    const { payments } = await renderCardCheckout();
    const user = userEvent.setup();

    await fillCard(user, '4000002760003184');
    await user.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: CHALLENGE_TITLE });
    expect(within(dialog).getByText(/test authentication/)).toBeTruthy();
    expect(within(dialog).getByText(/\$32\.50 to Seller X/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: COMPLETE_AUTHENTICATION }));
    expect(
      await screen.findByText(`Returned to /storefront/${ids.sellerX}/checkout/return?session_id=cs_test_1`),
    ).toBeTruthy();
    expect(payments.challengeAnswers()).toEqual(['complete']);
  });

  it('shows the failed authentication as a decline and lets the buyer try again', async () => {
    const { payments } = await renderCardCheckout();
    const user = userEvent.setup();

    await fillCard(user, '4000002760003184');
    await user.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: CHALLENGE_TITLE });
    await user.click(within(dialog).getByRole('button', { name: FAIL_AUTHENTICATION }));

    expect(within(await screen.findByRole('alert')).getByText(AUTHENTICATION_FAILED_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payments.challengeAnswers()).toEqual(['fail']);

    // Closing the bank's page (Escape) answers nothing and says how to go on.
    await user.click(payButton());
    await screen.findByRole('dialog', { name: CHALLENGE_TITLE });
    await user.keyboard('{Escape}');
    expect(await screen.findByText(AUTHENTICATION_CANCELLED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payments.challengeAnswers()).toEqual(['fail']);
    expect(number().value).toBe('4000 0027 6000 3184');
  });

  it('puts the server’s refusal of a field under that field', async () => {
    await renderCardCheckout({
      payAnswers: [
        {
          status: 400,
          body: {
            error: 'validation',
            message: 'The card is not valid.',
            issues: [{ path: 'card.postal_code', message: 'Your ZIP is invalid.' }],
          },
        },
      ],
    });
    const user = userEvent.setup();
    await fillCard(user, '4242424242424242');
    await user.click(payButton());
    await waitFor(() => expect(description(zip())).toBe('Your ZIP is invalid.'));
    expect(zip().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(zip());
  });
});
