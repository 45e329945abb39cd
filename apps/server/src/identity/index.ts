/**
 * The built-in identity provider: an OpenID Connect provider at /oidc with sign-in and
 * create-account pages at /interaction, state and keys in the database.
 *
 * buildApp calls registerBuiltinIdentity (builtin mode only) before the API routes; it
 * returns the verifier the API uses for bearer tokens, backed by the same key set in memory
 * (no HTTP round trip per request).
 */
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import type { Provider } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createJwksVerifier, type TokenVerifier } from '../auth/token-verifier.js';
import { configurePasswordHashing, prepareDummyHash } from './passwords.js';
import { createIdentityProvider } from './provider.js';
import { identityRoutes } from './routes.js';
import type { Clock } from './sign-in-throttle.js';
import { loadIdentitySecrets, publicJwks } from './secrets.js';

export interface BuiltinIdentity {
  verifier: TokenVerifier;
  /** The oidc-provider instance (for diagnostics and tests). */
  provider: Provider;
}

export async function registerBuiltinIdentity(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    /** What the per-account sign-in back-off reads as now (tests move it). */
    clock?: Clock;
  },
): Promise<BuiltinIdentity> {
  const { db, config, clock } = deps;
  if (config.identity.mode !== 'builtin') {
    throw new Error('registerBuiltinIdentity is for the built-in identity mode (OIDC_ISSUER is set).');
  }
  if (new URL(config.publicUrl).pathname !== '/') {
    throw new Error(`PUBLIC_URL must be an origin without a path (got ${config.publicUrl}).`);
  }

  configurePasswordHashing(config.passwordHashing);
  const secrets = await loadIdentitySecrets(db);
  prepareDummyHash().catch((err: unknown) => app.log.warn({ err }, 'could not prepare the password timing guard'));

  const provider = createIdentityProvider({ db, config, secrets, log: app.log });
  await app.register(identityRoutes, { provider, db, config, ...(clock ? { clock } : {}) });

  const verifier = createJwksVerifier({
    issuer: config.identity.issuer,
    audience: config.identity.audience,
    jwks: createLocalJWKSet(publicJwks(secrets.jwks)),
    typ: 'at+jwt',
  });
  return { verifier, provider };
}

export type { TokenVerifier } from '../auth/token-verifier.js';
