/**
 * Issue 9, item 1, on the production build: a seller sets up card payments with the built-in
 * provider. Get Started opens the embedded onboarding; a field left wrong is named; the test
 * EIN 000000000 leaves the account under review; updating the details with a real EIN turns
 * charges on, and Welcome step 2 and the Configure badge follow.
 */
/**
 * Issue 10, item 7, on the production build: a seller links a bank account for payouts in the
 * Payouts card of Set Up Payments with the built-in bank linking. A wrong password is refused
 * with the bank's message; user_good / pass_good signs in; the picked accounts are listed with
 * the first one as the default; the seller switches the default. Desktop and 390 px.
 */
import { describe, expect, it } from 'vitest';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectSetupStepsLeft, fillOnboarding, signInOnProviderPage, watchForProblems } from './support/journey.js';
import { apiUser } from './support/seed.js';

// One server and browser for the journeys of this file (they build the same kind of scene).
const scene = journeyScene();

/** A new seller and store (API), signed in on Set Up Payments in a desktop browser context. */
async function newStoreOnSetUpPayments(prefix: string, name: string) {
  const seller = await apiUser(scene.server.url, `${prefix}-${Date.now()}@example.com`);
  const store = await seller.call<{ id: string }>('POST', '/api/organization', { selected_type: 'Merchant', name });
  const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const problems = watchForProblems(context);
  const page = await context.newPage();
  const setupUrl = `${scene.server.url}/app/${store.id}/organization/onboarding/stripe-connect`;
  await page.goto(setupUrl);
  await signInOnProviderPage(page, seller.email, seller.password);
  await page.waitForURL(setupUrl);
  return { seller, store, context, problems, page, setupUrl };
}

describe('payment set-up journey', () => {
  it('onboards: a wrong routing number is named, the test EIN stays under review, a real one enables charges', async () => {
    const { seller, store, context, problems, page, setupUrl } = await newStoreOnSetUpPayments('payments', 'Juniper Soap Co');
    await expectSetupStepsLeft(page, 5);
    await expectNoAxeViolations(page, 'Set Up Payments');

    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Payout account' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the payments onboarding form');
    await page.screenshot({ path: `${SHOTS}/payments-onboarding-desktop.png`, fullPage: true, animations: 'disabled' });
    // The built-in provider's test values, opened on a phone (then closed again, back on desktop).
    await page.setViewportSize({ width: 390, height: 844 });
    const testValues = page.getByRole('button', { name: 'Test mode: values to try' });
    await testValues.click();
    await expect.poll(() => page.getByText('Routing number 110000000').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the onboarding form’s test values');
    await page.screenshot({ path: `${SHOTS}/payments-test-values-phone.png`, fullPage: true, animations: 'disabled' });
    await testValues.click();
    await page.setViewportSize({ width: 1280, height: 900 });

    // A routing number that fails the ABA checksum is named, and nothing is submitted.
    await fillOnboarding(page, '000000000');
    await page.getByRole('textbox', { name: /^Routing number/ }).fill('021000022');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/^Routing number/)
          .filter({ hasText: /check/i })
          .count(),
      )
      .toBeGreaterThan(0);
    const status = () =>
      seller.call<{ details_submitted: boolean; charges_enabled: boolean }>(
        'GET',
        `/api/stripe/organization/${store.id}/account-status`,
      );
    expect(await status()).toMatchObject({ details_submitted: false, charges_enabled: false });

    // The test EIN: submitted, under review.
    await page.getByRole('textbox', { name: /^Routing number/ }).fill('021000021');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Your account is under review').isVisible()).toBe(true);
    expect(await status()).toMatchObject({ details_submitted: true, charges_enabled: false });
    await expectSetupStepsLeft(page, 5);
    await expectNoAxeViolations(page, 'Set Up Payments (under review)');
    await page.screenshot({ path: `${SHOTS}/payments-under-review-desktop.png`, animations: 'disabled' });

    // Updating the details with a real EIN turns charges on.
    await page.getByRole('button', { name: 'Update your details' }).click();
    await fillOnboarding(page, '12-3456789');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Your payment account is set up').isVisible()).toBe(true);
    expect(await status()).toMatchObject({ details_submitted: true, charges_enabled: true });
    // Step 2 of the side panel needs payments and an address: the address is still missing,
    // so the badge stays; the organization now reports payments ready.
    const org = await seller.call<{ stripe_connect_status: string; has_payment_info: boolean }>(
      'GET',
      `/api/organization/${store.id}`,
    );
    expect({ status: org.stripe_connect_status, ready: org.has_payment_info }).toEqual({
      status: 'active',
      ready: true,
    });
    await page.getByRole('link', { name: 'Back to set-up' }).click();
    await page.waitForURL(`**/app/${store.id}/welcome`);
    await page.screenshot({ path: `${SHOTS}/payments-welcome-desktop.png`, fullPage: true, animations: 'disabled' });

    // Phone width: the form fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(setupUrl);
    await expect.poll(() => page.getByText('Your payment account is set up').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await expectNoAxeViolations(page, 'Set Up Payments at phone width');
    await page.screenshot({ path: `${SHOTS}/payments-active-phone.png`, fullPage: true, animations: 'disabled' });

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('payout bank accounts journey', () => {
  it('links a bank (wrong, then right credentials), lists the accounts and switches the default', async () => {
    const { seller, store, context, problems, page } = await newStoreOnSetUpPayments('payouts', 'Tidewater Candle Co');

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
