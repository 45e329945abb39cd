/**
 * buildApp(deps) → a ready Fastify instance: plugins, identity, every module's routes, the
 * SPA. No listen() here, so tests drive it through app.inject().
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { OneLinePerRequest } from './lib/request-log.js';
import type { Database } from './db/client.js';
import type { AppContext, Providers } from './lib/context.js';
import { DomainError, STATUS_OF_KIND, type FieldIssue } from './lib/errors.js';
import { buildSecurityHeaders, cspVendorsOf } from './lib/security-headers.js';
import { authPlugin } from './auth/plugin.js';
import { createAccessFacts, type AccessFacts } from './auth/access-facts.js';
import { apiKeyNote } from './auth/api-key-scopes.js';
import type { AccessPolicy } from './auth/policies.js';
import { createExternalVerifier, type TokenVerifier } from './auth/token-verifier.js';
import { appModules } from './modules/index.js';
import type { Job } from './lib/periodic-job.js';
import { createMail, createMailTransport } from './providers/mail/index.js';
import { createPaymentsProvider } from './providers/payments/index.js';
import { createBankingProvider } from './providers/banking/index.js';
import { createStorage } from './providers/storage/index.js';
import { createShippingProvider } from './providers/shipping/index.js';
import { registerCompression } from './lib/compression.js';
import { registerSpa } from './spa.js';
import { webhookEventsForOpenApi } from './modules/outbound-webhooks/openapi.js';
import { BEARER_DESCRIPTION, openApiTransform, openApiTransformObject } from './lib/openapi.js';
import { replyMethodNotAllowed } from './lib/method-not-allowed.js';
import { isDatabaseUnavailable } from './db/unavailable.js';

export interface RouteEntry {
  method: string;
  url: string;
  access: AccessPolicy | undefined;
  /** The route validates a JSON body (the route walk must send a valid one). */
  hasBody: boolean;
  /** The request body is a file (multipart/form-data or text/csv). */
  consumes: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its access policy (walked by the policy test). */
    routeTable: RouteEntry[];
    /** Access facts this process keeps until PostgreSQL notifies a change (auth/access-facts.ts). */
    accessFacts: AccessFacts;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Override the token verifier (tests of the external-provider mode). */
  verifier?: TokenVerifier;
  /** Providers to use instead of the configured ones (tests, or an embedding host). */
  providers?: Partial<Providers>;
  /** Where the log lines go instead of stdout (tests read the request log from it). */
  logStream?: { write(line: string): void };
}

