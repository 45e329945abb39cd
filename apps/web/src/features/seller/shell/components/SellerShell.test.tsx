import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthContext, type AuthContextProps } from '../../../../lib/auth-context';
import { Route, Routes, useLocation } from 'react-router';
import { fakeFetch, ids, makeUser, noProgress, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { SellerShell } from './SellerShell';

const signedIn = {
  isAuthenticated: true,
  isLoading: false,
  user: undefined,
  settings: {},
} as unknown as AuthContextProps;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderShell(path: string) {
  return renderWithProviders(
    <AuthContext.Provider value={signedIn}>
      <Routes>
        <Route path="/app/:orgId" element={<SellerShell />}>
          <Route path="orders" element={<Where />} />
          <Route path="products" element={<Where />} />
        </Route>
      </Routes>
    </AuthContext.Provider>,
    { path },
  );
}

const user = makeUser({
  name: 'Sam Seller',
  organizations: [org(ids.merchantA, 'Alpha Foods', 'Merchant'), org(ids.merchantB, 'Beta Goods', 'Merchant')],
  purchasing_organizations: [purchasing(ids.merchantA, 'Alpha Foods'), purchasing(ids.merchantB, 'Beta Goods')],
});

function stubApi() {
  const fetch = fakeFetch({
    'GET /api/user/me': { body: user },
    [`GET /api/organization/${ids.merchantA}/onboarding/status`]: { body: { ...noProgress, has_customers: true } },
    [`GET /api/organization/${ids.merchantB}/onboarding/status`]: { body: noProgress },
  });
  vi.stubGlobal('fetch', fetch.fn);
  return fetch;
}

describe('SellerShell', () => {
  it('shows the side panel with the current section highlighted', async () => {
    stubApi();
    renderShell(`/app/${ids.merchantA}/products`);

    await screen.findByRole('link', { name: 'Orders' });
    const nav = screen.getByRole('navigation', { name: 'Seller sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent?.replace(/\d.*$/, ''))).toEqual([
      'Configure',
      'Orders',
      'Customers',
      'Products',
      'Invites',
      'Terms',
      'View as Buyer',
    ]);
    const products = within(nav).getByRole('link', { name: 'Products' });
    expect(products.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'View as Buyer' }).getAttribute('href')).toBe(
      `/storefront/${ids.merchantA}`,
    );
    await waitFor(() => expect(within(nav).getByTestId('setup-badge').textContent).toBe('4'));
    expect(screen.getByText('Sam Seller')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/app/${ids.merchantA}/products`);
  });

  it('switches organization: remembers it and opens its orders', async () => {
    stubApi();
    const u = userEvent.setup();
    renderShell(`/app/${ids.merchantA}/products`);

    const select = await screen.findByRole('combobox', { name: 'Organization' });
    expect(select.textContent).toBe('Alpha Foods');
    await u.click(select);
    await u.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Beta Goods' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/app/${ids.merchantB}/orders`));
    expect(window.localStorage.getItem('org')).toBe(ids.merchantB);
  });

  it('shows not-found for an organization the user is not a member of', async () => {
    stubApi();
    renderShell(`/app/${ids.sellerX}/orders`);
    expect(await screen.findByText('This page is not available.')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();
  });
});
