/**
 * The vendors' browser code, offline, for journeys (issue 21, part 4; the field guide is
 * /work/shared/reviews/2026-11-27/vendor-sdk-NOTE.md). A browser context gets:
 *
 * - the vendors' script URLs answered with the SAME stand-in modules the component tests install
 *   (apps/web/src/test/{stripe,stripe-connect,plaid}-standin.ts, bundled here with esbuild), and
 *   their frames answered with the stand-in frame page — so the page really requests them, and
 *   the Content-Security-Policy the server sends decides whether they run;
 * - the stand-ins' calls to the vendors' APIs (api.stripe.com, {env}.plaid.com) answered from the
 *   fake Stripe and fake Plaid servers the app server itself talks to (apps/server/test/support);
 * - every other request off the app's origin aborted and recorded, so no journey depends on the
 *   network without saying so;
 * - every CSP violation the page reports recorded.
 */
import path from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext, Request, Route } from 'playwright-core';
import type { FakeStripe } from '../../apps/server/test/support/fake-stripe.js';
import { DEFAULT_FAKE_PLAID_ACCOUNTS, type FakePlaid } from '../../apps/server/test/support/fake-plaid.js';
import { STANDIN_FRAME_HTML, STANDIN_FRAME_PATH } from '../../apps/web/src/test/standin-dom.js';

const standInDir = path.resolve(import.meta.dirname, '../../apps/web/src/test');

/** The vendor script URLs the SDK loaders request, and the stand-in module that answers each. */
export const VENDOR_SCRIPTS = {
  'https://js.stripe.com/endive/stripe.js': { module: 'stripe-standin', install: 'installStripeStandIn' },
  'https://connect-js.stripe.com/v1.0/connect.js': {
    module: 'stripe-connect-standin',
    install: 'installStripeConnectStandIn',
  },
  'https://cdn.plaid.com/link/v2/stable/link-initialize.js': {
    module: 'plaid-standin',
    install: 'installPlaidStandIn',
  },
} as const;
export type VendorScript = keyof typeof VENDOR_SCRIPTS;

const bundles = new Map<VendorScript, Promise<string>>();

