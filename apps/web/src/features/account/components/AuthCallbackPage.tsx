import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User, UserManager } from 'oidc-client-ts';
import { FullPageSpinner } from '../../../components/FullPageSpinner';
import { ErrorStatusPage } from '../../../components/ErrorStatusPage';
import {
  DEFAULT_RETURN_PATH,
  hasAuthParams,
  LOGIN_FAILED,
  safeReturnPath,
  type SigninStateData,
} from '../../../lib/auth-shared';
import { useSignIn } from '../../../lib/auth-hooks';
import { errorMessage } from '../../../lib/api';
import { rememberedOrgId } from '../../../lib/storage';
import { useLoadUserManager } from '../../../lib/auth-context';
import { fetchSignedInUser } from '../../../lib/current-user';
import { postLoginDestination } from '../../../lib/routing';
import { usePageTitle } from '../../../lib/use-page-title';
import { userQueryKey } from '../../../lib/query-keys';

// The sign-in response can be redeemed once; React may mount this page twice in development.
const pending = new Map<string, Promise<User | undefined>>();
function completeSignin(manager: UserManager, url: string): Promise<User | undefined> {
  let promise = pending.get(url);
  if (!promise) {
    promise = manager.signinCallback(url);
    pending.set(url, promise);
  }
  return promise;
}

function returnPathOf(user: User | undefined): string {
  const state = user?.state as Partial<SigninStateData> | undefined;
  return safeReturnPath(state?.returnTo, DEFAULT_RETURN_PATH);
}

type Phase =
  { kind: 'working' } | { kind: 'login-failed'; message: string } | { kind: 'account-failed'; message: string };

/** /auth/callback: finishes the code + PKCE exchange, then applies the post-login routing. */
export function AuthCallbackPage() {
  usePageTitle('Signing In');
  const loadManager = useLoadUserManager();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const url = window.location.href;
    void (async () => {
      let returnTo: string;
      let manager: UserManager;
      try {
        // The OIDC client loads after the first paint; the callback needs it now.
        manager = await loadManager();
      } catch (error) {
        if (!cancelled) setPhase({ kind: 'login-failed', message: errorMessage(error) });
        return;
      }
      if (hasAuthParams()) {
        try {
          const user = await completeSignin(manager, url);
          returnTo = returnPathOf(user);
        } catch (error) {
          if (!cancelled) setPhase({ kind: 'login-failed', message: errorMessage(error) });
          return;
        }
      } else {
        // Reached without a sign-in response (bookmark, back button): continue if signed in.
        const existing = await manager.getUser();
        if (!existing || existing.expired) {
          if (!cancelled) navigate('/', { replace: true });
          return;
        }
        returnTo = DEFAULT_RETURN_PATH;
      }
      try {
        queryClient.removeQueries({ queryKey: userQueryKey });
        // Create-or-read: a first sign-in gets its user without a 404 from GET /api/user/me.
        const user = await queryClient.fetchQuery({ queryKey: userQueryKey, queryFn: fetchSignedInUser });
        if (!cancelled) navigate(postLoginDestination(user, returnTo, rememberedOrgId()), { replace: true });
      } catch (error) {
        if (!cancelled) setPhase({ kind: 'account-failed', message: errorMessage(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [loadManager, navigate, queryClient, attempt]);

  if (phase.kind === 'login-failed') {
    return (
      <ErrorStatusPage
        title={LOGIN_FAILED}
        onRetry={() => void signIn({ returnTo: DEFAULT_RETURN_PATH })}
        retryLabel="Try logging in again"
      >
        We could not complete your sign-in. {phase.message}
      </ErrorStatusPage>
    );
  }

  if (phase.kind === 'account-failed') {
    return (
      <ErrorStatusPage
        title="We could not load your account"
        onRetry={() => {
          setPhase({ kind: 'working' });
          setAttempt((n) => n + 1);
        }}
      >
        You are signed in, but your account could not be loaded. {phase.message}
      </ErrorStatusPage>
    );
  }

  return <FullPageSpinner label="Signing you in" showLabel />;
}

export default AuthCallbackPage;