/** Routes under /api that belong to the documentation UI, not the product API. */
const DOCS_PREFIX = '/api/docs';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const issuerOrigin = new URL(config.identity.issuer).origin;
  // Security headers, computed once (what helmet sets, with our CSP): per request they are a
  // few setHeader calls on the raw response, so hijacked routes (/oidc) get them too.
  // The CSP lets in Stripe's and Plaid's browser code only when that vendor is configured.
  const securityHeaders = buildSecurityHeaders({
    issuerOrigin,
    https: config.publicUrl.startsWith('https:'),
    vendors: cspVendorsOf(config),
  });
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // One line per request (lib/request-log.ts).
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // The router refuses a bad percent-escape or an over-long path parameter before any route
    // or hook runs: answer in the API's error shape (not Fastify's, which echoes the whole URL).
    frameworkErrors: (err, _req, reply) => {
      const [status, error, message] =
        err.code === 'FST_ERR_BAD_URL'
          ? [400, 'bad_url', 'The address is not valid: a part of its path is not correctly percent-encoded.']
          : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? [414, 'uri_too_long', 'The address is too long: a part of its path is longer than any id.']
            : [500, 'internal_error', 'Something went wrong on our side. Please try again.'];
      const body = JSON.stringify({ error, message });
      for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
      reply.raw.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      reply.raw.end(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built by services typed against the contract. In development and tests zod
  // checks every answer against its response schema (a mismatch is a 500 and a failing test);
  // in production they go out with plain JSON.stringify, which halves the CPU of big lists.
  // The schemas still document every route in the OpenAPI document.
  app.setSerializerCompiler(
    config.nodeEnv === 'production' ? () => (data: unknown) => JSON.stringify(data) : serializerCompiler,
  );

  // The spec's client sends `Content-Type: application/json` with an empty body on some POSTs.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new DomainError('invalid', 'invalid_json', 'The request body is not valid JSON.'), undefined);
    }
  });

  // Every route under /api declares an access policy, or the app refuses to start.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api')) {
      if (route.url.startsWith(DOCS_PREFIX) || route.url === '/api/openapi.json') {
        route.config = { ...(route.config ?? {}), access: 'public' };
      } else if (!route.config?.access) {
        throw new Error(`Route ${String(route.method)} ${route.url} has no access policy (config.access)`);
      }
    }
    for (const method of [route.method].flat()) {
      const schema = route.schema as { body?: unknown; consumes?: string[] } | undefined;
      routeTable.push({
        method: String(method),
        url: route.url,
        access: route.config?.access,
        hasBody: Boolean(schema?.body),
        consumes: schema?.consumes ?? [],
      });
    }
  });

  // Shutting down (main.ts): requests still arriving on open keep-alive connections are served
  // (a load balancer does not retry a 503), each with `Connection: close`, so every connection
  // ends after its answer and the process can exit.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_req, reply) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    if (closing) reply.raw.setHeader('connection', 'close');
  });

  // Before any route: compression attaches itself to routes as they are declared.
  await registerCompression(app);

  // The seller's webhook events (modules/outbound-webhooks): their bodies as schemas, each as an x-webhooks entry.
  const webhookEvents = webhookEventsForOpenApi();
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cratebase API',
        version: '1.0.0',
        description: `Wholesale ordering: sellers, catalogues, invites, carts and orders. Bearer: ${BEARER_DESCRIPTION}`,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: BEARER_DESCRIPTION } },
        schemas: webhookEvents.schemas,
      },
      // An extension (OpenAPI 3.0 has no `webhooks`), which the document's types do not list.
      ...{ 'x-webhooks': webhookEvents.webhooks },
      security: [{ bearer: [] }],
    },
    // What every route of a kind answers, public routes' `security: []`, non-API routes hidden.
    // Each operation also says whether an API key may call it, and with which scope.
    transform: (input) => withApiKeyNote(openApiTransform(input), input),
    transformObject: openApiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });

  let verifier = deps.verifier;
  if (!verifier) {
    verifier =
      config.identity.mode === 'builtin'
        ? (await (await import('./identity/index.js')).registerBuiltinIdentity(app, { db: database.db, config }))
            .verifier
        : createExternalVerifier(config);
  }
  // Memberships and the storefront's stamps kept per process, forgotten on PostgreSQL's
  // notification; listening from ready to close (auth/access-facts.ts).
  const accessFacts = createAccessFacts(database.db, {
    listenConnectionString: config.databaseListenUrl,
    onDown: (err) =>
      app.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'access notifications: connection lost, reading access from the database until it is back',
      ),
  });
  app.decorate('accessFacts', accessFacts);
  app.addHook('onReady', async () => accessFacts.start());
  app.addHook('onClose', async () => accessFacts.stop());
  await app.register(authPlugin, { db: database.db, verifier, apiKeyRateLimit: config.apiKeyRateLimit, accessFacts });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const send = (status: number, error: string, message: string, issues?: FieldIssue[]) =>
      reply.status(status).send(issues ? { error, message, issues } : { error, message });

    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const part = err.validationContext ?? 'body';
        const field = where || part;
        return { path: field, message: v.message ?? 'is invalid', where: part };
      });
      const first = issues[0]!;
      const message =
        issues.length === 1
          ? `${first.path}: ${first.message}`
          : `${issues.length} fields are invalid: ${issues.map((i) => `${i.path} (${i.message})`).join('; ')}`;
      return send(
        400,
        'validation_error',
        message,
        issues.map(({ path: p, message: m }) => ({ path: p, message: m })),
      );
    }
    // A domain error: the status of its kind (lib/errors.ts STATUS_OF_KIND, the one table).
    if (err instanceof DomainError) return send(STATUS_OF_KIND[err.kind], err.code, err.message, err.issues);
    if (isStatementTimeout(err)) {
      req.log.error({ err: err.message, url: req.url }, 'database statement timed out');
      return send(503, 'service_unavailable', 'The service took too long to answer. Please try again shortly.');
    }
    // Connection-level failures of pg (server down or restarting): 503, not 500.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: err.message }, 'database unavailable');
      return send(503, 'service_unavailable', 'The service is temporarily unavailable. Please try again shortly.');
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return send(500, 'internal_error', 'Something went wrong on our side. Please try again.');
    }
    const status = err.statusCode ?? 500;
    if (status === 413)
      return send(413, 'payload_too_large', `The request body is larger than ${config.bodyLimitBytes} bytes.`);
    if (status === 429)
      return send(429, 'rate_limited', err.message || 'Too many requests. Please wait a moment and try again.');
    if (status === 415) return send(415, 'unsupported_media_type', err.message);
    // A request no route takes that the framework refused before the not-found handler (a QUERY
    // without a Content-Type): 405 when the path has other methods.
    if (
      req.is404 &&
      status >= 400 &&
      status < 500 &&
      replyMethodNotAllowed(app.routeTable, req.method, req.url.split('?')[0]!, reply)
    )
      return reply;
    // The framework's own codes (FST_ERR_…) are not part of the API's error vocabulary.
    if (status >= 400 && status < 500)
      return send(status, err.code && !err.code.startsWith('FST_') ? err.code : 'bad_request', err.message);
    req.log.error({ err }, 'unhandled error');
    return send(500, 'internal_error', 'Something went wrong on our side. Please try again.');
  });

  const providers: Providers = {
    storage: deps.providers?.storage ?? createStorage(config),
    mailTransport: deps.providers?.mailTransport ?? createMailTransport(config),
    shipping: deps.providers?.shipping ?? createShippingProvider(config),
    payments: deps.providers?.payments ?? createPaymentsProvider({ db: database.db, config }),
    banking: deps.providers?.banking ?? createBankingProvider({ db: database.db, config }),
  };
  const ctx: AppContext = { db: database.db, config, providers, log: app.log };
  // Every module's routes and jobs, in the list's order (modules/index.ts). E-mail's worker is
  // the providers' job: it sends the queued messages of this process.
  const jobs: Record<string, Job> = {
    mail: createMail({ transport: providers.mailTransport, db: database.db, log: app.log.child({ module: 'mail' }) }),
  };
  for (const appModule of appModules) {
    if (appModule.when && !appModule.when(config)) continue;
    for (const routes of appModule.routes) await routes(app, ctx, database);
    Object.assign(jobs, appModule.jobs?.(ctx));
  }
  // Each job is on the app under its name (tests run a round), starts once the app is ready and
  // stops when it closes (a bounded wait for a round in flight: lib/periodic-job.ts).
  for (const [name, job] of Object.entries(jobs)) {
    app.decorate(name, job);
    app.addHook('onReady', async () => job.start());
    app.addHook('onClose', async () => job.stop());
  }

  // Last: the SPA's history fallback answers whatever no route above took.
  registerSpa(app, config);
  return app;
}

/** An operation of the document with the API-key note of its route (auth/api-key-scopes.ts). */
function withApiKeyNote(
  out: ReturnType<typeof openApiTransform>,
  input: Parameters<typeof openApiTransform>[0],
): ReturnType<typeof openApiTransform> {
  const schema = out.schema as Record<string, unknown> & { hide?: boolean; description?: string };
  const route = input.route as { method: string | string[]; config?: { access?: AccessPolicy } };
  if (schema.hide || route.config?.access === 'public') return out;
  const method = [route.method].flat()[0]!.toUpperCase();
  const description = [schema.description, apiKeyNote(method, input.url)].filter(Boolean).join('\n\n');
  return { ...out, schema: { ...schema, description } };
}

/** PostgreSQL cancelled a statement at DATABASE_STATEMENT_TIMEOUT_MS (SQLSTATE 57014). */
function isStatementTimeout(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown };
  if (e?.code === '57014') return true;
  return e?.cause ? isStatementTimeout(e.cause) : false;
}
