import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthContext, type AuthContextProps } from '../../../lib/auth-context';
import { Route, Routes, useLocation } from 'react-router';
import type { CurrentUser } from '@cratebase/contract';
import { fakeFetch, ids, makeUser, org, purchasing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { BuyerShell } from './BuyerShell';
import { StorefrontEntry } from './StorefrontEntry';
import { BuyerOrdersPage } from '../orders/components/BuyerOrdersPage';
import { StorefrontPage } from '../catalog/components/StorefrontPage';
import { YourStoresPage } from './YourStoresPage';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderStorefront(path: string, user: CurrentUser | null, auth: Partial<AuthContextProps> = {}) {
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /api/user/me': user
        ? { body: user }
        : { status: 404, body: { error: 'user_not_found', message: 'Finish creating your account.' } },
      // Each store opens with its organization and an empty catalog (catalog*.test.tsx covers the grid).
      ...Object.fromEntries(
        (user?.purchasing_organizations ?? []).flatMap(({ organization }) => [
          [`GET /api/organization/${organization.id}`, { body: organization }],
          [`GET /api/product/organization/${organization.id}/for-sale`, { body: [] }],
        ]),
      ),
    }).fn,
  );
  const value = { isAuthenticated: true, isLoading: false, settings: {}, user: undefined, ...auth } as unknown as AuthContextProps;
  return renderWithProviders(
    <AuthContext.Provider value={value}>
      <Routes>
        <Route path="/storefront" element={<BuyerShell />}>
          <Route index element={<StorefrontEntry />} />
          <Route path="all" element={<YourStoresPage />} />
          <Route path=":orgId" element={<StorefrontPage />} />
          <Route path=":orgId/orders" element={<BuyerOrdersPage />} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    </AuthContext.Provider>,
    { path },
  );
}

const buyer = (stores: string[]) =>
  makeUser({
    organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
    purchasing_organizations: stores.map((id, index) => purchasing(id, `Seller ${index + 1}`)),
  });

