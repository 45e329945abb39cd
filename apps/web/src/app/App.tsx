import { useEffect } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from 'react-oidc-context';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '../components/Toast';
import type { UserManager } from 'oidc-client-ts';
import { isSessionEndedError } from '../lib/auth';
import { UserManagerContext } from '../lib/user-manager-context';
import { theme } from './theme';
import type { createAppRouter } from './router';

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
    <ThemeProvider theme={theme}>
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
