/**
 * Issue 24, the seller's side, on the production build: a seller adds a tee in the product
 * form with Size XS–XL (pasted) × Colour Black, White, Navy (typed), sets every price at once,
 * one row's SKU and the stock of two, and saves. The server has 15 variants with those values;
 * the products list says "15 variants" and the price range. Axe on the form; screenshots at
 * 1280 and 390 px (the grid scrolls inside its section on the phone, the page does not).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Product } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { horizontalOverflow, signInOnProviderPage, toast, watchForProblems } from './support/journey.js';
import { apiUser } from './support/seed.js';

const scene = journeyScene();
const PRODUCT_SAVED = 'Product Updated! You can now view your updated product in your store.';

/** Adds an option in the form: its name, then its values (pasted as one line, or typed with Enter). */
async function addOption(page: Page, name: string, values: string[], how: 'paste' | 'type') {
  await page.getByRole('button', { name: /^Add (options like size or colour|another option)$/ }).click();
  const option = page.getByRole('group', { name: /^Option \d$/ }).last();
  await option.getByLabel('Option name').fill(name);
  const input = option.getByRole('textbox', { name: `Values of ${name}` });
  if (how === 'paste') {
    await input.focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, values.join(', '));
  } else {
    for (const value of values) {
      await input.fill(value);
      await input.press('Enter');
    }
  }
  await expect
    .poll(() =>
      option
        .getByRole('list', { name: `${name} values, in order` })
        .getByRole('listitem')
        .count(),
    )
    .toBe(values.length);
}

describe('variants in the product form', () => {
  it('adds a 5-size × 3-colour tee with its prices, a SKU and stock, and lists it with its variants', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `tees-${stamp}@example.com`);
    const store = await seller.call<{ id: string }>('POST', '/api/organization', {
      selected_type: 'Merchant',
      name: 'Threadline Supply',
    });
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/app/${store.id}/products/add`);
    await signInOnProviderPage(page, seller.email, seller.password);
    await expect.poll(() => page.getByRole('heading', { name: 'Options and variants' }).isVisible()).toBe(true);

    await page.getByRole('textbox', { name: /^Name/ }).fill('Heavyweight tee');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Garment-dyed 240 gsm cotton, boxy fit.');
    await addOption(page, 'Size', ['XS', 'S', 'M', 'L', 'XL'], 'paste');
    await addOption(page, 'Colour', ['Black', 'White', 'Navy'], 'type');
    const grid = page.getByRole('table', { name: 'Variants' });
    await expect.poll(() => grid.getByRole('rowheader').count()).toBe(15);
    expect(await page.getByRole('textbox', { name: 'Default price for new variants' }).isVisible()).toBe(true);

    await page.getByLabel('Price for all variants').pressSequentially('12');
    await page.getByRole('button', { name: 'Set all prices' }).click();
    const xl = grid.getByLabel('Price for XL / Black');
    await xl.fill('14.00');
    await page.getByRole('switch', { name: 'Track inventory' }).check();
    await grid.getByLabel('SKU for M / Black').fill('TEE-M-BLK');
    await grid.getByLabel('Stock for M / Black').fill('40');
    await grid.getByLabel('Stock for XS / Navy').fill('3');
    await grid.getByRole('switch', { name: 'XS / White available' }).uncheck();

    await expectNoAxeViolations(page, 'Product form with variants');
    await page.screenshot({
      path: `${SHOTS}/variants-seller-form-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });
    // The grid fits the main column at 1280 px: its last column (remove) shows without scrolling.
    await grid.getByRole('button', { name: 'Remove variant XL / Navy' }).scrollIntoViewIfNeeded();
    expect(await grid.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/variants-seller-grid-desktop.png`, animations: 'disabled' });

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, PRODUCT_SAVED).isVisible()).toBe(true);
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    await expect.poll(async () => (await seller.call<Product>('GET', `/api/product/${id}`)).variants.length).toBe(15);
    const tee = await seller.call<Product>('GET', `/api/product/${id}`);
    const v = (title: string) => tee.variants.find((x) => x.title === title)!;
    expect(tee.options).toEqual([
      { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
      { name: 'Colour', values: ['Black', 'White', 'Navy'] },
    ]);
    expect(v('M / Black')).toMatchObject({
      stock_keeping_unit: 'TEE-M-BLK',
      unit_price_in_cents: 1200,
      inventory_count: 40,
    });
    expect(v('XS / Navy').inventory_count).toBe(3);
    expect(v('XL / Black').unit_price_in_cents).toBe(1400);
    expect(v('XS / White').available).toBe(false);
    expect(tee.price_range).toEqual({ min: 1200, max: 1400 });

    // Reloaded: the grid shows what was saved.
    await expect
      .poll(() => page.getByRole('table', { name: 'Variants' }).getByLabel('Stock for M / Black').inputValue())
      .toBe('40');

    // The saved grid fits too, with each row's inventory button; the dialog records stock for that variant.
    const saved = page.getByRole('table', { name: 'Variants' });
    await saved.getByRole('button', { name: 'Adjust inventory for M / Black' }).scrollIntoViewIfNeeded();
    expect(await saved.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBe(
      0,
    );
    await page.screenshot({ path: `${SHOTS}/variants-seller-edit-desktop.png`, animations: 'disabled' });
    await saved.getByRole('button', { name: 'Adjust inventory for M / Black' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Inventory' });
    await expect.poll(() => dialog.getByLabel('Current inventory: 40').isVisible()).toBe(true);
    expect(await dialog.getByText('Heavyweight tee — M / Black').isVisible()).toBe(true);
    await dialog.getByLabel('Quantity to add').fill('5');
    await dialog.getByRole('button', { name: 'Add Inventory' }).click();
    await expect.poll(() => saved.getByLabel('Stock for M / Black').inputValue()).toBe('45');
    expect((await seller.call<Product>('GET', `/api/product/${v('M / Black').id}`)).inventory_count).toBe(45);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    // The list: "15 variants" and the range instead of one price and SKU.
    await page.getByRole('link', { name: 'Back to products' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Heavyweight tee' });
    await expect.poll(() => row.getByText('15 variants').isVisible()).toBe(true);
    expect(await row.getByText('$12.00–$14.00').isVisible()).toBe(true);
    await context.close();

    // A phone: the form fits; the grid scrolls inside its section.
    const phone = await scene.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const small = await phone.newPage();
    await small.goto(`${scene.server.url}/app/${store.id}/products/${id}`);
    await signInOnProviderPage(small, seller.email, seller.password);
    await expect.poll(() => small.getByRole('table', { name: 'Variants' }).getByRole('rowheader').count()).toBe(15);
    await small.getByRole('heading', { name: 'Options and variants' }).scrollIntoViewIfNeeded();
    await small.screenshot({ path: `${SHOTS}/variants-seller-form-phone.png`, fullPage: true, animations: 'disabled' });
    await small.getByRole('button', { name: 'Set all prices' }).scrollIntoViewIfNeeded();
    await small.screenshot({ path: `${SHOTS}/variants-seller-grid-phone.png`, animations: 'disabled' });
    expect(await horizontalOverflow(small)).toBe(0);
    await phone.close();
    expect(problems).toEqual([]);
  });
});
