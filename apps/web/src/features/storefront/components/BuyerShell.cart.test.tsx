import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import type { CurrentUser } from '@cratebase/contract';
import { ids, makeUser, org, purchasing } from '../../../test/fixtures';
import { renderInBuyerShell } from '../test-support/buyer-shell';
import { fakeCartServer, widget, type FakeCartServerOptions } from '../test-support/cart-test-server';

const buyer = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X'), purchasing(ids.sellerY, 'Seller Y')],
});

const seller = makeUser({
  organizations: [org(ids.merchantA, 'Alpha Foods', 'Merchant')],
  purchasing_organizations: [purchasing(ids.merchantA, 'Alpha Foods', 'Merchant', ids.merchantA)],
});

function renderShell(path: string, user: CurrentUser, options: Partial<FakeCartServerOptions> = {}) {
  const server = fakeCartServer({ user, ...options });
  vi.stubGlobal('fetch', server.fn);
  // The pages themselves are other tests' business: a stand-in keeps these about the shell.
  renderInBuyerShell(
    <>
      <Route path="all" element={<h1>Your Stores</h1>} />
      <Route path=":orgId" element={<h1>Catalog</h1>} />
    </>,
    path,
  );
  return server;
}

const line = (quantity: number) => ({ id: '10000000-0000-4000-8000-000000000001', product: widget, quantity });

describe('BuyerShell with the cart', () => {
  it("counts the cart's items on the badge and opens the drawer with the lines", async () => {
    renderShell(`/storefront/${ids.sellerX}`, buyer, { lines: [line(5)] });
    const cartButton = await screen.findByRole('button', { name: 'Cart, 5 items' });
    expect(screen.getByTestId('cart-badge').textContent).toContain('5');
    await userEvent.setup().click(cartButton);
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getByText('Seller X')).toBeTruthy();
    expect(await within(drawer).findByRole('listitem', { name: 'Widget' })).toBeTruthy();
  });

  it('caps the badge at 99+', async () => {
    renderShell(`/storefront/${ids.sellerX}`, buyer, { lines: [line(120)] });
    expect(await screen.findByRole('button', { name: 'Cart, 99+ items' })).toBeTruthy();
    expect(screen.getByTestId('cart-badge').textContent).toContain('99+');
  });

  it('reads the cart of the store in the URL only, and none outside a store', async () => {
    const server = renderShell('/storefront/all', buyer);
    await screen.findByRole('heading', { name: 'Your Stores' });
    await waitFor(() => expect(server.calls.some((call) => call.path === '/api/user/me')).toBe(true));
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeTruthy();
    expect(server.reads()).toEqual([]);
  });

  it('shows no preview banner to a buyer', async () => {
    renderShell(`/storefront/${ids.sellerX}`, buyer);
    await screen.findByRole('heading', { name: 'Catalog' });
    expect(screen.queryByRole('note', { name: 'Store preview' })).toBeNull();
  });

  it("tells a seller viewing its own store that it is a preview, with a way back to the admin", async () => {
    const server = renderShell(`/storefront/${ids.merchantA}`, seller, { terms: { is_preview: true } });
    const banner = await screen.findByRole('note', { name: 'Store preview' });
    expect(banner.textContent).toContain(
      'Preview: this is how your retailers see Alpha Foods. You can fill a test cart but cannot check out.',
    );
    expect(within(banner).getByRole('link', { name: 'Back to admin' }).getAttribute('href')).toBe(
      `/app/${ids.merchantA}/products`,
    );
    // The seller's own organization is the purchasing side of its test cart.
    await waitFor(() =>
      expect(server.reads().map((call) => call.path)).toEqual([
        `/api/cart/selling_organization/${ids.merchantA}/purchasing_organization/${ids.merchantA}`,
      ]),
    );
  });
});
