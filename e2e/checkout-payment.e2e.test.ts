/**
 * Issue 9, on the production build, the whole money path in a browser: a seller sets up card
 * payments (under review first, then active); its retailer checks out with a new address, sees
 * the shipping rates, pays with a declined card and then 4242, passes the return page and lands
 * on its orders; the server holds one paid order, and both e-mails are in the mailbox.
 * Screenshots at desktop and phone width.
 */
/**
 * Issue 13 item 1, on the production build: payment terms and invoices paid later. The seller
 * gives a customer Net 30 on its page; the customer places an order by invoice at billing (no
 * card) and sees it OPEN on its orders page; it pays another open invoice by card from there
 * (Pay now); the seller sees the invoices, marks the first one paid, and it shows PAID. Axe on
 * every screen; screenshots at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import { CARD_DECLINED_MESSAGE, TEST_CARDS, type Cart } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import {
  fillOnboarding,
  signInOnProviderPage,
  watchForProblems,
  fillCard,
  horizontalOverflow,
} from './support/journey.js';
import {
  apiUser,
  cardReadyStore,
  cartAtBilling,
  invitedRetailer,
  liveProducts,
  shippingStore,
} from './support/seed.js';

// One server and browser for the journeys of this file (they build the same kind of scene).
const scene = journeyScene();

interface MailboxMessage {
  to: string;
  subject: string;
}

const mailboxFor = async (to: string): Promise<MailboxMessage[]> => {
  const res = await fetch(`${scene.server.url}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as MailboxMessage[];
};

/** The embedded card form, filled as a buyer types it. */
describe('checkout and payment journey', () => {
  it('seller turns payments on; retailer pays with a declined card, then 4242, and lands on its order confirmation', async () => {
    const stamp = Date.now();
    // ── The seller: a store that ships, with a product ─────────────────────────────────
    const seller = await apiUser(scene.server.url, `fennel-${stamp}@example.com`);
    const store = await shippingStore(seller, 'Fennel & Fig Pantry');
    const [jamId] = await liveProducts(seller, store.id, [{ name: 'Fig Jam', priceCents: 1_200, msrpCents: 2_400 }]);

    // ── Set Up Payments in the browser: under review, then active ──────────────────────
    const sellerContext = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const sellerProblems = watchForProblems(sellerContext);
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto(`${scene.server.url}/app/${store.id}/organization/onboarding/stripe-connect`);
    await signInOnProviderPage(sellerPage, seller.email, seller.password);
    await sellerPage.getByRole('button', { name: 'Get Started' }).click();
    await expect.poll(() => sellerPage.getByRole('group', { name: 'Payout account' }).isVisible()).toBe(true);
    await fillOnboarding(sellerPage, '000000000');
    await sellerPage.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => sellerPage.getByText('Your account is under review').isVisible()).toBe(true);
    await sellerPage.getByRole('button', { name: 'Update your details' }).click();
    await fillOnboarding(sellerPage, '12-3456789');
    await sellerPage.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => sellerPage.getByText('Your payment account is set up').isVisible()).toBe(true);
    expect(sellerProblems).toEqual([]);
    await sellerContext.close();

    // ── The retailer fills its cart (API) and checks out in the browser ───────────────
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `rosa-${stamp}@example.com`,
      'Corner Pantry',
    );
    const cartUrl = `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`;
    const cart = await buyer.call<Cart>('GET', cartUrl);
    await buyer.call('PUT', `/api/cart/${cart.id}/line_item`, { product_id: jamId, quantity: 6 });

    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/storefront/${store.id}/checkout`);
    await signInOnProviderPage(page, buyer.email, buyer.password);
    await page.waitForURL(`**/storefront/${store.id}/checkout`);
    const newAddress = page.getByRole('form', { name: 'New address' });
    await expect.poll(() => newAddress.isVisible()).toBe(true);
    await newAddress.getByLabel('First Name').fill('Rosa');
    await newAddress.getByLabel('Last Name').fill('Pantry');
    await newAddress.getByLabel(/^Address/).fill('12 Market Street');
    await newAddress.getByLabel('City').fill('Portland');
    await newAddress.getByLabel('State').selectOption('OR');
    await newAddress.getByLabel('Zip').fill('97205');
    await newAddress.getByRole('button', { name: 'Save Address' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /12 Market Street/ }).isChecked()).toBe(true);
    const next = page
      .getByRole('button', { name: 'Continue to shipping options' })
      .or(page.getByRole('link', { name: 'Continue to shipping options' }));
    await expect.poll(() => next.isDisabled()).toBe(false);
    await next.click();
    await page.waitForURL(`**/storefront/${store.id}/billing`);

    // Rates are shown and the first is chosen; the card form opens for the order's total.
    const options = page.getByRole('radiogroup', { name: 'Shipping Options' }).getByRole('radio');
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => options.first().isChecked()).toBe(true);
    const payButton = page.getByRole('button', { name: /^Pay \$/ });
    await expect.poll(() => payButton.isVisible()).toBe(true);
    // The chosen rate is saved while the form opens (the page shows it at once): wait for the order to have it.
    await expect
      .poll(async () => (await buyer.call<Cart>('GET', cartUrl)).order.shipping_cost_in_cents ?? 0)
      .toBeGreaterThan(0);
    const order = (await buyer.call<Cart>('GET', cartUrl)).order;
    const total = 7_200 + (order.shipping_cost_in_cents ?? 0);
    await expect.poll(() => payButton.textContent()).toContain(`$${(total / 100).toFixed(2)}`);
    await expectNoAxeViolations(page, 'billing with the card form');
    await page.screenshot({ path: `${SHOTS}/checkout-pay-desktop.png`, fullPage: true, animations: 'disabled' });

    // A declined card: the bank's answer, the form stays for another card.
    await fillCard(page, TEST_CARDS.declined);
    await payButton.click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: CARD_DECLINED_MESSAGE }).isVisible()).toBe(true);
    expect((await buyer.call<Cart>('GET', cartUrl)).order.status).toBe('draft');
    await expectNoAxeViolations(page, 'billing with a declined card');
    await page.screenshot({ path: `${SHOTS}/checkout-declined-desktop.png`, fullPage: true, animations: 'disabled' });

    // A PO number for the order, typed just before paying (Pay saves it first).
    const po = `PO-${stamp}/A`;
    await page.getByRole('textbox', { name: 'PO number (optional)' }).fill(po);

    // 4242 pays: the return page verifies and goes on to the order's confirmation (issue 23),
    // then to the orders list by its "All orders" link.
    await fillCard(page, TEST_CARDS.succeeds);
    await payButton.click();
    await page.waitForURL(`**/storefront/${store.id}/checkout/return?session_id=*`);
    await page.screenshot({ path: `${SHOTS}/checkout-return-desktop.png`, animations: 'disabled' });
    await page.waitForURL(`**/storefront/${store.id}/orders/${cart.order.id}/confirmation`);
    await expect
      .poll(() => page.getByRole('heading', { name: /^Thank you — order CB-\d+ is placed$/ }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page, 'the order confirmation');
    await page.screenshot({ path: `${SHOTS}/order-confirmation-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.getByRole('link', { name: 'All orders' }).click();
    await page.waitForURL(`**/storefront/${store.id}/orders`);

    // The server: one paid order, and a fresh cart.
    const fresh = await buyer.call<Cart>('GET', cartUrl);
    expect(fresh.id).not.toBe(cart.id);
    expect(fresh.line_items).toEqual([]);
    expect(fresh.is_returning).toBe(true);
    // The buyer's orders show the PO number.
    await expect.poll(() => page.getByRole('row', { name: new RegExp(`PO number ${po}`) }).isVisible()).toBe(true);

    // Both e-mails.
    await expect
      .poll(async () =>
        (await mailboxFor(buyer.email)).some((m) => /Your order from Fennel & Fig Pantry is confirmed/.test(m.subject)),
      )
      .toBe(true);
    await expect
      .poll(async () => (await mailboxFor(seller.email)).some((m) => /New order from Corner Pantry/.test(m.subject)))
      .toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    // ── The seller finds the order by the start of its PO number, in any case, and by its number ──
    const findContext = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const findProblems = watchForProblems(findContext);
    const orders = await findContext.newPage();
    await orders.goto(`${scene.server.url}/app/${store.id}/orders`);
    await signInOnProviderPage(orders, seller.email, seller.password);
    const search = orders.getByRole('searchbox', { name: 'Search by order or PO number' });
    await expect.poll(() => search.isVisible()).toBe(true);
    await search.fill('no-such-po');
    await expect.poll(() => orders.getByText('No orders match “no-such-po”').isVisible()).toBe(true);
    await search.fill(po.slice(0, 8).toLowerCase());
    const found = orders.getByRole('row', { name: /Corner Pantry/ });
    await expect.poll(() => found.isVisible()).toBe(true);
    expect(await found.textContent()).toContain(`PO number ${po}`);
    await expectNoAxeViolations(orders, 'Orders searched by PO number');
    await orders.screenshot({
      path: `${SHOTS}/seller-orders-po-search-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });
    // By its number as a person types it: the digits without CB- and the zeros.
    const [placed] = await seller.call<{ order_number: string }[]>(
      'GET',
      `/api/order/organization/${store.id}/selling`,
    );
    const digits = String(Number(placed!.order_number.slice(3)));
    await search.fill(digits);
    const byNumber = orders.getByRole('row', { name: new RegExp(placed!.order_number) });
    await expect.poll(() => byNumber.isVisible()).toBe(true);
    expect(await byNumber.textContent()).toContain('Corner Pantry');
    expect(findProblems).toEqual([]);
    await findContext.close();
  });

  it('on a phone: the card form fits, and authentication can be completed', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `sorrel-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Sorrel Goods');
    const [soapId] = await liveProducts(seller, store.id, [{ name: 'Sorrel Soap', priceCents: 800, msrpCents: 1_600 }]);
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `mo-${stamp}@example.com`,
      'Mo’s Market',
    );
    const cartUrl = `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`;
    const cart = await buyer.call<Cart>('GET', cartUrl);
    await buyer.call('PUT', `/api/cart/${cart.id}/line_item`, { product_id: soapId, quantity: 4 });
    const saved = await buyer.call<{ address: { id: string } }>('POST', '/api/address/organization', {
      organization: { id: buyerOrgId },
      address: {
        first_name: 'Mo',
        last_name: 'Market',
        line1: '9 Pine St',
        city: 'Seattle',
        state: 'WA',
        postal_code: '98101',
      },
    });
    await buyer.call('POST', `/api/order/${cart.order.id}/shipping_address?address_id=${saved.address.id}`);

    const context = await scene.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/storefront/${store.id}/billing`);
    await signInOnProviderPage(page, buyer.email, buyer.password);
    await page.waitForURL(`**/storefront/${store.id}/billing`);
    const payButton = page.getByRole('button', { name: /^Pay \$/ });
    await expect.poll(() => payButton.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await expectNoAxeViolations(page, 'billing with the card form at phone width');
    await page.screenshot({ path: `${SHOTS}/checkout-pay-phone.png`, fullPage: true, animations: 'disabled' });

    await fillCard(page, TEST_CARDS.authentication);
    await payButton.click();
    const dialog = page.getByRole('dialog', { name: 'Authenticate your payment' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the card authentication dialog at phone width');
    await page.screenshot({ path: `${SHOTS}/checkout-authentication-phone.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(`**/storefront/${store.id}/orders/*/confirmation`);
    await expect
      .poll(() => page.getByRole('heading', { name: /^Thank you — order CB-\d+ is placed$/ }).isVisible())
      .toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/order-confirmation-phone.png`, fullPage: true, animations: 'disabled' });
    expect((await buyer.call<Cart>('GET', cartUrl)).id).not.toBe(cart.id);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('two tabs of one checkout: the older card form cannot take the card, the order is paid once', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `tansy-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Tansy Provisions');
    const [oilId] = await liveProducts(seller, store.id, [{ name: 'Olive Oil', priceCents: 1_500, msrpCents: 3_000 }]);
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `ivo-${stamp}@example.com`,
      'Ivo’s Deli',
    );
    const cartUrl = `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`;
    const cart = await buyer.call<Cart>('GET', cartUrl);
    await buyer.call('PUT', `/api/cart/${cart.id}/line_item`, { product_id: oilId, quantity: 2 });
    const saved = await buyer.call<{ address: { id: string } }>('POST', '/api/address/organization', {
      organization: { id: buyerOrgId },
      address: {
        first_name: 'Ivo',
        last_name: 'Deli',
        line1: '4 Oak Ave',
        city: 'Austin',
        state: 'TX',
        postal_code: '78701',
      },
    });
    await buyer.call('POST', `/api/order/${cart.order.id}/shipping_address?address_id=${saved.address.id}`);

    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const billing = `${scene.server.url}/storefront/${store.id}/billing`;
    const first = await context.newPage();
    await first.goto(billing);
    await signInOnProviderPage(first, buyer.email, buyer.password);
    await first.waitForURL(`**/storefront/${store.id}/billing`);
    const firstPay = first.getByRole('button', { name: /^Pay \$/ });
    await expect.poll(() => firstPay.isVisible()).toBe(true);

    // The same checkout opened in a second tab: its card form is now the only one that can be paid.
    const second = await context.newPage();
    await second.goto(billing);
    if (/\/interaction\//.test(second.url())) await signInOnProviderPage(second, buyer.email, buyer.password);
    await second.waitForURL(`**/storefront/${store.id}/billing`);
    const secondPay = second.getByRole('button', { name: /^Pay \$/ });
    await expect.poll(() => secondPay.isVisible()).toBe(true);

    // Paying in the first tab takes no money: its session was ended; a new one is offered. (On a
    // busy machine the first tab may notice first — when its cart is read again on focus — and
    // open the new session before the click; then this click pays that session and the second
    // tab is the stale one. Either way the order is paid once, which is what follows checks.)
    // Under load the first tab may also be opening its new session just now (its form is then
    // being replaced) or have stopped renewing; a buyer would wait, then reload the page.
    const firstForm = first.getByRole('form', { name: /^Pay / });
    const formUsable = async () => (await firstForm.isVisible()) && (await firstPay.isEnabled());
    try {
      await expect.poll(formUsable, { timeout: 20_000 }).toBe(true);
    } catch {
      await first.reload();
      await expect.poll(formUsable).toBe(true);
    }
    await fillCard(first, TEST_CARDS.succeeds);
    await firstPay.click();
    const renewedNotice = first.getByText('Your checkout session had expired, so we started a new one.', {
      exact: false,
    });
    const ordersUrl = new RegExp(`/storefront/${store.id}/orders/[0-9a-f-]{36}/confirmation`);
    await expect.poll(async () => (await renewedNotice.isVisible()) || ordersUrl.test(first.url())).toBe(true);
    if (!ordersUrl.test(first.url())) {
      expect((await buyer.call<Cart>('GET', cartUrl)).order.status).toBe('draft');
      await first.screenshot({
        path: `${SHOTS}/checkout-two-tabs-renewed-desktop.png`,
        fullPage: true,
        animations: 'disabled',
      });

      // Pay again in the first tab: the order is placed.
      await fillCard(first, TEST_CARDS.succeeds);
      await first.getByRole('button', { name: /^Pay \$/ }).click();
      await first.waitForURL(`**/storefront/${store.id}/orders/*/confirmation`);
    }

    // The second tab's form can no longer take the card either: it says the order was placed.
    await fillCard(second, TEST_CARDS.succeeds);
    await secondPay.click();
    await expect
      .poll(() =>
        second
          .getByText(/This order was (already|just) placed/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => second.getByRole('link', { name: 'View your orders' }).isVisible()).toBe(true);
    await expectNoAxeViolations(second, 'billing after the order was placed in another tab');
    await second.screenshot({
      path: `${SHOTS}/checkout-two-tabs-placed-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // One order, one confirmation, and nothing to refund.
    const orders = await buyer.call<{ id: string }[]>('GET', `/api/order/organization/${buyerOrgId}/purchasing`);
    expect(orders.map((o) => o.id)).toEqual([cart.order.id]);
    await expect
      .poll(async () => (await mailboxFor(buyer.email)).filter((m) => /is confirmed/.test(m.subject)).length)
      .toBe(1);
    expect((await mailboxFor(buyer.email)).some((m) => /was refunded/.test(m.subject))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});

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
    const first = await cartAtBilling(buyer, buyerOrgId, store.id, { [oilId]: 5 });
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
    // The order's confirmation (issue 23), then the orders list by its "All orders" link.
    await page.waitForURL(`**/storefront/${store.id}/orders/*/confirmation`);
    await page.getByRole('link', { name: 'All orders' }).click();
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
    const second = await cartAtBilling(buyer, buyerOrgId, store.id, { [oilId]: 2 });
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
