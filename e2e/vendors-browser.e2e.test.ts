/**
 * Issue 21, part 4, on the production build: real card money in the browser, offline. The server
 * runs with Stripe (STRIPE_*) and Plaid (PLAID_*) configured against the local fakes the API tests
 * use; Chromium asks for Stripe.js, Connect.js and Plaid Link at their real URLs, which the
 * journey answers with the same stand-ins the component tests install (e2e/support/vendors.ts),
 * and runs them under the Content-Security-Policy the server really sends — a vendor the CSP
 * refused would leave its widget unloaded and fail the journey, and any CSP report fails it too.
 * Everything else off the app's origin is aborted.
 *
 * The seller completes Stripe's Connect onboarding and links a bank through Plaid Link on Set Up
 * Payments; a retailer pays in Stripe's Embedded Checkout, Stripe sends the page to the return
 * URL, the return page completes the order, and it is on the retailer's orders. Screenshots at
 * 1280 and 390 px in test-results/.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Cart } from '@cratebase/contract';
import { startServer, type RunningServer } from './support/server.js';
import { launchBrowser } from './support/browser.js';
import { SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectSetupStepsLeft, signInOnProviderPage, watchForProblems } from './support/journey.js';
import { apiUser, invitedRetailer, liveProducts, shippingStore, type ApiUser } from './support/seed.js';
import { interceptVendors, type VendorTraffic } from './support/vendors.js';
import {
  FAKE_STRIPE_PUBLISHABLE_KEY,
  startFakeStripe,
  type FakeStripe,
} from '../apps/server/test/support/fake-stripe.js';
import {
  FAKE_PLAID_CLIENT_ID,
  FAKE_PLAID_SECRET,
  startFakePlaid,
  type FakePlaid,
} from '../apps/server/test/support/fake-plaid.js';
import { STANDIN_FRAME_TEXT } from '../apps/web/src/test/standin-dom.js';
import { STRIPE_STANDIN_FRAME_TITLE, STRIPE_STANDIN_PAY_LABEL } from '../apps/web/src/test/stripe-standin.js';
import {
  CONNECT_STANDIN_DONE_LABEL,
  CONNECT_STANDIN_FRAME_TITLE,
  CONNECT_STANDIN_SUBMITTED,
  CONNECT_STANDIN_SUBMIT_LABEL,
} from '../apps/web/src/test/stripe-connect-standin.js';
import {
  PLAID_STANDIN_CONTINUE,
  PLAID_STANDIN_FRAME_TITLE,
  PLAID_STANDIN_TITLE,
} from '../apps/web/src/test/plaid-standin.js';

let server: RunningServer;
let browser: Browser;
let stripe: FakeStripe;
let plaid: FakePlaid;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  [stripe, plaid] = await Promise.all([startFakeStripe(), startFakePlaid()]);
  [server, browser] = await Promise.all([
    startServer({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: 'whsec_vendorsJourney0123456789',
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_API_URL: stripe.url,
      PLAID_CLIENT_ID: FAKE_PLAID_CLIENT_ID,
      PLAID_SECRET: FAKE_PLAID_SECRET,
      PLAID_API_URL: plaid.url,
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([stripe?.close(), plaid?.close()]);
});

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A context whose vendor traffic is answered by the stand-ins and the fakes. */
async function vendorContext(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const problems = watchForProblems(context);
  const traffic = await interceptVendors(context, { appOrigin: new URL(server.url).origin, stripe, plaid });
  return { context, problems, traffic, page: await context.newPage() };
}

/**
 * The control: the app's pages served with the vendors' origins taken out of their CSP (the
 * built-in policy), as a server without Stripe and Plaid would send it.
 */
async function withoutVendorsInCsp(context: BrowserContext) {
  await context.route(
    (url) => url.origin === new URL(server.url).origin,
    async (route) => {
      // The app's pages only (the sign-in pages and their redirects go through as they are).
      const { pathname } = new URL(route.request().url());
      if (route.request().resourceType() !== 'document' || /^\/(oidc|interaction)\b/.test(pathname)) {
        return route.fallback();
      }
      const response = await route.fetch();
      const csp = response.headers()['content-security-policy'] ?? '';
      const builtIn = csp.replace(/ https:\/\/[^\s;]*(stripe|plaid)\.com/g, '');
      return route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': builtIn } });
    },
  );
}

/** The context's vendor traffic held what it should: no CSP report, nothing vendor-bound dropped. */
function expectCleanTraffic(traffic: VendorTraffic) {
  expect(traffic.cspViolations).toEqual([]);
  expect(traffic.aborted.filter((url) => /stripe\.com|plaid\.com/.test(url))).toEqual([]);
}

