import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '@cratebase/contract';
import { Route, Routes, useLocation } from 'react-router';
import { AuthContext, type AuthContextProps } from '../lib/auth-context';
import { fakeFetch, ids, makeUser, org, purchasing } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { LandingRoute } from './LandingRoute';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLanding(auth: Partial<AuthContextProps>, me?: CurrentUser | null) {
  const fetch = fakeFetch(
    me === null
      ? { 'GET /api/user/me': { status: 404, body: { error: 'user_not_found' } } }
      : { 'GET /api/user/me': { body: me } },
  );
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <AuthContext.Provider value={{ isLoading: false, settings: {}, ...auth } as unknown as AuthContextProps}>
      <Routes>
        <Route path="/" element={<LandingRoute />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </AuthContext.Provider>,
  );
}

const signedIn = { isAuthenticated: true };

describe('LandingRoute (/)', () => {
  it('shows the landing page to a visitor, titled for the tab', async () => {
    renderLanding({ isAuthenticated: false });
    expect((await screen.findAllByRole('button', { name: 'Login' })).length).toBeGreaterThan(0);
    expect(document.title).toBe('Automate Your Wholesale · Cratebase');
  });

  it('sends a signed-in user without an account to /details', async () => {
    renderLanding(signedIn, null);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/details'));
  });

  it("sends a seller to their first organization's welcome page", async () => {
    renderLanding(
      signedIn,
      makeUser({
        organizations: [org(ids.merchantA, 'Alpha Foods', 'Merchant'), org(ids.merchantB, 'Beta Goods', 'Merchant')],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/app/${ids.merchantA}/welcome`));
  });

  it('sends a buyer to the stores they buy from', async () => {
    renderLanding(
      signedIn,
      makeUser({
        organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
        purchasing_organizations: [purchasing(ids.sellerX, 'Juniper Soap Co'), purchasing(ids.sellerY, 'Oak Candles')],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/storefront/all'));
  });
});
