/**
 * The parts of the sign-in layer that the first paint needs: constants, return paths and the
 * signed-in user as oidc-client-ts stored it. Nothing here imports oidc-client-ts, which loads
 * after the first paint (see auth-session.ts).
 */
import type { IdTokenClaims } from 'oidc-client-ts';
import type { OidcConfig } from './config';

/** Custom data carried through the sign-in redirect in the OIDC `state`. */
export interface SigninStateData {
  returnTo: string;
}

/** Where a plain Login returns to (spec section 2). */
export const DEFAULT_RETURN_PATH = '/storefront';

/** Spec section 8 wording. */
export const LOGIN_FAILED = 'Login failed';
export const GET_ACCESS_TOKEN_FAILED = 'Get access token failed';

export class AccessTokenError extends Error {
  override name = 'AccessTokenError';
  constructor(
    readonly sessionEnded: boolean,
    options?: { cause?: unknown },
  ) {
    super(GET_ACCESS_TOKEN_FAILED, options);
  }
}

/** Only same-site absolute paths are accepted as return targets (no open redirects). */
export function safeReturnPath(value: unknown, fallback: string = DEFAULT_RETURN_PATH): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}

export interface SigninOptions {
  returnTo?: string;
  signUp?: boolean;
}

/** The arguments of signinRedirect for a plain login or a sign-up (screen_hint=signup). */
export function signinRedirectArgs(
  settings: { extraQueryParams?: Record<string, string | number | boolean> },
  options: SigninOptions = {},
) {
  const state: SigninStateData = { returnTo: safeReturnPath(options.returnTo) };
  const extraQueryParams: Record<string, string | number | boolean> = { ...settings.extraQueryParams };
  if (options.signUp) extraQueryParams.screen_hint = 'signup';
  return { state, extraQueryParams };
}

let signingOut = false;

/** Set while Log Out is leaving the app, so protected routes do not start a new sign-in. */
export function markSigningOut(value = true): void {
  signingOut = value;
}

export function isSigningOut(): boolean {
  return signingOut;
}

/** True when the URL carries a sign-in response from the provider (`code` or `error`, and `state`). */
export function hasAuthParams(location: Pick<Location, 'search' | 'hash'> = window.location): boolean {
  for (const params of [location.search, location.hash.replace('#', '?')]) {
    const search = new URLSearchParams(params);
    if ((search.get('code') || search.get('error')) && search.get('state')) return true;
  }
  return false;
}

/** Seconds before expiry from which a token is renewed rather than sent. */
const EXPIRY_MARGIN_SECONDS = 5;

/** The signed-in user as the app reads it: oidc-client-ts's User, or the copy it stored. */
export interface SessionUser {
  readonly access_token: string;
  readonly refresh_token?: string;
  readonly id_token?: string;
  /** Expiry of the access token, in seconds since the epoch. */
  readonly expires_at?: number;
  readonly expires_in?: number;
  readonly expired?: boolean;
  readonly profile: IdTokenClaims;
  /** The sign-in's custom state (only right after the sign-in callback). */
  readonly state?: unknown;
}

/** True when the access token can still be sent (not within a few seconds of its expiry). */
export function isFresh(user: Pick<SessionUser, 'expired' | 'expires_in'>): boolean {
  return !user.expired && (user.expires_in === undefined || user.expires_in > EXPIRY_MARGIN_SECONDS);
}

/** The localStorage key under which oidc-client-ts keeps the signed-in user (see createUserManager). */
export function storedUserKey(oidc: Pick<OidcConfig, 'authority' | 'client_id'>): string {
  return `oidc.user:${oidc.authority}:${oidc.client_id}`;
}

function epochSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * The signed-in user that oidc-client-ts stored in this browser, read as plain JSON (null when
 * there is none or it is unreadable). Expiry is computed when asked, like oidc-client-ts's User.
 */
export function readStoredUser(
  oidc: Pick<OidcConfig, 'authority' | 'client_id'>,
  storage: () => Storage = () => window.localStorage,
): SessionUser | null {
  let stored: Partial<Record<keyof SessionUser, unknown>> | null;
  try {
    stored = JSON.parse(storage().getItem(storedUserKey(oidc)) ?? 'null') as typeof stored;
  } catch {
    return null;
  }
  if (typeof stored?.access_token !== 'string' || typeof stored.profile !== 'object' || !stored.profile) return null;
  const expiresAt = typeof stored.expires_at === 'number' ? stored.expires_at : undefined;
  return {
    access_token: stored.access_token,
    refresh_token: typeof stored.refresh_token === 'string' ? stored.refresh_token : undefined,
    expires_at: expiresAt,
    profile: stored.profile as IdTokenClaims,
    get expires_in() {
      return expiresAt === undefined ? undefined : expiresAt - epochSeconds();
    },
    get expired() {
      return expiresAt === undefined ? undefined : expiresAt - epochSeconds() <= 0;
    },
  };
}
