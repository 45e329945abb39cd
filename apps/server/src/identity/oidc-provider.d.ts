/**
 * The slice of oidc-provider 9's API that identity/ uses. The package ships no types, and
 * @types/oidc-provider lags behind; these declarations cover exactly what we call, so a
 * change in how we use the library shows up as a type error here first.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    [key: string]: unknown;
    jti?: string;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: number;
    exp?: number;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type AdapterConstructor = new (modelName: string) => Adapter;

  export interface ClaimsResult {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(
      use: string,
      scope: string,
      claims: Record<string, unknown>,
      rejected: string[],
    ): Promise<ClaimsResult> | ClaimsResult;
    [key: string]: unknown;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    redirectUris: string[];
    grantTypeAllowed(type: string): boolean;
    clientAuthMethod: string;
  }

  export interface ResourceServer {
    scope?: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg?: string; kid?: string } };
    readonly scopes: Set<string>;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    jti: string;
    accountId: string;
    clientId: string;
    exp: number;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    getOIDCScopeEncountered(): string;
    getOIDCClaimsEncountered(): string[];
    getResourceScopeEncountered(resource: string): string;
    save(ttl?: number): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export interface Session {
    accountId?: string;
    uid: string;
    exp?: number;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    lastSubmission?: Record<string, unknown>;
    grantId?: string;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; acr?: string; amr?: string[]; ts?: number };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface OIDCContext {
    issuer: string;
    params: Record<string, unknown>;
    session?: Session;
    client?: Client;
    account?: Account;
    result?: InteractionResults;
    entities: {
      Account?: Account;
      Client?: Client;
      Grant?: Grant;
      IdTokenHint?: { payload: Record<string, unknown> };
      [entity: string]: unknown;
    };
    resourceServers: Record<string, ResourceServer>;
    requestParamOIDCScopes: Set<string>;
    requestParamScopes: Set<string>;
    requestParamClaims: Set<string>;
    route: string;
    provider: Provider;
    urlFor(name: string, options?: Record<string, unknown>): string;
  }

  /** The Koa context with the provider's additions, as passed to configuration callbacks. */
  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    req: IncomingMessage;
    res: ServerResponse;
    body: unknown;
    type: string;
    status: number;
    host: string;
    ip: string;
    get(header: string): string;
    set(header: string, value: string): void;
    cookies: { secure?: boolean };
  }

  export interface AccessTokenLike {
    kind: string;
    accountId?: string;
    clientId?: string;
    scope?: string;
    resourceServer?: ResourceServer;
  }

  export type Configuration = Record<string, unknown>;

  export interface ErrorOut {
    error: string;
    error_description?: string;
    [key: string]: unknown;
  }

  type KoaMiddleware = (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void> | void;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    /** Koa's `app.proxy`: trust X-Forwarded-* headers. */
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: KoaMiddleware): this;
    on(event: string, listener: (...args: any[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    urlFor(name: string, options?: Record<string, unknown>): string;
    readonly Grant: typeof Grant;
  }

  export class OIDCProviderError extends Error {
    status: number;
    statusCode: number;
    error: string;
    error_description?: string;
    expose: boolean;
  }

  export const errors: {
    OIDCProviderError: typeof OIDCProviderError;
    InvalidTarget: new (description?: string) => OIDCProviderError;
    SessionNotFound: new (description?: string) => OIDCProviderError;
    InvalidRequest: new (description?: string) => OIDCProviderError;
    AccessDenied: new (description?: string) => OIDCProviderError;
  };

  export default Provider;
}
