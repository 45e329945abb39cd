/**
 * Issue 10, on the production build: after a paid order, the seller sees it on Orders, adds
 * tracking (the buyer's tracking e-mail arrives) and opens the packing slip; the buyer sees
 * Shipped? Yes, opens View Order and the invoice PDF, and orders again; the seller's customer
 * page lists the order. Screenshots at desktop and phone width.
 */
/**
 * Issue 13 item 6, on the production build: a new seller's dashboard (/app/{org}) asks to share
 * the storefront; after a paid order it shows the order's numbers, the chart, and the top lists,
 * at desktop and phone width, with no accessibility violations. Screenshots in test-results/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Cart } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { signInOnProviderPage, watchForProblems, horizontalOverflow } from './support/journey.js';
import { apiUser, cardReadyStore, invitedRetailer, liveProducts, paidOrder } from './support/seed.js';

// One server and browser for the journeys of this file (they build the same kind of scene).
const scene = journeyScene();

/** The new tab a click opens. */
async function pdfOpenedBy(page: Page, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), click()]);
  return tab;
}

describe('orders and fulfilment journey', () => {
  it('seller ships with tracking and a packing slip; buyer sees it shipped, opens the invoice and orders again', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `thistle-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Thistle Tea Co');
    const [teaId, cupId] = await liveProducts(seller, store.id, [
      { name: 'Thistle Green Tea', priceCents: 900, msrpCents: 1_800 },
      { name: 'Stoneware Cup', priceCents: 1_500, msrpCents: 3_000 },
    ]);
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `kettle-${stamp}@example.com`,
      'Kettle Corner',
    );
    const orderId = await paidOrder(buyer, buyerOrgId, store.id, { [teaId!]: 4, [cupId!]: 2 });
    // The cup is taken off sale afterwards: Order Again will say so.
    await seller.call('PUT', '/api/product', { id: cupId, organization: { id: store.id }, state: 'Draft' });

    // ── The seller: Orders, tracking, packing slip ─────────────────────────────────────
    const sellerContext = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const sellerProblems = watchForProblems(sellerContext);
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto(`${scene.server.url}/app/${store.id}/orders`);
    await signInOnProviderPage(sellerPage, seller.email, seller.password);
    const row = sellerPage.getByRole('row', { name: /Kettle Corner/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toMatch(/PAID/);
    expect(await row.textContent()).toMatch(/\$66\.00/);
    // The order by its number, and as its Amount what the buyer paid (the buyer's list says the same).
    const sold = await seller.call<{ order_number: string; total_cents: number }>('GET', `/api/order/${orderId}`);
    const soldTotal = `$${(sold.total_cents / 100).toFixed(2)}`;
    expect(sold.order_number).toMatch(/^CB-\d{6,}$/);
    expect(await row.textContent()).toContain(sold.order_number);
    expect(await row.textContent()).toContain(soldTotal);
    expect(await row.textContent()).toContain('$66.00 subtotal + ');
    await expectNoAxeViolations(sellerPage, 'Orders');
    await sellerPage.screenshot({ path: `${SHOTS}/seller-orders-desktop.png`, fullPage: true, animations: 'disabled' });

    await row.getByRole('button', { name: /^Add Tracking Number/ }).click();
    const dialog = sellerPage.getByRole('dialog', { name: 'Add Tracking Info' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const add = dialog.getByRole('button', { name: 'Add' });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Tracking Number/).fill('12345');
    await add.click();
    await expect.poll(() => dialog.getByText(/not a USPS tracking number/).isVisible()).toBe(true);
    await dialog.getByLabel(/^Tracking Number/).fill('9400 1000 0000 0000 0000 00');
    await expectNoAxeViolations(sellerPage, 'the tracking dialog');
    await sellerPage.screenshot({ path: `${SHOTS}/seller-tracking-dialog-desktop.png`, animations: 'disabled' });
    await add.click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/Yes/);
    await expect
      .poll(async () => {
        const res = await fetch(`${scene.server.url}/dev/mailbox.json?to=${encodeURIComponent(buyer.email)}`);
        const messages = (await res.json()) as { subject: string }[];
        return messages.some((m) => /Your order from Thistle Tea Co has shipped/.test(m.subject));
      })
      .toBe(true);

    const slipResponse = sellerPage.waitForResponse((r) => r.url().endsWith(`/api/order/${orderId}/packing-slip`));
    const slip = await pdfOpenedBy(sellerPage, () => row.getByRole('button', { name: /^Packing slip/ }).click());
    const served = await slipResponse;
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('application/pdf');
    const pdf = await fetch(`${scene.server.url}/api/order/${orderId}/packing-slip`, {
      headers: { authorization: `Bearer ${seller.token}`, accept: 'application/pdf' },
    });
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The tab opens at once (no pop-up blocker) and is pointed at the PDF once it is made.
    await slip.waitForURL(/^blob:/);
    await slip.close();

    // The customer's page lists the order, at the total paid.
    const placed = await seller.call<{ total_cents: number }>('GET', `/api/order/${orderId}`);
    const paid = `$${(placed.total_cents / 100).toFixed(2)}`;
    await sellerPage.goto(`${scene.server.url}/app/${store.id}/customers/${buyerOrgId}`);
    await expect.poll(() => sellerPage.getByText(paid).first().isVisible()).toBe(true);
    await expectNoAxeViolations(sellerPage, 'a customer');
    expect(sellerProblems).toEqual([]);
    // Phone width: one card per order (no table to scroll sideways); its View Order opens the detail.
    await sellerPage.setViewportSize({ width: 390, height: 844 });
    await sellerPage.goto(`${scene.server.url}/app/${store.id}/orders`);
    const card = sellerPage
      .getByRole('list', { name: 'Orders' })
      .getByRole('listitem')
      .filter({ hasText: 'Kettle Corner' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toMatch(/PAID/);
    expect(await horizontalOverflow(sellerPage)).toBe(0);
    await expectNoAxeViolations(sellerPage, 'Orders at phone width');
    await card.getByRole('button', { name: /^View Order/ }).click();
    await expect
      .poll(() => sellerPage.getByRole('dialog').getByText('Thistle Green Tea').first().isVisible())
      .toBe(true);
    expect(await horizontalOverflow(sellerPage)).toBe(0);
    await expectNoAxeViolations(sellerPage, 'an order at phone width');
    await sellerPage.screenshot({ path: `${SHOTS}/seller-order-detail-phone.png`, animations: 'disabled' });
    await sellerPage.keyboard.press('Escape');
    await sellerPage.screenshot({ path: `${SHOTS}/seller-orders-phone.png`, fullPage: true, animations: 'disabled' });
    await sellerContext.close();

    // ── The buyer: orders, View Order, invoice, Order Again ────────────────────────────
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/storefront/${store.id}/orders`);
    await signInOnProviderPage(page, buyer.email, buyer.password);
    await page.waitForURL(`**/storefront/${store.id}/orders`);
    const mine = page.getByRole('row').filter({ hasText: 'PAID' });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.textContent()).toMatch(/Yes/);
    expect(await mine.textContent()).toContain(sold.order_number);
    expect(await mine.textContent()).toContain(soldTotal);
    await expectNoAxeViolations(page, 'buyer orders');
    await page.screenshot({ path: `${SHOTS}/buyer-orders-desktop.png`, fullPage: true, animations: 'disabled' });

    await mine.getByRole('button', { name: /^View Order/ }).click();
    const view = page.getByRole('dialog');
    await expect.poll(() => view.getByText('Thistle Green Tea').first().isVisible()).toBe(true);
    expect(await view.textContent()).toMatch(/12 Market Street/);
    expect(await view.getByRole('link', { name: '9400100000000000000000' }).getAttribute('href')).toContain(
      'tools.usps.com',
    );
    await expectNoAxeViolations(page, 'View Order');
    await page.screenshot({ path: `${SHOTS}/buyer-view-order-desktop.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');

    const invoiceHref = await mine.getByRole('link', { name: /^View invoice/ }).getAttribute('href');
    expect(invoiceHref).toMatch(/\/invoices\/[0-9a-f-]{36}\.pdf\?expires=\d+&signature=[0-9a-f]{64}$/);
    const invoice = await fetch(invoiceHref!);
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toContain('application/pdf');

    await mine.getByRole('button', { name: /^Order Again/ }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Stoneware Cup/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    const cartUrl = `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`;
    await expect
      .poll(async () => (await buyer.call<Cart>('GET', cartUrl)).line_items.map((l) => [l.product.name, l.quantity]))
      .toEqual([['Thistle Green Tea', 4]]);
    expect(problems).toEqual([]);

    // Phone width: one card per order; Order Again opens the store's one cart drawer.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Escape');
    await page.goto(`${scene.server.url}/storefront/${store.id}/orders`);
    const mineOnPhone = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: 'PAID' });
    await expect.poll(() => mineOnPhone.count()).toBe(1);
    expect(await mineOnPhone.textContent()).toMatch(/Yes/);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'buyer orders at phone width');
    await page.screenshot({ path: `${SHOTS}/buyer-orders-phone.png`, fullPage: true, animations: 'disabled' });
    await mineOnPhone.getByRole('button', { name: /^Order Again/ }).click();
    await expect.poll(() => page.getByRole('dialog', { name: /Cart/ }).isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await page.keyboard.press('Escape');
    await context.close();
  });
});

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
