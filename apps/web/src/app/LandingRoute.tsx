import { Navigate } from 'react-router';
import { useAuth } from '../lib/auth-context';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { DEFAULT_RETURN_PATH, LOGIN_FAILED } from '../lib/auth-shared';
import { useSignIn } from '../lib/auth-hooks';
import { rememberedOrgId } from '../lib/storage';
import { errorMessage } from '../lib/api';
import { useCurrentUser } from '../lib/current-user';
import { postLoginDestination } from '../lib/routing';
import { LandingPage } from '../features/account/components/LandingPage';

/**
 * Route / inside the app (spec section 2): a signed-in user goes on to /details, the welcome
 * page or a storefront; anyone else sees the landing page.
 */
export function LandingRoute() {
  const auth = useAuth();
  const user = useCurrentUser({ enabled: auth.isAuthenticated });
  const signIn = useSignIn();

  if (auth.isAuthenticated && user.data !== undefined) {
    return <Navigate to={postLoginDestination(user.data, '/', rememberedOrgId())} replace />;
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
