/**
 * Issue 25 part 1, on the production build: a seller (1280 px) makes "Distributor" (20 % off
 * wholesale), gives one product a fixed price on it, and puts a customer on it from the
 * customer's page; the customer, on a phone (390 px), sees the list's prices on the storefront's
 * grid and product page, and its wholesale prices nowhere. Axe on the seller's screens and the
 * customer's; screenshots in test-results/.
 */
import { describe, expect, it } from 'vitest';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { horizontalOverflow, sellerNav, signInOnProviderPage, toast, watchForProblems } from './support/journey.js';
import { apiUser, invitedRetailer, liveProducts } from './support/seed.js';

const scene = journeyScene();

describe('price lists', () => {
  it('a seller prices a list and puts a customer on it; the customer sees only the list’s prices', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `pricing-${stamp}@example.com`);
    const store = await seller.call<{ id: string }>('POST', '/api/organization', {
      selected_type: 'Merchant',
      name: 'Juniper Soap Co',
    });
    // Wholesale $10.00 and $30.00: on Distributor, $8.00 (20 % off) and $21.50 (a fixed price).
    const [, candleId] = await liveProducts(seller, store.id, [
      { name: 'Lavender soap', priceCents: 1_000, msrpCents: 1_900 },
      { name: 'Cedar candle', priceCents: 3_000, msrpCents: 4_800 },
    ]);
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `corner-${stamp}@example.com`,
      'Corner Boutique',
    );

    // ── The seller: a new list, a fixed price, a customer on it (1280 px) ───────────────
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/app/${store.id}/price-lists`);
    await signInOnProviderPage(page, seller.email, seller.password);
    await expect.poll(() => page.getByText('No price lists yet').isVisible()).toBe(true);
    expect(await sellerNav(page, 'Price lists').getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page, 'the empty Price lists page');
    await page.screenshot({ path: `${SHOTS}/price-lists-empty-desktop.png`, fullPage: true, animations: 'disabled' });

    await page.getByRole('button', { name: 'New price list' }).click();
    const dialog = page.getByRole('dialog', { name: 'New price list' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Distributor');
    const percent = dialog.getByRole('textbox', { name: 'Percent off wholesale' });
    await percent.fill('100');
    await dialog.getByRole('button', { name: 'Create price list' }).click();
    await expect.poll(() => dialog.getByText('Must be below 100').isVisible()).toBe(true);
    await percent.fill('20');
    await page.screenshot({ path: `${SHOTS}/price-lists-new-dialog-desktop.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Create price list' }).click();
    await page.waitForURL(/\/price-lists\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Distributor' }).isVisible()).toBe(true);
    const candle = page.getByRole('list', { name: 'Prices of Cedar candle' });
    await expect.poll(() => candle.getByText('$24.00', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Fixed price for Cedar candle' }).fill('21.50');
    expect(await page.getByText('1 price not saved').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'a price list with an unsaved fixed price');
    await page.screenshot({ path: `${SHOTS}/price-list-editing-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: 'Save prices of Cedar candle' }).click();
    await expect
      .poll(() =>
        toast(page, 'Prices of Cedar candle saved. Customers on Distributor see them from now on.').isVisible(),
      )
      .toBe(true);
    await expect.poll(() => candle.getByText('$21.50', { exact: true }).isVisible()).toBe(true);
    expect(
      await page.getByText('20% off wholesale · 0 customers · 1 fixed price · 0 hidden products').isVisible(),
    ).toBe(true);

    // The same page on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/price-list-phone.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`${scene.server.url}/app/${store.id}/customers/${buyerOrgId}`);
    const select = page.getByRole('combobox', { name: 'Price list' });
    await expect.poll(() => select.textContent()).toBe('Wholesale prices');
    await select.click();
    await page.getByRole('option', { name: 'Distributor (20% off wholesale)' }).click();
    await expect.poll(() => toast(page, 'Corner Boutique now buys on Distributor').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the customer page with its price list');
    await page.screenshot({ path: `${SHOTS}/price-list-customer-desktop.png`, fullPage: true, animations: 'disabled' });

    await sellerNav(page, 'Price lists').click();
    const row = page.getByRole('table', { name: 'Price lists' }).getByRole('row', { name: /Distributor/ });
    await expect.poll(() => row.textContent()).toContain('20% off wholesale1');
    await page.screenshot({ path: `${SHOTS}/price-lists-desktop.png`, fullPage: true, animations: 'disabled' });

    // ── The customer, on a phone: the list's prices, never the wholesale ones ──────────
    const buyerContext = await scene.browser.newContext({ viewport: { width: 390, height: 844 } });
    const buyerProblems = watchForProblems(buyerContext);
    const phone = await buyerContext.newPage();
    await phone.goto(`${scene.server.url}/storefront/${store.id}`);
    await signInOnProviderPage(phone, buyer.email, buyer.password);
    const soapTile = phone.getByRole('article', { name: 'Lavender soap' });
    const candleTile = phone.getByRole('article', { name: 'Cedar candle' });
    await expect.poll(() => soapTile.getByText('$8.00', { exact: true }).isVisible()).toBe(true);
    expect(await candleTile.getByText('$21.50', { exact: true }).isVisible()).toBe(true);
    const body = () => phone.locator('body').innerText();
    expect(await body()).not.toMatch(/\$10\.00|\$30\.00/);
    expect(await horizontalOverflow(phone)).toBe(0);
    await expectNoAxeViolations(phone, 'the storefront grid on a price list');
    await phone.screenshot({
      path: `${SHOTS}/price-list-storefront-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });

    await phone.goto(`${scene.server.url}/storefront/${store.id}/product/${candleId}`);
    await expect.poll(() => phone.getByRole('heading', { level: 1, name: 'Cedar candle' }).isVisible()).toBe(true);
    await expect.poll(async () => (await body()).includes('$21.50')).toBe(true);
    expect(await body()).not.toMatch(/\$30\.00|\$10\.00/);
    await expectNoAxeViolations(phone, 'the product page on a price list');
    await phone.screenshot({ path: `${SHOTS}/price-list-product-phone.png`, fullPage: true, animations: 'disabled' });

    expect(problems).toEqual([]);
    expect(buyerProblems).toEqual([]);
    await buyerContext.close();
    await context.close();
  });
});
