/**
 * The live vendor check (`npm run test:live`, docs/payments-live-check.md): what the offline
 * stand-ins cannot prove, with the vendors' real browser code in TEST MODE — no stand-in, no
 * request interception. The production server runs with the Stripe test keys and Plaid's sandbox
 * from the environment; Chromium loads Stripe.js, Connect.js and Plaid Link from the vendors under
 * the CSP the server sends, and any CSP report fails the check.
 *
 * 1. Connect's embedded onboarding loads for a new connected account (completing it by hand is on
 *    the checklist: Stripe's test phone code, identity number and bank account).
 * 2. A connected account is completed through Stripe's API with Stripe's test values, and a
 *    retailer pays 4242 4242 4242 4242 in Stripe's Embedded Checkout; Stripe redirects to our
 *    return page, which places the order: PAID on the retailer's orders.
 * 3. Plaid Link opens in sandbox with our link token (user_good / pass_good by hand).
 *
 * Runs only through the gate (scripts/live-gate.mjs): test keys only, refused with live ones,
 * skipped without keys. It needs the internet and was written on an offline machine: selectors
 * inside Stripe's and Plaid's frames are theirs and are checked on the first live run.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Cart } from '@cratebase/contract';
import { liveGate } from '../../scripts/live-gate.mjs';
import { startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';
import { SHOTS } from '../support/scene.js';
import { signInOnProviderPage, watchForProblems } from '../support/journey.js';
import { apiUser, invitedRetailer, liveProducts, shippingStore, type ApiUser } from '../support/seed.js';

const gate = liveGate(process.env);
if (gate.action === 'refuse') throw new Error(gate.line);
if (gate.action === 'skip') console.log(gate.line);
const env = process.env as Record<string, string>;

let server: RunningServer;
let browser: Browser;

/** Stripe's API with the test secret key (what our server does not do: completing an account). */
async function stripeApi(method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
  const res = await fetch(`https://api.stripe.com${path}`, {
    method,
    headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.ok, `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body;
}

/** Stripe's test values for a US individual that Stripe verifies at once in test mode. */
const TEST_INDIVIDUAL = {
  business_type: 'individual',
  'business_profile[mcc]': '5411',
  'business_profile[url]': 'https://accessible.stripe.com',
  'individual[first_name]': 'Jenny',
  'individual[last_name]': 'Rosen',
  'individual[email]': 'jenny.rosen@example.com',
  'individual[phone]': '0000000000',
  'individual[dob][day]': '1',
  'individual[dob][month]': '1',
  'individual[dob][year]': '1901',
  'individual[ssn_last_4]': '0000',
  'individual[id_number]': '000000000',
  'individual[address][line1]': 'address_full_match',
  'individual[address][city]': 'Austin',
  'individual[address][state]': 'TX',
  'individual[address][postal_code]': '78701',
  'individual[address][country]': 'US',
  external_account: 'btok_us_verified',
  'tos_acceptance[ip]': '127.0.0.1',
};

/** CSP reports of a context's pages. */
function watchCsp(context: BrowserContext): string[] {
  const lines: string[] = [];
  context.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) lines.push(m.text());
  });
  return lines;
}

async function signedIn(user: ApiUser, url: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const problems = watchForProblems(context);
  const csp = watchCsp(context);
  const page = await context.newPage();
  await page.goto(url);
  await signInOnProviderPage(page, user.email, user.password);
  await page.waitForURL(url);
  return { context, page, problems, csp };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/live-${name}.png`, fullPage: true, animations: 'disabled' });

describe.skipIf(gate.action !== 'run')('the vendors live, in test mode', () => {
  let seller: ApiUser;
  let store: { id: string };

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([
      startServer({
        STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY!,
        STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY!,
        // The webhook is checked by hand (stripe listen); the return page completes the order here.
        STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET || 'whsec_livecheckplaceholder',
        PLAID_CLIENT_ID: env.PLAID_CLIENT_ID!,
        PLAID_SECRET: env.PLAID_SECRET!,
        PLAID_ENV: 'sandbox',
      }),
      launchBrowser(),
    ]);
    seller = await apiUser(server.url, `live-seller-${Date.now()}@example.com`);
    store = await shippingStore(seller, 'Live Check Pantry');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("Connect's embedded onboarding loads from Stripe under our CSP", async () => {
    const url = `${server.url}/app/${store.id}/organization/onboarding/stripe-connect`;
    const { context, page, problems, csp } = await signedIn(seller, url);
    await page.getByRole('button', { name: 'Get Started' }).click();
    const frame = page.locator('iframe[src^="https://connect-js.stripe.com"]').first();
    await expect.poll(() => frame.isVisible(), { timeout: 60_000 }).toBe(true);
    await shot(page, 'connect-onboarding');
    expect(csp).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a retailer pays 4242 in Stripe's Embedded Checkout and the order is placed", async () => {
    // The seller's connected account, completed with Stripe's test values through the API.
    const base = `/api/stripe/organization/${store.id}`;
    const { account } = await seller.call<{ account: string }>('POST', `${base}/create-connect-account`);
    await stripeApi('POST', `/v1/accounts/${account}`, {
      ...TEST_INDIVIDUAL,
      'tos_acceptance[date]': String(Math.floor(Date.now() / 1000)),
    });
    // Stripe verifies the test values within moments; until then, what it still wants is shown.
    await expect
      .poll(
        async () => {
          const status = await seller.call<{ charges_enabled: boolean }>('GET', `${base}/account-status`);
          if (status.charges_enabled) return 'charges enabled';
          const { requirements } = await stripeApi('GET', `/v1/accounts/${account}`);
          return `still due: ${JSON.stringify(requirements)}`;
        },
        { timeout: 120_000, interval: 3_000 },
      )
      .toBe('charges enabled');

    const [productId] = await liveProducts(seller, store.id, [
      { name: 'Live Jam', priceCents: 1_000, msrpCents: 2_000 },
    ]);
    const { buyer, buyerOrgId } = await invitedRetailer(
      server.url,
      seller,
      store.id,
      `live-buyer-${Date.now()}@example.com`,
      'Live Corner',
    );
    const cart = await buyer.call<Cart>(
      'GET',
      `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`,
    );
    await buyer.call('PUT', `/api/cart/${cart.id}/line_item`, { product_id: productId, quantity: 2 });
    const saved = await buyer.call<{ address: { id: string } }>('POST', '/api/address/organization', {
      organization: { id: buyerOrgId },
      address: {
        first_name: 'Rosa',
        last_name: 'Live',
        line1: '12 Market Street',
        city: 'Portland',
        state: 'OR',
        postal_code: '97205',
      },
    });
    await buyer.call('POST', `/api/order/${cart.order.id}/shipping_address?address_id=${saved.address.id}`);

    const { context, page, problems, csp } = await signedIn(buyer, `${server.url}/storefront/${store.id}/billing`);
    // Stripe's checkout frame, inside our container (StripeCheckout.tsx).
    const checkout = page.frameLocator('.stripe-embedded-checkout iframe').first();
    const cardNumber = checkout.locator('#cardNumber');
    await expect.poll(() => cardNumber.isVisible(), { timeout: 60_000 }).toBe(true);
    await shot(page, 'stripe-checkout');
    await checkout
      .locator('#email')
      .fill(buyer.email)
      .catch(() => undefined);
    await cardNumber.fill('4242424242424242');
    await checkout.locator('#cardExpiry').fill('12 / 34');
    await checkout.locator('#cardCvc').fill('123');
    await checkout.locator('#billingName').fill('Rosa Live');
    await checkout
      .locator('#billingPostalCode')
      .fill('97205')
      .catch(() => undefined);
    await checkout.locator('button[type="submit"]').first().click();
    // Stripe redirects to our return URL; the return page places the order and goes to its
    // confirmation (issue 23).
    await page.waitForURL(`**/storefront/${store.id}/checkout/return?session_id=*`, { timeout: 90_000 });
    await page.waitForURL(`**/storefront/${store.id}/orders/${cart.order.id}/confirmation`, { timeout: 60_000 });
    const placed = await buyer.call<Array<{ id: string; invoice: { stripe_status: string } | null }>>(
      'GET',
      `/api/order/organization/${buyerOrgId}/purchasing?selling_organization_id=${store.id}`,
    );
    expect(placed.map((o) => [o.id, o.invoice?.stripe_status])).toEqual([[cart.order.id, 'PAID']]);
    await shot(page, 'orders-after-stripe');
    expect(csp).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Plaid Link opens in sandbox with our link token under our CSP', async () => {
    const url = `${server.url}/app/${store.id}/organization/onboarding/stripe-connect`;
    const { context, page, problems, csp } = await signedIn(seller, url);
    await page.getByRole('region', { name: 'Payouts' }).getByRole('button', { name: 'Link a bank account' }).click();
    const proceed = page.getByRole('button', { name: 'Continue with Plaid' });
    await expect.poll(() => proceed.isEnabled().catch(() => false), { timeout: 60_000 }).toBe(true);
    await proceed.click();
    const frame = page.locator('iframe[src^="https://cdn.plaid.com"]').first();
    await expect.poll(() => frame.isVisible(), { timeout: 60_000 }).toBe(true);
    await shot(page, 'plaid-link');
    expect(csp).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
