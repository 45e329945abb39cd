/**
 * The security headers of every response: a strict Content-Security-Policy for the SPA, the
 * identity pages and the docs, plus the usual hardening headers. Built once at start-up.
 */
export function buildSecurityHeaders(opts: { issuerOrigin: string; https: boolean }): [string, string][] {
  const { issuerOrigin } = opts;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // MUI (emotion) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${issuerOrigin}`,
    `frame-src 'self' ${issuerOrigin}`,
    `form-action 'self' ${issuerOrigin}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join(';');
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
