/**
 * Drives the built-in sign-in over HTTP exactly as a browser does — authorization request
 * with PKCE, redirects, cookies, the sign-in or create-account form, the code exchange —
 * for tests, the two-process test and benchmarks. No shortcuts into the provider.
 *
 * A target is where requests go: a base URL ('http://127.0.0.1:3000'), a running server
 * (`{ port }`, reached on 127.0.0.1, or `{ url }`), or a Fastify instance (app.inject; no
 * listening needed). URLs the server hands out (built from PUBLIC_URL) are followed on the
 * target, so one PUBLIC_URL can front several processes.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface InjectableApp {
  inject(opts: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }): Promise<{ statusCode: number; headers: Record<string, string | string[] | number | undefined>; body: string }>;
}

export type LoginTarget = string | { port: number; url?: string } | { url: string } | InjectableApp;

export interface Credentials {
  email: string;
  password: string;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  id_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export interface LoginTokens extends TokenResponse {
  /** The browser's cookies after sign-in (the provider's session): reuse for another authorization. */
  cookies: CookieJar;
}

export interface AuthorizeOptions {
  clientId?: string;
  scope?: string;
  /** Send `resource=<API audience>` on the authorization and token requests (as the SPA may). */
  resource?: boolean;
  screenHint?: 'signup';
  prompt?: string;
  loginHint?: string;
  /** Cookies to start with (an existing sign-in session). */
  cookies?: CookieJar;
}

// ─── cookies ───────────────────────────────────────────────────────────────────────────

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** A minimal cookie jar: names, values and paths (all requests go to one site). */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(setCookieHeaders: string[]): void {
    for (const header of setCookieHeaders) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      let path = '/';
      let expired = false;
      for (const attribute of attributes) {
        const [rawKey, ...rest] = attribute.split('=');
        const key = rawKey!.trim().toLowerCase();
        const attrValue = rest.join('=').trim();
        if (key === 'path' && attrValue.startsWith('/')) path = attrValue;
        if (key === 'max-age' && Number(attrValue) <= 0) expired = true;
        if (key === 'expires' && Date.parse(attrValue) <= Date.now()) expired = true;
      }
      const id = `${name}\u0000${path}`;
      if (expired) this.cookies.delete(id);
      else this.cookies.set(id, { name, value, path });
    }
  }

  /** The Cookie header for a request to `path` (most specific paths first). */
  headerFor(path: string): string | undefined {
    const pathname = path.split('?')[0]!;
    const matching = [...this.cookies.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .sort((a, b) => b.path.length - a.path.length);
    return matching.length > 0 ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  names(): string[] {
    return [...new Set([...this.cookies.values()].map((c) => c.name))];
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [id, cookie] of this.cookies) copy.cookies.set(id, { ...cookie });
    return copy;
  }
}

// ─── transport ─────────────────────────────────────────────────────────────────────────

export interface HttpResult {
  status: number;
  location: string | undefined;
  contentType: string;
  text: string;
  headers: Record<string, string>;
}

function isInjectable(target: LoginTarget): target is InjectableApp {
  return typeof target === 'object' && typeof (target as InjectableApp).inject === 'function';
}

function baseUrlOf(target: Exclude<LoginTarget, InjectableApp>): string {
  if (typeof target === 'string') return target.replace(/\/+$/, '');
  if ('port' in target && typeof target.port === 'number') return `http://127.0.0.1:${target.port}`;
  return (target as { url: string }).url.replace(/\/+$/, '');
}

async function send(
  target: LoginTarget,
  jar: CookieJar | undefined,
  method: 'GET' | 'POST',
  path: string,
  options: { headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { accept: 'text/html,application/json;q=0.9', ...(options.headers ?? {}) };
  const cookie = jar?.headerFor(path);
  if (cookie) headers.cookie = cookie;
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';

  let result: HttpResult & { setCookies: string[] };
  if (isInjectable(target)) {
    const res = await target.inject({ method, url: path, headers, ...(body !== undefined ? { payload: body } : {}) });
    const raw = res.headers['set-cookie'];
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) flat[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
    result = {
      status: res.statusCode,
      location: flat.location,
      contentType: flat['content-type'] ?? '',
      text: res.body,
      headers: flat,
      setCookies: raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)],
    };
  } else {
    const res = await fetch(`${baseUrlOf(target)}${path}`, { method, headers, body, redirect: 'manual' });
    const flat: Record<string, string> = {};
    res.headers.forEach((v, k) => (flat[k] = v));
    result = {
      status: res.status,
      location: res.headers.get('location') ?? undefined,
      contentType: res.headers.get('content-type') ?? '',
      text: await res.text(),
      headers: flat,
      setCookies: res.headers.getSetCookie(),
    };
  }
  jar?.store(result.setCookies);
  const { setCookies: _ignored, ...rest } = result;
  return rest;
}

