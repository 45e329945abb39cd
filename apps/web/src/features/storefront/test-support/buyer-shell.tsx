// Test support: renders pages inside the buyer shell (/storefront/*), signed in, with toasts; the
// data comes from whatever fetch the test stubs (fakeCartServer…). Not imported by the app.
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { ToastProvider } from '../../../components/Toast';
import { AuthContext, type AuthContextProps } from '../../../lib/auth-context';
import { renderWithProviders } from '../../../test/render';
import { BuyerShell } from '../components/BuyerShell';

/** `routes` (the <Route>s under /storefront) inside BuyerShell, opened at `path`. */
export function renderInBuyerShell(routes: ReactNode, path: string) {
  const auth = { isAuthenticated: true, isLoading: false, settings: {}, user: undefined } as unknown as AuthContextProps;
  return renderWithProviders(
    <AuthContext.Provider value={auth}>
      <ToastProvider>
        <Routes>
          <Route path="/storefront" element={<BuyerShell />}>
            {routes}
          </Route>
        </Routes>
      </ToastProvider>
    </AuthContext.Provider>,
    { path },
  );
}
