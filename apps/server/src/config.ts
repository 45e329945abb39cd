import { z } from 'zod';
import path from 'node:path';

/**
 * Environment → typed configuration. Every variable is listed in the README's
 * configuration table; a bad value stops the process with one line per variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as http://localhost:3000' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARE: bool.default(true),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TRUST_PROXY: bool.default(false),
  OIDC_ISSUER: z.url({ message: 'must be the issuer URL of an OpenID provider' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_SCOPE: z.string().min(1).optional(),
  IDENTITY_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  WEB_DIST_DIR: z.string().optional(),
  // Media storage: local disk under DATA_DIR/media (default) or an S3-compatible bucket.
  STORAGE_DRIVER: z.enum(['local', 's3']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ message: 'must be the URL of the S3-compatible endpoint' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PUBLIC_URL: z.url({ message: 'must be the public base URL of the bucket' }).optional(),
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  // E-mail: the built-in outbox (/dev/mailbox) unless SMTP_URL is set.
  MAIL_TRANSPORT: z.enum(['builtin', 'smtp']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Cratebase <no-reply@cratebase.local>'),
  // The built-in outbox answers only requests from this machine, and only while PUBLIC_URL is
  // this machine and no proxy is trusted, unless opened here (mailboxAccess below).
  MAILBOX_ALLOW_REMOTE: bool.default(false),
  // Shipping rates: the built-in rate engine unless a Shippo API token is set.
  SHIPPO_API_TOKEN: z
    .string()
    .regex(/^shippo_(live|test)_[A-Za-z0-9]+$/, 'must be a Shippo API token (shippo_live_… or shippo_test_…)')
    .optional(),
  SHIPPO_API_URL: z.url({ message: 'must be the base URL of the Shippo API' }).default('https://api.goshippo.com'),
  // Card payments: the built-in test payments unless a Stripe secret key is set.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
      'must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_test_…, rk_live_…)',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_-]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  // The browser's key for Stripe.js and Connect's embedded onboarding (public by design).
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_API_URL: z
    .url({ message: 'must be the base URL of the Stripe API, such as https://api.stripe.com' })
    .refine(
      (u) => /^https?:\/\/[^/?#]+\/?$/.test(u),
      'must be the base URL of the Stripe API: scheme, host and port only',
    )
    .optional(),
  // Bank accounts for payouts: the built-in test bank linking unless Plaid keys are set.
  PLAID_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'must be the client_id of your Plaid team (letters and digits)')
    .optional(),
  PLAID_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'must be a Plaid secret (letters and digits) for PLAID_ENV')
    .optional(),
  PLAID_ENV: z
    .enum(['sandbox', 'development', 'production'], { message: 'must be sandbox, development or production' })
    .optional(),
  PLAID_API_URL: z
    .url({ message: 'must be the base URL of the Plaid API, such as https://sandbox.plaid.com' })
    .refine(
      (u) => /^https?:\/\/[^/?#]+\/?$/.test(u),
      'must be the base URL of the Plaid API: scheme, host and port only',
    )
    .optional(),
  // The seller's outbound webhooks (modules/outbound-webhooks): http:// and private/loopback
  // receivers only when allowed (default: allowed unless NODE_ENV is production).
  WEBHOOKS_ALLOW_PRIVATE_URLS: bool.optional(),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  WEBHOOKS_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
  WEBHOOKS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(1_000),
  // Password hashing (identity/passwords.ts): 32 MiB each while it runs, so a burst is bounded.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).default(100),
});

export type Env = z.input<typeof EnvSchema>;

export type MailboxAccess = 'loopback' | 'anyone' | 'hidden';

/** Whether a URL names this machine: localhost (or a name under it), 127.0.0.0/8 or [::1]. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** See Config.mailboxAccess. */
export function mailboxAccessFor(opts: {
  publicUrl: string;
  trustProxy: boolean;
  allowRemote: boolean;
}): MailboxAccess {
  if (opts.allowRemote) return 'anyone';
  return isLocalUrl(opts.publicUrl) && !opts.trustProxy ? 'loopback' : 'hidden';
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Server-side prepared statements for pooled queries (off behind PgBouncer transaction mode). */
  databasePrepare: boolean;
  /**
   * Where the process LISTENs for access changes (auth/access-facts.ts): a direct connection to
   * PostgreSQL when DATABASE_URL goes through PgBouncer in transaction mode (which does not
   * carry LISTEN). Undefined: the pool's own connection settings.
   */
  databaseListenUrl: string | undefined;
  /** PostgreSQL cancels statements running longer than this (and sessions idle in a transaction as long). */
  databaseStatementTimeoutMs: number;
  logLevel: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  identityRateLimit: number;
  /** Requests per minute one API key may make (counted in the key's row: every process shares it). */
  apiKeyRateLimit: number;
  webDistDir: string;
  storage:
    | { driver: 'local'; dir: string; maxBytes: number }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        publicUrl: string | undefined;
        maxBytes: number;
      };
  mail: { transport: 'builtin' | 'smtp'; smtpUrl: string | undefined; from: string };
  /**
   * Who may read /dev/mailbox while mail is the built-in outbox: 'loopback' (requests from this
   * machine; a PUBLIC_URL on localhost and no trusted proxy), 'anyone' (MAILBOX_ALLOW_REMOTE),
   * or 'hidden' (404: a PUBLIC_URL elsewhere, or TRUST_PROXY, where a proxy on this host makes
   * every visitor look local, without that opt-in).
   */
  mailboxAccess: MailboxAccess;
  /** Shipping rates: the built-in engine, or Shippo with an API token. */
  shipping: { provider: 'builtin' } | { provider: 'shippo'; apiToken: string; apiUrl: string };
  /** Card payments: the built-in test payments, or Stripe with a secret key. */
  payments:
    | { provider: 'builtin' }
    | { provider: 'stripe'; secretKey: string; webhookSecret: string; publishableKey: string; apiUrl?: string };
  /** Bank accounts for payouts: the built-in test bank linking, or Plaid with its keys. */
  banking:
    | { provider: 'builtin' }
    | {
        provider: 'plaid';
        clientId: string;
        secret: string;
        env: 'sandbox' | 'development' | 'production';
        apiUrl?: string;
      };
  /** Identity: `builtin` runs our own OpenID provider under /oidc. */
  identity:
    | { mode: 'builtin'; issuer: string; clientId: string; audience: string; scope: string }
    | { mode: 'external'; issuer: string; clientId: string; audience: string; scope: string };
  /** Outbound webhooks (modules/outbound-webhooks): who may be a receiver, and the sender's timings. */
  webhooks: {
    /** http:// URLs and private, loopback and link-local addresses are accepted (never in production unless asked). */
    allowPrivateUrls: boolean;
    /** A receiver's answer is awaited this long, then the attempt failed. */
    timeoutMs: number;
    /** The first retry's delay; each next one doubles (with jitter), up to `retryMaxMs`. */
    retryBaseMs: number;
    retryMaxMs: number;
    /** How often each process looks for deliveries due (it is also woken by events recorded in it). */
    pollIntervalMs: number;
  };
  /**
   * The process-wide password-hashing gate: hashes at once (32 MiB each; sized for a 250 MB
   * budget: 1 on the embedded database, whose server and PostgreSQL hold ~210 MB under load, 2
   * with DATABASE_URL, where node alone holds ~150 MB) and how many more may wait; beyond that
   * sign-in and sign-up answer 503 with Retry-After.
   */
  passwordHashing: { concurrency: number; maxWaiting: number };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" so `FOO= npm start` behaves like no FOO.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0]);
        // A malformed secret is still a secret: name the variable, never echo its value (a key
        // variable may hold a secret key pasted in the wrong place).
        const got = /TOKEN|SECRET|KEY/.test(name) ? 'a value of the wrong form' : JSON.stringify(cleaned[name]);
        return `${i.path.join('.')}: ${i.message} (got ${got})`;
      }),
    );
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const external = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_AUDIENCE].filter(Boolean).length;
  if (external > 0 && external < 3) {
    throw new ConfigError([
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE: set all three to use an outside identity provider, or none to use the built-in one',
    ]);
  }
  const identity: Config['identity'] = e.OIDC_ISSUER
    ? {
        mode: 'external',
        issuer: e.OIDC_ISSUER,
        clientId: e.OIDC_CLIENT_ID!,
        audience: e.OIDC_AUDIENCE!,
        scope: e.OIDC_SCOPE ?? 'openid email profile offline_access',
      }
    : {
        mode: 'builtin',
        issuer: `${publicUrl}/oidc`,
        clientId: 'cratebase-web',
        audience: `${publicUrl}/api`,
        scope: 'openid email profile offline_access',
      };
  const storageDriver = e.STORAGE_DRIVER ?? (e.S3_BUCKET ? 's3' : 'local');
  if (storageDriver === 's3' && !e.S3_BUCKET) {
    throw new ConfigError(['S3_BUCKET: is required when STORAGE_DRIVER is s3']);
  }
  const storage: Config['storage'] =
    storageDriver === 's3'
      ? {
          driver: 's3',
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          maxBytes: e.MEDIA_MAX_BYTES,
        }
      : { driver: 'local', dir: path.join(path.resolve(e.DATA_DIR), 'media'), maxBytes: e.MEDIA_MAX_BYTES };
  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'builtin');
  if (mailTransport === 'smtp' && !e.SMTP_URL) {
    throw new ConfigError(['SMTP_URL: is required when MAIL_TRANSPORT is smtp']);
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError([
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set (the signing secret of the endpoint POST /api/stripe/webhook, whsec_…)',
    ]);
  }
  if (!e.STRIPE_SECRET_KEY && (e.STRIPE_WEBHOOK_SECRET || e.STRIPE_PUBLISHABLE_KEY || e.STRIPE_API_URL)) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY: is required when STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY or STRIPE_API_URL is set (without it the built-in test payments are used)',
    ]);
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError([
      "STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set (the browser loads Stripe's checkout and onboarding with it, pk_test_… or pk_live_…)",
    ]);
  }
  if (e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY) {
    const secretMode =
      e.STRIPE_SECRET_KEY.startsWith('sk_live_') || e.STRIPE_SECRET_KEY.startsWith('rk_live_') ? 'live' : 'test';
    const publishableMode = e.STRIPE_PUBLISHABLE_KEY.startsWith('pk_live_') ? 'live' : 'test';
    if (secretMode !== publishableMode) {
      throw new ConfigError([
        `STRIPE_PUBLISHABLE_KEY: is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key; use the keys of one mode (pk_test_ with sk_test_ or rk_test_, pk_live_ with sk_live_ or rk_live_)`,
      ]);
    }
  }
  const payments: Config['payments'] = e.STRIPE_SECRET_KEY
    ? {
        provider: 'stripe',
        secretKey: e.STRIPE_SECRET_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
        ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL.replace(/\/+$/, '') } : {}),
      }
    : { provider: 'builtin' };
  if (Boolean(e.PLAID_CLIENT_ID) !== Boolean(e.PLAID_SECRET)) {
    throw new ConfigError([
      'PLAID_CLIENT_ID and PLAID_SECRET: set both to link bank accounts through Plaid, or neither to use the built-in test bank linking',
    ]);
  }
  if (!e.PLAID_CLIENT_ID && (e.PLAID_ENV || e.PLAID_API_URL)) {
    throw new ConfigError([
      'PLAID_CLIENT_ID and PLAID_SECRET: are required when PLAID_ENV or PLAID_API_URL is set (without them the built-in test bank linking is used)',
    ]);
  }
  const banking: Config['banking'] =
    e.PLAID_CLIENT_ID && e.PLAID_SECRET
      ? {
          provider: 'plaid',
          clientId: e.PLAID_CLIENT_ID,
          secret: e.PLAID_SECRET,
          env: e.PLAID_ENV ?? 'sandbox',
          ...(e.PLAID_API_URL ? { apiUrl: e.PLAID_API_URL.replace(/\/+$/, '') } : {}),
        }
      : { provider: 'builtin' };
  return {
    storage,
    mail: { transport: mailTransport, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    mailboxAccess: mailboxAccessFor({ publicUrl, trustProxy: e.TRUST_PROXY, allowRemote: e.MAILBOX_ALLOW_REMOTE }),
    shipping: e.SHIPPO_API_TOKEN
      ? { provider: 'shippo', apiToken: e.SHIPPO_API_TOKEN, apiUrl: e.SHIPPO_API_URL.replace(/\/+$/, '') }
      : { provider: 'builtin' },
    payments,
    banking,
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePrepare: e.DATABASE_PREPARE,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    identityRateLimit: e.IDENTITY_RATE_LIMIT,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    identity,
    webhooks: {
      allowPrivateUrls: e.WEBHOOKS_ALLOW_PRIVATE_URLS ?? e.NODE_ENV !== 'production',
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOKS_RETRY_BASE_MS,
      retryMaxMs: e.WEBHOOKS_RETRY_MAX_MS,
      pollIntervalMs: e.WEBHOOKS_POLL_INTERVAL_MS,
    },
    passwordHashing: {
      concurrency: e.PASSWORD_HASH_CONCURRENCY ?? (e.DATABASE_URL ? 2 : 1),
      maxWaiting: e.PASSWORD_HASH_QUEUE,
    },
  };
}
