import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthContext, type AuthContextProps } from '../../../lib/auth-context';
import { Route, Routes, useLocation } from 'react-router';
import type { CurrentUser } from '@cratebase/contract';
import { fakeFetch, ids, makeUser, org, purchasing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { NO_STORES_PATH } from '../../../lib/routing';
import { NO_STORES_HEADING, NoStoresPage } from './NoStoresPage';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(user: CurrentUser, routes: Parameters<typeof fakeFetch>[0] = {}) {
  const fetch = fakeFetch({ 'GET /api/user/me': { body: user }, ...routes });
  vi.stubGlobal('fetch', fetch.fn);
  const signoutRedirect = vi.fn(async () => undefined);
  const auth = {
    isAuthenticated: true,
    isLoading: false,
    settings: {},
    user: { profile: { email: user.email } },
    signoutRedirect,
  } as unknown as AuthContextProps;
  renderWithProviders(
    <AuthContext.Provider value={auth}>
      <Routes>
        <Route path={NO_STORES_PATH} element={<NoStoresPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </AuthContext.Provider>,
    { path: NO_STORES_PATH },
  );
  return { fetch, signoutRedirect };
}

const buyerWithoutStores = makeUser({
  email: 'corner@example.com',
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
});

describe('NoStoresPage', () => {
  it('explains Cratebase for buyers, that sellers invite by e-mail, and what to do next', async () => {
    renderPage(buyerWithoutStores);

    expect(await screen.findByRole('heading', { level: 1, name: NO_STORES_HEADING })).toBeTruthy();
    expect(document.title).toBe('No Stores Yet · Cratebase');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByText(/Your buyer account for Corner Shop is ready/)).toBeTruthy();

    const forBuyers = screen.getByRole('region', { name: 'Cratebase for buyers' });
    expect(within(forBuyers).getByText(/order wholesale from the brands, makers and distributors/)).toBeTruthy();
    expect(within(forBuyers).getByText(/Sellers invite their retailers by e-mail/)).toBeTruthy();

    const next = screen.getByRole('region', { name: 'What to do next' });
    const steps = within(within(next).getByRole('list')).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(within(steps[0]!).getByText('Ask your supplier to invite you at this e-mail')).toBeTruthy();
    expect(within(steps[0]!).getByText('corner@example.com')).toBeTruthy();
    expect(within(steps[1]!).getByText(/inbox/)).toBeTruthy();
    expect(within(steps[2]!).getByRole('button', { name: 'Log Out and Use Another Account' })).toBeTruthy();
  });

  it('logs out so the person can sign in with the invited address', async () => {
    const user = userEvent.setup();
    const { signoutRedirect } = renderPage(buyerWithoutStores);
    await user.click(await screen.findByRole('button', { name: 'Log Out and Use Another Account' }));
    expect(signoutRedirect).toHaveBeenCalledTimes(1);
  });

  it('opens the store once a seller’s invitation was accepted', async () => {
    renderPage(makeUser({ ...buyerWithoutStores, purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')] }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/storefront/${ids.sellerX}`));
  });

  it('lets a seller create a store instead and opens its welcome page', async () => {
    const user = userEvent.setup();
    const store = org(ids.merchantA, 'Alpha Foods', 'Merchant');
    let created = false;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const fetch = fakeFetch({
      // The user row lists the new Merchant organization once it exists.
      'GET /api/user/me': async () =>
        json(
          created
            ? { ...buyerWithoutStores, organizations: [...buyerWithoutStores.organizations, store] }
            : buyerWithoutStores,
        ),
      'POST /api/organization': async () => {
        created = true;
        return json(store, 201);
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    renderWithProviders(
      <AuthContext.Provider value={{ isAuthenticated: true, user: { profile: {} } } as unknown as AuthContextProps}>
        <Routes>
          <Route path={NO_STORES_PATH} element={<NoStoresPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </AuthContext.Provider>,
      { path: NO_STORES_PATH },
    );

    await user.click(await screen.findByRole('button', { name: 'Create a Store' }));
    const form = screen.getByRole('form', { name: 'Create a store' });
    expect(within(form).queryByRole('combobox', { name: 'You are a' })).toBeNull();
    await user.type(within(form).getByLabelText(/Business Name/), 'Alpha Foods');
    await user.click(within(form).getByRole('button', { name: 'Create Store' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/app/${ids.merchantA}/welcome`));
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      selected_type: 'Merchant',
      name: 'Alpha Foods',
    });
  });
});