// First in the file: the shell starts loading its drawer when the browser is idle, and a load
// begun under an earlier test (unmounted meanwhile) has kept this one's drawer from showing on a
// loaded machine. Here the click is the first load.
describe('BuyerShell: the cart drawer', () => {
  it('opens the cart drawer (loaded on demand) and closes it again', async () => {
    renderStorefront(`/storefront/${ids.sellerX}`, buyer([ids.sellerX]));
    await screen.findByRole('heading', { level: 1, name: 'Seller 1' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cart, 0 items' }));
    // The drawer's contents are cart-drawer.test.tsx's business.
    expect(await screen.findByRole('heading', { level: 2, name: 'Cart' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close cart' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Cart' })).toBeNull(), {
      timeout: 10_000,
    });
  });
});

describe('/storefront: the buyer landing choice', () => {
  it('opens the only store directly', async () => {
    renderStorefront('/storefront', buyer([ids.sellerX]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller 1' })).toBeTruthy();
  });

  it('lists the stores when there are several', async () => {
    renderStorefront('/storefront', buyer([ids.sellerX, ids.sellerY]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Stores' })).toBeTruthy();
  });

  it('goes to the no-stores page without purchasing organizations', async () => {
    renderStorefront('/storefront', buyer([]));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/no-stores'));
  });

  it('sends an account without a user row to /details', async () => {
    renderStorefront('/storefront', null);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/details'));
  });

  it('continues a saved buyer sign-up for a user without organizations', async () => {
    window.localStorage.setItem('buyer_invite_id', 'invite-1');
    window.localStorage.setItem('buyer_org_id', ids.sellerX);
    renderStorefront('/storefront', makeUser());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/details-buyer'));
  });
});

describe('/storefront/all', () => {
  it('shows a card per store that is not Buyer-type, marks the user’s own, and opens the store', async () => {
    const user = makeUser({
      organizations: [org(ids.merchantA, 'Alpha Foods', 'Merchant'), org(ids.buyer, 'Corner Shop', 'Buyer')],
      purchasing_organizations: [
        purchasing(ids.merchantA, 'Alpha Foods'),
        purchasing(ids.sellerX, 'Seller X'),
        purchasing(ids.sellerY, 'Retail Buyer Co', 'Buyer'),
      ],
    });
    user.purchasing_organizations[1]!.organization.slogan = 'Small-batch teas';
    user.purchasing_organizations[1]!.organization.image_set.logo = {
      id: ids.user,
      cloudinary_url: 'http://localhost/media/logo.png',
    };
    renderStorefront('/storefront/all', user);

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Alpha Foods', 'Seller X']);
    expect(screen.queryByText('Retail Buyer Co')).toBeNull();

    const [own, other] = cards as [HTMLElement, HTMLElement];
    expect(within(own).getByText('Your Store')).toBeTruthy();
    expect(within(other).queryByText('Your Store')).toBeNull();
    expect(within(other).getByText('Small-batch teas')).toBeTruthy();
    expect(within(own).getByTestId('logo-placeholder')).toBeTruthy();
    expect(within(other).getByRole('img', { name: 'Seller X logo' }).getAttribute('src')).toBe(
      'http://localhost/media/logo.png',
    );
    expect(within(other).getByRole('link').getAttribute('href')).toBe(`/storefront/${ids.sellerX}`);

    await userEvent.setup().click(within(other).getByRole('link'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller X' })).toBeTruthy();
  });
});

describe('BuyerShell', () => {
  it('hides the Admin chip for buyers; shows Orders, the cart at 0 and Log Out', async () => {
    renderStorefront(`/storefront/${ids.sellerX}`, buyer([ids.sellerX]));
    await screen.findByRole('heading', { level: 1, name: 'Seller 1' });
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(`/storefront/${ids.sellerX}/orders`);
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeTruthy();
    expect(screen.getByTestId('cart-badge').textContent).toContain('0');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });

  it('shows the Admin chip (to /) for a seller viewing its own store', async () => {
    const seller = makeUser({
      organizations: [org(ids.merchantA, 'Alpha Foods', 'Merchant')],
      purchasing_organizations: [purchasing(ids.merchantA, 'Alpha Foods')],
    });
    renderStorefront(`/storefront/${ids.merchantA}`, seller);
    await screen.findByRole('heading', { level: 1, name: 'Alpha Foods' });
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/');
    // A seller's team is in the seller area, not here.
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();
  });

  it('links to the buyer organization\'s Team from the store of a one-store retailer (issue 27)', async () => {
    const user = userEvent.setup();
    renderStorefront(`/storefront/${ids.sellerX}`, buyer([ids.sellerX]));
    await screen.findByRole('heading', { level: 1, name: 'Seller 1' });
    const team = screen.getByRole('link', { name: 'Team' });
    expect(team.getAttribute('href')).toBe(`/storefront/team/${ids.buyer}`);
    expect(team.getAttribute('aria-current')).toBeNull();
    await user.click(team);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/storefront/team/${ids.buyer}`));
  });

  it('sends a store the user does not buy from to its not-found page', async () => {
    renderStorefront(`/storefront/${ids.sellerY}/orders`, buyer([ids.sellerX]));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/storefront/${ids.sellerY}/not-found`));
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();
  });

  it('Log Out clears the saved invite and signs out', async () => {
    window.localStorage.setItem('buyer_invite_id', 'invite');
    window.localStorage.setItem('buyer_org_id', 'org');
    const signoutRedirect = vi.fn(async () => undefined);
    renderStorefront('/storefront/all', buyer([ids.sellerX, ids.sellerY]), { signoutRedirect });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(signoutRedirect).toHaveBeenCalled());
    expect(window.localStorage.getItem('buyer_invite_id')).toBeNull();
    expect(window.localStorage.getItem('buyer_org_id')).toBeNull();
  });
});
