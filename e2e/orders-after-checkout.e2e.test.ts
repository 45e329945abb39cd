/**
 * Issue 23 on the production build: orders that live after checkout. A retailer pays for 4 jars
 * and 2 honeys; the seller ships 2 jars in a first box, cancels the other 2 (refunded to the card,
 * back to stock) and ships the honey; the retailer reads the state, the shipments and the
 * timeline at phone width, and cancels a second order itself inside the seller's window.
 * Screenshots at 1280 and 390 px in test-results/.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Order } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { horizontalOverflow, signInOnProviderPage, watchForProblems } from './support/journey.js';
import { apiUser, cardReadyStore, invitedRetailer, liveProducts, paidOrder } from './support/seed.js';

const scene = journeyScene();

describe('orders after checkout', () => {
  it('ship in parts, cancel the rest, the retailer reads it and cancels another order itself', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `linden-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Linden Pantry');
    const [jamId, honeyId] = await liveProducts(seller, store.id, [
      { name: 'Damson Jam', priceCents: 1_000, msrpCents: 2_000 },
      { name: 'Heather Honey', priceCents: 1_600, msrpCents: 3_200 },
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
      `thyme-${stamp}@example.com`,
      'Thyme Grocers',
    );
    const orderId = await paidOrder(buyer, buyerOrgId, store.id, { [jamId!]: 4, [honeyId!]: 2 });
    const stock = async () =>
      (await seller.call<{ inventory_count: number }>('GET', `/api/product/${jamId}`)).inventory_count;
    expect(await stock()).toBe(16);

    // The seller opens the order from Orders: it is Placed.
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/app/${store.id}/orders`);
    await signInOnProviderPage(page, seller.email, seller.password);
    const row = page.getByRole('row').filter({ hasText: 'Thyme Grocers' });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByText('Thyme Grocers').click();
    const order = page.getByRole('dialog', { name: /^Order / });
    await expect.poll(() => order.getByRole('button', { name: 'Ship items' }).isVisible()).toBe(true);

    // First box: 2 of the 4 jars, no honey.
    await order.getByRole('button', { name: 'Ship items' }).click();
    const ship = page.getByRole('dialog', { name: /^Ship items/ });
    await expect.poll(() => ship.isVisible()).toBe(true);
    await ship.getByRole('spinbutton', { name: 'Units of Damson Jam to ship (up to 4)' }).fill('2');
    await ship.getByRole('spinbutton', { name: 'Units of Heather Honey to ship (up to 2)' }).fill('0');
    await ship.getByRole('textbox', { name: 'Tracking Number' }).fill('9400 1000 0000 0000 0000 01');
    await expectNoAxeViolations(page, 'the ship items dialog');
    await page.screenshot({ path: `${SHOTS}/ship-items-desktop.png`, fullPage: true, animations: 'disabled' });
    await ship.getByRole('button', { name: 'Ship 2 units' }).click();
    await expect.poll(() => ship.isVisible()).toBe(false);
    await expect.poll(() => order.getByText('Partially shipped').first().isVisible()).toBe(true);

    // The other 2 jars are out of stock: cancelled, refunded to the card, back to stock.
    await order.getByRole('button', { name: 'Cancel or reduce items' }).click();
    const cancel = page.getByRole('dialog', { name: /^Cancel or reduce items/ });
    await expect.poll(() => cancel.isVisible()).toBe(true);
    await cancel.getByRole('spinbutton', { name: /^Units of Damson Jam to cancel/ }).fill('2');
    await cancel.getByRole('combobox', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'Out of stock' }).click();
    await expect.poll(() => cancel.getByText(/\$20\.00 will be refunded to the card/).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the cancel dialog');
    await page.screenshot({ path: `${SHOTS}/cancel-items-desktop.png`, fullPage: true, animations: 'disabled' });
    await cancel.getByRole('button', { name: 'Cancel 2 units' }).click();
    await expect.poll(() => cancel.isVisible()).toBe(false);
    await expect
      .poll(async () => (await seller.call<Order>('GET', `/api/order/${orderId}`)).refunded_cents)
      .toBe(2_000);
    expect(await stock()).toBe(18);

    // Second box: the honey. The order is Shipped; the timeline tells it all.
    await order.getByRole('button', { name: 'Ship items' }).click();
    await expect.poll(() => ship.isVisible()).toBe(true);
    await ship.getByRole('combobox', { name: /Carrier/ }).click();
    await page.getByRole('option', { name: 'UPS' }).click();
    await ship.getByRole('textbox', { name: 'Tracking Number' }).fill('1Z999AA10123456784');
    await ship.getByRole('button', { name: 'Ship 2 units' }).click();
    await expect.poll(() => ship.isVisible()).toBe(false);
    const timeline = order.getByRole('region', { name: 'Timeline' });
    await expect.poll(() => timeline.getByRole('listitem').count()).toBe(5);
    expect(await timeline.textContent()).toMatch(
      /Order placed.*Shipment 1 sent with USPS.*Cancelled 2 × Damson Jam \(Out of stock\).*Refunded what was cancelled: \$20\.00.*Shipment 2 sent with UPS/,
    );
    await expect.poll(() => order.getByRole('button', { name: 'Mark delivered' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the shipped order');
    await page.screenshot({ path: `${SHOTS}/order-shipped-desktop.png`, fullPage: true, animations: 'disabled' });
    await order.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => row.getByText('Shipped', { exact: true }).first().isVisible()).toBe(true);

    // The Orders workspace: tabs with counts; Shipped lists it, To ship does not.
    const views = page.getByRole('tablist', { name: 'Order views' });
    await expect.poll(() => views.getByRole('tab', { name: 'Shipped (1)' }).isVisible()).toBe(true);
    expect(await views.getByRole('tab', { name: 'To ship (0)' }).isVisible()).toBe(true);
    await views.getByRole('tab', { name: 'To ship (0)' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await views.getByRole('tab', { name: 'Shipped (1)' }).click();
    await expect.poll(() => row.count()).toBe(1);
    await page.getByLabel('Customer', { exact: true }).fill('thyme');
    await expect.poll(() => row.count()).toBe(1);
    await expectNoAxeViolations(page, 'the Orders workspace');
    await page.screenshot({ path: `${SHOTS}/orders-workspace-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'Thyme Grocers' }).count()).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/orders-workspace-phone.png`, fullPage: true, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();

    // The retailer, on a phone: a second order, cancelled by itself inside the 24 hours.
    const second = await paidOrder(buyer, buyerOrgId, store.id, { [jamId!]: 3 });
    expect(await stock()).toBe(15);
    const buyerContext = await scene.browser.newContext({ viewport: { width: 390, height: 844 } });
    const buyerProblems = watchForProblems(buyerContext);
    const buyerPage = await buyerContext.newPage();
    await buyerPage.goto(`${scene.server.url}/storefront/${store.id}/orders`);
    await signInOnProviderPage(buyerPage, buyer.email, buyer.password);
    const cards = buyerPage
      .getByRole('listitem')
      .filter({ has: buyerPage.getByRole('button', { name: /^View Order/ }) });
    await expect.poll(() => cards.count()).toBe(2);
    expect(await horizontalOverflow(buyerPage)).toBe(0);
    await buyerPage.screenshot({
      path: `${SHOTS}/buyer-orders-states-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // The first order: Shipped, its two shipments and the timeline.
    const shippedCard = cards.filter({ has: buyerPage.getByText('Shipped', { exact: true }) });
    await shippedCard.getByRole('button', { name: /^View Order/ }).click();
    const view = buyerPage.getByRole('dialog', { name: /^Order / });
    await expect.poll(() => view.getByRole('region', { name: 'Timeline' }).getByRole('listitem').count()).toBe(5);
    expect(await view.getByRole('link', { name: /1Z999AA10123456784/ }).isVisible()).toBe(true);
    expect(await horizontalOverflow(buyerPage)).toBe(0);
    await expectNoAxeViolations(buyerPage, 'View Order after checkout');
    await buyerPage.screenshot({
      path: `${SHOTS}/buyer-order-timeline-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // One honey jar arrived broken: the retailer reports it with a photo.
    await view.getByRole('button', { name: 'Report a problem' }).click();
    const problem = buyerPage.getByRole('dialog', { name: /^Report a problem with order/ });
    await expect.poll(() => problem.isVisible()).toBe(true);
    await problem.getByRole('radio', { name: 'Damaged' }).check();
    await problem.getByRole('spinbutton', { name: /^Units of Heather Honey with the problem/ }).fill('1');
    await problem.getByRole('textbox', { name: /What happened/ }).fill('One jar arrived cracked.');
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#b86b3c' } })
      .png()
      .toBuffer();
    await problem
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cracked-jar.png', mimeType: 'image/png', buffer: photo });
    await expect.poll(() => problem.getByRole('img', { name: /cracked-jar\.png/ }).isVisible()).toBe(true);
    await expect.poll(() => problem.getByLabel(/^Uploading /).count()).toBe(0);
    expect(await horizontalOverflow(buyerPage)).toBe(0);
    await expectNoAxeViolations(buyerPage, 'the report a problem dialog');
    await buyerPage.screenshot({ path: `${SHOTS}/buyer-claim-phone.png`, fullPage: true, animations: 'disabled' });
    await problem.getByRole('button', { name: 'Send to the seller' }).click();
    await expect.poll(() => problem.isVisible()).toBe(false);
    await expect
      .poll(() => view.getByRole('listitem', { name: 'Claim 1' }).getByText('Waiting for the seller').isVisible())
      .toBe(true);
    const [claim] = (await buyer.call<Order>('GET', `/api/order/${orderId}`)).claims!;
    expect(claim).toMatchObject({ kind: 'damaged', photos: [expect.objectContaining({ url: expect.any(String) })] });
    // The seller refunds it; the retailer reads it at once.
    await seller.call('POST', `/api/organization/${store.id}/orders/${orderId}/claims/${claim!.id}/refund`, {});
    await view.getByRole('button', { name: 'Close' }).click();
    await shippedCard.getByRole('button', { name: /^View Order/ }).click();
    const claimed = view.getByRole('listitem', { name: 'Claim 1' });
    await expect.poll(() => claimed.getByText('Refunded', { exact: true }).isVisible()).toBe(true);
    expect(await claimed.textContent()).toContain('Refunded $16.00');
    await view.getByRole('button', { name: 'Close' }).click();

    // The second: Placed, cancellable until tomorrow; the retailer cancels it.
    const placedCard = cards.filter({ has: buyerPage.getByText('Placed', { exact: true }) });
    await placedCard.getByRole('button', { name: /^View Order/ }).click();
    const cancelling = view.getByRole('region', { name: 'Cancelling' });
    await expect.poll(() => cancelling.getByText(/You can cancel this order until/).isVisible()).toBe(true);
    await cancelling.getByRole('button', { name: /^Cancel order/ }).click();
    const confirm = buyerPage.getByRole('dialog', { name: /^Cancel order/ });
    await confirm.getByRole('textbox', { name: 'Note to the seller (optional)' }).fill('Ordered twice by mistake');
    expect(await horizontalOverflow(buyerPage)).toBe(0);
    await buyerPage.screenshot({ path: `${SHOTS}/buyer-cancel-phone.png`, fullPage: true, animations: 'disabled' });
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect.poll(async () => (await buyer.call<Order>('GET', `/api/order/${second}`)).state).toBe('cancelled');
    expect(await stock()).toBe(18);
    await expect.poll(() => view.getByText('Cancelled').first().isVisible()).toBe(true);
    expect(buyerProblems).toEqual([]);
    await buyerContext.close();

    // Both sides were e-mailed about the cancellation.
    const mails = async (to: string) =>
      (await (await fetch(`${scene.server.url}/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as {
        subject: string;
      }[];
    expect((await mails(seller.email)).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/from Thyme Grocers was cancelled$/),
    );
    expect((await mails(buyer.email)).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^Part of your order from Linden Pantry has shipped/),
    );
  });
});
