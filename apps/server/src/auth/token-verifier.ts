/**
 * Bearer access-token verification. Every API request goes through `verify`, so it stays
 * cheap: keys are imported once and cached by jose, a token that verified is remembered until
 * it expires, and only RS256 signatures are accepted.
 *
 * Built-in identity: the key set is read from the database at start-up (no HTTP per request).
 * Outside identity provider: its jwks_uri is discovered once from
 * `${issuer}/.well-known/openid-configuration` and the remote key set is cached by jose.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.js';
import { unauthorized, unavailable } from '../lib/errors.js';

export interface TokenClaims {
  sub: string;
  email?: string;
  name?: string;
  picture?: string;
}

export interface TokenVerifier {
  /** Resolves with the token's claims, or throws `unauthorized()` (401) for any bad token. */
  verify(token: string): Promise<TokenClaims>;
}

export interface JwksVerifierOptions {
  issuer: string;
  audience: string;
  jwks: JWTVerifyGetKey;
  /** Required `typ` header (the built-in provider signs access tokens as `at+jwt`). */
  typ?: string;
  /** Milliseconds since the epoch (tests move time). */
  clock?: () => number;
  /** How many verified tokens to remember (0 disables the cache). */
  cacheSize?: number;
}

/** Seconds of clock skew tolerated on exp/nbf/iat (spec: token leeway 60 seconds). */
export const CLOCK_TOLERANCE_SECONDS = 60;

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function claimsFrom(payload: JWTPayload): TokenClaims {
  const sub = optionalString(payload.sub);
  if (!sub) throw unauthorized('The access token has no subject.');
  const claims: TokenClaims = { sub };
  const email = optionalString(payload.email);
  const name = optionalString(payload.name);
  const picture = optionalString(payload.picture);
  if (email) claims.email = email;
  if (name) claims.name = name;
  if (picture) claims.picture = picture;
  return claims;
}

/** Errors that mean "we could not fetch keys", not "the token is bad". */
function isKeySourceFailure(err: unknown): boolean {
  return err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid;
}

function messageFor(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'The access token has expired.';
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return 'The access token was issued by another identity provider.';
    if (err.claim === 'aud') return 'The access token is not meant for this API.';
    if (err.claim === 'nbf') return 'The access token is not valid yet.';
    return 'The access token is invalid.';
  }
  return 'The access token is invalid.';
}

/**
 * A verified token's result is remembered (by its exact string) until the token expires:
 * a browser sends the same access token with every request for up to 15 minutes, and a
 * signature check costs ~0.1 ms while a lookup costs ~1 µs. Expiry is re-checked on every hit.
 */
const DEFAULT_CACHE_SIZE = 10_000;

interface CachedClaims {
  claims: TokenClaims;
  /** exp + leeway, in ms. */
  validUntil: number;
  /** nbf - leeway, in ms. */
  validFrom: number;
}

export function createJwksVerifier(options: JwksVerifierOptions): TokenVerifier {
  const { issuer, audience, jwks, typ } = options;
  const clock = options.clock ?? Date.now;
  const cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;
  const cache = new Map<string, CachedClaims>();
  const baseOptions = {
    issuer,
    audience,
    algorithms: ['RS256'],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['exp'],
    ...(typ ? { typ } : {}),
  };

  function remember(token: string, claims: TokenClaims, payload: JWTPayload) {
    if (cacheSize <= 0) return;
    if (cache.size >= cacheSize) {
      // Drop the oldest entries (Map keeps insertion order).
      const drop = Math.max(1, Math.floor(cacheSize / 10));
      let i = 0;
      for (const key of cache.keys()) {
        if (i++ >= drop) break;
        cache.delete(key);
      }
    }
    cache.set(token, {
      claims,
      validUntil: (payload.exp! + CLOCK_TOLERANCE_SECONDS) * 1000,
      validFrom: typeof payload.nbf === 'number' ? (payload.nbf - CLOCK_TOLERANCE_SECONDS) * 1000 : 0,
    });
  }

  return {
    async verify(token) {
      const cached = cache.get(token);
      if (cached) {
        const now = clock();
        if (now <= cached.validUntil && now >= cached.validFrom) return { ...cached.claims };
        cache.delete(token);
        if (now > cached.validUntil) throw unauthorized('The access token has expired.');
      }
      // Cheap shape check first: garbage never reaches the crypto.
      if (typeof token !== 'string' || token.length > 8192 || !COMPACT_JWS.test(token)) {
        throw unauthorized('The access token is malformed.');
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, jwks, { ...baseOptions, currentDate: new Date(clock()) }));
      } catch (err) {
        if (isKeySourceFailure(err)) {
          throw unavailable('The identity provider cannot be reached to check your sign-in. Please try again shortly.');
        }
        throw unauthorized(messageFor(err));
      }
      const claims = claimsFrom(payload);
      remember(token, claims, payload);
      return { ...claims };
    },
  };
}

interface DiscoveryDocument {
  issuer?: unknown;
  jwks_uri?: unknown;
}

/**
 * Verifier for an outside OpenID provider (Auth0, Keycloak, Okta...). Discovery runs on the
 * first verification and is cached; a failed discovery is retried on the next request.
 */
export function createExternalVerifier(
  config: Pick<Config, 'identity'>,
  deps: { fetch?: typeof fetch } = {},
): TokenVerifier {
  const { issuer, audience } = config.identity;
  const doFetch = deps.fetch ?? fetch;
  let ready: Promise<TokenVerifier> | undefined;

  async function discover(): Promise<TokenVerifier> {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    let doc: DiscoveryDocument;
    try {
      const res = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      doc = (await res.json()) as DiscoveryDocument;
    } catch (err) {
      throw unavailable(
        `The identity provider cannot be reached to check your sign-in (${url}: ${(err as Error).message}). Please try again shortly.`,
      );
    }
    if (typeof doc.jwks_uri !== 'string') {
      throw unavailable(`The identity provider's discovery document (${url}) has no jwks_uri.`);
    }
    // The discovery document is authoritative for the exact issuer string (Auth0 adds a
    // trailing slash that operators often leave out of OIDC_ISSUER).
    const expectedIssuer = typeof doc.issuer === 'string' ? doc.issuer : issuer;
    return createJwksVerifier({
      issuer: expectedIssuer,
      audience,
      jwks: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: 5000, cooldownDuration: 30_000 }),
    });
  }

  return {
    async verify(token) {
      if (!ready) {
        ready = discover();
        ready.catch(() => {
          ready = undefined;
        });
      }
      const verifier = await ready;
      return verifier.verify(token);
    },
  };
}
