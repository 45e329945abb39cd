import { useCallback } from 'react';
import { useAuth } from './auth-context';
import { useQueryClient } from '@tanstack/react-query';
import { markSigningOut, signinRedirectArgs, type SigninOptions } from './auth-shared';
import { clearBuyerSignupKeys } from './storage';

/** Starts the provider's sign-in (or sign-up) page; the app returns to `returnTo` afterwards. */
export function useSignIn() {
  const auth = useAuth();
  return useCallback(
    (options: SigninOptions = {}) => auth.signinRedirect(signinRedirectArgs(auth.settings, options)),
    [auth],
  );
}

/** Log Out: clears the buyer sign-up keys and the cached data, ends the session, returns to the origin. */
export function useSignOut() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    clearBuyerSignupKeys();
    markSigningOut();
    const result = (await auth.signoutRedirect()) as unknown;
    // signoutRedirect answers null when the redirect could not start (provider unreachable):
    // end the session in this browser anyway.
    if (result === null) {
      await auth.removeUser();
      queryClient.clear();
      window.location.assign('/');
    }
  }, [auth, queryClient]);
}

/** Name, e-mail and picture as the ID token has them (null when absent). */
export interface SignedInProfile {
  name: string | null;
  email: string | null;
  picture: string | null;
}

function claimText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The signed-in user's profile claims (shown until /api/user/me answers, or when it has none). */
export function useSignedInProfile(): SignedInProfile {
  const profile = useAuth().user?.profile;
  return { name: claimText(profile?.name), email: claimText(profile?.email), picture: claimText(profile?.picture) };
}
