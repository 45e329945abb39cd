/**
 * Issue 10, item 7, on the production build: a seller links a bank account for payouts in the
 * Payouts card of Set Up Payments with the built-in bank linking. A wrong password is refused
 * with the bank's message; user_good / pass_good signs in; the picked accounts are listed with
 * the first one as the default; the seller switches the default. Desktop and 390 px.
 */
import { describe, expect, it } from 'vitest';
import { journeyScene, SHOTS } from './support/scene.js';
import { signInOnProviderPage, watchForProblems } from './support/journey.js';
import { apiUser } from './support/seed.js';

const scene = journeyScene();

describe('payout bank accounts journey', () => {
  it('links a bank (wrong, then right credentials), lists the accounts and switches the default', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `payouts-${stamp}@example.com`);
    const store = await seller.call<{ id: string }>('POST', '/api/organization', {
      selected_type: 'Merchant',
      name: 'Tidewater Candle Co',
    });

    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    const setupUrl = `${scene.server.url}/app/${store.id}/organization/onboarding/stripe-connect`;
    await page.goto(setupUrl);
    await signInOnProviderPage(page, seller.email, seller.password);
    await page.waitForURL(setupUrl);

    const payouts = page.getByRole('region', { name: 'Payouts' });
    await expect.poll(() => payouts.getByText("You don't have any bank accounts yet.").isVisible()).toBe(true);

    await payouts.getByRole('button', { name: 'Link a bank account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'First Platypus Bank' }).click();
    await expect.poll(() => dialog.getByText('user_good').isVisible()).toBe(true);

    // A wrong password: the bank's message, in the dialog.
    await dialog.getByLabel(/^Username/).fill('user_good');
    await dialog.getByLabel(/^Password/).fill('pass_bad');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toContain('The provided credentials were not correct. Please try again.');
    await page.screenshot({ path: `${SHOTS}/payouts-wrong-credentials-desktop.png`, animations: 'disabled' });

    await dialog.getByLabel(/^Password/).fill('pass_good');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => dialog.getByRole('checkbox').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    const rows = payouts.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getByText('Platypus Business Checking').isVisible()).toBe(true);
    expect(await rows.nth(0).getByText('Default').isVisible()).toBe(true);
    expect(await rows.nth(1).getByText('First Platypus Bank · Savings · •••• 1111').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/payouts-linked-desktop.png`, fullPage: true, animations: 'disabled' });

    // Switch the default to the savings account.
    await rows.nth(1).getByRole('button', { name: 'Make Platypus Business Savings the default' }).click();
    await expect.poll(() => rows.nth(1).getByText('Default').isVisible()).toBe(true);
    await expect
      .poll(() =>
        rows
          .nth(0)
          .getByRole('button', { name: /Make Platypus Business Checking/ })
          .isVisible(),
      )
      .toBe(true);
    const accounts = await seller.call<Array<{ name: string; is_default: boolean }>>(
      'GET',
      `/api/plaid/accounts?organization_id=${store.id}`,
    );
    expect(accounts.filter((a) => a.is_default).map((a) => a.name)).toEqual(['Platypus Business Savings']);

    // Phone width: the card fits, and the dialog opens full screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => payouts.getByRole('listitem').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.screenshot({ path: `${SHOTS}/payouts-phone.png`, fullPage: true, animations: 'disabled' });
    await payouts.getByRole('button', { name: 'Link a bank account' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('button', { name: 'Tartan Bank' }).isVisible())
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/payouts-link-dialog-phone.png`, animations: 'disabled' });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    expect(problems).toEqual([]);
    await context.close();
  });
});
