/**
 * Issue 13 item 4, on the production build: a retailer opens the store's Quick order tab — a
 * dense sheet of the whole catalogue (250 products, so the sheet draws only the rows in view and
 * loads a second page while scrolling) — types quantities down the column with Enter, sees a
 * quantity rule named inline, adds everything at once, adds more to a line it holds, and pastes
 * "SKU, quantity" lines from a spreadsheet with an answer per line. The server's cart agrees at
 * every step. Axe on the sheet and the dialog; screenshots at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Cart } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { signInOnProviderPage, toast, watchForProblems, horizontalOverflow } from './support/journey.js';
import { apiUser, invitedRetailer, type ApiUser } from './support/seed.js';

const scene = journeyScene();

const PRODUCTS = 250;
const sku = (n: number) => `SKU-${String(n).padStart(3, '0')}`;

/** The store's catalogue: Item 001…250, then four products with rules or stock. */
async function seedCatalogue(seller: ApiUser, orgId: string) {
  const made: Record<string, string> = {};
  const put = async (body: Record<string, unknown>) => {
    const p = await seller.call<{ id: string; name: string }>('PUT', '/api/product', {
      organization: { id: orgId },
      state: 'Live',
      order_unit: 'Case',
      quantity_per_unit: 6,
      ...body,
    });
    made[p.name] = p.id;
  };
  for (let n = 1; n <= PRODUCTS; n += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, PRODUCTS - n + 1) }, (_, i) =>
        put({ name: `Item ${String(n + i).padStart(3, '0')}`, stock_keeping_unit: sku(n + i), unit_price_in_cents: 250 }),
      ),
    );
  }
  // Made one after another, so the sheet (newest first) starts: Rare Honey, Sold Out Jam, Case
  // Pack Crackers, Paper Bags, then the items.
  await put({ name: 'Paper Bags', stock_keeping_unit: 'BAG-1', unit_price_in_cents: 250 });
  await put({
    name: 'Case Pack Crackers',
    stock_keeping_unit: 'CASE-6',
    unit_price_in_cents: 400,
    minimum_order_quantity: 6,
    order_increment: 6,
    price_breaks: [{ min_quantity: 24, unit_price_in_cents: 350 }],
  });
  await put({ name: 'Sold Out Jam', stock_keeping_unit: 'JAM-0', unit_price_in_cents: 700, track_inventory: true });
  await put({ name: 'Rare Honey', stock_keeping_unit: 'RARE-1', unit_price_in_cents: 1200, track_inventory: true });
  await seller.call('POST', '/api/inventory/transaction', { product: { id: made['Rare Honey'] }, count: 2 });
  return made;
}

