/**
 * Issue 24, done when: on the production build, a seller makes a tee in 5 sizes × 3 colours in
 * the product form (1280 px: sizes pasted, colours typed, every price and stock at once, one
 * price, SKU and switch per row; the grid fits its column; the list says "15 variants" and the
 * range; a variant's own inventory dialog), a retailer on a phone (390 px) orders 36 pieces across
 * the size × colour grid, pays by card, and the seller ships them — every line named by its
 * variant, the stock of each variant down by what was bought. Axe on the form and the shipment;
 * screenshots in test-results/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_CARDS, type Cart, type Order, type Product } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCard, horizontalOverflow, signInOnProviderPage, toast, watchForProblems } from './support/journey.js';
import { apiUser, cardReadyStore, invitedRetailer } from './support/seed.js';

const scene = journeyScene();
const PRODUCT_SAVED = 'Product Updated! You can now view your updated product in your store.';

/** Adds an option in the product form: its name, then its values (pasted as one line, or typed with Enter). */
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
    .poll(() => option.getByRole('list', { name: `${name} values, in order` }).getByRole('listitem').count())
    .toBe(values.length);
}

/** The pieces the retailer orders from the grid: 36 in all. */
const ORDER: Record<string, number> = {
  'S / Black': 4,
  'M / Black': 6,
  'L / Black': 6,
  'M / White': 4,
  'L / White': 4,
  'XL / Navy': 2,
  'M / Navy': 5,
  'XS / White': 5,
};

