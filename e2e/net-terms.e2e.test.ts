/**
 * Issue 13 item 1, on the production build: payment terms and invoices paid later. The seller
 * gives a customer Net 30 on its page; the customer places an order by invoice at billing (no
 * card) and sees it OPEN on its orders page; it pays another open invoice by card from there
 * (Pay now); the seller sees the invoices, marks the first one paid, and it shows PAID. Axe on
 * every screen; screenshots at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_CARDS, type Cart } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { signInOnProviderPage, watchForProblems } from './support/journey.js';
import { apiUser, cardReadyStore, invitedRetailer, liveProducts, type ApiUser } from './support/seed.js';

const scene = journeyScene();

async function fillCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: /^Pay / });
  await form.getByLabel(/^Card number/).fill(number);
  await form.getByLabel(/^Expiration/).fill('12 / 34');
  await form.getByLabel(/^CVC/).fill('123');
  await form.getByLabel(/^Cardholder name/).fill('Rosa Pantry');
  await form.getByLabel(/^ZIP/).fill('97205');
  return form;
}

/** The buyer's cart with `quantity` of the product, shipping to Portland at the first rate (API). */
async function cartAtBilling(buyer: ApiUser, buyerOrgId: string, storeId: string, productId: string, quantity: number) {
  const cart = await buyer.call<Cart>(
    'GET',
    `/api/cart/selling_organization/${storeId}/purchasing_organization/${buyerOrgId}`,
  );
  await buyer.call('PUT', `/api/cart/${cart.id}/line_item`, { product_id: productId, quantity });
  const saved = await buyer.call<{ address: { id: string } }>('POST', '/api/address/organization', {
    organization: { id: buyerOrgId },
    address: {
      first_name: 'Rosa',
      last_name: 'Pantry',
      line1: '12 Market Street',
      city: 'Portland',
      state: 'OR',
      postal_code: '97205',
    },
  });
  await buyer.call('POST', `/api/order/${cart.order.id}/shipping_address?address_id=${saved.address.id}`);
  const rates = await buyer.call<{ object_id: string }[]>('GET', `/api/shipping/order/${cart.order.id}/estimates`);
  await buyer.call('POST', `/api/shipping/order/${cart.order.id}/rate`, { rate_id: rates[0]!.object_id });
  return cart;
}


