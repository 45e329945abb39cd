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
    // A towel in two colours at $12.00, $10.80 from 12: on Distributor, Indigo gets its own price and break.
    await seller.call('PUT', '/api/product', {
      name: 'Linen tea towel',
      organization: { id: store.id },
      state: 'Live',
      order_unit: 'Each',
      unit_price_in_cents: 1_200,
      msrp_in_cents: 2_400,
      price_breaks: [{ min_quantity: 12, unit_price_in_cents: 1_080 }],
      options: [{ name: 'Colour', values: ['Natural', 'Indigo'] }],
    });
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
    const towel = page.getByRole('list', { name: 'Prices of Linen tea towel' });
    // Both colours: 20 % off the price and the break.
    expect(await towel.getByText('12+ at $8.64').count()).toBe(2);
    await page.getByRole('textbox', { name: 'Fixed price for Linen tea towel — Indigo' }).fill('9.50');
    const breaks = page.getByRole('textbox', { name: 'Price breaks for Linen tea towel — Indigo' });
    await breaks.fill('24:9.75');
    await expect.poll(() => page.getByText('Break 1: must be less than the unit price ($9.50)').isVisible()).toBe(true);
    await breaks.fill('24:9.00');
    expect(await page.getByText('2 prices not saved').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'a price list with an unsaved fixed price');
    await page.screenshot({ path: `${SHOTS}/price-list-editing-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.getByRole('region', { name: 'Unsaved prices' }).getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => toast(page, '2 prices saved. Customers on Distributor see them from now on.').isVisible())
      .toBe(true);
    await expect.poll(() => candle.getByText('$21.50', { exact: true }).isVisible()).toBe(true);
    expect(await towel.getByText('24+ at $9.00').count()).toBe(1);
    expect(await towel.getByText('12+ at $8.64').count()).toBe(1);
    expect(
      await page.getByText('20% off wholesale · 0 customers · 2 fixed prices · 0 hidden products').isVisible(),
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
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/price-lists-phone.png`, fullPage: true, animations: 'disabled' });

    // ── The customer, on a phone: the list's prices, never the wholesale ones ──────────
    const buyerContext = await scene.browser.newContext({ viewport: { width: 390, height: 844 } });
    const buyerProblems = watchForProblems(buyerContext);
    const phone = await buyerContext.newPage();
    await phone.goto(`${scene.server.url}/storefront/${store.id}`);
    await signInOnProviderPage(phone, buyer.email, buyer.password);
    const soapTile = phone.getByRole('article', { name: 'Lavender soap' });
    const candleTile = phone.getByRole('article', { name: 'Cedar candle' });
    await expect.poll(() => soapTile.getByText('$8.00 / case of 6', { exact: true }).isVisible()).toBe(true);
    expect(await candleTile.getByText('$21.50 / case of 6', { exact: true }).isVisible()).toBe(true);
    expect(await phone.getByRole('article', { name: 'Linen tea towel' }).innerText()).toContain('$9.50');
    const body = () => phone.locator('body').innerText();
    expect(await body()).not.toMatch(/\$10\.00|\$30\.00|\$12\.00/);
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
    expect(await body()).not.toMatch(/\$30\.00|\$10\.00|\$12\.00/);
    await expectNoAxeViolations(phone, 'the product page on a price list');
    await phone.screenshot({ path: `${SHOTS}/price-list-product-phone.png`, fullPage: true, animations: 'disabled' });

    expect(problems).toEqual([]);
    expect(buyerProblems).toEqual([]);
    await buyerContext.close();
    await context.close();
  });
});