/** The vendor's frame inside its widget shows the stand-in frame's page (the CSP let it in). */
async function expectVendorFrameLoaded(page: Page, title: string) {
  await expect
    .poll(() =>
      page
        .frameLocator(`iframe[title="${title}"]`)
        .getByText(STANDIN_FRAME_TEXT)
        .isVisible()
        .catch(() => false),
    )
    .toBe(true);
}

/**
 * A picture of one part of the page. Chromium paints a cross-origin frame that was off screen
 * only once it is scrolled into view: scroll there and let the vendor's frames paint first.
 */
async function shootPart(page: Page, part: ReturnType<Page['getByRole']>, name: string) {
  await part.scrollIntoViewIfNeeded();
  for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
    await frame
      .evaluate(
        () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      )
      .catch(() => undefined);
  }
  await part.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage, animations: 'disabled' });
}

describe('the vendors in the browser, offline (Stripe and Plaid stand-ins under the real CSP)', () => {
  let seller: ApiUser;
  let store: { id: string };

  it('sends a CSP that lets in Stripe and Plaid, and the first page asks neither', async () => {
    const res = await fetch(`${server.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(
      "script-src 'self' https://js.stripe.com https://*.js.stripe.com https://connect-js.stripe.com https://cdn.plaid.com;",
    );
    expect(csp).toContain('https://api.stripe.com');
    expect(csp).toContain('https://sandbox.plaid.com');

    const stamp = Date.now();
    seller = await apiUser(server.url, `vendors-${stamp}@example.com`);
    store = await shippingStore(seller, 'Juniper Pantry');
    const { context, problems, traffic, page } = await vendorContext();
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    expect(traffic.served).toEqual([]);
    expect(traffic.api).toEqual([]);
    expectCleanTraffic(traffic);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the seller completes Stripe's Connect onboarding and links a bank through Plaid Link", async () => {
    const { context, problems, traffic, page } = await vendorContext();
    const setupUrl = `${server.url}/app/${store.id}/organization/onboarding/stripe-connect`;
    await page.goto(setupUrl);
    await signInOnProviderPage(page, seller.email, seller.password);
    await page.waitForURL(setupUrl);
    const stepsBefore = Number(
      await page.getByRole('navigation', { name: 'Seller sections' }).getByTestId('setup-badge').textContent(),
    );
    await page.getByRole('button', { name: 'Get Started' }).click();

    // Stripe's onboarding: Connect.js from connect-js.stripe.com, its frame, our secret.
    const onboarding = page.getByRole('region', { name: 'Verify your business with Stripe' });
    const submit = onboarding.getByRole('button', { name: CONNECT_STANDIN_SUBMIT_LABEL });
    await expect.poll(() => submit.isVisible()).toBe(true);
    await expectVendorFrameLoaded(page, CONNECT_STANDIN_FRAME_TITLE);
    expect(traffic.served).toContain('https://connect-js.stripe.com/v1.0/connect.js');
    expect(await page.locator('script[src="https://connect-js.stripe.com/v1.0/connect.js"]').count()).toBe(1);
    await expectNoAxeViolations(page, "Set Up Payments with Stripe's onboarding");
    await shoot(page, 'vendors-connect-onboarding-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => noSidewaysScroll(page)).toBe(0);
    await shoot(page, 'vendors-connect-onboarding-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await submit.click();
    await expect.poll(() => onboarding.getByText(CONNECT_STANDIN_SUBMITTED).isVisible()).toBe(true);
    await onboarding.getByRole('button', { name: CONNECT_STANDIN_DONE_LABEL }).click();
    // Leaving the onboarding reads the account from Stripe (the fake): it may take charges.
    await expect.poll(() => page.getByText('Your payment account is set up').isVisible()).toBe(true);
    // The set-up step is done: the Configure badge counts one step fewer.
    await expectSetupStepsLeft(page, stepsBefore - 1);
    const account = [...stripe.accounts.values()].at(-1)!;
    expect(account).toMatchObject({ details_submitted: true, charges_enabled: true });
    expect(
      traffic.api.some((call) => call.startsWith('POST https://api.stripe.com/v1/standin/account_onboarding')),
    ).toBe(true);

    // Payouts: Plaid Link from cdn.plaid.com with our link token; the public token is exchanged.
    const payouts = page.getByRole('region', { name: 'Payouts' });
    await payouts.getByRole('button', { name: 'Link a bank account' }).click();
    const proceed = page
      .getByRole('dialog', { name: 'Link a bank account' })
      .getByRole('button', { name: 'Continue with Plaid' });
    await expect.poll(() => proceed.isEnabled().catch(() => false)).toBe(true);
    await expectNoAxeViolations(page, 'the bank dialog before Plaid Link');
    await shoot(page, 'vendors-plaid-dialog-desktop', false);
    await proceed.click();
    const link = page.getByRole('dialog', { name: PLAID_STANDIN_TITLE });
    await expect.poll(() => link.isVisible()).toBe(true);
    await expectVendorFrameLoaded(page, PLAID_STANDIN_FRAME_TITLE);
    expect(traffic.served).toContain('https://cdn.plaid.com/link/v2/stable/link-initialize.js');
    await shoot(page, 'vendors-plaid-link-desktop', false);
    await link.getByRole('button', { name: PLAID_STANDIN_CONTINUE }).click();

    const rows = payouts.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getByText('Plaid Checking').isVisible()).toBe(true);
    expect(await rows.nth(0).getByText('Default').isVisible()).toBe(true);
    expect(await payouts.getByText('Your bank is linked. You have 2 bank accounts.').isVisible()).toBe(true);
    const accounts = await seller.call<Array<{ name: string; institution_name: string; is_default: boolean }>>(
      'GET',
      `/api/plaid/accounts?organization_id=${store.id}`,
    );
    expect(accounts.map((a) => [a.name, a.institution_name, a.is_default])).toEqual([
      ['Plaid Checking', 'First Platypus Bank', true],
      ['Plaid Saving', 'First Platypus Bank', false],
    ]);
    expect(plaid.requests.map((r) => r.path)).toEqual([
      '/link/token/create',
      '/item/public_token/exchange',
      '/accounts/get',
    ]);
    await shoot(page, 'vendors-setup-done-desktop');

    // Phone width: the page fits, and the bank dialog and Plaid's window too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => payouts.getByRole('listitem').count()).toBe(2);
    expect(await noSidewaysScroll(page)).toBe(0);
    await shoot(page, 'vendors-setup-done-phone');
    await payouts.getByRole('button', { name: 'Link a bank account' }).click();
    await expect.poll(() => proceed.isEnabled().catch(() => false)).toBe(true);
    await shoot(page, 'vendors-plaid-dialog-phone', false);
    await proceed.click();
    await expect.poll(() => link.isVisible()).toBe(true);
    await shoot(page, 'vendors-plaid-link-phone', false);
    await link.getByRole('button', { name: 'Exit', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    expectCleanTraffic(traffic);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a retailer pays in Stripe's Embedded Checkout; the return page places the order, on its orders", async () => {
    const stamp = Date.now();
    const [jamId] = await liveProducts(seller, store.id, [
      { name: 'Juniper Jam', priceCents: 1_100, msrpCents: 2_200 },
    ]);
    const { buyer, buyerOrgId } = await invitedRetailer(
      server.url,
      seller,
      store.id,
      `rosa-${stamp}@example.com`,
      'Corner Pantry',
    );
    const cartUrl = `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`;
    const cart = await buyer.call<Cart>('GET', cartUrl);
    await buyer.call('PUT', `/api/cart/${cart.id}/line_item`, { product_id: jamId, quantity: 3 });
    const saved = await buyer.call<{ address: { id: string } }>('POST', '/api/address/organization', {
      organization: { id: buyerOrgId },
      address: {
        first_name: 'Rosa',
        last_name: 'Pantry',
        line1: '12 Market Street',
        city: 'Portland',
        state: 'OR',
        postal_code: '97205',
      },
    });
    await buyer.call('POST', `/api/order/${cart.order.id}/shipping_address?address_id=${saved.address.id}`);

    // At phone width first: Stripe's checkout fits the payment step.
    const phone = await vendorContext({ width: 390, height: 844 });
    const phonePage = phone.page;
    await phonePage.goto(`${server.url}/storefront/${store.id}/billing`);
    await signInOnProviderPage(phonePage, buyer.email, buyer.password);
    await phonePage.waitForURL(`**/storefront/${store.id}/billing`);
    const phonePay = phonePage.getByRole('button', { name: STRIPE_STANDIN_PAY_LABEL });
    await expect.poll(() => phonePay.isVisible()).toBe(true);
    await expectVendorFrameLoaded(phonePage, STRIPE_STANDIN_FRAME_TITLE);
    await shoot(phonePage, 'vendors-stripe-checkout-phone');
    await shootPart(
      phonePage,
      phonePage.getByRole('region', { name: 'Payment' }),
      'vendors-stripe-checkout-payment-phone',
    );
    expect(await noSidewaysScroll(phonePage)).toBe(0);
    expectCleanTraffic(phone.traffic);
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    // The control: under a CSP without Stripe's origins, Stripe.js is refused before it is
    // requested, the browser reports it, and the payment step says it could not load.
    const blocked = await vendorContext();
    await blocked.page.goto(`${server.url}/storefront/${store.id}/billing`);
    await signInOnProviderPage(blocked.page, buyer.email, buyer.password);
    await blocked.page.waitForURL(`**/storefront/${store.id}/billing`);
    await expect
      .poll(() => blocked.page.getByRole('button', { name: STRIPE_STANDIN_PAY_LABEL }).isVisible())
      .toBe(true);
    // The form's frame has loaded too: none of this page's requests is still on its way when
    // the count below is taken (a CI run once saw the frame served just after it).
    await expectVendorFrameLoaded(blocked.page, STRIPE_STANDIN_FRAME_TITLE);
    // Signed in; now the same page loaded afresh with the built-in policy.
    await withoutVendorsInCsp(blocked.context);
    const servedBefore = blocked.traffic.served.length;
    await blocked.page.reload();
    const refused = blocked.page
      .getByRole('alert')
      .filter({ hasText: 'We could not load Stripe’s secure payment form' });
    await expect.poll(() => refused.isVisible()).toBe(true);
    expect(blocked.traffic.cspViolations.some((line) => line.includes('https://js.stripe.com/endive/stripe.js'))).toBe(
      true,
    );
    expect(blocked.traffic.served.slice(servedBefore)).toEqual([]);
    expect(await blocked.page.getByRole('button', { name: STRIPE_STANDIN_PAY_LABEL }).count()).toBe(0);
    await shootPart(
      blocked.page,
      blocked.page.getByRole('region', { name: 'Payment' }),
      'vendors-stripe-blocked-by-csp-desktop',
    );
    await blocked.context.close();

    const { context, problems, traffic, page } = await vendorContext();
    // The storefront itself asks for none of the vendors' code (Stripe.js loads on the payment step).
    await page.goto(`${server.url}/storefront/${store.id}`);
    await signInOnProviderPage(page, buyer.email, buyer.password);
    await page.waitForURL(`**/storefront/${store.id}`);
    await expect.poll(() => page.getByText('Juniper Jam').first().isVisible()).toBe(true);
    expect(traffic.served).toEqual([]);
    await page.goto(`${server.url}/storefront/${store.id}/billing`);
    const pay = page.getByRole('button', { name: STRIPE_STANDIN_PAY_LABEL });
    await expect.poll(() => pay.isVisible()).toBe(true);
    await expectVendorFrameLoaded(page, STRIPE_STANDIN_FRAME_TITLE);
    // Stripe.js came from its real URL, loaded by @stripe/stripe-js, under our CSP.
    expect(traffic.served).toContain('https://js.stripe.com/endive/stripe.js');
    expect(await page.locator('script[src="https://js.stripe.com/endive/stripe.js"]').count()).toBe(1);
    // The session Stripe's checkout shows is the one our server made at Stripe for this order.
    const sessions = [...stripe.sessions.values()].filter(
      (s) => (s.metadata as { order_id?: string }).order_id === cart.order.id,
    );
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    const session = sessions.at(-1)!;
    expect(await page.getByText(`Session ${String(session.id)}`).isVisible()).toBe(true);
    await expectNoAxeViolations(page, "billing with Stripe's embedded checkout");
    await shoot(page, 'vendors-stripe-checkout-desktop');
    await shootPart(page, page.getByRole('region', { name: 'Payment' }), 'vendors-stripe-checkout-payment-desktop');

    await pay.click();
    // Stripe sends the page to the session's return URL; the return page completes the order.
    await page.waitForURL(`**/storefront/${store.id}/checkout/return?session_id=${String(session.id)}`);
    // The order's confirmation (issue 23), then the orders list by its "All orders" link.
    await page.waitForURL(`**/storefront/${store.id}/orders/${cart.order.id}/confirmation`);
    await page.getByRole('link', { name: 'All orders' }).click();
    await page.waitForURL(`**/storefront/${store.id}/orders`);
    expect(stripe.sessions.get(String(session.id))).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const fresh = await buyer.call<Cart>('GET', cartUrl);
    expect(fresh.id).not.toBe(cart.id);
    const placed = await buyer.call<Array<{ id: string; invoice: { stripe_status: string } | null }>>(
      'GET',
      `/api/order/organization/${buyerOrgId}/purchasing?selling_organization_id=${store.id}`,
    );
    expect(placed.map((o) => [o.id, o.invoice?.stripe_status])).toEqual([[cart.order.id, 'PAID']]);
    const row = page.getByRole('row', { name: /PAID/ });
    await expect.poll(() => row.first().isVisible()).toBe(true);
    await shoot(page, 'vendors-orders-after-stripe-desktop');

    expectCleanTraffic(traffic);
    expect(problems).toEqual([]);
    await context.close();
  });
});