describe('a tee in 5 sizes × 3 colours, from the form to the shipment', () => {
  it('the seller makes it, a retailer orders 36 pieces across the grid on a phone, pays, and it ships', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `mill-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Threadmill Apparel');

    // ── The seller makes the tee in the product form ────────────────────────────────────
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/app/${store.id}/products/add`);
    await signInOnProviderPage(page, seller.email, seller.password);
    await expect.poll(() => page.getByRole('heading', { name: 'Options and variants' }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Loopback tee');
    await addOption(page, 'Size', ['XS', 'S', 'M', 'L', 'XL'], 'paste');
    await addOption(page, 'Colour', ['Black', 'White', 'Navy'], 'type');
    const grid = page.getByRole('table', { name: 'Variants' });
    await expect.poll(() => grid.getByRole('rowheader').count()).toBe(15);
    expect(await page.getByRole('textbox', { name: 'Default price for new variants' }).isVisible()).toBe(true);
    await page.getByLabel('Price for all variants').pressSequentially('12');
    await page.getByRole('button', { name: 'Set all prices' }).click();
    await grid.getByLabel('Price for XL / Navy').fill('14.00');
    await page.getByRole('switch', { name: 'Track inventory' }).check();
    await page.getByLabel('Stock for all variants').fill('20');
    await page.getByRole('button', { name: 'Set all stock' }).click();
    await grid.getByLabel('SKU for M / Black').fill('LOOP-M-BLK');
    await grid.getByRole('switch', { name: 'XS / Navy available' }).uncheck();
    await page.getByLabel('Product Status').click();
    await page.getByRole('option', { name: 'Live' }).click();
    await expectNoAxeViolations(page, 'the product form with variants');
    await page.screenshot({ path: `${SHOTS}/variants-journey-form-desktop.png`, fullPage: true, animations: 'disabled' });
    // The grid fits the main column at 1280 px: its last column (remove) shows without scrolling.
    await grid.getByRole('button', { name: 'Remove variant XL / Navy' }).scrollIntoViewIfNeeded();
    expect(await grid.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/variants-journey-grid-desktop.png`, animations: 'disabled' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, PRODUCT_SAVED).isVisible()).toBe(true);
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    const teeId = page.url().split('/').pop()!;
    await expect
      .poll(async () => (await seller.call<Product>('GET', `/api/product/${teeId}`)).variants.every((v) => v.inventory_count === 20))
      .toBe(true);
    const tee = await seller.call<Product>('GET', `/api/product/${teeId}`);
    expect(tee.variants).toHaveLength(15);
    const variant = (title: string) => tee.variants.find((v) => v.title === title)!;
    expect(variant('M / Black')).toMatchObject({ stock_keeping_unit: 'LOOP-M-BLK', unit_price_in_cents: 1_200 });
    expect(variant('XL / Navy').unit_price_in_cents).toBe(1_400);
    expect(variant('XS / Navy').available).toBe(false);
    expect(tee.options).toEqual([
      { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
      { name: 'Colour', values: ['Black', 'White', 'Navy'] },
    ]);
    expect(tee.price_range).toEqual({ min: 1_200, max: 1_400 });

    // A variant's own inventory dialog: 5 more of L / Navy, recorded for that variant.
    const saved = page.getByRole('table', { name: 'Variants' });
    await expect.poll(() => saved.getByLabel('Stock for L / Navy').inputValue()).toBe('20');
    await saved.getByRole('button', { name: 'Adjust inventory for L / Navy' }).click();
    const inventory = page.getByRole('dialog', { name: 'Add Inventory' });
    await expect.poll(() => inventory.getByLabel('Current inventory: 20').isVisible()).toBe(true);
    expect(await inventory.getByText('Loopback tee — L / Navy').isVisible()).toBe(true);
    await inventory.getByLabel('Quantity to add').fill('5');
    await inventory.getByRole('button', { name: 'Add Inventory' }).click();
    await expect.poll(() => saved.getByLabel('Stock for L / Navy').inputValue()).toBe('25');

    // The list: "15 variants" and the range instead of one price and SKU.
    await page.getByRole('link', { name: 'Back to products' }).click();
    const listed = page.getByRole('row').filter({ hasText: 'Loopback tee' });
    await expect.poll(() => listed.getByText('15 variants', { exact: true }).isVisible()).toBe(true);
    expect(await listed.getByText('$12.00–$14.00').isVisible()).toBe(true);
    expect(problems).toEqual([]);

    // ── A retailer on a phone orders 36 pieces from the size × colour grid ──────────────
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `willow-${stamp}@example.com`,
      'Willow & Finch',
    );
    const phone = await scene.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phoneProblems = watchForProblems(phone);
    const small = await phone.newPage();
    await small.goto(`${scene.server.url}/storefront/${store.id}/product/${teeId}`);
    await signInOnProviderPage(small, buyer.email, buyer.password);
    await small.getByRole('button', { name: 'Order by size and colour' }).click();
    const matrix = small.getByRole('table', { name: 'Order grid of Loopback tee' });
    await expect.poll(() => matrix.isVisible()).toBe(true);
    for (const [title, quantity] of Object.entries(ORDER)) {
      await matrix.getByRole('textbox', { name: `Quantity for ${title}`, exact: true }).fill(String(quantity));
    }
    // 34 × $12.00 + 2 × $14.00
    const status = small.getByRole('status').filter({ hasText: 'pieces' });
    await expect.poll(() => status.textContent()).toContain('36 pieces · $436.00');
    expect(await horizontalOverflow(small)).toBe(0);
    await small.getByRole('region', { name: 'Order grid' }).screenshot({
      path: `${SHOTS}/variants-journey-grid-phone.png`,
      animations: 'disabled',
    });
    await small.getByRole('button', { name: 'Add 36 pieces to cart' }).click();
    await expect.poll(() => toast(small, 'Added 36 pieces of Loopback tee to your cart.').isVisible()).toBe(true);
    const cartUrl = `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`;
    const cart = await buyer.call<Cart>('GET', cartUrl);
    expect(Object.fromEntries(cart.line_items.map((l) => [l.product.variant_title, l.quantity]))).toEqual(ORDER);
    expect(cart.total_cents).toBe(43_600);

    // Checkout on the phone: an address, the first rate, the test card.
    await small.goto(`${scene.server.url}/storefront/${store.id}/checkout`);
    const newAddress = small.getByRole('form', { name: 'New address' });
    await expect.poll(() => newAddress.isVisible()).toBe(true);
    await newAddress.getByLabel('First Name').fill('Wren');
    await newAddress.getByLabel('Last Name').fill('Finch');
    await newAddress.getByLabel(/^Address/).fill('48 Alder Lane');
    await newAddress.getByLabel('City').fill('Portland');
    await newAddress.getByLabel('State').selectOption('OR');
    await newAddress.getByLabel('Zip').fill('97205');
    await newAddress.getByRole('button', { name: 'Save Address' }).click();
    await expect.poll(() => small.getByRole('radio', { name: /48 Alder Lane/ }).isChecked()).toBe(true);
    const next = small
      .getByRole('button', { name: 'Continue to shipping options' })
      .or(small.getByRole('link', { name: 'Continue to shipping options' }));
    await expect.poll(() => next.isDisabled()).toBe(false);
    await next.click();
    await small.waitForURL(`**/storefront/${store.id}/billing`);
    const payButton = small.getByRole('button', { name: /^Pay \$/ });
    await expect.poll(() => payButton.isVisible()).toBe(true);
    await expect
      .poll(async () => (await buyer.call<Cart>('GET', cartUrl)).order.shipping_cost_in_cents ?? 0)
      .toBeGreaterThan(0);
    await fillCard(small, TEST_CARDS.succeeds);
    await payButton.click();
    await small.waitForURL(`**/storefront/${store.id}/orders/${cart.order.id}/confirmation`);
    await expect
      .poll(() => small.getByRole('heading', { name: /^Thank you — order CB-\d+ is placed$/ }).isVisible())
      .toBe(true);
    await small.screenshot({ path: `${SHOTS}/variants-journey-confirmation-phone.png`, fullPage: true, animations: 'disabled' });
    expect(await small.getByText('M / Navy').first().isVisible()).toBe(true);
    expect(await horizontalOverflow(small)).toBe(0);
    expect(phoneProblems).toEqual([]);
    await phone.close();

    // Each variant's stock went down by what was bought; the others kept theirs.
    const after = await seller.call<Product>('GET', `/api/product/${teeId}`);
    for (const v of after.variants) {
      expect(v.inventory_count, v.title).toBe((v.title === 'L / Navy' ? 25 : 20) - (ORDER[v.title] ?? 0));
    }

    // ── The seller ships the 36 pieces in one box ───────────────────────────────────────
    await page.goto(`${scene.server.url}/app/${store.id}/orders`);
    const row = page.getByRole('row').filter({ hasText: 'Willow & Finch' });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByText('Willow & Finch').click();
    const order = page.getByRole('dialog', { name: /^Order / });
    await expect.poll(() => order.getByRole('button', { name: 'Ship items' }).isVisible()).toBe(true);
    expect(await order.getByText('LOOP-M-BLK').first().isVisible()).toBe(true);
    await order.getByRole('button', { name: 'Ship items' }).click();
    const ship = page.getByRole('dialog', { name: /^Ship items/ });
    await expect.poll(() => ship.isVisible()).toBe(true);
    expect(
      await ship.getByRole('spinbutton', { name: 'Units of Loopback tee — M / Black to ship (up to 6)' }).inputValue(),
    ).toBe('6');
    await ship.getByRole('textbox', { name: 'Tracking Number' }).fill('9400 1000 0000 0000 0024 36');
    await expectNoAxeViolations(page, 'shipping a variant order');
    await page.screenshot({ path: `${SHOTS}/variants-journey-ship-desktop.png`, fullPage: true, animations: 'disabled' });
    await ship.getByRole('button', { name: 'Ship 36 units' }).click();
    await expect.poll(() => ship.isVisible()).toBe(false);
    await expect
      .poll(async () => (await seller.call<Order>('GET', `/api/order/${cart.order.id}`)).state)
      .toBe('shipped');
    // The product form on a phone: the page fits; the variant grid scrolls inside its section.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${scene.server.url}/app/${store.id}/products/${teeId}`);
    await expect.poll(() => page.getByRole('table', { name: 'Variants' }).getByRole('rowheader').count()).toBe(15);
    await page.getByRole('button', { name: 'Set all prices' }).scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/variants-journey-grid-phone-seller.png`, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