/** Path + query of a URL the server handed out, to be requested on the target. */
function pathOf(url: string): string {
  const u = new URL(url, 'http://placeholder.invalid');
  return `${u.pathname}${u.search}`;
}

// ─── page helpers ──────────────────────────────────────────────────────────────────────

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);
}

/** The error messages a person sees on a sign-in/sign-up page (alert and field errors). */
export function visibleErrors(html: string): string[] {
  const found: string[] = [];
  const re = /<p class="(?:cb-alert|cb-field-error)"[^>]*>([\s\S]*?)<\/p>/g;
  for (let m = re.exec(html); m; m = re.exec(html)) found.push(decode(m[1]!.replace(/<[^>]+>/g, '').trim()));
  return found;
}

/** The page's <h1> text. */
export function pageHeading(html: string): string | undefined {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m ? decode(m[1]!.replace(/<[^>]+>/g, '').trim()) : undefined;
}

function hiddenInput(html: string, name: string): string | undefined {
  const re = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`);
  const m = re.exec(html);
  return m ? decode(m[1]!) : undefined;
}

// ─── the flow ──────────────────────────────────────────────────────────────────────────

interface Discovery {
  issuer: string;
  publicUrl: string;
  redirectUri: string;
  audience: string;
}

const discoveryCache = new WeakMap<object, Discovery>();
const discoveryByUrl = new Map<string, Discovery>();

async function discover(target: LoginTarget): Promise<Discovery> {
  const key = typeof target === 'string' ? target : undefined;
  const cached = key ? discoveryByUrl.get(key) : discoveryCache.get(target as object);
  if (cached) return cached;
  const res = await send(target, undefined, 'GET', '/oidc/.well-known/openid-configuration', {
    headers: { accept: 'application/json' },
  });
  if (res.status !== 200) throw new Error(`OpenID discovery failed: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  const doc = JSON.parse(res.text) as { issuer: string };
  const publicUrl = doc.issuer.replace(/\/oidc\/?$/, '');
  const found: Discovery = {
    issuer: doc.issuer,
    publicUrl,
    redirectUri: `${publicUrl}/auth/callback`,
    audience: `${publicUrl}/api`,
  };
  if (key) discoveryByUrl.set(key, found);
  else discoveryCache.set(target as object, found);
  return found;
}

function base64url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

export type FlowStep =
  | { kind: 'page'; status: number; path: string; html: string; errors: string[]; heading: string | undefined }
  | { kind: 'code'; code: string };

/**
 * One authorization in one "browser". `start()` runs the authorization request and follows
 * redirects until a page (sign-in / create account) or the callback with a code.
 */
export class LoginFlow {
  readonly cookies: CookieJar;
  step!: FlowStep;
  /** Every path requested in this flow, in order (for assertions and debugging). */
  readonly visited: string[] = [];
  private readonly verifier = base64url(randomBytes(32));
  private readonly state = base64url(randomBytes(16));
  readonly nonce = base64url(randomBytes(16));

  private constructor(
    readonly target: LoginTarget,
    private readonly discovery: Discovery,
    private readonly options: AuthorizeOptions,
  ) {
    this.cookies = options.cookies ?? new CookieJar();
  }

