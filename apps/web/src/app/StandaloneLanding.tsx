import { useEffect, useState } from 'react';
import { LandingPage } from '../features/account/components/LandingPage';
import { ConfigError, type AppConfig } from '../lib/config';
import type { SigninOptions } from '../lib/auth-shared';

/**
 * The landing page for an anonymous visitor, rendered by main.tsx before the app (router, MUI,
 * OIDC client) has loaded; a chunk of its own, so the entry every page loads does not carry it.
 * Sign Up and Login load the OIDC client only when clicked.
 */
export function StandaloneLanding({ config }: { config: Promise<AppConfig> }) {
  const [redirecting, setRedirecting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // Back from the provider's page through the back/forward cache: the page is live again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const signIn = async (options: SigninOptions & { returnTo?: string }) => {
    setRedirecting(true);
    setProblem(null);
    try {
      const [auth, appConfig] = await Promise.all([import('../lib/auth'), config]);
      const manager = auth.createUserManager(appConfig);
      const returnTo = options.returnTo ?? auth.DEFAULT_RETURN_PATH;
      await manager.signinRedirect(auth.signinRedirectArgs(manager.settings, { ...options, returnTo }));
    } catch (error) {
      setRedirecting(false);
      if (error instanceof ConfigError) setProblem(error.message);
      else setProblem(`Login failed: ${error instanceof Error && error.message ? error.message : 'the sign-in page could not be opened'}`);
    }
  };

  return (
    <LandingPage
      onSignUp={() => void signIn({ signUp: true, returnTo: '/details' })}
      onLogin={() => void signIn({})}
      redirecting={redirecting}
      problem={problem}
    />
  );
}
