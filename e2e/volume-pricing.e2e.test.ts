/**
 * Issue 13 item 3, on the production build: a seller gives a Live product a price break in the
 * product form's "Volume pricing" section; its retailer sees "12+ at $4.10" on the tile, reads
 * the volume table on the product page, adds 12 and finds the cart priced at $4.10 each ("Volume
 * price") — the server's cart says the same. Axe on every screen; screenshots at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Cart } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { signInOnProviderPage, toast, watchForProblems } from './support/journey.js';
import { apiUser, invitedRetailer, liveProducts } from './support/seed.js';

const scene = journeyScene();

const PRODUCT_SAVED = 'Product Updated! You can now view your updated product in your store.';

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('volume pricing journey', () => {
  it('a break set in the product form shows on the tile and the product page and prices the cart', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `olive-${stamp}@example.com`);
    const store = await seller.call<{ id: string }>('POST', '/api/organization', {
      selected_type: 'Merchant',
      name: 'Olive Grove Co',
    });
    const [oilId] = await liveProducts(seller, store.id, [
      { name: 'Extra Virgin Olive Oil', priceCents: 500, msrpCents: 1000 },
      { name: 'Sea Salt Flakes', priceCents: 300, msrpCents: 600 },
    ]);

    // ── The seller sets a price break in the form ──────────────────────────────────────
    const sellerContext = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const sellerProblems = watchForProblems(sellerContext);
    const form = await sellerContext.newPage();
    await form.goto(`${scene.server.url}/app/${store.id}/products/${oilId}`);
    await signInOnProviderPage(form, seller.email, seller.password);
    const section = form.locator('section', { has: form.getByRole('heading', { name: 'Volume pricing' }) });
    await expect.poll(() => section.isVisible()).toBe(true);
    await section.getByRole('button', { name: 'Add price break' }).click();
    const row = section.getByRole('listitem', { name: 'Price break 1' });
    await row.getByLabel('From quantity').fill('12');
    // A price above the unit price is named inline before anything is sent.
    await row.getByLabel('Unit price').fill('5.50');
    await expect.poll(() => row.getByText('Must be less than the unit price ($5.00)').isVisible()).toBe(true);
    await row.getByLabel('Unit price').fill('4.10');
    await expect.poll(() => row.getByText(/^Must/).count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(form, 'the product form with a price break');
    await section.screenshot({ path: `${SHOTS}/volume-pricing-form-desktop.png`, animations: 'disabled' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(form, PRODUCT_SAVED).isVisible()).toBe(true);
    const saved = await seller.call<{ price_breaks: unknown }>('GET', `/api/product/${oilId}`);
    expect(saved.price_breaks).toEqual([{ min_quantity: 12, unit_price_in_cents: 410 }]);
    expect(sellerProblems).toEqual([]);
    await sellerContext.close();

    // ── The retailer sees it on the tile and the product page, and adds 12 ──────────────
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `deli-${stamp}@example.com`,
      'Corner Deli',
    );
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/storefront/${store.id}`);
    await signInOnProviderPage(page, buyer.email, buyer.password);
    await page.waitForURL(`**/storefront/${store.id}`);
    const tiles = page.getByRole('region', { name: 'Olive Grove Co products' }).getByRole('article');
    await expect.poll(() => tiles.count()).toBe(2);
    const oilTile = tiles.filter({ hasText: 'Extra Virgin Olive Oil' });
    expect(await oilTile.getByText('12+ at $4.10').isVisible()).toBe(true);
    expect(await tiles.filter({ hasText: 'Sea Salt Flakes' }).getByText(/\+ at/).count()).toBe(0);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the grid with a volume price');
    await page.screenshot({ path: `${SHOTS}/volume-pricing-grid-desktop.png`, animations: 'disabled' });

    await oilTile.getByRole('link', { name: 'Extra Virgin Olive Oil' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Extra Virgin Olive Oil', level: 1 }).isVisible())
      .toBe(true);
    const table = page.getByRole('table', { name: 'Volume pricing' });
    expect(await table.getByRole('cell').allInnerTexts()).toEqual(['1–11', '$5.00', '12+', '$4.10']);
    await page.getByRole('combobox', { name: 'Quantity' }).click();
    await page.getByRole('option', { name: '12', exact: true }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => page.getByText('In your cart: 12').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the product page with a volume table');
    await page.screenshot({
      path: `${SHOTS}/volume-pricing-product-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // ── The cart: $4.10 each, a volume price, and the server agrees ────────────────────
    await page.getByRole('button', { name: 'Cart, 12 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    const line = drawer.getByRole('listitem', { name: 'Extra Virgin Olive Oil' });
    await expect.poll(() => line.getByText('$4.10 each · Volume price').isVisible()).toBe(true);
    expect(await line.getByText('$49.20').isVisible()).toBe(true);
    const serverCart = await buyer.call<Cart>(
      'GET',
      `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`,
    );
    expect(serverCart.line_items.map((l) => [l.quantity, l.unit_price_in_cents, l.line_total_cents])).toEqual([
      [12, 410, 4920],
    ]);
    expect(serverCart.total_cents).toBe(4920);
    // One fewer: back to the unit price.
    await line.getByRole('button', { name: 'Decrease quantity of Extra Virgin Olive Oil' }).click();
    await expect.poll(() => line.getByText('$5.00 each').isVisible()).toBe(true);
    await expect.poll(() => line.getByText('$55.00').isVisible()).toBe(true);
    await line.getByRole('button', { name: 'Increase quantity of Extra Virgin Olive Oil' }).click();
    await expect.poll(() => line.getByText('$49.20').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the cart drawer with a volume price');
    await page.screenshot({ path: `${SHOTS}/volume-pricing-cart-desktop.png`, animations: 'disabled' });

    // ── Phone width ─────────────────────────────────────────────────────────────────────
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${scene.server.url}/storefront/${store.id}`);
    await expect.poll(() => tiles.count()).toBe(2);
    expect(await oilTile.getByText('12+ at $4.10').isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the grid with a volume price (phone)');
    await page.screenshot({ path: `${SHOTS}/volume-pricing-grid-phone.png`, fullPage: true, animations: 'disabled' });
    await page.goto(`${scene.server.url}/storefront/${store.id}/product/${oilId}`);
    await expect.poll(() => page.getByRole('table', { name: 'Volume pricing' }).isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({
      path: `${SHOTS}/volume-pricing-product-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await page.getByRole('button', { name: /^Cart, 12 items/ }).click();
    await expect.poll(() => drawer.getByText('$4.10 each · Volume price').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the cart drawer (phone)');
    await page.screenshot({ path: `${SHOTS}/volume-pricing-cart-phone.png`, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
