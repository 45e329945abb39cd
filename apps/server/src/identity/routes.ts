/**
 * HTTP surface of the built-in identity provider:
 *  - /oidc/*          handed to oidc-provider untouched (it reads its own request bodies)
 *  - /interaction/*   the sign-in and create-account pages, and their assets
 *
 * Both live in encapsulated contexts: the body parsers registered here (none for /oidc,
 * form-encoded for /interaction) never affect /api.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { signIn, signUp, type Busy, type Rejection } from './accounts.js';
import { systemClock, type Clock } from './sign-in-throttle.js';
import { assets, FAVICON_ICO, FAVICON_ICO_PATH, loadFontAssets } from './assets.js';
import { databaseRateLimitStore } from './rate-limit-store.js';
import { messagePage, signInPage, signUpPage } from './pages.js';
import { clientUrls } from './provider.js';

export interface IdentityRoutesOptions {
  provider: Provider;
  db: Db;
  config: Config;
  /** What the per-account sign-in back-off reads as now (tests move it). */
  clock?: Clock;
}

const OIDC_PREFIX = '/oidc';
const UID = /^[A-Za-z0-9_-]{1,128}$/;
const FORM_BODY_LIMIT = 16 * 1024;

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;
type FormRequest = FastifyRequest<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>;

function rateLimitError(after: string): FastifyError {
  const err = new Error(`Too many attempts. Please wait ${after} and try again.`) as FastifyError;
  err.statusCode = 429;
  err.code = 'rate_limited';
  return err;
}

