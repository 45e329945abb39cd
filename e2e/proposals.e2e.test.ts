/**
 * Issue 25 part 2, on the production build, at 390 px (a rep at a trade show): the seller
 * writes an order for a customer — a product found in its catalogue, a quantity typed in another
 * one's size × colour grid, 10 % off and a note — and sends it; the customer opens the e-mailed
 * link on its phone, signs in and comes back to it, changes a quantity, accepts, and pays by
 * card at the usual checkout; the seller sees the order under Orders and the written order as
 * Accepted, with its total. Axe on each screen; screenshots in test-results/.
 */
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCard, horizontalOverflow, signInOnProviderPage, toast, watchForProblems } from './support/journey.js';
import { apiUser, cardReadyStore, invitedRetailer, liveProducts } from './support/seed.js';

const scene = journeyScene();
const PHONE = { width: 390, height: 844 };

describe('orders the seller writes', () => {
  it('a rep writes and sends an order on a phone; the customer changes a quantity, accepts and pays by card', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `rep-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Juniper Soap Co');
    await liveProducts(seller, store.id, [{ name: 'Lavender soap', priceCents: 1_000, msrpCents: 1_900 }]);
    await seller.call('PUT', '/api/product', {
      name: 'Linen tea towel',
      organization: { id: store.id },
      state: 'Live',
      order_unit: 'Each',
      unit_price_in_cents: 1_200,
      msrp_in_cents: 2_400,
      product_physical_measurements: {
        weight: 1,
        weight_unit: 'lb',
        length: 10,
        width: 8,
        height: 1,
        dimension_unit: 'in',
      },
      options: [
        { name: 'Size', values: ['Small', 'Large'] },
        { name: 'Colour', values: ['Natural', 'Indigo'] },
      ],
    });
    const { buyer } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `corner-${stamp}@example.com`,
      'Corner Boutique',
    );

    // ── The rep, on a phone: write the order ────────────────────────────────────────────
    const context = await scene.browser.newContext({ viewport: PHONE });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/app/${store.id}/proposals`);
    await signInOnProviderPage(page, seller.email, seller.password);
    await expect.poll(() => page.getByText('No written orders yet').isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the empty Written orders page');
    await page.screenshot({ path: `${SHOTS}/proposals-empty-phone.png`, fullPage: true, animations: 'disabled' });

    await page.getByRole('button', { name: 'Write an order' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Write an order' });
    await dialog.getByRole('combobox', { name: 'Customer' }).fill('Corner');
    await page.getByRole('option', { name: 'Corner Boutique' }).click();
    await dialog.getByRole('button', { name: 'Start the order' }).click();
    await page.waitForURL(/\/proposals\/[0-9a-f-]{36}$/);
    const proposalId = page.url().split('/').pop()!;
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Order P-1001' }).isVisible()).toBe(true);

    const search = page.getByRole('searchbox', { name: 'Search your catalog by name or SKU' });
    await search.fill('soap');
    await page.getByRole('button', { name: 'Add Lavender soap' }).click();
    const lines = page.getByRole('list', { name: 'Lines' });
    await expect.poll(() => lines.getByText('Lavender soap').isVisible()).toBe(true);
    await search.fill('towel');
    // The towel by size and colour: its order grid, scrolled inside its own box on a phone.
    await page.getByRole('button', { name: 'Order by size and colour: Linen tea towel' }).click();
    const grid = page.getByRole('table', { name: 'Quantities of Linen tea towel' });
    await grid.getByRole('textbox', { name: 'Large / Indigo quantity' }).fill('6');
    await expect.poll(() => grid.getByRole('row', { name: /^Total/ }).textContent()).toBe('Total—66');
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the order grid in the builder');
    await grid.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/proposal-builder-grid-phone.png`, animations: 'disabled' });
    await page.getByRole('button', { name: 'Add to order' }).click();
    await expect.poll(() => toast(page, '6 pieces of Linen tea towel in the order').isVisible()).toBe(true);
    expect(await lines.getByText('Linen tea towel — Large / Indigo').isVisible()).toBe(true);
    // $10.00 + 6 × $12.00: the server's total.
    const total = () =>
      page
        .locator('dt', { hasText: /^Total$/ })
        .locator('xpath=following-sibling::dd')
        .textContent();
    await expect.poll(total).toBe('$82.00');
    await page.getByRole('textbox', { name: 'Discount' }).fill('10');
    await page.getByRole('textbox', { name: 'Note to the customer' }).fill('Great meeting you at the Portland show!');
    await page.getByRole('textbox', { name: 'Discount' }).click();
    await expect.poll(total).toBe('$73.80');
    await expect.poll(() => page.getByText('Discount (10%)').isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the order builder');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/proposal-builder-phone.png`, fullPage: true, animations: 'disabled' });

    // The same builder at 1280 px: the catalogue and lines beside the discount and summary.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/proposal-builder-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize(PHONE);

    await page.getByRole('button', { name: 'Send to customer' }).click();
    const send = page.getByRole('dialog', { name: 'Send P-1001 to Corner Boutique?' });
    await send.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => toast(page, 'P-1001 sent to Corner Boutique').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/^Sent to Corner Boutique on/).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'a sent order');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/proposal-sent-phone.png`, fullPage: true, animations: 'disabled' });

    // ── The customer opens the e-mailed link on its phone ───────────────────────────────
    const link = `/storefront/${store.id}/proposals/${proposalId}`;
    let emailed: string | undefined;
    await expect
      .poll(async () => {
        const res = await fetch(`${scene.server.url}/dev/mailbox.json?to=${encodeURIComponent(buyer.email)}`);
        const mails = (await res.json()) as { subject: string; links: string[] }[];
        emailed = mails.find((m) => m.subject.endsWith('sent you order P-1001'))?.links.find((l) => l.endsWith(link));
        return emailed;
      })
      .toBeTruthy();
    const buyerContext = await scene.browser.newContext({ viewport: PHONE });
    const buyerProblems = watchForProblems(buyerContext);
    const phone = await buyerContext.newPage();
    await phone.goto(`${scene.server.url}${new URL(emailed!).pathname}`);
    await signInOnProviderPage(phone, buyer.email, buyer.password);
    await phone.waitForURL(`**${link}`);
    await expect.poll(() => phone.getByRole('heading', { level: 1, name: 'Order P-1001' }).isVisible()).toBe(true);
    expect(await phone.getByText('Great meeting you at the Portland show!').isVisible()).toBe(true);
    const buyerTotal = () =>
      phone
        .locator('dt', { hasText: /^Total$/ })
        .locator('xpath=following-sibling::dd')
        .textContent();
    expect(await buyerTotal()).toBe('$73.80');
    // The buyer's Orders page links it too (for when the e-mail is gone).
    await phone.goto(`${scene.server.url}/storefront/${store.id}/orders`);
    const writtenForYou = phone.getByRole('region', { name: 'Orders written for you' });
    await expect.poll(() => writtenForYou.isVisible()).toBe(true);
    await expectNoAxeViolations(phone, 'the buyer’s orders with an order written for it');
    await phone.screenshot({ path: `${SHOTS}/proposal-buyer-orders-phone.png`, fullPage: true, animations: 'disabled' });
    await writtenForYou.getByRole('link', { name: 'Review P-1001' }).click();
    await phone.waitForURL(`**${link}`);
    const soap = phone.getByRole('textbox', { name: 'Quantity of Lavender soap' });
    await soap.fill('4');
    await soap.press('Enter');
    // 4 × $9.00 + 6 × $10.80.
    await expect.poll(buyerTotal).toBe('$100.80');
    expect(await horizontalOverflow(phone)).toBe(0);
    await expectNoAxeViolations(phone, 'the retailer’s order');
    await phone.evaluate(() => window.scrollTo(0, 0));
    await phone.screenshot({ path: `${SHOTS}/proposal-retailer-phone.png`, fullPage: true, animations: 'disabled' });

    await phone.setViewportSize({ width: 1280, height: 900 });
    await phone.screenshot({ path: `${SHOTS}/proposal-retailer-desktop.png`, fullPage: true, animations: 'disabled' });
    await phone.setViewportSize(PHONE);

    // ── Accept, then the usual checkout: an address, the first rate, the card ──────────
    await phone.getByRole('button', { name: 'Accept and go to checkout' }).click();
    await phone.waitForURL(`**/storefront/${store.id}/checkout`);
    const newAddress = phone.getByRole('form', { name: 'New address' });
    await expect.poll(() => newAddress.isVisible()).toBe(true);
    await newAddress.getByLabel('First Name').fill('Rosa');
    await newAddress.getByLabel('Last Name').fill('Corner');
    await newAddress.getByLabel(/^Address/).fill('12 Market Street');
    await newAddress.getByLabel('City').fill('Portland');
    await newAddress.getByLabel('State').selectOption('OR');
    await newAddress.getByLabel('Zip').fill('97205');
    await newAddress.getByRole('button', { name: 'Save Address' }).click();
    await expect.poll(() => phone.getByRole('radio', { name: /12 Market Street/ }).isChecked()).toBe(true);
    await expect.poll(() => phone.locator('body').innerText()).toContain('$100.80');
    const next = phone
      .getByRole('button', { name: 'Continue to shipping options' })
      .or(phone.getByRole('link', { name: 'Continue to shipping options' }));
    await expect.poll(() => next.isDisabled()).toBe(false);
    await next.click();
    await phone.waitForURL(`**/storefront/${store.id}/billing`);
    const payButton = phone.getByRole('button', { name: /^Pay \$/ });
    await expect.poll(() => payButton.isVisible()).toBe(true);
    await fillCard(phone, TEST_CARDS.succeeds);
    await payButton.click();
    await phone.waitForURL(`**/storefront/${store.id}/orders/*/confirmation`);
    await expect
      .poll(() => phone.getByRole('heading', { name: /^Thank you — order CB-\d+ is placed$/ }).isVisible())
      .toBe(true);
    await phone.screenshot({ path: `${SHOTS}/proposal-paid-phone.png`, fullPage: true, animations: 'disabled' });
    // The order link again: accepted, with its state.
    await phone.goto(`${scene.server.url}${link}`);
    await expect.poll(() => phone.getByText(/You accepted this order on/).isVisible()).toBe(true);

    // ── The rep sees the order, and the written order accepted ─────────────────────────
    await page.goto(`${scene.server.url}/app/${store.id}/orders`);
    await expect.poll(() => page.getByText('Corner Boutique').first().isVisible()).toBe(true);
    await page.goto(`${scene.server.url}/app/${store.id}/proposals?status=accepted`);
    const row = page.getByRole('table', { name: 'Written orders' }).getByRole('row', { name: /P-1001/ });
    await expect.poll(() => row.textContent()).toContain('Accepted');
    // Its total, under the customer on a phone.
    expect(await row.textContent()).toContain('$100.80');
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the Written orders list');
    await page.screenshot({ path: `${SHOTS}/proposals-list-phone.png`, fullPage: true, animations: 'disabled' });

    expect(problems).toEqual([]);
    expect(buyerProblems).toEqual([]);
    await buyerContext.close();
    await context.close();
  });
});