/** The stand-in module as a browser script that installs itself on `window`. */
export function standInScript(url: VendorScript): Promise<string> {
  let bundle = bundles.get(url);
  if (!bundle) {
    const { module, install } = VENDOR_SCRIPTS[url];
    bundle = build({
      stdin: {
        contents: `import { ${install} } from './${module}';\n${install}(window);\n`,
        resolveDir: standInDir,
        sourcefile: `${module}.entry.ts`,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]!.text);
    bundles.set(url, bundle);
  }
  return bundle;
}

export interface VendorTraffic {
  /** Vendor scripts and frames answered with stand-ins (URL). */
  served: string[];
  /** Calls to the vendors' APIs answered from the fakes ("METHOD URL"). */
  api: string[];
  /** Requests off the app's origin that were aborted (URL). */
  aborted: string[];
  /** CSP violations reported in any page of the context (console lines). */
  cspViolations: string[];
}

const CORS = { 'access-control-allow-origin': '*' };

const formOf = (request: Request) => new URLSearchParams(request.postData() ?? '');

function json(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', headers: CORS, body: JSON.stringify(body) });
}

/**
 * Stripe's API as the stand-ins call it, played by the fake Stripe: a checkout confirmed with the
 * 4242 card completes the session there (Stripe answers where it sends the buyer); a submitted
 * onboarding is Stripe's review letting the account take charges.
 */
async function stripeApi(route: Route, stripe: FakeStripe) {
  const request = route.request();
  const url = new URL(request.url());
  let match: RegExpExecArray | null;
  if (request.method() === 'POST' && (match = /^\/v1\/payment_pages\/([^/]+)\/confirm$/.exec(url.pathname))) {
    const sessionId = decodeURIComponent(match[1]!);
    const secret = formOf(request).get('client_secret') ?? '';
    const session = stripe.sessions.get(sessionId);
    if (!session || session.client_secret !== secret) {
      return json(route, 404, {
        error: { type: 'invalid_request_error', message: `No such checkout session: '${sessionId}'` },
      });
    }
    stripe.completeSession(sessionId, { brand: 'visa', last4: '4242' });
    const returnUrl = String(session.return_url ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId);
    return json(route, 200, { status: 'complete', return_url: returnUrl || null });
  }
  if (request.method() === 'POST' && url.pathname === '/v1/standin/account_onboarding') {
    // The account whose onboarding session was made last (one seller onboards at a time here).
    const made = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/account_sessions');
    const account = made.at(-1)?.body.account;
    if (typeof account !== 'string' || !formOf(request).get('client_secret')) {
      return json(route, 400, { error: { type: 'invalid_request_error', message: 'No account session.' } });
    }
    stripe.updateAccount(account, { details_submitted: true, charges_enabled: true });
    return json(route, 200, { account });
  }
  return json(route, 404, {
    error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname}).` },
  });
}

/** Plaid's side of Link, played by the fake Plaid: the person linked First Platypus Bank. */
async function plaidApi(route: Route, plaid: FakePlaid) {
  const request = route.request();
  const url = new URL(request.url());
  if (request.method() === 'POST' && url.pathname === '/standin/link/complete') {
    const linkToken = formOf(request).get('link_token') ?? '';
    if (!plaid.linkTokens.has(linkToken)) return json(route, 400, { error_code: 'INVALID_LINK_TOKEN' });
    const institution = { id: 'ins_109508', name: 'First Platypus Bank' };
    const publicToken = plaid.completeLink(linkToken, { institution });
    return json(route, 200, {
      public_token: publicToken,
      institution: { name: institution.name, institution_id: institution.id },
      accounts: DEFAULT_FAKE_PLAID_ACCOUNTS.map((a) => ({
        id: a.account_id,
        name: a.name,
        mask: a.mask,
        type: a.type,
        subtype: a.subtype,
        verification_status: null,
        class_type: null,
      })),
    });
  }
  return json(route, 404, { error_code: 'NOT_FOUND' });
}

/**
 * Routes a context's requests as the module comment says. `appOrigin` is the server's origin
 * (its requests go through untouched).
 */
export async function interceptVendors(
  context: BrowserContext,
  opts: { appOrigin: string; stripe: FakeStripe; plaid: FakePlaid },
): Promise<VendorTraffic> {
  const traffic: VendorTraffic = { served: [], api: [], aborted: [], cspViolations: [] };
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) traffic.cspViolations.push(text);
  });
  // Registered first, so it runs last: whatever no vendor route below answered.
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (new URL(url).origin === opts.appOrigin || url.startsWith('data:') || url.startsWith('blob:')) {
      return route.continue();
    }
    traffic.aborted.push(url);
    return route.abort('blockedbyclient');
  });
  const vendorAssets = async (route: Route) => {
    const url = route.request().url();
    const { origin, pathname } = new URL(url);
    const script = `${origin}${pathname}`;
    if (script in VENDOR_SCRIPTS) {
      traffic.served.push(url);
      return route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: await standInScript(script as VendorScript),
      });
    }
    if (pathname === STANDIN_FRAME_PATH) {
      traffic.served.push(url);
      return route.fulfill({ status: 200, contentType: 'text/html', body: STANDIN_FRAME_HTML });
    }
    traffic.aborted.push(url);
    return route.abort('blockedbyclient');
  };
  for (const host of ['https://js.stripe.com/**', 'https://connect-js.stripe.com/**', 'https://cdn.plaid.com/**']) {
    await context.route(host, vendorAssets);
  }
  await context.route('https://api.stripe.com/**', (route) => {
    traffic.api.push(`${route.request().method()} ${route.request().url()}`);
    return stripeApi(route, opts.stripe);
  });
  await context.route(/^https:\/\/(sandbox|development|production)\.plaid\.com\//, (route) => {
    traffic.api.push(`${route.request().method()} ${route.request().url()}`);
    return plaidApi(route, opts.plaid);
  });
  return traffic;
}
