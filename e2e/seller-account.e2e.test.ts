/**
 * A new seller: signs up through the built-in pages, creates a Merchant organization on
 * /details, lands on the welcome checklist with the Configure badge at 5, logs out, signs in
 * again and lands on Orders; a protected deep link survives sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.js';
import { launchBrowser } from './support/browser.js';
import { createOrganizationOnDetails, orgIdFromUrl, signInOnProviderPage, signUpFromLanding } from './support/journey.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('seller account journey', () => {
  it('signs up, creates a store, logs out, signs in again and follows a deep link', async () => {
    const email = `maker-${Date.now()}@example.com`;
    const password = 'wholesale-pass-1';
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    // Script errors and server failures are bugs; a 404 for /api/user/me before the account
    // exists is the designed answer, so console "Failed to load resource" lines are not.
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));

    await page.goto(server.url);
    await expect.poll(() => page.getByRole('heading', { name: 'Automate Your Wholesale' }).isVisible()).toBe(true);

    await signUpFromLanding(page, server.url, email, password);
    await page.waitForURL(/\/details/);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    const finish = page.getByRole('button', { name: 'Finish Creating Your Account' });
    expect(await finish.isDisabled()).toBe(true);

    await createOrganizationOnDetails(page, 'Juniper & Vine', 'Merchant');
    await page.waitForURL(/\/app\/[0-9a-f-]{36}\/welcome$/);
    const orgId = orgIdFromUrl(page.url());
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome! To set up your store, start here' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByTestId('setup-badge').first().textContent()).toBe('5');
    await expect.poll(() => page.getByText('5 set-up steps left').count()).toBeGreaterThan(0);
    // The shell: organization dropdown, the five sections, View as Buyer, the user block.
    for (const name of ['Orders', 'Customers', 'Products', 'Invites', 'Terms']) {
      expect(await page.getByRole('link', { name, exact: true }).count(), name).toBeGreaterThan(0);
    }
    expect(await page.getByRole('link', { name: 'View as Buyer' }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/seller-welcome-desktop.png', fullPage: true });

    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).first().isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Login' }).first().click();
    await signInOnProviderPage(page, email, password);
    await page.waitForURL(new RegExp(`/app/${orgId}/orders$`));
    await expect.poll(() => page.getByRole('heading', { name: 'Orders' }).first().isVisible()).toBe(true);

    // A protected deep link in a fresh browser: sign in, come back to the same path.
    const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await fresh.newPage();
    await phone.goto(`${server.url}/app/${orgId}/terms`);
    await signInOnProviderPage(phone, email, password);
    await phone.waitForURL(new RegExp(`/app/${orgId}/terms$`));
    await phone.screenshot({ path: 'test-results/seller-terms-phone.png', fullPage: true });

    expect(problems).toEqual([]);
    await fresh.close();
    await context.close();
  });

  it('shows the not-found page for unknown paths', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/no-such-page`);
    await expect.poll(() => page.getByText('This page is not available.').isVisible()).toBe(true);
    await page.close();
  });
});
