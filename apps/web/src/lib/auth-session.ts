import type { SigninRedirectArgs, SigninSilentArgs, SignoutRedirectArgs, UserManager } from 'oidc-client-ts';
import { AccessTokenError, isFresh, readStoredUser, storedUserKey, type SessionUser } from './auth-shared';
import type { AppConfig } from './config';

/**
 * The sign-in state of the app, without oidc-client-ts on the first paint.
 *
 * The first paint is drawn from the user oidc-client-ts stored in this browser (read as plain
 * JSON), and API calls send its access token while it is fresh. The OIDC client (auth.ts, with
 * its single-flight renewal) loads by dynamic import after the first paint, or as soon as
 * something needs it: an expired token, a 401, sign-in, sign-out, the sign-in callback. From
 * then on the UserManager's events keep this state up to date.
 */

type AuthModule = typeof import('./auth');

export type AuthNavigator = 'signinRedirect' | 'signinSilent' | 'signoutRedirect';

/** What went wrong last, and in which step (the same shape react-oidc-context had). */
export interface AuthError {
  name: string;
  message: string;
  source: AuthNavigator | 'renewSilent';
  innerError: unknown;
}

export interface AuthState {
  /** The signed-in user (possibly with an expired access token); null when there is none. */
  user: SessionUser | null;
  /** Signed in with an access token that has not expired. */
  isAuthenticated: boolean;
  /** True while a sign-in, renewal or sign-out runs. */
  isLoading: boolean;
  activeNavigator?: AuthNavigator;
  error?: AuthError;
}

function stateFor(user: SessionUser | null): Pick<AuthState, 'user' | 'isAuthenticated'> {
  return { user, isAuthenticated: !!user && !user.expired };
}

function toAuthError(error: unknown, source: AuthError['source']): AuthError {
  const { name = 'Error', message = `${source} failed` } = error instanceof Error ? error : {};
  return { name, message, source, innerError: error };
}

interface Loaded {
  manager: UserManager;
  auth: AuthModule;
}

export class AuthSession {
  /** What signinRedirectArgs needs before the UserManager exists (the same values it gets). */
  readonly settings: { extraQueryParams: Record<string, string> };
  private state: AuthState;
  private readonly listeners = new Set<() => void>();
  private loading: Promise<Loaded> | null = null;
  private loaded: Loaded | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly loadAuth: () => Promise<AuthModule> = () => import('./auth'),
  ) {
    this.settings = { extraQueryParams: { ...config.oidc.extra_query_params } };
    this.state = { ...stateFor(readStoredUser(config.oidc)), isLoading: false };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getState = (): AuthState => this.state;

  private update(patch: Partial<AuthState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  /** Loads oidc-client-ts and creates the app's UserManager, once; later calls share it. */
  readonly loadUserManager = (): Promise<UserManager> => this.load().then((loaded) => loaded.manager);

  private load(): Promise<Loaded> {
    if (!this.loading) {
      this.loading = this.loadAuth()
        .then((auth) => this.attach(auth))
        .catch((error: unknown) => {
          this.loading = null; // a failed chunk load may succeed on the next attempt
          throw error;
        });
    }
    return this.loading;
  }

  private async attach(auth: AuthModule): Promise<Loaded> {
    const manager = auth.createUserManager(this.config);
    auth.setActiveUserManager(manager);
    const onUser = (user: SessionUser | null) => this.update({ ...stateFor(user), isLoading: false, error: undefined });
    manager.events.addUserLoaded(onUser);
    manager.events.addUserUnloaded(() => this.update(stateFor(null)));
    manager.events.addUserSignedOut(() => this.update(stateFor(null)));
    manager.events.addSilentRenewError((error) => {
      this.update({ error: toAuthError(error, 'renewSilent') });
      // Spec section 4: if silent login fails with login_required the session is cleared locally.
      if (auth.isSessionEndedError(error)) void manager.removeUser();
    });
    void manager.clearStaleState().catch(() => undefined);
    // The manager's user replaces the stored copy (another tab may have renewed meanwhile).
    this.update(stateFor(await manager.getUser().catch(() => null)));
    this.loaded = { manager, auth };
    return this.loaded;
  }

  /** Runs a redirect or renewal the way react-oidc-context did: state while it runs, null on failure. */
  private async navigate<T>(method: AuthNavigator, run: (manager: UserManager) => Promise<T>): Promise<T | null> {
    this.update({ isLoading: true, activeNavigator: method });
    try {
      return await run(await this.loadUserManager());
    } catch (error) {
      this.update({ error: toAuthError(error, method) });
      return null;
    } finally {
      this.update({ isLoading: false, activeNavigator: undefined });
    }
  }

  readonly signinRedirect = (args?: SigninRedirectArgs): Promise<void | null> =>
    this.navigate('signinRedirect', (manager) => manager.signinRedirect(args));

  readonly signinSilent = (args?: SigninSilentArgs): Promise<SessionUser | null> =>
    this.navigate('signinSilent', (manager) => manager.signinSilent(args));

  readonly signoutRedirect = (args?: SignoutRedirectArgs): Promise<void | null> =>
    this.navigate('signoutRedirect', (manager) => manager.signoutRedirect(args));

  /** Ends the session in this browser (without the provider). */
  readonly removeUser = async (): Promise<void> => {
    try {
      await (await this.loadUserManager()).removeUser();
    } catch {
      // The OIDC client could not load: forget the stored user directly.
      try {
        window.localStorage.removeItem(storedUserKey(this.config.oidc));
      } catch {
        /* storage unavailable */
      }
      this.update(stateFor(null));
    }
  };

  /**
   * The access token for an API call: the stored one while it is fresh (no OIDC client needed),
   * otherwise a renewed one (see auth.ts getAccessToken). Null when nobody is signed in.
   * Throws AccessTokenError when no token can be had.
   */
  async getAccessToken(): Promise<string | null> {
    if (!this.loaded) {
      const stored = readStoredUser(this.config.oidc);
      if (!stored) return null;
      if (isFresh(stored)) return stored.access_token;
    }
    const { manager, auth } = await this.loadForTokens();
    return auth.getAccessToken(manager);
  }

  /** A token to retry with after the API refused `rejected` with 401 (see auth.ts renewAccessToken). */
  async renewAccessToken(rejected: string): Promise<string | null> {
    const { manager, auth } = await this.loadForTokens();
    return auth.renewAccessToken(rejected, manager);
  }

  /** Sends the user to sign in again after the API refused a renewed token (see auth.ts). */
  async requestSignInAgain(): Promise<void> {
    try {
      const { manager, auth } = await this.load();
      auth.requestSignInAgain(manager);
    } catch {
      /* the OIDC client could not load: the page shows the API's error */
    }
  }

  private async loadForTokens(): Promise<Loaded> {
    try {
      return await this.load();
    } catch (error) {
      throw new AccessTokenError(false, { cause: error });
    }
  }
}

let activeSession: AuthSession | null = null;

/** The session the API client takes its tokens from (set once at start-up). */
export function setActiveAuthSession(session: AuthSession | null): void {
  activeSession = session;
}

/** The active session's access token; null without a session. */
export function sessionAccessToken(): Promise<string | null> {
  return activeSession ? activeSession.getAccessToken() : Promise.resolve(null);
}

/** A token to retry a refused call with; null without a session. */
export function renewSessionAccessToken(rejected: string): Promise<string | null> {
  return activeSession ? activeSession.renewAccessToken(rejected) : Promise.resolve(null);
}

/** After a renewed token was refused too: sign in again (guarded against loops in auth.ts). */
export function signInAgain(): void {
  void activeSession?.requestSignInAgain();
}
