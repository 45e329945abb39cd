import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildSecurityHeaders, contentSecurityPolicy, cspVendorsOf } from './security-headers.js';

const ISSUER = 'http://localhost:3000';

/** The policy as directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const cspOf = (env: Record<string, string>) => {
  const config = loadConfig(env);
  const headers = buildSecurityHeaders({ issuerOrigin: ISSUER, https: false, vendors: cspVendorsOf(config) });
  return directives(headers.find(([name]) => name === 'content-security-policy')![1]);
};

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_csp0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_csp0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_csp0123456789',
};
const PLAID_ENV = { PLAID_CLIENT_ID: 'cspclient0123456789', PLAID_SECRET: 'cspsecret0123456789' };

/** Every source in the policy that is not our own origin or the identity issuer. */
const outside = (csp: Record<string, string[]>) =>
  Object.values(csp)
    .flat()
    .filter((source) => source.startsWith('https://') || source.startsWith('http://'))
    .filter((source) => source !== ISSUER);

describe('Content-Security-Policy', () => {
  it('is the built-in policy, exactly as before, with no vendor configured', () => {
    const headers = buildSecurityHeaders({ issuerOrigin: ISSUER, https: false });
    expect(headers.find(([name]) => name === 'content-security-policy')![1]).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data:",
        `connect-src 'self' ${ISSUER}`,
        `frame-src 'self' ${ISSUER}`,
        `form-action 'self' ${ISSUER}`,
        "frame-ancestors 'self'",
        "object-src 'none'",
        "base-uri 'self'",
      ].join(';'),
    );
    // The configuration with no vendor gives the same.
    expect(cspOf({})).toEqual(directives(contentSecurityPolicy(ISSUER)));
    expect(outside(cspOf({}))).toEqual([]);
  });

  it('lets in Stripe.js, the embedded checkout and Connect when Stripe is the payments provider, and nothing of Plaid', () => {
    const csp = cspOf(STRIPE_ENV);
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://connect-js.stripe.com',
    ]);
    expect(csp['frame-src']).toEqual([
      "'self'",
      ISSUER,
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://checkout.stripe.com',
      'https://hooks.stripe.com',
      'https://connect-js.stripe.com',
    ]);
    expect(csp['connect-src']).toEqual(["'self'", ISSUER, 'https://api.stripe.com', 'https://checkout.stripe.com']);
    expect(outside(csp).some((source) => source.includes('plaid'))).toBe(false);
    // Everything else stays as built in.
    for (const name of [
      'default-src',
      'style-src',
      'img-src',
      'font-src',
      'form-action',
      'frame-ancestors',
      'object-src',
      'base-uri',
    ]) {
      expect(csp[name], name).toEqual(cspOf({})[name]);
    }
  });

  it("lets in Plaid Link, with its environment's API host, when Plaid links bank accounts, and nothing of Stripe", () => {
    const sandbox = cspOf(PLAID_ENV);
    expect(sandbox['script-src']).toEqual(["'self'", 'https://cdn.plaid.com']);
    expect(sandbox['frame-src']).toEqual(["'self'", ISSUER, 'https://cdn.plaid.com']);
    expect(sandbox['connect-src']).toEqual(["'self'", ISSUER, 'https://sandbox.plaid.com']);
    expect(outside(sandbox).some((source) => source.includes('stripe'))).toBe(false);
    expect(cspOf({ ...PLAID_ENV, PLAID_ENV: 'production' })['connect-src']).toEqual([
      "'self'",
      ISSUER,
      'https://production.plaid.com',
    ]);
    // A local Plaid for tests (PLAID_API_URL) is the server's business, not the browser's.
    expect(cspOf({ ...PLAID_ENV, PLAID_API_URL: 'http://127.0.0.1:4010' })['connect-src']).not.toContain(
      'http://127.0.0.1:4010',
    );
  });

  it('lets in both when both are configured, and never the server-side API overrides', () => {
    const csp = cspOf({ ...STRIPE_ENV, ...PLAID_ENV, STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://connect-js.stripe.com',
      'https://cdn.plaid.com',
    ]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      ISSUER,
      'https://api.stripe.com',
      'https://checkout.stripe.com',
      'https://sandbox.plaid.com',
    ]);
    expect(outside(csp).every((source) => /^https:\/\/([a-z*-]+\.)*(stripe|plaid)\.com$/.test(source))).toBe(true);
    // No vendor ever gets inline or evaluated scripts.
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
  });

  it('keeps the other security headers whatever is configured, and HSTS only over https', () => {
    const names = (headers: [string, string][]) => headers.map(([name]) => name);
    const plain = buildSecurityHeaders({ issuerOrigin: ISSUER, https: false });
    const vendors = buildSecurityHeaders({
      issuerOrigin: ISSUER,
      https: true,
      vendors: { stripe: true, plaid: { env: 'sandbox' } },
    });
    expect(names(vendors)).toEqual([...names(plain), 'strict-transport-security']);
    expect(Object.fromEntries(vendors)['cross-origin-opener-policy']).toBe('same-origin');
  });
});