  static async start(target: LoginTarget, options: AuthorizeOptions = {}): Promise<LoginFlow> {
    const flow = new LoginFlow(target, await discover(target), options);
    const challenge = base64url(createHash('sha256').update(flow.verifier).digest());
    const params = new URLSearchParams({
      client_id: options.clientId ?? 'cratebase-web',
      response_type: 'code',
      scope: options.scope ?? 'openid email profile offline_access',
      redirect_uri: flow.discovery.redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    if (options.resource) params.set('resource', flow.discovery.audience);
    if (options.screenHint) params.set('screen_hint', options.screenHint);
    if (options.prompt) params.set('prompt', options.prompt);
    if (options.loginHint) params.set('login_hint', options.loginHint);
    flow.visited.push(`/oidc/auth?${params}`);
    flow.step = await flow.follow(
      await send(target, flow.cookies, 'GET', `/oidc/auth?${params}`),
      `/oidc/auth?${params}`,
    );
    return flow;
  }

  get publicOrigin(): string {
    return new URL(this.discovery.publicUrl).origin;
  }

  /** The interaction path of the current page, e.g. /interaction/abc123. */
  get interactionPath(): string {
    if (this.step.kind !== 'page') throw new Error('No sign-in page is open.');
    const m = /^\/interaction\/[^/?]+/.exec(this.step.path);
    if (!m) throw new Error(`Not on a sign-in page: ${this.step.path}`);
    return m[0];
  }

  private async follow(res: HttpResult, path: string): Promise<FlowStep> {
    for (let hops = 0; hops < 20; hops++) {
      if (res.status >= 300 && res.status < 400 && res.location) {
        const next = new URL(res.location, this.discovery.publicUrl);
        const callback = new URL(this.discovery.redirectUri);
        if (next.pathname === callback.pathname && next.origin === callback.origin) {
          const error = next.searchParams.get('error');
          if (error)
            throw new Error(
              `Authorization failed: ${error} ${next.searchParams.get('error_description') ?? ''}`.trim(),
            );
          if (next.searchParams.get('state') !== this.state)
            throw new Error('Authorization returned a different state.');
          const code = next.searchParams.get('code');
          if (!code) throw new Error(`Authorization callback without a code: ${res.location}`);
          return { kind: 'code', code };
        }
        path = pathOf(res.location);
        this.visited.push(path);
        res = await send(this.target, this.cookies, 'GET', path);
        continue;
      }
      const html = res.text;
      return { kind: 'page', status: res.status, path, html, errors: visibleErrors(html), heading: pageHeading(html) };
    }
    throw new Error('Too many redirects during sign-in.');
  }

  /** Opens the sign-in (`login`) or create-account (`signup`) page of this interaction. */
  async open(screen: 'login' | 'signup'): Promise<FlowStep> {
    const path = `${this.interactionPath}/${screen}`;
    this.visited.push(path);
    this.step = await this.follow(await send(this.target, this.cookies, 'GET', path), path);
    return this.step;
  }

  /** Submits the sign-in or create-account form as a browser on the site would. */
  async submit(
    screen: 'login' | 'signup',
    fields: Partial<Credentials>,
    options: { origin?: string | null } = {},
  ): Promise<FlowStep> {
    const path = `${this.interactionPath}/${screen}`;
    const origin = options.origin === undefined ? this.publicOrigin : options.origin;
    this.visited.push(`POST ${path}`);
    const headers: Record<string, string> = origin === null ? {} : { origin };
    const res = await send(this.target, this.cookies, 'POST', path, {
      headers,
      form: { email: fields.email ?? '', password: fields.password ?? '' },
    });
    this.step = await this.follow(res, path);
    return this.step;
  }

  /**
   * Exchanges the authorization code at the token endpoint (with the PKCE verifier).
   * `extra` adds or overrides form fields (e.g. another `resource`).
   */
  async exchange(extra: Record<string, string> = {}): Promise<LoginTokens> {
    if (this.step.kind !== 'code') {
      const detail =
        this.step.errors.length > 0
          ? this.step.errors.join(' / ')
          : `${this.step.heading ?? 'no heading'} (HTTP ${this.step.status})`;
      throw new Error(`Sign-in did not complete: ${detail}`);
    }
    const form: Record<string, string> = {
      grant_type: 'authorization_code',
      code: this.step.code,
      redirect_uri: this.discovery.redirectUri,
      code_verifier: this.verifier,
      client_id: this.options.clientId ?? 'cratebase-web',
    };
    if (this.options.resource) form.resource = this.discovery.audience;
    Object.assign(form, extra);
    const res = await tokenRequest(this.target, form);
    if (res.status !== 200) throw new Error(`Code exchange failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    return { ...(res.body as unknown as TokenResponse), cookies: this.cookies };
  }
}

export async function tokenRequest(
  target: LoginTarget,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await send(target, undefined, 'POST', '/oidc/token', { form, headers: { accept: 'application/json' } });
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    body = { error: 'not_json', text: res.text.slice(0, 300) };
  }
  return { status: res.status, body };
}

async function completeWith(
  target: LoginTarget,
  screen: 'login' | 'signup',
  credentials: Credentials,
  options: AuthorizeOptions,
): Promise<LoginTokens> {
  const flow = await LoginFlow.start(target, {
    ...options,
    ...(screen === 'signup' ? { screenHint: 'signup' as const } : {}),
  });
  if (flow.step.kind === 'page') await flow.submit(screen, credentials);
  return flow.exchange();
}

/** Creates an account through the create-account page and returns its first tokens. */
export function signUpAndGetTokens(
  target: LoginTarget,
  credentials: Credentials,
  options: AuthorizeOptions = {},
): Promise<LoginTokens> {
  return completeWith(target, 'signup', credentials, options);
}

/** Signs in with an existing account through the sign-in page. */
export function signInAndGetTokens(
  target: LoginTarget,
  credentials: Credentials,
  options: AuthorizeOptions = {},
): Promise<LoginTokens> {
  return completeWith(target, 'login', credentials, options);
}

/**
 * A new authorization in a browser that is already signed in (its cookies): no page is
 * shown, the provider answers with a code straight away.
 */
export async function authorizeWithSession(
  target: LoginTarget,
  cookies: CookieJar,
  options: AuthorizeOptions = {},
): Promise<LoginTokens> {
  const flow = await LoginFlow.start(target, { ...options, cookies });
  if (flow.step.kind === 'page')
    throw new Error(
      `Expected the session to be reused, but got the page "${flow.step.heading}" (HTTP ${flow.step.status}).`,
    );
  return flow.exchange();
}

/** Uses a refresh token; throws unless the provider answers 200 with new tokens. */
export async function refreshTokens(
  target: LoginTarget,
  refreshToken: string,
  options: { clientId?: string; resource?: string } = {},
): Promise<TokenResponse> {
  const form: Record<string, string> = {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: options.clientId ?? 'cratebase-web',
  };
  if (options.resource) form.resource = options.resource;
  const res = await tokenRequest(target, form);
  if (res.status !== 200) throw new Error(`Refresh failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as TokenResponse;
}

/**
 * RP-initiated logout as the web app does it (id_token_hint + post_logout_redirect_uri),
 * including the sign-out page's automatic form submission. Resolves with where the browser
 * ends up and the page it saw first.
 */
export async function signOut(
  target: LoginTarget,
  session: { cookies: CookieJar; idToken?: string; postLogoutRedirectUri?: string },
): Promise<{ location: string | undefined; page: { status: number; html: string; autoSubmit: boolean } }> {
  const discovery = await discover(target);
  const params = new URLSearchParams({
    post_logout_redirect_uri: session.postLogoutRedirectUri ?? `${discovery.publicUrl}/`,
  });
  if (session.idToken) params.set('id_token_hint', session.idToken);
  else params.set('client_id', 'cratebase-web');
  const first = await send(target, session.cookies, 'GET', `/oidc/session/end?${params}`);
  if (first.status !== 200) throw new Error(`Sign-out page failed: HTTP ${first.status} ${first.text.slice(0, 300)}`);
  const xsrf = hiddenInput(first.text, 'xsrf');
  if (!xsrf) throw new Error('The sign-out page has no form.');
  const autoSubmit = first.text.includes('data-auto-sign-out');
  const confirm = await send(target, session.cookies, 'POST', '/oidc/session/end/confirm', {
    headers: { origin: new URL(discovery.publicUrl).origin },
    form: { xsrf, logout: 'yes' },
  });
  return { location: confirm.location, page: { status: first.status, html: first.text, autoSubmit } };
}
