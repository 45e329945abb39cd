import { ErrorResponse, UserManager, WebStorageStateStore, type SigninSilentArgs, type User } from 'oidc-client-ts';
import { AccessTokenError, isFresh, signinRedirectArgs } from './auth-shared';
import type { AppConfig } from './config';

// The oidc-free parts live in auth-shared.ts (the first paint imports them without this module).
export {
  AccessTokenError,
  DEFAULT_RETURN_PATH,
  GET_ACCESS_TOKEN_FAILED,
  isSigningOut,
  LOGIN_FAILED,
  markSigningOut,
  safeReturnPath,
  signinRedirectArgs,
  type SigninOptions,
  type SigninStateData,
} from './auth-shared';

export const CALLBACK_PATH = '/auth/callback';

export function currentPathWithSearch(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** The name of the browser-wide lock (Web Locks API) that one renewal at a time holds. */
export const RENEWAL_LOCK_PREFIX = 'cratebase.token-renewal';

/**
 * The app's UserManager. Two things differ from oidc-client-ts:
 *
 * - One renewal at a time, shared by every caller. The provider rotates refresh tokens and
 *   treats a second use of one as theft (it revokes the whole grant), so parallel API calls
 *   with an expired token, the automatic renewal timer and the protected routes must not each
 *   spend the same refresh token. Callers in this tab join the renewal in flight; other tabs
 *   (same refresh token, shared localStorage) wait for the browser-wide lock and then take the
 *   tokens the first tab stored instead of renewing again.
 * - `extraTokenParams` (the `resource` indicator) goes with every renewal: oidc-client-ts sends
 *   the settings' params with the authorization-code exchange only, and the automatic renewal
 *   calls `signinSilent()` without arguments, so the provider would answer with an opaque token
 *   the API cannot verify.
 */
export class CratebaseUserManager extends UserManager {
  private renewal: Promise<User | null> | null = null;

  /** Renews the tokens, or joins the renewal already running (its arguments win). */
  override signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    if (!this.renewal) {
      this.renewal = this.renewOnce(args).finally(() => {
        this.renewal = null;
      });
    }
    return this.renewal;
  }

  private async renewOnce(args: SigninSilentArgs): Promise<User | null> {
    const withTokenParams = {
      ...args,
      extraTokenParams: { ...this.settings.extraTokenParams, ...args.extraTokenParams },
    };
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return super.signinSilent(withTokenParams);
    const before = await this.getUser();
    return locks.request(`${RENEWAL_LOCK_PREFIX}:${this.settings.client_id}`, async () => {
      const now = await this.getUser();
      if (before?.refresh_token && now?.refresh_token && now.refresh_token !== before.refresh_token && !now.expired) {
        // Another tab renewed while this one waited: its refresh token has replaced ours.
        // getUser(true) loads the stored user into this tab (timers, userLoaded listeners).
        return this.getUser(true);
      }
      return super.signinSilent(withTokenParams);
    });
  }
}

export function createUserManager(config: AppConfig, origin: string = window.location.origin): UserManager {
  const extra = config.oidc.extra_query_params;
  const tokenParams: Record<string, string> = {};
  if (extra.resource) tokenParams.resource = extra.resource;
  return new CratebaseUserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.client_id,
    scope: config.oidc.scope,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    extraQueryParams: { ...extra },
    extraTokenParams: tokenParams,
    automaticSilentRenew: true,
    // Profile claims come from the id_token (the userinfo endpoint rejects JWT access tokens).
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // The sign-in transaction survives the provider opening links in another tab.
    stateStore: new WebStorageStateStore({ store: window.localStorage, prefix: 'oidc.state.' }),
  });
}

let activeManager: UserManager | null = null;

/** The manager the API client uses for tokens (set once at start-up). */
export function setActiveUserManager(manager: UserManager | null): void {
  activeManager = manager;
}

export function getActiveUserManager(): UserManager | null {
  return activeManager;
}

/** True when the provider says the session is over (a retry cannot help). */
export function isSessionEndedError(error: unknown): boolean {
  return error instanceof ErrorResponse && (error.error === 'login_required' || error.error === 'invalid_grant');
}

/**
 * The signed-in user's access token, renewed through the refresh token when it has expired
 * (one renewal shared by all callers, see CratebaseUserManager). Null when nobody is signed in.
 * Throws AccessTokenError when a renewal fails.
 */
export async function getAccessToken(manager: UserManager | null = activeManager): Promise<string | null> {
  if (!manager) return null;
  const user = await manager.getUser();
  if (!user) return null;
  if (isFresh(user)) return user.access_token;
  return renewAccessTokenNow(manager);
}

/**
 * A token to retry with after the API refused `rejected` with 401: the stored token when a
 * renewal has replaced it meanwhile, otherwise a renewed one (joining a renewal in flight).
 * Null when nobody is signed in. Throws AccessTokenError when a renewal fails.
 */
export async function renewAccessToken(
  rejected: string,
  manager: UserManager | null = activeManager,
): Promise<string | null> {
  if (!manager) return null;
  const user = await manager.getUser();
  if (!user) return null;
  if (user.access_token !== rejected && isFresh(user)) return user.access_token;
  return renewAccessTokenNow(manager);
}

async function renewAccessTokenNow(manager: UserManager): Promise<string> {
  try {
    const renewed = await manager.signinSilent();
    if (!renewed) throw new Error('The sign-in renewal returned no user');
    return renewed.access_token;
  } catch (error) {
    const ended = isSessionEndedError(error);
    if (ended) await manager.removeUser();
    throw new AccessTokenError(ended, { cause: error });
  }
}

const REAUTH_KEY = 'cratebase.reauth_at';
const REAUTH_GUARD_MS = 30_000;

let lastReauthInPage = 0;

/**
 * Sends the user to sign in again after the API answered 401. Guarded so a server that keeps
 * rejecting fresh tokens cannot trap the browser in a redirect loop. Returns whether it redirected.
 */
export function requestSignInAgain(manager: UserManager | null = activeManager): boolean {
  if (!manager) return false;
  const now = Date.now();
  let last = lastReauthInPage;
  try {
    last = Math.max(last, Number(window.sessionStorage.getItem(REAUTH_KEY) ?? '0'));
  } catch {
    /* sessionStorage unavailable: the in-page timestamp still guards */
  }
  if (now - last < REAUTH_GUARD_MS) return false;
  lastReauthInPage = now;
  try {
    window.sessionStorage.setItem(REAUTH_KEY, String(now));
  } catch {
    /* ignore */
  }
  const returnTo = currentPathWithSearch();
  // The new sign-in replaces the stored user; removing it first would make the protected
  // routes start a second, competing redirect.
  void manager.signinRedirect(signinRedirectArgs(manager.settings, { returnTo })).catch(() => undefined);
  return true;
}
