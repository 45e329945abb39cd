/**
 * Issue 13 item 6, on the production build: a new seller's dashboard (/app/{org}) asks to share
 * the storefront; after a paid order it shows the order's numbers, the chart, and the top lists,
 * at desktop and phone width, with no accessibility violations. Screenshots in test-results/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { signInOnProviderPage, watchForProblems } from './support/journey.js';
import { apiUser, cardReadyStore, invitedRetailer, liveProducts, paidOrder } from './support/seed.js';

const scene = journeyScene();

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('seller dashboard journey', () => {
  it('shows the empty state, then an order’s sales, customer and products', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `larch-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Larch Pantry');
    const [jamId, honeyId] = await liveProducts(seller, store.id, [
      { name: 'Quince Jam', priceCents: 900, msrpCents: 1_800 },
      { name: 'Clover Honey', priceCents: 1_500, msrpCents: 3_000 },
    ]);

    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/app/${store.id}`);
    await signInOnProviderPage(page, seller.email, seller.password);
    await expect.poll(() => page.getByText('No orders yet — share your storefront').isVisible()).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Seller sections' });
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page, 'the empty dashboard');

    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `pantry-${stamp}@example.com`,
      'Birch Market',
    );
    expect(buyerOrgId).toBeTruthy();
    await paidOrder(buyer, buyerOrgId, store.id, { [jamId!]: 4, [honeyId!]: 2 }); // $36 + $30

    await page.reload();
    const sales = page.getByRole('region', { name: 'Net sales (12 weeks)' });
    await expect.poll(async () => (await sales.textContent()) ?? '').toMatch(/\$66\.00/);
    expect(await page.getByRole('region', { name: 'Orders' }).textContent()).toMatch(/1$/);
    expect(await page.getByRole('region', { name: 'Average order value' }).textContent()).toMatch(/\$66\.00/);
    expect(await page.getByRole('region', { name: 'Reorder rate' }).textContent()).toMatch(/0%/);
    expect(await page.getByRole('region', { name: 'Open invoices' }).textContent()).toMatch(/\$0\.00/);
    const products = page.getByRole('region', { name: 'Top products' });
    expect(await products.getByRole('listitem').allTextContents()).toEqual([
      'Quince Jam4 units$36.00',
      'Clover Honey2 units$30.00',
    ]);
    expect(await page.getByRole('region', { name: 'Top customers' }).textContent()).toMatch(
      /Birch Market1 order\$66\.00/,
    );
    // The chart is drawn (its bars are SVG), and its numbers are in a table for screen readers.
    await expect.poll(() => page.locator('.MuiBarChart-root, .MuiChartsSurface-root').first().isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'Sales by week, last 12 weeks' }).getByRole('row').count()).toBe(13);
    await expectNoAxeViolations(page, 'the dashboard');
    await page.screenshot({ path: `${SHOTS}/seller-dashboard-desktop.png`, fullPage: true, animations: 'disabled' });

    // Phone width: the cards stack, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(async () => (await sales.textContent()) ?? '').toMatch(/\$66\.00/);
    await expect.poll(() => page.locator('.MuiBarChart-root, .MuiChartsSurface-root').first().isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the dashboard at phone width');
    await page.screenshot({ path: `${SHOTS}/seller-dashboard-phone.png`, fullPage: true, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
