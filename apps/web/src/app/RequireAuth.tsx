import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth-context';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { ErrorStatusPage } from '../components/ErrorStatusPage';
import { hasAuthParams, isSigningOut, LOGIN_FAILED, signinRedirectArgs } from '../lib/auth-shared';

/**
 * Layout route of the protected areas (/details, /details-buyer, /app/*, /storefront/*).
 * Anonymous visitors are sent to sign in and come back to the path they wanted. A stored
 * session whose access token expired is first renewed silently with its refresh token.
 */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  const attempted = useRef(false);
  const returnTo = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (auth.isLoading || auth.isAuthenticated || auth.activeNavigator || hasAuthParams() || attempted.current) return;
    if (isSigningOut()) return;
    attempted.current = true;
    void (async () => {
      if (auth.user?.refresh_token) {
        const renewed = await auth.signinSilent();
        if (renewed) return;
      }
      await auth.signinRedirect(signinRedirectArgs(auth.settings, { returnTo }));
    })();
  }, [auth, returnTo]);

  if (auth.isAuthenticated) return <Outlet />;

  if (auth.error && auth.error.source === 'signinRedirect') {
    return (
      <ErrorStatusPage title={LOGIN_FAILED} onRetry={() => window.location.reload()}>
        We could not open the sign-in page. {auth.error.message}
      </ErrorStatusPage>
    );
  }

  return <FullPageSpinner label="Redirecting to sign in" />;
}
