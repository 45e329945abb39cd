import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { PREVIEW_CHECKOUT_MESSAGE } from '@cratebase/contract';
import { ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { CheckoutGate } from './CheckoutGate';
import { makeCart, widget } from '../../test-support/cart-test-server';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderGate(cart: ReturnType<typeof makeCart>, changing = false) {
  return renderWithProviders(
    <Routes>
      <Route path="/storefront/:orgId" element={<CheckoutGate cart={cart} orgId={ids.sellerX} changing={changing} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: `/storefront/${ids.sellerX}` },
  );
}

const line = (quantity: number) => ({ id: '10000000-0000-4000-8000-000000000001', product: widget, quantity });
const checkout = () => screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement;

describe('CheckoutGate (the minimums gate)', () => {
  it("shows 'Cannot Checkout' with both messages, a progress line per minimum and a disabled Checkout", () => {
    // 6 items of $12.00 = $72.00 against minimums of 10 items and $95.50.
    renderGate(makeCart([line(6)], { min_items: 10, min_cents: 9550 }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Cannot Checkout')).toBeTruthy();
    expect(within(alert).getByText('Your wholesale order must include at least 10 items to checkout.')).toBeTruthy();
    expect(within(alert).getByText('Your wholesale order must cost at least $95.50 to checkout.')).toBeTruthy();
    expect(screen.getByText('Add 4 more items')).toBeTruthy();
    expect(screen.getByText('Add $23.50 more')).toBeTruthy();
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['60', '75']);
    expect(checkout().disabled).toBe(true);
  });

  it('says "1 more item" in the singular and shows only the unmet minimum', () => {
    renderGate(makeCart([line(9)], { min_items: 10, min_cents: 5000 }));
    expect(screen.getByText('Add 1 more item')).toBeTruthy();
    expect(screen.queryByText(/^Add \$/)).toBeNull();
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
  });

  it('enables Checkout when the minimums are met and goes to the checkout page', async () => {
    renderGate(makeCart([line(10)], { min_items: 10, min_cents: 9550 }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(checkout().disabled).toBe(false);
    await userEvent.setup().click(checkout());
    expect(screen.getByTestId('where').textContent).toBe(`/storefront/${ids.sellerX}/checkout`);
  });

  it('keeps Checkout disabled while a change is on its way', () => {
    renderGate(makeCart([line(10)]), true);
    expect(checkout().disabled).toBe(true);
  });

  it("disables Checkout in a seller's preview of its own store, saying why", () => {
    renderGate(makeCart([line(10)], { is_preview: true }));
    expect(within(screen.getByRole('alert')).getByText(PREVIEW_CHECKOUT_MESSAGE)).toBeTruthy();
    expect(checkout().disabled).toBe(true);
  });
});