describe('net terms journey', () => {
  it('seller gives Net 30; buyer orders by invoice and pays another by card; seller marks the first paid', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `thyme-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Thyme & Tide Provisions');
    const oilId = (
      await liveProducts(seller, store.id, [{ name: 'Olive Oil', priceCents: 1_800, msrpCents: 3_200 }])
    )[0]!;
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `ines-${stamp}@example.com`,
      'Harbor Deli',
    );

    // ── The seller gives the customer Net 30 on its page ──────────────────────────────
    const sellerContext = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const sellerProblems = watchForProblems(sellerContext);
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto(`${scene.server.url}/app/${store.id}/customers/${buyerOrgId}`);
    await signInOnProviderPage(sellerPage, seller.email, seller.password);
    const terms = sellerPage.getByRole('combobox', { name: 'Payment terms' });
    await expect.poll(() => terms.textContent()).toBe('Pay by card only');
    await terms.click();
    await sellerPage.getByRole('option', { name: 'Net 30' }).click();
    await expect.poll(() => sellerPage.getByText('Harbor Deli can now pay by invoice (Net 30)').isVisible()).toBe(true);
    await expectNoAxeViolations(sellerPage, 'customer with payment terms');
    await sellerPage.screenshot({
      path: `${SHOTS}/net-terms-customer-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // ── The buyer places an order by invoice at billing ───────────────────────────────
    const first = await cartAtBilling(buyer, buyerOrgId, store.id, oilId, 5);
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/storefront/${store.id}/billing`);
    await signInOnProviderPage(page, buyer.email, buyer.password);
    await page.waitForURL(`**/storefront/${store.id}/billing`);
    const method = page.getByRole('radiogroup', { name: 'How do you want to pay?' });
    await expect.poll(() => method.isVisible()).toBe(true);
    await method.getByRole('radio', { name: 'Pay by invoice (Net 30)' }).check();
    const place = page.getByRole('button', { name: 'Place order' });
    await expect.poll(() => place.isEnabled()).toBe(true);
    expect(await page.getByRole('form', { name: /^Pay / }).count()).toBe(0);
    await expectNoAxeViolations(page, 'billing, pay by invoice');
    await page.screenshot({ path: `${SHOTS}/net-terms-billing-desktop.png`, fullPage: true, animations: 'disabled' });
    await place.click();
    await page.waitForURL(`**/storefront/${store.id}/orders`);
    // The order goes by its number (CB-000001), as its invoice and e-mails name it; the row's name holds it.
    const placedOrders = await buyer.call<{ id: string; order_number: string }[]>(
      'GET',
      `/api/order/organization/${buyerOrgId}/purchasing`,
    );
    const firstNumber = placedOrders.find((o) => o.id === first.order.id)!.order_number;
    expect(firstNumber).toMatch(/^CB-\d{6,}$/);
    const firstRow = page.getByRole('row', { name: new RegExp(firstNumber) });
    await expect.poll(() => firstRow.isVisible()).toBe(true);
    const openStatus = firstRow.getByText('OPEN', { exact: true });
    expect(await openStatus.getAttribute('data-status')).toBe('error');

    // ── A second order on terms (API), paid by card from the orders page ─────────────
    const second = await cartAtBilling(buyer, buyerOrgId, store.id, oilId, 2);
    const placed = await buyer.call<{ invoice: { number: string; stripe_status: string; due_on: string } }>(
      'POST',
      `/api/order/${second.order.id}/submit-on-terms`,
    );
    expect(placed.invoice.stripe_status).toBe('OPEN');
    await page.reload();
    const payNow = page.getByRole('button', { name: `Pay now: invoice for order ${placed.invoice.number}` });
    await expect.poll(() => payNow.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'buyer orders with open invoices');
    await page.screenshot({
      path: `${SHOTS}/net-terms-buyer-orders-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await payNow.click();
    const dialog = page.getByRole('dialog', { name: /^Pay invoice for order/ });
    await expect.poll(() => dialog.getByRole('form', { name: /^Pay / }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'pay an invoice dialog');
    await fillCard(page, TEST_CARDS.succeeds);
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
    await expect.poll(() => page.getByText('Invoice paid. Thank you!').isVisible()).toBe(true);
    await expect.poll(() => payNow.count()).toBe(0);
    // On a phone: the orders still fit, the first invoice still OPEN.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: `${SHOTS}/net-terms-buyer-orders-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    // ── The seller's Invoices: the first is open; mark it paid ───────────────────────
    await sellerPage.goto(`${scene.server.url}/app/${store.id}/invoices`);
    const filters = sellerPage.getByRole('group', { name: 'Filter invoices by status' });
    await expect.poll(() => filters.getByRole('button', { name: /^Open · 1 · / }).isVisible()).toBe(true);
    await expect.poll(() => filters.getByRole('button', { name: /^Paid · 1 · / }).isVisible()).toBe(true);
    const openRow = sellerPage.getByRole('row', { name: /Harbor Deli/ });
    await expect.poll(() => openRow.isVisible()).toBe(true);
    await expectNoAxeViolations(sellerPage, 'seller invoices');
    await sellerPage.screenshot({
      path: `${SHOTS}/net-terms-invoices-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await openRow.getByRole('button', { name: /^Mark paid: CB-\d+$/ }).click();
    const markDialog = sellerPage.getByRole('dialog', { name: 'Mark invoice paid' });
    await markDialog.getByRole('combobox', { name: 'Payment method' }).click();
    await sellerPage.getByRole('option', { name: 'ACH transfer' }).click();
    await expectNoAxeViolations(sellerPage, 'mark paid dialog');
    await markDialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => filters.getByRole('button', { name: /^Paid · 2 · / }).isVisible()).toBe(true);
    await filters.getByRole('button', { name: /^Paid/ }).click();
    await expect.poll(() => sellerPage.getByRole('row', { name: /ACH transfer/ }).isVisible()).toBe(true);
    await sellerPage.setViewportSize({ width: 390, height: 844 });
    await sellerPage.screenshot({
      path: `${SHOTS}/net-terms-invoices-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });
    expect(await sellerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The seller's Orders show both PAID now.
    await sellerPage.setViewportSize({ width: 1280, height: 900 });
    await sellerPage.goto(`${scene.server.url}/app/${store.id}/orders`);
    await expect.poll(() => sellerPage.getByText('PAID', { exact: true }).count()).toBe(2);
    expect(sellerProblems).toEqual([]);
    await sellerContext.close();
  });
});