describe('quick-order journey', () => {
  it('types quantities down the sheet, adds them at once, and pastes SKU lines with an answer per line', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `pantry-${stamp}@example.com`);
    const store = await seller.call<{ id: string }>('POST', '/api/organization', {
      selected_type: 'Merchant',
      name: 'Pantry Wholesale',
    });
    await seedCatalogue(seller, store.id);
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `market-${stamp}@example.com`,
      'Corner Market',
    );
    const serverCart = () =>
      buyer.call<Cart>('GET', `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`);
    const serverLines = async () =>
      Object.fromEntries((await serverCart()).line_items.map((l) => [l.product.name, l.quantity]));

    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/storefront/${store.id}?tab=quick-order`);
    await signInOnProviderPage(page, buyer.email, buyer.password);
    await page.waitForURL(`**/storefront/${store.id}?tab=quick-order`);
    expect(await page.getByRole('tab', { name: 'Quick order' }).getAttribute('aria-selected')).toBe('true');

    // ── The sheet: the newest products first, only the rows in view drawn ─────────────
    const table = page.getByRole('table', { name: 'Pantry Wholesale quick order' });
    const quantity = (name: string) => page.getByRole('textbox', { name: `Quantity of ${name} to add`, exact: true });
    await expect.poll(() => quantity('Sold Out Jam').isVisible()).toBe(true);
    expect(await quantity('Sold Out Jam').isDisabled()).toBe(true);
    const drawnRows = await table.locator('tbody tr:not([aria-hidden])').count();
    expect(drawnRows).toBeGreaterThan(10);
    expect(drawnRows).toBeLessThan(60);
    const honeyRow = table.getByRole('row').filter({ has: quantity('Rare Honey') });
    expect(await honeyRow.getByRole('cell', { name: 'In stock: 2', exact: true }).isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);

    // ── Typing down the column: Enter moves to the next row (the sold-out one is skipped) ──
    expect(await table.getByRole('row').nth(1).innerText()).toContain('Rare Honey');
    await quantity('Rare Honey').fill('1');
    await quantity('Rare Honey').press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Quantity of Case Pack Crackers to add');
    await page.keyboard.type('4');
    // The rule shows inline before anything is sent.
    const crackersRow = table.getByRole('row').filter({ has: quantity('Case Pack Crackers') });
    await expect.poll(() => crackersRow.getByText('Minimum order is 6').isVisible()).toBe(true);
    expect(await quantity('Case Pack Crackers').getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('12');
    await expect.poll(() => crackersRow.getByText('Minimum order is 6').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.keyboard.type('3');
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Quantity of Case Pack Crackers to add');
    // 1 × $12.00 + 12 × $4.00 + 3 × $2.50
    const status = page.getByRole('status').filter({ hasText: 'units' });
    await expect.poll(() => status.textContent()).toContain('3 products · 16 units · $67.50');
    await expectNoAxeViolations(page, 'the quick-order sheet with typed quantities');
    await page.screenshot({ path: `${SHOTS}/quick-order-desktop.png`, fullPage: true, animations: 'disabled' });

    // ── Add to cart: one request, the server holds exactly the typed quantities ────────
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => toast(page, 'Added 3 products to your cart.').isVisible()).toBe(true);
    expect(await serverLines()).toEqual({ 'Rare Honey': 1, 'Case Pack Crackers': 12, 'Paper Bags': 3 });
    expect(await quantity('Rare Honey').inputValue()).toBe('');
    expect(await honeyRow.getByRole('cell').nth(5).innerText()).toBe('1');
    expect(await page.getByRole('button', { name: 'Cart, 16 items' }).isVisible()).toBe(true);

    // More of a product the cart holds is added to its line; too many is refused with the stock left.
    await quantity('Case Pack Crackers').fill('12');
    await quantity('Rare Honey').fill('5');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => toast(page, 'Added 1 product to your cart; 1 could not be added.').isVisible()).toBe(true);
    const notAdded = page.getByRole('alert').filter({ hasText: 'Not added to your cart' });
    expect(await notAdded.getByText('Rare Honey: only 2 of "Rare Honey" left').isVisible()).toBe(true);
    expect(await honeyRow.getByText('only 2 of "Rare Honey" left').isVisible()).toBe(true);
    expect(await quantity('Rare Honey').inputValue()).toBe('5');
    expect(await serverLines()).toEqual({ 'Rare Honey': 1, 'Case Pack Crackers': 24, 'Paper Bags': 3 });
    // The volume price applies to the whole line at 24.
    expect((await serverCart()).line_items.find((l) => l.product.name === 'Case Pack Crackers')?.unit_price_in_cents).toBe(350);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => notAdded.count()).toBe(0);

    // ── Filtering by SKU, and scrolling to the oldest product (a second page) ─────────
    const filter = page.getByRole('searchbox', { name: 'Filter by SKU or name' });
    await filter.fill('sku-00');
    await expect.poll(() => table.locator('tbody tr:not([aria-hidden])').count()).toBe(9);
    await filter.fill('');
    await expect.poll(() => quantity('Sold Out Jam').isVisible()).toBe(true);
    const scroller = table.locator('xpath=..');
    // The oldest product is the last row, on the second page of 200: scrolled to, it loads.
    await expect
      .poll(async () => {
        await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
        return quantity('Item 001').isVisible();
      })
      .toBe(true);
    expect(await table.getAttribute('aria-rowcount')).toBe(String(PRODUCTS + 4 + 1));

    // ── A paste from a spreadsheet: into the filter opens the dialog with it ──────────
    const pasted = 'SKU\tQty\nSKU-010\t5\nNOPE-1\t2\nRARE-1\t3\nSKU-010\t1\nnot a line at all\nJAM-0\t1\n';
    await filter.focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, pasted);
    const dialog = page.getByRole('dialog', { name: 'Paste SKUs and quantities' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'SKU and quantity lines' }).inputValue()).toBe(pasted);
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    const outcomes = dialog.getByRole('list', { name: 'Each pasted line' }).getByRole('listitem');
    await expect.poll(() => outcomes.count()).toBe(5);
    expect(await outcomes.allInnerTexts()).toEqual([
      'Line 2 · SKU-010 — 6 of Item 010 added (with line 5); 6 in your cart',
      'Line 3 · NOPE-1 — Not added: This store has no product with SKU "NOPE-1"',
      'Line 4 · RARE-1 — Not added: Only 2 of "Rare Honey" left',
      'Line 6 · not a line at all — Not added: Write a SKU and a quantity, e.g. "ABC-123, 12"',
      'Line 7 · JAM-0 — Not added: "Sold Out Jam" is out of stock',
    ]);
    expect(await dialog.getByRole('status').innerText()).toBe('1 line was added to your cart; 4 were not.');
    await expectNoAxeViolations(page, 'the paste dialog with its answers');
    await dialog.screenshot({ path: `${SHOTS}/quick-order-paste-desktop.png`, animations: 'disabled' });
    expect(await serverLines()).toEqual({ 'Rare Honey': 1, 'Case Pack Crackers': 24, 'Paper Bags': 3, 'Item 010': 6 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The paste went to the dialog, not into the filter.
    expect(await filter.inputValue()).toBe('');
    expect(problems).toEqual([]);
    await context.close();

    // ── A phone: the sheet keeps product, in cart and quantity; nothing scrolls sideways ──
    const phone = await scene.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phoneProblems = watchForProblems(phone);
    const small = await phone.newPage();
    await small.goto(`${scene.server.url}/storefront/${store.id}?tab=quick-order`);
    await signInOnProviderPage(small, buyer.email, buyer.password);
    const smallTable = small.getByRole('table', { name: 'Pantry Wholesale quick order' });
    await expect
      .poll(() => smallTable.getByRole('textbox', { name: 'Quantity of Rare Honey to add', exact: true }).isVisible())
      .toBe(true);
    expect(await smallTable.getByRole('columnheader', { name: 'SKU' }).isVisible()).toBe(false);
    expect(await smallTable.getByText('RARE-1 · $12.00 / case of 6 · In stock: 2').isVisible()).toBe(true);
    expect(await horizontalOverflow(small)).toBe(0);
    await expectNoAxeViolations(small, 'the quick-order sheet on a phone');
    await small.screenshot({ path: `${SHOTS}/quick-order-phone.png`, fullPage: true, animations: 'disabled' });
    expect(phoneProblems).toEqual([]);
    await phone.close();
  });
});
