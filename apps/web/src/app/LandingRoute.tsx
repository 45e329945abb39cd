import { Navigate } from 'react-router';
import { useAuth } from '../lib/auth-context';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { DEFAULT_RETURN_PATH, LOGIN_FAILED } from '../lib/auth-shared';
import { useSignIn } from '../lib/auth-hooks';
import { rememberedOrgId } from '../lib/storage';
import { errorMessage } from '../lib/api';
import { useCurrentUser } from '../lib/current-user';
import { accountHomeDestination } from '../lib/routing';
import { usePageTitle } from '../lib/use-page-title';
import { LandingPage } from '../features/account/components/LandingPage';

/**
 * Route / inside the app (spec section 2: "Already authenticated goes to /details. A user who
 * has organizations goes to /app/{first org id}/welcome"): a signed-in user without an
 * account goes to /details, a seller to their organization's welcome page (the remembered
 * one first), a buyer to the buyer landing choice (DECISIONS); anyone else sees the landing page.
 */
export function LandingRoute() {
  const auth = useAuth();
  const user = useCurrentUser({ enabled: auth.isAuthenticated });
  const signIn = useSignIn();
  usePageTitle('Automate Your Wholesale');

  if (auth.isAuthenticated && user.data !== undefined) {
    return <Navigate to={user.data ? accountHomeDestination(user.data, rememberedOrgId()) : '/details'} replace />;
  }
  if (auth.activeNavigator !== 'signinRedirect' && (auth.isLoading || (auth.isAuthenticated && user.isPending))) {
    return <FullPageSpinner />;
  }

  const problem =
    auth.error?.source === 'signinRedirect'
      ? `${LOGIN_FAILED}: ${auth.error.message}`
      : user.error
        ? errorMessage(user.error)
        : null;

  return (
    <LandingPage
      onSignUp={() => void signIn({ signUp: true, returnTo: '/details' })}
      onLogin={() => void signIn({ returnTo: DEFAULT_RETURN_PATH })}
      redirecting={auth.activeNavigator === 'signinRedirect'}
      problem={problem}
    />
  );
}
