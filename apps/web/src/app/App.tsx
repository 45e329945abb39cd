import { StrictMode, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '../components/Toast';
import { AuthProvider } from '../lib/auth-context';
import { AuthSession, setActiveAuthSession } from '../lib/auth-session';
import type { AppConfig } from '../lib/config';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

// The theme has no CSS variables: @mui/system's provider spares the first paint the CSS
// variables machinery that @mui/material's ThemeProvider imports (it does the same with
// `vars: null` for such a theme).
const appTheme = { ...theme, vars: null };
import { createAppRouter } from './router';

export { createAppRouter };

export interface AppProps {
  session: AuthSession;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** Keeps cached data tied to the signed-in person: a different person or none clears it. */
function useSessionHousekeeping(session: AuthSession, queryClient: QueryClient) {
  useEffect(() => {
    let currentSub = session.getState().user?.profile.sub;
    return session.subscribe(() => {
      const sub = session.getState().user?.profile.sub;
      if (currentSub && sub !== currentSub) queryClient.clear();
      currentSub = sub;
    });
  }, [session, queryClient]);
}

export function App({ session, queryClient, router }: AppProps) {
  useSessionHousekeeping(session, queryClient);
  return (
    <ThemeProvider theme={appTheme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {/* Paints from the stored session; the OIDC client loads after the first paint. */}
        <AuthProvider session={session}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** Starts the whole app in `root` (main.tsx loads this module for every page but the anonymous landing). */
export function renderApp(root: Root, config: AppConfig, router: ReturnType<typeof createAppRouter>) {
  const session = new AuthSession(config);
  setActiveAuthSession(session);
  const queryClient = createQueryClient();
  root.render(
    <StrictMode>
      <App session={session} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}
