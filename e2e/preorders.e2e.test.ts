/**
 * Issue 25 part 4, on the production build: pre-orders with ship windows. The seller makes a
 * product a pre-order in its form (1280 px); a retailer on a phone (390 px) sees the Pre-order
 * badge, fills one cart with an in-stock product and the pre-order (it has no stock), reads the
 * cart grouped by ship window with the card sentence, and pays it in one order; the order's
 * confirmation groups its lines "Ships now" / "Ships Mar 1 – 15, 2027"; the seller filters the
 * Orders workspace by that window (a plain order is left out) and reads the order by window.
 * Screenshots in test-results/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PREORDER_CARD_CHARGE_MESSAGE, TEST_CARDS } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCard, horizontalOverflow, signInOnProviderPage, watchForProblems } from './support/journey.js';
import { apiUser, cardReadyStore, cartAtBilling, invitedRetailer, liveProducts, paidOrder } from './support/seed.js';

const scene = journeyScene();

const cartButton = (page: Page, items: number) =>
  page.getByRole('button', { name: `Cart, ${items} ${items === 1 ? 'item' : 'items'}` });

describe('pre-orders journey', () => {
  it('a pre-order is set, ordered with an in-stock product in one order, and found by its ship window', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `birch-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Birch Apiary');
    const [jamId, honeyId] = await liveProducts(seller, store.id, [
      { name: 'Fig Jam', priceCents: 900, msrpCents: 1_800, trackInventory: true },
      { name: 'Spring Honey', priceCents: 1_500, msrpCents: 3_000, trackInventory: true },
    ]);
    await seller.call('POST', '/api/inventory/transaction', {
      product: { id: jamId },
      inventory_transaction_type: 'set',
      count: 20,
    });
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `clover-${stamp}@example.com`,
      'Clover Market',
    );
    const other = await invitedRetailer(scene.server.url, seller, store.id, `dill-${stamp}@example.com`, 'Dill Deli');
    // An order without pre-orders, which the ship window filter leaves out.
    await paidOrder(other.buyer, other.buyerOrgId, store.id, { [jamId!]: 2 });

    // ── The seller makes Spring Honey (0 in stock) a pre-order ─────────────────────────
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/app/${store.id}/products/${honeyId}`);
    await signInOnProviderPage(page, seller.email, seller.password);
    const preorder = page.getByLabel('Sell as a pre-order');
    await expect.poll(() => preorder.isVisible()).toBe(true);
    await preorder.check();
    await page.getByLabel('Ships from').fill('2027-03-01');
    await page.getByLabel('Ships until').fill('2027-03-15');
    await page.getByLabel('Order by').fill('2027-02-01');
    await expect
      .poll(() => page.getByText('Retailers see “Pre-order · ships Mar 1 – 15, 2027 · order by Feb 1, 2027”', { exact: false }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page, 'the product form with its pre-order section');
    await page.screenshot({ path: `${SHOTS}/preorder-form-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => (await seller.call<{ preorder: unknown }>('GET', `/api/product/${honeyId}`)).preorder)
      .toEqual({ ships_from: '2027-03-01', ships_until: '2027-03-15', order_by: '2027-02-01' });

    // ── The retailer, on a phone: the badge, a mixed cart, one card payment ────────────
    const phone = await scene.browser.newContext({ viewport: { width: 390, height: 844 } });
    const buyerProblems = watchForProblems(phone);
    const shop = await phone.newPage();
    await shop.goto(`${scene.server.url}/storefront/${store.id}`);
    await signInOnProviderPage(shop, buyer.email, buyer.password);
    const honeyTile = shop.getByRole('article').filter({ hasText: 'Spring Honey' });
    await expect.poll(() => honeyTile.getByTestId('preorder-badge').isVisible()).toBe(true);
    expect(await honeyTile.getByTestId('preorder-badge').textContent()).toBe(
      'Pre-orderShips Mar 1 – 15, 2027 · order by Feb 1, 2027',
    );
    await honeyTile.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => cartButton(shop, 1).isVisible()).toBe(true);
    const jamTile = shop.getByRole('article').filter({ hasText: 'Fig Jam' });
    await jamTile.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => cartButton(shop, 2).isVisible()).toBe(true);
    expect(await horizontalOverflow(shop)).toBe(0);
    await shop.screenshot({ path: `${SHOTS}/preorder-storefront-phone.png`, fullPage: true, animations: 'disabled' });

    await cartButton(shop, 2).click();
    const drawer = shop.getByRole('dialog', { name: 'Cart' });
    await expect.poll(() => drawer.getByRole('heading', { name: 'Ships Mar 1 – 15, 2027' }).isVisible()).toBe(true);
    expect(await drawer.getByRole('heading', { name: 'Ships now' }).isVisible()).toBe(true);
    expect(
      await drawer.getByRole('list', { name: 'Products — Ships Mar 1 – 15, 2027' }).getByText('Spring Honey').isVisible(),
    ).toBe(true);
    expect(await drawer.getByText(PREORDER_CARD_CHARGE_MESSAGE).isVisible()).toBe(true);
    await expectNoAxeViolations(shop, 'the cart grouped by ship window');
    await shop.screenshot({ path: `${SHOTS}/preorder-cart-phone.png`, fullPage: true, animations: 'disabled' });

    // Ship-to and rate as the checkout pages set them; then the card, on the billing page.
    const cart = await cartAtBilling(buyer, buyerOrgId, store.id, {});
    await shop.goto(`${scene.server.url}/storefront/${store.id}/billing`);
    await shop.waitForURL(`**/storefront/${store.id}/billing`);
    const payButton = shop.getByRole('button', { name: /^Pay \$/ });
    await expect.poll(() => payButton.isVisible()).toBe(true);
    expect(await shop.getByTestId('preorder-charge-note').textContent()).toBe(PREORDER_CARD_CHARGE_MESSAGE);
    await shop.screenshot({ path: `${SHOTS}/preorder-billing-phone.png`, fullPage: true, animations: 'disabled' });
    await fillCard(shop, TEST_CARDS.succeeds);
    await payButton.click();
    await shop.waitForURL(`**/storefront/${store.id}/orders/${cart.order.id}/confirmation`);
    const lines = shop.getByRole('table', { name: 'Items in this order' });
    await expect.poll(() => lines.getByTestId('ship-window-heading').count()).toBe(2);
    const headings = await lines.getByTestId('ship-window-heading').allTextContents();
    expect(headings).toEqual(['Ships now', 'Ships Mar 1 – 15, 2027']);
    expect(await horizontalOverflow(shop)).toBe(0);
    await expectNoAxeViolations(shop, 'the confirmation of an order with a pre-order');
    await shop.screenshot({ path: `${SHOTS}/preorder-confirmation-phone.png`, fullPage: true, animations: 'disabled' });
    expect(buyerProblems).toEqual([]);
    await phone.close();

    // ── The seller's Orders workspace, filtered by the ship window ─────────────────────
    await page.goto(`${scene.server.url}/app/${store.id}/orders`);
    const clover = page.getByRole('row').filter({ hasText: 'Clover Market' });
    const dill = page.getByRole('row').filter({ hasText: 'Dill Deli' });
    await expect.poll(() => dill.isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Ship window' }).click();
    await page.getByRole('option', { name: 'Ships Mar 1 – 15, 2027' }).click();
    await expect.poll(() => dill.count()).toBe(0);
    expect(await clover.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the orders filtered by ship window');
    await page.screenshot({ path: `${SHOTS}/preorder-orders-desktop.png`, fullPage: true, animations: 'disabled' });
    await clover.getByText('Clover Market').click();
    const order = page.getByRole('dialog', { name: /^Order / });
    await expect.poll(() => order.getByTestId('ship-window-heading').count()).toBe(2);
    expect(await order.getByTestId('ship-window-heading').allTextContents()).toEqual(['Ships now', 'Ships Mar 1 – 15, 2027']);
    await page.screenshot({ path: `${SHOTS}/preorder-order-desktop.png`, fullPage: true, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();

    // Nothing of the pre-order's stock was taken or held; the jam's was.
    expect((await seller.call<{ inventory_count: number }>('GET', `/api/product/${honeyId}`)).inventory_count).toBe(0);
    expect((await seller.call<{ inventory_count: number }>('GET', `/api/product/${jamId}`)).inventory_count).toBe(17);
  });
});
