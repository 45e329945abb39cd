import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthContext, type AuthContextProps } from '../../../../lib/auth-context';
import { Route, Routes, useLocation } from 'react-router';
import { fakeFetch, ids, makeUser, noProgress, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastProvider } from '../../../../components/Toast';
import { SellerShell } from './SellerShell';
import { SidePanel } from './SidePanel';
import { otherOrganizationMessage, SELLERS_ONLY_MESSAGE } from '../wrong-place';

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
    <ToastProvider>
      <AuthContext.Provider value={signedIn}>
        <Routes>
          <Route path="/app/:orgId" element={<SellerShell />}>
            <Route index element={<Where />} />
            <Route path="orders" element={<Where />} />
            <Route path="products" element={<Where />} />
          </Route>
          <Route path="/storefront/all" element={<Where />} />
          <Route path="/no-stores" element={<Where />} />
        </Routes>
      </AuthContext.Provider>
    </ToastProvider>,
    { path },
  );
}

const user = makeUser({
  name: 'Sam Seller',
  organizations: [org(ids.merchantA, 'Alpha Foods', 'Merchant'), org(ids.merchantB, 'Beta Goods', 'Merchant')],
  purchasing_organizations: [purchasing(ids.merchantA, 'Alpha Foods'), purchasing(ids.merchantB, 'Beta Goods')],
});

function stubApi(me = user) {
  const fetch = fakeFetch({
    'GET /api/user/me': { body: me },
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
      'Dashboard',
      'Orders',
      'Written orders',
      'Invoices',
      'Customers',
      'Price lists',
      'Products',
      'Line sheets',
      'Invites',
      'Terms',
      'Team',
      'View as Buyer',
    ]);
    const products = within(nav).getByRole('link', { name: 'Products' });
    expect(products.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBeNull();
    // The dashboard is the landing view: active on /app/{org} only, linked there.
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(dashboard.getAttribute('aria-current')).toBeNull();
    expect(dashboard.getAttribute('href')).toBe(`/app/${ids.merchantA}`);
    expect(within(nav).getByRole('link', { name: 'View as Buyer' }).getAttribute('href')).toBe(
      `/storefront/${ids.merchantA}`,
    );
    await waitFor(() => expect(within(nav).getByTestId('setup-badge').textContent).toBe('4'));
    expect(screen.getByText('Sam Seller')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/app/${ids.merchantA}/products`);
  });

  it('keeps the sections when the user cannot be loaded (network down): the panel is not reduced to a logo', async () => {
    stubApi();
    renderWithProviders(
      <AuthContext.Provider value={signedIn}>
        <SidePanel
          orgId={ids.merchantA}
          user={undefined}
          loading={false}
          isMember={false}
          profile={{ name: 'Sam Seller', email: 'sam@example.com' }}
        />
      </AuthContext.Provider>,
      { path: `/app/${ids.merchantA}/products` },
    );
    const nav = screen.getByRole('navigation', { name: 'Seller sections' });
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(`/app/${ids.merchantA}/orders`);
    expect(within(nav).getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'View as Buyer' })).toBeTruthy();
    // Sections for owners and admins wait for the user's role.
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).toBeNull();
  });

  it('shows a failed user load in the content area with Try again, keeps the sections, and loads it once (no loop)', async () => {
    const api = stubApi();
    let online = false;
    let meCalls = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/user/me')) meCalls++;
      if (!online) throw new TypeError('Failed to fetch');
      return api.fn(input, init);
    });
    const clicker = userEvent.setup();
    renderShell(`/app/${ids.merchantA}/products`);

    const main = await screen.findByRole('main');
    const retry = await within(main).findByRole('button', { name: 'Try again' });
    const nav = screen.getByRole('navigation', { name: 'Seller sections' });
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(`/app/${ids.merchantA}/orders`);
    expect(within(nav).getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(meCalls).toBe(1);

    online = true;
    await clicker.click(retry);
    expect((await screen.findByTestId('where')).textContent).toBe(`/app/${ids.merchantA}/products`);
    expect(within(nav).getByRole('link', { name: 'Team' })).toBeTruthy();
  });

  it('links Integrations for owners and admins only', async () => {
    const asRole = (role: 'owner' | 'admin' | 'staff') =>
      makeUser({ organizations: [{ ...org(ids.merchantA, 'Alpha Foods', 'Merchant'), role }] });
    for (const role of ['owner', 'admin', 'staff'] as const) {
      stubApi(asRole(role));
      const { unmount } = renderShell(`/app/${ids.merchantA}/products`);
      const nav = await screen.findByRole('navigation', { name: 'Seller sections' });
      await within(nav).findByRole('link', { name: 'Team' });
      const integrations = within(nav).queryByRole('link', { name: 'Integrations' });
      if (role === 'staff') expect(integrations).toBeNull();
      else expect(integrations?.getAttribute('href')).toBe(`/app/${ids.merchantA}/integrations`);
      unmount();
    }
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

  it("sends a seller who opens another organization's admin to their own, and says so", async () => {
    stubApi();
    renderShell(`/app/${ids.sellerX}/orders`);

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/app/${ids.merchantA}`));
    expect((await screen.findByRole('alert')).textContent).toContain(otherOrganizationMessage('Alpha Foods'));
    expect((await screen.findByRole('combobox', { name: 'Organization' })).textContent).toBe('Alpha Foods');
  });

  it('opens the remembered organization when the one in the address is not theirs', async () => {
    window.localStorage.setItem('org', ids.merchantB);
    stubApi();
    renderShell(`/app/${ids.sellerY}/products`);

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/app/${ids.merchantB}`));
    expect((await screen.findByRole('alert')).textContent).toContain(otherOrganizationMessage('Beta Goods'));
  });

  it('sends a buyer to the stores they buy from, with the reason', async () => {
    stubApi(
      makeUser({
        name: 'Bea Buyer',
        organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
        purchasing_organizations: [purchasing(ids.sellerX, 'Juniper Soap Co'), purchasing(ids.sellerY, 'Oak Candles')],
      }),
    );
    // Even with their own (Buyer-type) organization in the address: it has no seller area.
    renderShell(`/app/${ids.buyer}/orders`);

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/storefront/all'));
    expect((await screen.findByRole('alert')).textContent).toContain(SELLERS_ONLY_MESSAGE);
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
  });

  it('sends a buyer no seller has invited yet to the page that explains invitations', async () => {
    stubApi(makeUser({ organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')] }));
    renderShell(`/app/${ids.sellerX}/products`);

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/no-stores'));
    expect((await screen.findByRole('alert')).textContent).toContain('That page is for sellers.');
  });

  it('lists only organizations with a seller area in the Organization select', async () => {
    stubApi(
      makeUser({
        organizations: [org(ids.merchantA, 'Alpha Foods', 'Merchant'), org(ids.buyer, 'Corner Shop', 'Buyer')],
      }),
    );
    const u = userEvent.setup();
    renderShell(`/app/${ids.merchantA}/orders`);

    await u.click(await screen.findByRole('combobox', { name: 'Organization' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Alpha Foods']);
  });
});
