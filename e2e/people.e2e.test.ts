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
import { fillCredentials } from './support/journey.js';
import { signUpAndGetTokens } from '../apps/server/test/support/test-login.js';

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

  it('a retailer names themself on /details-buyer; an older account without a name is asked once', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `juniper-${stamp}@example.com`);
    const store = await seller.call<{ id: string }>('POST', '/api/organization', { selected_type: 'Merchant', name: 'Juniper Soap Co' });
    const buyerEmail = `rosa-${stamp}@example.com`;
    await seller.call('POST', '/api/invite/purchaser', { to_organization_id: store.id, to_emails: [buyerEmail] });
    const invites = await seller.call<{ id: string; send_to_email: string }[]>('GET', `/api/invite/organization/${store.id}`);
    const invite = invites.find((i) => i.send_to_email === buyerEmail)!;

    const context = await scene.browser.newContext({ viewport: DESKTOP });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/invite/${invite.id}`);
    await page.getByRole('checkbox', { name: 'I agree to the Cratebase Terms and privacy policy.' }).check();
    await page.getByRole('button', { name: 'Accept your Invitation to Cratebase' }).click();
    await page.waitForURL(/\/interaction\//);
    await fillCredentials(page, buyerEmail, 'corner shop pass 1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/details-buyer/);
    await expect.poll(() => page.getByLabel('Business Name').isVisible()).toBe(true);
    await page.getByLabel('Business Name').fill('Alder Street Market');
    await page.getByLabel('Your Name').fill('Rosa Alder');
    await page.getByLabel('Phone (optional)').fill('(503) 555-0142');
    await expectNoAxeViolations(page, '/details-buyer');
    await page.screenshot({ path: `${SHOTS}/people-details-buyer-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/people-details-buyer-phone.png`, fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: 'Finish Creating Your Account' }).click();
    await page.waitForURL(/\/storefront\/resale-certificate\//);
    const people = await seller.call<{ people: { name: string; phone: string }[] }>(
      'GET',
      `/api/order/organization/${store.id}/purchasers/${/resale-certificate\/([0-9a-f-]{36})/.exec(page.url())![1]}`,
    );
    expect(people.people).toMatchObject([{ name: 'Rosa Alder', phone: '(503) 555-0142' }]);
    // The storefront's top bar opens the same details at phone width, with nothing cut.
    await page.getByRole('link', { name: 'Skip for now' }).click();
    await page.waitForURL(`**/storefront/${store.id}`);
    const details = page.getByRole('button', { name: 'Your details' });
    await expect.poll(() => details.isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await details.click();
    const mine = page.getByRole('dialog', { name: 'Your details' });
    await expect.poll(() => mine.getByLabel('Phone (optional)').inputValue()).toBe('(503) 555-0142');
    await page.screenshot({ path: `${SHOTS}/people-storefront-details-phone.png`, animations: 'disabled' });
    await mine.getByRole('button', { name: 'Cancel' }).click();
    await page.screenshot({ path: `${SHOTS}/people-storefront-phone.png`, animations: 'disabled' });
    await context.close();

    // An account from before sign-up asked a name (only the API's POST /api/user/create).
    const olderEmail = `older-${stamp}@example.com`;
    const tokens = await signUpAndGetTokens(scene.server.url, { email: olderEmail, password: 'wholesale-pass-1' });
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${scene.server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ id: string }>);
    await call('POST', '/api/user/create', {});
    const older = await call('POST', '/api/organization', { selected_type: 'Merchant', name: 'Older Goods' });
    const olderContext = await scene.browser.newContext({ viewport: DESKTOP });
    const olderProblems = watchForProblems(olderContext);
    const olderPage = await olderContext.newPage();
    await olderPage.goto(`${scene.server.url}/app/${older.id}/orders`);
    await signInOnProviderPage(olderPage, olderEmail, 'wholesale-pass-1');
    const prompt = olderPage.getByRole('region', { name: 'Add your name' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await expectNoAxeViolations(olderPage, 'the name prompt');
    await olderPage.screenshot({ path: `${SHOTS}/people-prompt-desktop.png`, animations: 'disabled' });
    await olderPage.setViewportSize(PHONE);
    expect(await horizontalOverflow(olderPage)).toBe(0);
    await olderPage.screenshot({ path: `${SHOTS}/people-prompt-phone.png`, animations: 'disabled' });
    await prompt.getByRole('button', { name: 'Add your name' }).click();
    const dialog = olderPage.getByRole('dialog', { name: 'Your details' });
    await dialog.getByLabel('Your Name').fill('Olive Older');
    await dialog.getByLabel('Phone (optional)').fill('+44 20 7946 0958');
    await olderPage.screenshot({ path: `${SHOTS}/people-your-details-phone.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    await olderPage.setViewportSize(DESKTOP);
    await olderPage.reload();
    await expect.poll(() => olderPage.getByText('Olive Older').first().isVisible()).toBe(true);
    expect(await prompt.count()).toBe(0);
    // "Your details" in the side panel shows what was saved.
    await olderPage.getByRole('button', { name: 'Your details' }).click();
    await expect.poll(() => dialog.getByLabel('Phone (optional)').inputValue()).toBe('+44 20 7946 0958');
    await expectNoAxeViolations(olderPage, 'the details dialog');
    await olderPage.screenshot({ path: `${SHOTS}/people-your-details-desktop.png`, animations: 'disabled' });
    expect([...problems, ...olderProblems]).toEqual([]);
    await olderContext.close();
  });
});