export async function identityRoutes(app: FastifyInstance, opts: IdentityRoutesOptions): Promise<void> {
  const { provider, db, config } = opts;
  const clock = opts.clock ?? systemClock;
  const publicUrl = new URL(config.publicUrl);
  const homeUrl = `${config.publicUrl}/`;
  const allowedOrigins = new Set([publicUrl.origin, ...clientUrls(config).origins]);
  const attemptsPerMinute = {
    max: config.identityRateLimit,
    timeWindow: 60_000,
    errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) => rateLimitError(ctx.after),
  };

  // Whether the application registered it at the root or not, these routes are limited.
  // Counters live in the database, so several server processes share one limit.
  if (!app.hasDecorator('rateLimit')) {
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  }

  // ── /oidc/*: the OpenID provider ────────────────────────────────────────────────────
  const callback = provider.callback();
  await app.register(async (oidc) => {
    // Leave request bodies unread: oidc-provider parses them itself.
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));

    oidc.setErrorHandler((err: FastifyError, req, reply) => {
      if (err.statusCode === 429) {
        return reply.code(429).send({ error: 'rate_limited', error_description: err.message, message: err.message });
      }
      req.log.error({ err }, 'identity request failed');
      return reply
        .code(500)
        .send({
          error: 'server_error',
          error_description: 'Something went wrong on our side.',
          message: 'Something went wrong on our side.',
        });
    });

    const passToProvider: RouteHandlerMethod = (req, reply) => {
      reply.hijack();
      // Fastify writes this request's log line when the answer is sent (lib/request-log.ts).
      const raw = req.raw;
      // oidc-provider builds its URLs from the request; make them the public ones whatever
      // the route in (load balancer, 127.0.0.1, another port), and give it the client
      // address Fastify resolved under its own trustProxy setting.
      raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
      raw.headers['x-forwarded-host'] = publicUrl.host;
      raw.headers['x-forwarded-for'] = req.ip;
      const url = raw.url ?? '/';
      (raw as typeof raw & { originalUrl?: string }).originalUrl = url;
      raw.url = url.slice(OIDC_PREFIX.length) || '/';
      if (!raw.url.startsWith('/')) raw.url = `/${raw.url}`;
      callback(raw, reply.raw).catch((err: unknown) => {
        req.log.error({ err }, 'identity provider failed');
        if (!reply.raw.headersSent) {
          reply.raw.statusCode = 500;
          reply.raw.setHeader('content-type', 'application/json');
          reply.raw.end(JSON.stringify({ error: 'server_error', message: 'Something went wrong on our side.' }));
        } else {
          reply.raw.destroy();
        }
      });
    };

    oidc.post(`${OIDC_PREFIX}/token`, { config: { access: 'public', rateLimit: attemptsPerMinute } }, passToProvider);
    oidc.route({
      method: ['GET', 'POST', 'OPTIONS', 'DELETE', 'PUT'],
      url: `${OIDC_PREFIX}/*`,
      config: { access: 'public' },
      handler: passToProvider,
    });
  });

  // ── /interaction/*: sign in and create account ───────────────────────────────────────
  await app.register(async (ui) => {
    if (!ui.hasContentTypeParser('application/x-www-form-urlencoded')) {
      await ui.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
    }

    const sendPage = (reply: FastifyReply, status: number, html: string) =>
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // Browsers then send a real Origin header with the form posts (checked below).
        .header('referrer-policy', 'same-origin')
        .send(html);

    const expiredPage = (reply: FastifyReply) =>
      sendPage(
        reply,
        400,
        messagePage({
          title: 'Sign-in expired',
          heading: 'This sign-in page has expired',
          message: 'For your security, sign-in pages expire. Go back to Cratebase and sign in again.',
          homeUrl,
          action: { href: homeUrl, label: 'Back to Cratebase' },
          alert: true,
        }),
      );

    ui.setErrorHandler((err: FastifyError, req, reply) => {
      if (err.statusCode === 429) {
        return sendPage(
          reply,
          429,
          messagePage({
            title: 'Too many attempts',
            heading: 'Too many attempts',
            message: `${err.message} This protects your account from password guessing.`,
            homeUrl,
            alert: true,
          }),
        );
      }
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) req.log.error({ err }, 'sign-in page failed');
      return sendPage(
        reply,
        status,
        messagePage({
          title: 'Something went wrong',
          heading: status === 500 ? 'Something went wrong on our side' : 'We could not read that form',
          message: 'Go back and try again. If it keeps happening, return to Cratebase and start signing in again.',
          homeUrl,
          action: { href: homeUrl, label: 'Back to Cratebase' },
          alert: true,
        }),
      );
    });

    for (const font of loadFontAssets()) {
      ui.get(font.path, { config: { access: 'public' } }, (_req, reply) => {
        reply.header('content-type', font.type).header('cache-control', 'public, max-age=31536000').send(font.body);
      });
    }

    for (const asset of Object.values(assets)) {
      ui.get(asset.path, { config: { access: 'public' } }, (req, reply) => {
        const query = req.query as { v?: string };
        reply
          .header('content-type', asset.type)
          .header(
            'cache-control',
            query.v === asset.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          )
          .send(asset.body);
      });
    }

    // Browsers ask the origin for /favicon.ico on every page that names no icon (the OIDC
    // provider's own pages among them): answer with the product's mark.
    ui.get(FAVICON_ICO_PATH, { config: { access: 'public' } }, (_req, reply) => {
      reply.header('content-type', 'image/x-icon').header('cache-control', 'public, max-age=86400').send(FAVICON_ICO);
    });

    /** The interaction this browser is in, if it matches the URL and has not expired. */
    async function loadInteraction(req: UidRequest, reply: FastifyReply): Promise<Interaction | null> {
      if (!UID.test(req.params.uid)) return null;
      try {
        const details = await provider.interactionDetails(req.raw, reply.raw);
        return details.uid === req.params.uid ? details : null;
      } catch (err) {
        if (err instanceof errors.SessionNotFound) return null;
        throw err;
      }
    }

    function emailHint(details: Interaction): string | undefined {
      const hint = details.params.login_hint;
      return typeof hint === 'string' && hint.includes('@') && hint.length <= 254 ? hint : undefined;
    }

    /** A consent prompt should not happen for our own client; approve it like sign-in does. */
    async function approveConsent(req: UidRequest, reply: FastifyReply, details: Interaction) {
      const accountId = details.session?.accountId;
      const clientId = details.params.client_id;
      if (!accountId || clientId !== config.identity.clientId) return expiredPage(reply);
      const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
      const grant = existing ?? new provider.Grant({ accountId, clientId });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      const returnTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    }

    async function showPage(req: UidRequest, reply: FastifyReply, screen: 'login' | 'signup' | 'default') {
      const details = await loadInteraction(req, reply);
      if (!details) return expiredPage(reply);
      if (details.prompt.name === 'consent') return approveConsent(req, reply, details);
      const signup = screen === 'signup' || (screen === 'default' && details.params.screen_hint === 'signup');
      const page = signup
        ? signUpPage({ uid: details.uid, homeUrl })
        : signInPage({ uid: details.uid, homeUrl, email: emailHint(details) });
      return sendPage(reply, 200, page);
    }

    /** Cross-site form posts are refused (the interaction cookie is SameSite=Lax as well). */
    function fromOurOrigin(req: FastifyRequest): boolean {
      if (req.headers['sec-fetch-site'] === 'cross-site') return false;
      const origin = req.headers.origin;
      return origin === undefined || allowedOrigins.has(origin);
    }

    const refuseForeignPost = (reply: FastifyReply) =>
      sendPage(
        reply,
        403,
        messagePage({
          title: 'Request refused',
          heading: 'This request came from another website',
          message: 'For your security, sign in from the Cratebase page itself.',
          homeUrl,
          action: { href: homeUrl, label: 'Go to Cratebase' },
          alert: true,
        }),
      );

    function rejectionStatus(
      result: Rejection & Busy & { badCredentials?: boolean; emailTaken?: boolean; retryAfterSeconds?: number },
    ): number {
      if (result.busy) return 503;
      if (result.retryAfterSeconds !== undefined) return 429;
      if (result.badCredentials) return 401;
      if (result.emailTaken) return 409;
      return 400;
    }

    async function finishWithLogin(req: UidRequest, reply: FastifyReply, accountId: string) {
      const returnTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId, remember: true } },
        { mergeWithLastSubmission: false },
      );
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    }

    const pageRoute = { config: { access: 'public' as const } };
    const postRoute = {
      config: { access: 'public' as const, rateLimit: attemptsPerMinute },
      bodyLimit: FORM_BODY_LIMIT,
    };

    ui.get('/interaction/:uid', pageRoute, (req: UidRequest, reply) => showPage(req, reply, 'default'));
    ui.get('/interaction/:uid/login', pageRoute, (req: UidRequest, reply) => showPage(req, reply, 'login'));
    ui.get('/interaction/:uid/signup', pageRoute, (req: UidRequest, reply) => showPage(req, reply, 'signup'));

    ui.post('/interaction/:uid/login', postRoute, async (req: FormRequest, reply) => {
      if (!fromOurOrigin(req)) return refuseForeignPost(reply);
      const details = await loadInteraction(req, reply);
      if (!details) return expiredPage(reply);
      const body = req.body ?? {};
      const result = await signIn(db, { email: body.email, password: body.password }, clock);
      if (!result.ok) {
        const reason = result.busy
          ? 'hashing_busy'
          : result.retryAfterSeconds !== undefined
            ? 'account_backoff'
            : result.badCredentials
              ? 'bad_credentials'
              : 'invalid_input';
        req.log.info({ reason }, 'sign-in refused');
        const retryAfter = result.busy?.retryAfterSeconds ?? result.retryAfterSeconds;
        if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
        const email = typeof body.email === 'string' ? body.email.trim() : '';
        return sendPage(reply, rejectionStatus(result), signInPage({ uid: details.uid, homeUrl, email, ...result }));
      }
      return finishWithLogin(req, reply, result.account.id);
    });

    ui.post('/interaction/:uid/signup', postRoute, async (req: FormRequest, reply) => {
      if (!fromOurOrigin(req)) return refuseForeignPost(reply);
      const details = await loadInteraction(req, reply);
      if (!details) return expiredPage(reply);
      const body = req.body ?? {};
      const result = await signUp(db, { email: body.email, password: body.password });
      if (!result.ok) {
        if (result.busy) {
          req.log.info({ reason: 'hashing_busy' }, 'sign-up refused');
          reply.header('retry-after', String(result.busy.retryAfterSeconds));
        }
        const email = typeof body.email === 'string' ? body.email.trim() : '';
        return sendPage(reply, rejectionStatus(result), signUpPage({ uid: details.uid, homeUrl, email, ...result }));
      }
      req.log.info({ accountId: result.account.id }, 'identity account created');
      return finishWithLogin(req, reply, result.account.id);
    });
  });
}
