import { StrictMode, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from 'react-oidc-context';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '../components/Toast';
import type { UserManager } from 'oidc-client-ts';
import { createUserManager, isSessionEndedError, setActiveUserManager } from '../lib/auth';
import type { AppConfig } from '../lib/config';
import { createQueryClient } from '../lib/query-client';
import { UserManagerContext } from '../lib/user-manager-context';
import { theme } from './theme';

// The theme has no CSS variables: @mui/system's provider spares the first paint the CSS
// variables machinery that @mui/material's ThemeProvider imports (it does the same with
// `vars: null` for such a theme).
const appTheme = { ...theme, vars: null };
import { createAppRouter } from './router';

export { createAppRouter };

export interface AppProps {
  userManager: UserManager;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** Keeps cached data tied to the signed-in person and ends dead sessions locally. */
function useSessionHousekeeping(userManager: UserManager, queryClient: QueryClient) {
  useEffect(() => {
    let currentSub: string | undefined;
    void userManager.getUser().then((user) => {
      currentSub = user?.profile.sub;
    });
    const onLoaded = (user: { profile: { sub: string } }) => {
      if (currentSub && currentSub !== user.profile.sub) queryClient.clear();
      currentSub = user.profile.sub;
    };
    const onUnloaded = () => {
      currentSub = undefined;
      queryClient.clear();
    };
    // Spec section 4: if silent login fails with login_required the session is cleared locally.
    const onRenewError = (error: Error) => {
      if (isSessionEndedError(error)) void userManager.removeUser();
    };
    userManager.events.addUserLoaded(onLoaded);
    userManager.events.addUserUnloaded(onUnloaded);
    userManager.events.addSilentRenewError(onRenewError);
    void userManager.clearStaleState().catch(() => undefined);
    return () => {
      userManager.events.removeUserLoaded(onLoaded);
      userManager.events.removeUserUnloaded(onUnloaded);
      userManager.events.removeSilentRenewError(onRenewError);
    };
  }, [userManager, queryClient]);
}

export function App({ userManager, queryClient, router }: AppProps) {
  useSessionHousekeeping(userManager, queryClient);
  return (
    <ThemeProvider theme={appTheme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <UserManagerContext.Provider value={userManager}>
          {/* The /auth/callback route redeems the sign-in response itself. */}
          <AuthProvider userManager={userManager} skipSigninCallback>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </AuthProvider>
        </UserManagerContext.Provider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** Starts the whole app in `root` (main.tsx loads this module for every page but the anonymous landing). */
export function renderApp(root: Root, config: AppConfig, router: ReturnType<typeof createAppRouter>) {
  const userManager = createUserManager(config);
  setActiveUserManager(userManager);
  const queryClient = createQueryClient();
  root.render(
    <StrictMode>
      <App userManager={userManager} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}
