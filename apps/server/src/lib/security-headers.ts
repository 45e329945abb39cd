/**
 * The security headers of every response: a strict Content-Security-Policy for the SPA, the
 * identity pages and the docs, plus the usual hardening headers. Built once at start-up.
 *
 * The outside services whose code runs in our pages widen the policy only when they are
 * configured (docs/payments.md, "The vendors in the browser"): Stripe (Stripe.js with the
 * embedded checkout, and Connect's embedded onboarding) when STRIPE_SECRET_KEY is set, Plaid Link
 * when PLAID_CLIENT_ID/PLAID_SECRET are. With neither, the policy is the built-in one: scripts,
 * frames and connections to our own origin (and the identity issuer) only.
 */
import type { Config } from '../config.js';

/** The outside services allowed into the policy. */
export interface CspVendors {
  /** Stripe is the payments provider. */
  stripe?: boolean;
  /** Plaid links bank accounts, in this environment (its API host is `{env}.plaid.com`). */
  plaid?: { env: 'sandbox' | 'development' | 'production' };
}

interface VendorSources {
  script: string[];
  frame: string[];
  connect: string[];
}

/**
 * Stripe's hosts (Stripe's CSP guidance for Stripe.js, Checkout and Connect embedded components):
 * Stripe.js and its frames come from js.stripe.com (and its subdomains), the embedded checkout
 * from checkout.stripe.com, 3-D Secure from hooks.stripe.com, Connect's loader and its frames
 * from connect-js.stripe.com; Stripe.js calls api.stripe.com. Not added: maps.googleapis.com
 * (address autocomplete of Stripe Elements, which we do not use; the embedded checkout's own
 * frame has its own policy) and Connect's style-src hash (a hash would switch off the
 * 'unsafe-inline' that MUI's run-time styles need; the policy already allows inline styles).
 * Images: img-src already allows any https: image.
 */
const STRIPE: VendorSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://connect-js.stripe.com'],
  frame: [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://checkout.stripe.com',
    'https://hooks.stripe.com',
    'https://connect-js.stripe.com',
  ],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
};

/** Plaid Link: its script and its frame from cdn.plaid.com, its API at the environment's host. */
const plaid = (env: NonNullable<CspVendors['plaid']>['env']): VendorSources => ({
  script: ['https://cdn.plaid.com'],
  frame: ['https://cdn.plaid.com'],
  connect: [`https://${env}.plaid.com`],
});

/** Which vendors the configuration uses in the browser. */
export function cspVendorsOf(config: Pick<Config, 'payments' | 'banking'>): CspVendors {
  return {
    ...(config.payments.provider === 'stripe' ? { stripe: true } : {}),
    ...(config.banking.provider === 'plaid' ? { plaid: { env: config.banking.env } } : {}),
  };
}

/** The Content-Security-Policy value for the issuer and the configured vendors. */
export function contentSecurityPolicy(issuerOrigin: string, vendors: CspVendors = {}): string {
  const sources: VendorSources[] = [];
  if (vendors.stripe) sources.push(STRIPE);
  if (vendors.plaid) sources.push(plaid(vendors.plaid.env));
  const extra = (kind: keyof VendorSources) =>
    sources
      .flatMap((s) => s[kind])
      .map((source) => ` ${source}`)
      .join('');
  return [
    "default-src 'self'",
    `script-src 'self'${extra('script')}`,
    // MUI (emotion) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${issuerOrigin}${extra('connect')}`,
    `frame-src 'self' ${issuerOrigin}${extra('frame')}`,
    `form-action 'self' ${issuerOrigin}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join(';');
}

export function buildSecurityHeaders(opts: {
  issuerOrigin: string;
  https: boolean;
  vendors?: CspVendors;
}): [string, string][] {
  const csp = contentSecurityPolicy(opts.issuerOrigin, opts.vendors);
  const headers: [string, string][] = [
    ['content-security-policy', csp],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'no-referrer'],
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
  if (opts.https) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return headers;
}
