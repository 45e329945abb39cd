import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from './config.js';

/** The message loadConfig refuses the environment with (it must refuse it). */
function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('defaults to port 3000, the embedded PostgreSQL under ./data, the built-in identity provider, local media and the outbox', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.identity).toMatchObject({
      mode: 'builtin',
      issuer: 'http://localhost:3000/oidc',
      audience: 'http://localhost:3000/api',
    });
    expect(c.storage.driver).toBe('local');
    expect(c.mail.transport).toBe('builtin');
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('PUBLIC_URL');
    }
  });

  it('LISTENs through the pool unless DATABASE_LISTEN_URL names a direct connection (PgBouncer)', () => {
    expect(loadConfig({}).databaseListenUrl).toBeUndefined();
    const direct = 'postgres://app@10.0.0.5:5432/cratebase';
    expect(
      loadConfig({ DATABASE_URL: 'postgres://app@pgbouncer:6432/cratebase', DATABASE_LISTEN_URL: direct })
        .databaseListenUrl,
    ).toBe(direct);
    expect(problems({ DATABASE_LISTEN_URL: 'pgbouncer:6432' })).toContain('DATABASE_LISTEN_URL');
  });

  it('needs all three OIDC_* variables for an outside provider', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://tenant.auth0.com/' })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE/,
    );
    const c = loadConfig({
      OIDC_ISSUER: 'https://tenant.auth0.com/',
      OIDC_CLIENT_ID: 'abc',
      OIDC_AUDIENCE: 'https://api.example.com',
    });
    expect(c.identity).toMatchObject({
      mode: 'external',
      issuer: 'https://tenant.auth0.com/',
      audience: 'https://api.example.com',
    });
  });

  it('switches to SMTP and S3 when configured, and strips a trailing slash from PUBLIC_URL', () => {
    const c = loadConfig({
      SMTP_URL: 'smtp://localhost:2525',
      S3_BUCKET: 'media',
      PUBLIC_URL: 'https://shop.example.com/',
    });
    expect(c.mail.transport).toBe('smtp');
    expect(c.storage.driver).toBe('s3');
    expect(c.publicUrl).toBe('https://shop.example.com');
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
  });
});

