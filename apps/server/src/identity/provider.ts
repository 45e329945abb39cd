/**
 * The built-in OpenID Connect provider (oidc-provider), configured for one first-party
 * client: the Cratebase web app (public client, authorization code + PKCE S256, rotating
 * refresh tokens). Access tokens are RS256 JWTs for the API audience and carry the e-mail,
 * so the API never calls back here. All state lives in the database (see adapter.ts).
 */
import Provider, {
  errors,
  type Account,
  type AccessTokenLike,
  type Client,
  type Configuration,
  type ErrorOut,
  type Grant,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { findAccountById, type IdentityAccount } from './accounts.js';
import { createOidcAdapter } from './adapter.js';
import { messagePage, signOutPage, signedOutPage } from './pages.js';
import type { IdentitySecrets } from './secrets.js';

/** The Vite dev server, allowed as a redirect target outside production. */
export const DEV_WEB_ORIGIN = 'http://localhost:5173';

export const SCOPES = ['openid', 'email', 'profile', 'offline_access'] as const;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ID_TOKEN_TTL_SECONDS = 60 * 60;
/** Spec: session cookies last 1 day. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
export const INTERACTION_TTL_SECONDS = 60 * 60;
export const AUTHORIZATION_CODE_TTL_SECONDS = 2 * 60;
/** A sign-in keeps working through refresh tokens for 14 days, then asks for the password. */
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
export const GRANT_TTL_SECONDS = REFRESH_TOKEN_TTL_SECONDS;

export const COOKIE_NAMES = {
  session: '_cb_session',
  interaction: '_cb_interaction',
  resume: '_cb_interaction_resume',
};

export interface ClientUrls {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Origins the client's pages run on (CORS for the token endpoint, Origin checks). */
  origins: string[];
}

export function clientUrls(config: Pick<Config, 'publicUrl' | 'nodeEnv'>): ClientUrls {
  const origins = [new URL(config.publicUrl).origin];
  if (config.nodeEnv !== 'production' && !origins.includes(DEV_WEB_ORIGIN)) origins.push(DEV_WEB_ORIGIN);
  return {
    redirectUris: origins.map((o) => `${o}/auth/callback`),
    postLogoutRedirectUris: origins.map((o) => `${o}/`),
    origins,
  };
}

interface CratebaseAccount extends Account {
  record: IdentityAccount;
}

function toAccount(record: IdentityAccount): CratebaseAccount {
  return {
    accountId: record.id,
    record,
    claims() {
      return {
        sub: record.id,
        email: record.email,
        // We do not send verification e-mails: say so rather than pretend.
        email_verified: false,
        ...(record.name ? { name: record.name } : {}),
      };
    },
  };
}

export interface IdentityProviderOptions {
  db: Db;
  config: Config;
  secrets: IdentitySecrets;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export function createIdentityProvider({ db, config, secrets, log }: IdentityProviderOptions): Provider {
  if (config.identity.mode !== 'builtin')
    throw new Error('The built-in identity provider runs only in builtin identity mode.');
  const { issuer, clientId, audience } = config.identity;
  const secure = new URL(config.publicUrl).protocol === 'https:';
  const homeUrl = `${config.publicUrl}/`;
  const urls = clientUrls(config);
  const scope = SCOPES.join(' ');

  const resourceServer: Omit<ResourceServer, 'scopes'> = {
    scope,
    audience,
    accessTokenFormat: 'jwt',
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    jwt: { sign: { alg: 'RS256' } },
  };

  async function findAccount(_ctx: KoaContextWithOIDC, sub: string): Promise<CratebaseAccount | undefined> {
    const record = await findAccountById(db, sub);
    return record ? toAccount(record) : undefined;
  }

  /**
   * The web app is ours: no consent screen. The grant for this sign-in session is created
   * (or extended) here with every scope, claim and API scope the request asks for.
   */
  async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
    const { oidc } = ctx;
    const client = oidc.client;
    const accountId = oidc.session?.accountId;
    if (!client || !accountId) return undefined;
    const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
    let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
    if (grant && (grant.accountId !== accountId || grant.clientId !== client.clientId)) grant = undefined;
    let changed = false;
    if (!grant) {
      grant = new oidc.provider.Grant({ accountId, clientId: client.clientId });
      changed = true;
    }

    const grantedScopes = new Set(grant.getOIDCScopeEncountered().split(' '));
    const missingScopes = [...oidc.requestParamOIDCScopes].filter((s) => !grantedScopes.has(s));
    if (missingScopes.length > 0) {
      grant.addOIDCScope(missingScopes.join(' '));
      changed = true;
    }
    const grantedClaims = new Set(grant.getOIDCClaimsEncountered());
    const missingClaims = [...oidc.requestParamClaims].filter((c) => !grantedClaims.has(c));
    if (missingClaims.length > 0) {
      grant.addOIDCClaims(missingClaims);
      changed = true;
    }
    for (const [indicator, server] of Object.entries(oidc.resourceServers)) {
      const granted = new Set(grant.getResourceScopeEncountered(indicator).split(' '));
      const missing = [...oidc.requestParamScopes].filter((s) => server.scopes.has(s) && !granted.has(s));
      if (missing.length > 0) {
        grant.addResourceScope(indicator, missing.join(' '));
        changed = true;
      }
    }
    if (changed) await grant.save();
    return grant;
  }

  async function extraTokenClaims(ctx: KoaContextWithOIDC | undefined, token: AccessTokenLike) {
    if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
    const loaded = ctx?.oidc.entities.Account as CratebaseAccount | undefined;
    const record =
      loaded?.accountId === token.accountId && loaded.record
        ? loaded.record
        : await findAccountById(db, token.accountId);
    if (!record) return undefined;
    return { email: record.email, ...(record.name ? { name: record.name } : {}) };
  }

  function renderError(ctx: KoaContextWithOIDC, out: ErrorOut, error: unknown) {
    const expired = error instanceof errors.SessionNotFound;
    ctx.type = 'html';
    ctx.body = messagePage({
      title: expired ? 'Sign-in expired' : 'Something went wrong',
      heading: expired ? 'This sign-in page has expired' : 'We could not complete your sign-in',
      message: expired
        ? 'For your security, sign-in pages expire. Go back to Cratebase and sign in again.'
        : `Go back to Cratebase and try again. (${out.error}${out.error_description ? `: ${out.error_description}` : ''})`,
      homeUrl,
      action: { href: homeUrl, label: 'Back to Cratebase' },
      alert: true,
    });
  }

  const configuration: Configuration = {
    adapter: createOidcAdapter(db),
    jwks: secrets.jwks,
    cookies: {
      keys: secrets.cookieKeys,
      names: COOKIE_NAMES,
      long: { httpOnly: true, sameSite: 'lax', secure },
      short: { httpOnly: true, sameSite: 'lax', secure },
    },
    clients: [
      {
        client_id: clientId,
        client_name: 'Cratebase',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: urls.redirectUris,
        post_logout_redirect_uris: urls.postLogoutRedirectUris,
        scope,
        id_token_signed_response_alg: 'RS256',
      },
    ],
    scopes: [...SCOPES],
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    extraParams: ['screen_hint'],
    findAccount,
    loadExistingGrant,
    extraTokenClaims,
    pkce: { required: () => true },
    issueRefreshToken: async (_ctx: KoaContextWithOIDC, client: Client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx: KoaContextWithOIDC, origin: string) => urls.origins.includes(origin),
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    renderError,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      IdToken: ID_TOKEN_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      Grant: GRANT_TTL_SECONDS,
      // A rotated token keeps the lifetime left on the one it replaces (absolute 14 days).
      RefreshToken: (ctx: KoaContextWithOIDC | undefined) => {
        const rotated = ctx?.oidc.entities.RotatedRefreshToken as { remainingTTL?: number } | undefined;
        return rotated?.remainingTTL && rotated.remainingTTL > 0 ? rotated.remainingTTL : REFRESH_TOKEN_TTL_SECONDS;
      },
    },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      introspection: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (ctx: KoaContextWithOIDC, client: Client, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      // Access tokens are JWTs for the API; profile claims travel in the ID token instead.
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: KoaContextWithOIDC, indicator: string) => {
          if (indicator !== audience) throw new errors.InvalidTarget(`unknown resource ${indicator}; use ${audience}`);
          return resourceServer;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // With a valid id_token_hint for the signed-in person (the web app's "Log out"), the
        // page signs out by itself; otherwise the person confirms with one button.
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          const hintSub = ctx.oidc.entities.IdTokenHint?.payload.sub;
          const accountId = ctx.oidc.session?.accountId;
          ctx.type = 'html';
          ctx.body = signOutPage({ form, homeUrl, auto: Boolean(hintSub && accountId && hintSub === accountId) });
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(homeUrl);
        },
      },
    },
  };

  const provider = new Provider(issuer, configuration);
  // Requests reach the provider with X-Forwarded-* rewritten from PUBLIC_URL and the client
  // address Fastify resolved (see routes.ts), so trusting them here is safe.
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, err: unknown) => {
    log?.error({ err }, 'identity provider error');
  });
  return provider;
}
