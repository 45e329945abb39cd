/**
 * Issue 27 part 3, "People, not only e-mails", on the production build: sign-up asks the person's
 * name (required) and phone (optional, a bad one named); the seller's order detail says who placed
 * the order — name, e-mail (mailto), phone — and the customer page lists the retailer's people.
 * Screenshots at 1280 and 390 px in test-results/ (people-*.png).
 */
import { describe, expect, it } from 'vitest';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import {
  horizontalOverflow,
  orgIdFromUrl,
  signInOnProviderPage,
  signUpFromLanding,
  watchForProblems,
} from './support/journey.js';
import { apiUser, cardReadyStore, invitedRetailer, liveProducts, paidOrder } from './support/seed.js';

const scene = journeyScene();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('people, not only e-mails', () => {
  it('sign-up asks the name and a phone, naming a bad phone before anything is sent', async () => {
    const context = await scene.browser.newContext({ viewport: DESKTOP });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await signUpFromLanding(page, scene.server.url, `maya-${Date.now()}@example.com`, 'wholesale-pass-1');
    await page.waitForURL(/\/details/);
    const finish = page.getByRole('button', { name: 'Finish Creating Your Account' });
    await page.getByLabel('Business Name').fill('Juniper Soap Co');
    await page.getByLabel('You are a').click();
    await page.getByRole('option', { name: 'Merchant' }).click();
    // The business alone is not enough: the person's name is required.
    expect(await finish.isDisabled()).toBe(true);
    await page.getByLabel('Your Name').fill('Maya Maker');
    await page.getByLabel('Phone (optional)').fill('call me');
    await finish.click();
    await expect.poll(() => page.getByText(/^Phone must be a phone number like \+1 802 555 0134/).isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/details/);
    await expectNoAxeViolations(page, 'sign-up details with a phone error');
    await page.screenshot({ path: `${SHOTS}/people-signup-error-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/people-signup-error-phone.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize(DESKTOP);

    await page.getByLabel('Phone (optional)').fill('+1 802 555 0134');
    await finish.click();
    await page.waitForURL(/\/app\/[0-9a-f-]{36}\/welcome$/);
    orgIdFromUrl(page.url());
    // The side panel names the person, with the e-mail under it; no prompt for a name.
    await expect.poll(() => page.getByText('Maya Maker').first().isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Add your name' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the seller sees who placed the order and the customer’s people, at both widths', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `thistle-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Thistle Tea Co');
    const [teaId] = await liveProducts(seller, store.id, [{ name: 'Thistle Green Tea', priceCents: 900, msrpCents: 1_800 }]);
    const buyerEmail = `rita-${stamp}@example.com`;
    const { buyer, buyerOrgId } = await invitedRetailer(scene.server.url, seller, store.id, buyerEmail, 'Kettle Corner');
    await buyer.call('PUT', '/api/user/me', { name: 'Rita Retailer', phone: '+1 802 555 0199' });
    await paidOrder(buyer, buyerOrgId, store.id, { [teaId!]: 12 });

    const context = await scene.browser.newContext({ viewport: DESKTOP });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/app/${store.id}/orders`);
    await signInOnProviderPage(page, seller.email, seller.password);
    const row = page.getByRole('row', { name: /Kettle Corner/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Thistle Green Tea').first().isVisible()).toBe(true);
    const placedBy = dialog.getByText('Placed by').locator('xpath=following-sibling::*[1]');
    expect(await placedBy.textContent()).toBe(`Rita Retailer · ${buyerEmail} · +1 802 555 0199`);
    expect(await placedBy.getByRole('link', { name: /^E-mail Rita Retailer at / }).getAttribute('href')).toBe(`mailto:${buyerEmail}`);
    expect(await dialog.getByText('N/A', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page, 'the order detail');
    await page.screenshot({ path: `${SHOTS}/people-order-detail-desktop.png`, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/people-order-detail-phone.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');

    await page.setViewportSize(DESKTOP);
    await page.goto(`${scene.server.url}/app/${store.id}/customers/${buyerOrgId}`);
    const people = page.getByRole('list', { name: 'People' });
    await expect.poll(() => people.isVisible()).toBe(true);
    const rita = people.getByRole('listitem').filter({ hasText: 'Rita Retailer' });
    expect(await rita.textContent()).toContain('Owner');
    expect(await rita.getByRole('link', { name: /^Call Rita Retailer at / }).getAttribute('href')).toBe('tel:+18025550199');
    await expectNoAxeViolations(page, 'the customer page');
    await page.screenshot({ path: `${SHOTS}/people-customer-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/people-customer-phone.png`, fullPage: true, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
