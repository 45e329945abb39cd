/**
 * Issue 21 part 2, on the production build: a seller refunds part of a card order — one jar,
 * returned to stock — and then the rest, from the order on the Orders page; the order list says
 * Partially refunded, then Refunded; the buyer sees both refunds on their order (at phone width)
 * and has an e-mail for each in the mailbox. Screenshots at 1280 and 390 px in test-results/.
 */
import { describe, expect, it } from 'vitest';
import type { OrderRefunds } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { signInOnProviderPage, watchForProblems, horizontalOverflow } from './support/journey.js';
import { apiUser, cardReadyStore, invitedRetailer, liveProducts, paidOrder } from './support/seed.js';

const scene = journeyScene();

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

const mailboxFor = async (to: string): Promise<{ subject: string }[]> => {
  const res = await fetch(`${scene.server.url}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { subject: string }[];
};

describe('refunds journey', () => {
  it('the seller refunds one jar back to stock, then the rest; the buyer sees both and gets an e-mail for each', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `aspen-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Aspen Larder');
    const [jamId, honeyId] = await liveProducts(seller, store.id, [
      { name: 'Quince Jam', priceCents: 900, msrpCents: 1_800 },
      { name: 'Clover Honey', priceCents: 1_500, msrpCents: 3_000 },
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
      `sorrel-${stamp}@example.com`,
      'Sorrel Market',
    );
    const orderId = await paidOrder(buyer, buyerOrgId, store.id, { [jamId!]: 4, [honeyId!]: 2 });
    const { paid_cents: paid } = await seller.call<OrderRefunds>('GET', `/api/order/${orderId}/refunds`);
    const stock = async () =>
      (await seller.call<{ inventory_count: number }>('GET', `/api/product/${jamId}`)).inventory_count;
    expect(await stock()).toBe(16);

    // The seller opens the order from Orders.
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/app/${store.id}/orders`);
    await signInOnProviderPage(page, seller.email, seller.password);
    const row = page.getByRole('row').filter({ hasText: 'Sorrel Market' });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByText('Sorrel Market').click();
    const order = page.getByRole('dialog', { name: /^Order / });
    await expect.poll(() => order.getByText('No refunds yet.').isVisible()).toBe(true);

    // One jar came broken: refund it to the card, back to stock.
    await order.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Refund order / });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('radio', { name: 'Chosen items and shipping' }).check();
    await dialog.getByRole('spinbutton', { name: 'Quantity of Quince Jam to refund (up to 4)' }).fill('1');
    await dialog.getByRole('checkbox', { name: 'Return items to stock' }).check();
    await dialog.getByRole('combobox', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'Damaged' }).click();
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('The jar arrived cracked.');
    await expect
      .poll(() => dialog.getByTestId('refund-summary').textContent())
      .toContain('Refund $9.00 to the card ending 4242');
    await expectNoAxeViolations(page, 'the refund dialog');
    await page.screenshot({ path: `${SHOTS}/refund-dialog-desktop.png`, fullPage: true, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Refund $9.00' }).click();
    // Said in the order (a status screen readers hear) and in a toast.
    await expect
      .poll(() => order.getByRole('status').getByText('Refunded $9.00 to Visa •••• 4242.').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('Refunded $9.00 to Visa •••• 4242.').count()).toBe(2);
    const refunds = order.getByRole('list', { name: 'Refunds' });
    await expect.poll(() => refunds.getByRole('listitem').count()).toBe(1);
    expect(await refunds.textContent()).toMatch(/Damaged.*−\$9\.00.*1 × Quince Jam.*The jar arrived cracked.*CN-\d{6}/);
    expect(await stock()).toBe(17);
    await page.screenshot({ path: `${SHOTS}/refund-order-desktop.png`, fullPage: true, animations: 'disabled' });

    // The list says so at once.
    await order.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => row.getByText('Partially refunded · $9.00').isVisible()).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'Refunded $9.00' }).getByRole('button', { name: 'Close' }).click();

    // Then the rest, in full — on a phone: the card says Partially refunded, the dialog fills the screen
    // (and the order's status, not a toast over its buttons, says it was refunded).
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('listitem').filter({ hasText: 'Sorrel Market' });
    await expect.poll(() => card.getByText('Partially refunded · $9.00').isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await card.getByRole('button', { name: /^View Order/ }).click();
    await order.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const rest = paid - 900;
    expect(await dialog.getByRole('radio', { name: `Everything left (${dollars(rest)})` }).isChecked()).toBe(true);
    await dialog.getByRole('combobox', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'Retailer request' }).click();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the refund dialog at phone width');
    await page.screenshot({ path: `${SHOTS}/refund-dialog-phone.png`, fullPage: true, animations: 'disabled' });
    await dialog.getByRole('button', { name: `Refund ${dollars(rest)}` }).click();
    await expect
      .poll(() =>
        order
          .getByRole('status')
          .getByText(`Refunded ${dollars(rest)} to Visa •••• 4242.`)
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => refunds.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => order.getByText('This order was refunded in full.').isVisible()).toBe(true);
    expect(await order.getByRole('button', { name: 'Refund', exact: true }).isDisabled()).toBe(true);
    expect(await stock()).toBe(17);
    await page.screenshot({ path: `${SHOTS}/refund-order-phone.png`, fullPage: true, animations: 'disabled' });
    await order.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => card.getByText(`Refunded · ${dollars(paid)}`).isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/refund-orders-phone.png`, fullPage: true, animations: 'disabled' });

    // Back at desktop width the row says Refunded.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => row.getByText(`Refunded · ${dollars(paid)}`).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the refunded order in the list');
    await page.screenshot({ path: `${SHOTS}/refund-orders-desktop.png`, fullPage: true, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();

    // The buyer, on a phone: the order says Refunded, and View Order lists both refunds.
    const buyerContext = await scene.browser.newContext({ viewport: { width: 390, height: 844 } });
    const buyerProblems = watchForProblems(buyerContext);
    const buyerPage = await buyerContext.newPage();
    await buyerPage.goto(`${scene.server.url}/storefront/${store.id}/orders`);
    await signInOnProviderPage(buyerPage, buyer.email, buyer.password);
    const mine = buyerPage.getByRole('listitem').filter({ hasText: `Refunded · ${dollars(paid)}` });
    await expect.poll(() => mine.isVisible()).toBe(true);
    await mine.getByRole('button', { name: /^View Order/ }).click();
    const view = buyerPage.getByRole('dialog', { name: /^Order / });
    const buyerRefunds = view.getByRole('list', { name: 'Refunds' });
    await expect.poll(() => buyerRefunds.getByRole('listitem').count()).toBe(2);
    expect(await view.getByText(`${dollars(paid)} of ${dollars(paid)} refunded`).isVisible()).toBe(true);
    expect(
      await buyerRefunds.getByRole('link', { name: /^Credit note CN-\d{6} \(opens in a new tab\)$/ }).count(),
    ).toBe(2);
    expect(await horizontalOverflow(buyerPage)).toBe(0);
    await expectNoAxeViolations(buyerPage, 'the buyer’s refunded order');
    await buyerPage.screenshot({
      path: `${SHOTS}/refund-buyer-order-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // A credit note opens from its link.
    const link = await buyerRefunds
      .getByRole('link', { name: /^Credit note / })
      .first()
      .getAttribute('href');
    const pdf = await fetch(link!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    // And the mailbox has one e-mail per refund.
    await expect
      .poll(async () => (await mailboxFor(buyer.email)).filter((m) => /^Aspen Larder refunded /.test(m.subject)).length)
      .toBe(2);
    expect(buyerProblems).toEqual([]);
    await buyerContext.close();
  });
});