describe('loadConfig: payments', () => {
  const KEY = 'sk_test_51AbCdEf0123456789';
  const WHSEC = 'whsec_0123456789abcdefABCDEF';
  const PK = 'pk_test_51AbCdEf0123456789';

  it('uses the built-in test payments by default', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'builtin' });
  });

  it('uses Stripe with a secret key, webhook secret and publishable key, at STRIPE_API_URL if given', () => {
    expect(
      loadConfig({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_PUBLISHABLE_KEY: PK }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: KEY,
      webhookSecret: WHSEC,
      publishableKey: PK,
    });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'rk_live_abc123',
        STRIPE_WEBHOOK_SECRET: WHSEC,
        STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
        STRIPE_API_URL: 'http://127.0.0.1:12111/',
      }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'rk_live_abc123',
      webhookSecret: WHSEC,
      publishableKey: 'pk_live_abc123',
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  it('needs the webhook secret and the publishable key with the key, and the key with the other Stripe variables', () => {
    expect(problems({ STRIPE_SECRET_KEY: KEY, STRIPE_PUBLISHABLE_KEY: PK })).toContain(
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set',
    );
    expect(problems({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WHSEC })).toContain(
      'STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set',
    );
    expect(problems({ STRIPE_WEBHOOK_SECRET: WHSEC })).toContain(
      'STRIPE_SECRET_KEY: is required when STRIPE_WEBHOOK_SECRET',
    );
    expect(problems({ STRIPE_PUBLISHABLE_KEY: PK })).toContain('STRIPE_SECRET_KEY: is required when');
    expect(problems({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toContain('STRIPE_SECRET_KEY: is required');
  });

  it('refuses a publishable key of the other mode than the secret key', () => {
    const base = { STRIPE_WEBHOOK_SECRET: WHSEC };
    expect(problems({ ...base, STRIPE_SECRET_KEY: KEY, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' })).toContain(
      'STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key',
    );
    expect(problems({ ...base, STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_PUBLISHABLE_KEY: PK })).toContain(
      'STRIPE_PUBLISHABLE_KEY: is a test key but STRIPE_SECRET_KEY is a live key',
    );
    expect(problems({ ...base, STRIPE_SECRET_KEY: 'rk_live_abc123', STRIPE_PUBLISHABLE_KEY: PK })).toContain(
      'is a test key but STRIPE_SECRET_KEY is a live key',
    );
    expect(
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'rk_test_abc123', STRIPE_PUBLISHABLE_KEY: PK }).payments.provider,
    ).toBe('stripe');
  });

  it('refuses a publishable key of the wrong form (a secret key pasted in its place)', () => {
    const message = problems({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_PUBLISHABLE_KEY: KEY });
    expect(message).toContain('STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key (pk_test_… or pk_live_…)');
    expect(message).not.toContain(KEY);
  });

  it('names malformed Stripe secrets without printing them, and refuses an API URL with a path', () => {
    const message = problems({
      STRIPE_SECRET_KEY: 'pk_test_publishable123',
      STRIPE_WEBHOOK_SECRET: 'secret-looking value',
      STRIPE_API_URL: 'https://api.stripe.com/v1',
    });
    expect(message).toContain(
      'STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key',
    );
    expect(message).toContain("STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret (whsec_…)");
    expect(message).toContain('STRIPE_API_URL: must be the base URL of the Stripe API: scheme, host and port only');
    expect(message).not.toContain('pk_test_publishable123');
    expect(message).not.toContain('secret-looking value');
  });
});

describe('loadConfig: banking', () => {
  const CLIENT_ID = '5f0123456789abcdef012345';
  const SECRET = '0123456789abcdef0123456789abcd';

  it('uses the built-in test bank linking by default', () => {
    expect(loadConfig({}).banking).toEqual({ provider: 'builtin' });
  });

  it('uses Plaid with a client id and secret, in sandbox unless PLAID_ENV says otherwise, at PLAID_API_URL if given', () => {
    expect(loadConfig({ PLAID_CLIENT_ID: CLIENT_ID, PLAID_SECRET: SECRET }).banking).toEqual({
      provider: 'plaid',
      clientId: CLIENT_ID,
      secret: SECRET,
      env: 'sandbox',
    });
    expect(
      loadConfig({
        PLAID_CLIENT_ID: CLIENT_ID,
        PLAID_SECRET: SECRET,
        PLAID_ENV: 'production',
        PLAID_API_URL: 'http://127.0.0.1:4010/',
      }).banking,
    ).toEqual({
      provider: 'plaid',
      clientId: CLIENT_ID,
      secret: SECRET,
      env: 'production',
      apiUrl: 'http://127.0.0.1:4010',
    });
  });

  it('needs both keys, and the keys with the other Plaid variables', () => {
    expect(problems({ PLAID_CLIENT_ID: CLIENT_ID })).toContain('PLAID_CLIENT_ID and PLAID_SECRET: set both');
    expect(problems({ PLAID_SECRET: SECRET })).toContain('PLAID_CLIENT_ID and PLAID_SECRET: set both');
    expect(problems({ PLAID_ENV: 'sandbox' })).toContain('are required when PLAID_ENV or PLAID_API_URL is set');
    expect(problems({ PLAID_API_URL: 'http://127.0.0.1:4010' })).toContain(
      'are required when PLAID_ENV or PLAID_API_URL',
    );
  });

  it('names malformed Plaid values without printing the secret', () => {
    const message = problems({
      PLAID_CLIENT_ID: CLIENT_ID,
      PLAID_SECRET: 'secret looking value!',
      PLAID_ENV: 'staging',
      PLAID_API_URL: 'https://sandbox.plaid.com/link',
    });
    expect(message).toContain('PLAID_SECRET: must be a Plaid secret');
    expect(message).toContain('PLAID_ENV: must be sandbox, development or production');
    expect(message).toContain('PLAID_API_URL: must be the base URL of the Plaid API: scheme, host and port only');
    expect(message).not.toContain('secret looking value');
  });
});

describe('loadConfig: who may read the built-in outbox', () => {
  it('answers this machine only while PUBLIC_URL is this machine (the default, localhost, 127.x, [::1])', () => {
    expect(loadConfig({}).mailboxAccess).toBe('loopback');
    const here = ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://shop.localhost:3000'];
    for (const url of here) {
      expect(loadConfig({ PUBLIC_URL: url }).mailboxAccess, url).toBe('loopback');
    }
  });

  it('is hidden on any other PUBLIC_URL, or behind a trusted proxy, unless MAILBOX_ALLOW_REMOTE opens it', () => {
    for (const url of ['https://shop.example.com', 'http://192.168.1.20:3000', 'http://127.0.0.1.example.com']) {
      expect(loadConfig({ PUBLIC_URL: url }).mailboxAccess, url).toBe('hidden');
    }
    expect(loadConfig({ TRUST_PROXY: 'true' }).mailboxAccess).toBe('hidden');
    const opened = loadConfig({ PUBLIC_URL: 'https://shop.example.com', MAILBOX_ALLOW_REMOTE: 'true' });
    expect(opened.mailboxAccess).toBe('anyone');
    expect(loadConfig({ TRUST_PROXY: 'true', MAILBOX_ALLOW_REMOTE: 'true' }).mailboxAccess).toBe('anyone');
    expect(loadConfig({ MAILBOX_ALLOW_REMOTE: 'true' }).mailboxAccess).toBe('anyone');
  });

  it('names MAILBOX_ALLOW_REMOTE when its value is not a yes or no', () => {
    expect(() => loadConfig({ MAILBOX_ALLOW_REMOTE: 'sure' })).toThrow(/MAILBOX_ALLOW_REMOTE/);
  });
});
