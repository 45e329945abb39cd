import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { SigninRedirectArgs, SigninSilentArgs, SignoutRedirectArgs, UserManager } from 'oidc-client-ts';
import type { SessionUser } from './auth-shared';
import type { AuthSession, AuthState } from './auth-session';
import { whenIdle } from './when-idle';

/** What useAuth() gives: the sign-in state and the actions (the parts of react-oidc-context the app used). */
export interface AuthContextProps extends AuthState {
  settings: { extraQueryParams?: Record<string, string | number | boolean> };
  /** Goes to the provider's sign-in page; null when it could not start (see `error`). */
  signinRedirect: (args?: SigninRedirectArgs) => Promise<void | null>;
  /** Renews the tokens with the refresh token; null when that failed (see `error`). */
  signinSilent: (args?: SigninSilentArgs) => Promise<SessionUser | null>;
  /** Ends the session at the provider and comes back to the origin; null when it could not start. */
  signoutRedirect: (args?: SignoutRedirectArgs) => Promise<void | null>;
  /** Ends the session in this browser only. */
  removeUser: () => Promise<void>;
  /** The OIDC client, loaded on first use (the sign-in callback needs it directly). */
  loadUserManager: () => Promise<UserManager>;
}

export const AuthContext = createContext<AuthContextProps | undefined>(undefined);
AuthContext.displayName = 'AuthContext';

/**
 * Gives the app the sign-in state of `session`. It paints at once from the stored session; the
 * OIDC client loads in the background once the page has painted its photo (or after 4 s) and the
 * browser is idle (automatic renewal, events) — or at once when something needs it
 * (auth-session.ts): its 19 kB do not share the phone's bandwidth with the largest paint.
 */
export function AuthProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  const state = useSyncExternalStore(session.subscribe, session.getState);

  useEffect(
    () => whenIdle(() => void session.loadUserManager().catch(() => undefined), { timeoutMs: 3000, afterPhoto: 4000 }),
    [session],
  );

  const value = useMemo<AuthContextProps>(
    () => ({
      ...state,
      settings: session.settings,
      signinRedirect: session.signinRedirect,
      signinSilent: session.signinSilent,
      signoutRedirect: session.signoutRedirect,
      removeUser: session.removeUser,
      loadUserManager: session.loadUserManager,
    }),
    [state, session],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextProps {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside the AuthProvider');
  return auth;
}

/** Loads (once) and returns the app's UserManager. */
export function useLoadUserManager(): () => Promise<UserManager> {
  return useAuth().loadUserManager;
}
