/**
 * Issue 8, on the production build: a seller with three Live products (one with three photos,
 * one with tracked stock) and order minimums has invited a retailer. The retailer signs in,
 * browses the grid, reads the Terms tab, opens a product, switches photos, adds it to the cart,
 * adds another from its tile, fills the cart in the drawer with ten fast clicks, watches the
 * 'Cannot Checkout' gate lift when the minimums are met, checks out: saves a new shipping address
 * (checkout step 1, issue 9) and goes on to the shipping options. The
 * server holds exactly what the screen shows. Screenshots at desktop and phone width.
 */
/**
 * Issue 13 item 3, on the production build: a seller gives a Live product a price break in the
 * product form's "Volume pricing" section; its retailer sees "12+ at $4.10 / case" on the tile, reads
 * the volume table on the product page, adds 12 and finds the cart priced at $4.10 / case of 6 ("Volume
 * price") — the server's cart says the same. Axe on every screen; screenshots at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PREVIEW_CHECKOUT_MESSAGE, type Cart } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations, expectSkipLinkToMain } from './support/axe.js';
import { signInOnProviderPage, watchForProblems, toast, horizontalOverflow } from './support/journey.js';
import { apiUser, invitedRetailer, liveProducts, uploadPhoto } from './support/seed.js';

// One server and browser for the journeys of this file (they build the same kind of scene).
const scene = journeyScene();

/** The cart button of the top bar, by its item count. */
/** Nothing sticks out sideways: the page never scrolls horizontally. */
const cartButton = (page: Page, items: number) =>
  page.getByRole('button', { name: `Cart, ${items} ${items === 1 ? 'item' : 'items'}` });

describe('storefront and cart journey', () => {
  it('browses the grid, opens a product, fills the cart and lifts the minimums gate', async () => {
    const stamp = Date.now();
    // ── The scene, through the public API ──────────────────────────────────────────────
    const seller = await apiUser(scene.server.url, `juniper-${stamp}@example.com`);
    const store = await seller.call<{ id: string }>('POST', '/api/organization', {
      selected_type: 'Merchant',
      name: 'Juniper Soap Co',
    });
    await seller.call('PUT', `/api/organization/${store.id}`, {
      slogan: 'Cold-process soap, small batches.',
      order_terms: {
        new_customer_min: 6,
        new_customer_min_cents: 5000,
        returning_customer_min: 3,
        returning_customer_min_cents: 2500,
      },
    });
    // Where it ships from, in what box: what the shipping rates are priced from.
    await seller.call('POST', `/api/organization/${store.id}/address`, {
      line1: '400 Congress Ave',
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
    });
    await seller.call('POST', '/api/package_template', {
      height: 10,
      width: 12,
      length: 16,
      dimension_unit: 'in',
      organization_id: store.id,
    });
    const photos = await Promise.all(
      ['#8e7cc3', '#c9b6e4', '#5b4a91', '#e0a96d'].map((colour) =>
        uploadPhoto(scene.server.url, seller, store.id, colour),
      ),
    );
    const [, , cedarId] = await liveProducts(seller, store.id, [
      {
        name: 'Lavender Bar Soap',
        priceCents: 450,
        msrpCents: 900,
        photos: photos.slice(0, 3),
        description: 'Cold-process bar with lavender oil.\nCured for six weeks.',
      },
      { name: 'Oat Milk Soap', priceCents: 500, msrpCents: 1000, photos: [photos[3]!] },
      { name: 'Cedar Shave Kit', priceCents: 1800, msrpCents: 3600 },
    ]);
    // Recording stock turns tracking on: the kit shows "In stock: 5".
    await seller.call('POST', '/api/inventory/transaction', {
      count: 5,
      product: { id: cedarId },
      inventory_transaction_type: 'add',
    });
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `pantry-${stamp}@example.com`,
      'Corner Pantry',
    );
    const serverCart = () =>
      buyer.call<Cart>('GET', `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`);

    // ── The retailer signs in on the store's address and lands on it ───────────────────
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/storefront/${store.id}`);
    await page.waitForURL(/\/interaction\//);
    await expectNoAxeViolations(page, 'the sign-in page');
    await signInOnProviderPage(page, buyer.email, buyer.password);
    await page.waitForURL(`**/storefront/${store.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Juniper Soap Co', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText('Cold-process soap, small batches.').isVisible()).toBe(true);

    // The grid: three tiles, newest first, with unit chip, price, MSRP and stock.
    const tiles = page.getByRole('region', { name: 'Juniper Soap Co products' }).getByRole('article');
    await expect.poll(() => tiles.count()).toBe(3);
    const kit = tiles.filter({ hasText: 'Cedar Shave Kit' });
    // Prices say their unit: per case of 6, the MSRP per retail unit (issue 27).
    expect(await kit.getByText('$18.00 / case of 6', { exact: true }).isVisible()).toBe(true);
    expect(await kit.getByText('MSRP $36.00 / unit', { exact: true }).isVisible()).toBe(true);
    expect(await kit.getByText('In stock: 5').isVisible()).toBe(true);
    const lavenderTile = tiles.filter({ hasText: 'Lavender Bar Soap' });
    // The tile's photo is a resized copy, never the original upload.
    await expect.poll(() => lavenderTile.locator('img').first().getAttribute('srcset')).toMatch(/ 200w/);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the storefront catalog');
    await page.screenshot({ path: `${SHOTS}/storefront-grid-desktop.png`, fullPage: true, animations: 'disabled' });

    // The Terms tab: the first-order minimums.
    await page.getByRole('tab', { name: 'Terms' }).click();
    await expect.poll(() => page.getByText('Your first order must include at least 6 items.').isVisible()).toBe(true);
    expect(await page.getByText('Your first order must cost at least $50.00.').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the storefront Terms tab');
    // From the keyboard: skip the top bar, and see where focus is.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Juniper Soap Co', level: 1 }).isVisible()).toBe(true);
    await expectSkipLinkToMain(page);
    await page.screenshot({ path: `${SHOTS}/storefront-keyboard-focus-desktop.png`, animations: 'disabled' });
    await page.getByRole('tab', { name: 'Catalog' }).click();

    // ── A product page: gallery, price, Add to Cart ────────────────────────────────────
    await lavenderTile.getByRole('link', { name: 'Lavender Bar Soap' }).click();
    await page.waitForURL(/\/storefront\/[0-9a-f-]{36}\/product\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Lavender Bar Soap', level: 1 }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Juniper Soap Co' })
        .isVisible(),
    ).toBe(true);
    await expect.poll(() => page.getByRole('img', { name: 'Lavender Bar Soap, photo 1 of 3' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Show photo 2 of 3' }).click();
    await expect.poll(() => page.getByRole('img', { name: 'Lavender Bar Soap, photo 2 of 3' }).isVisible()).toBe(true);
    expect(await page.getByText('Cured for six weeks.').isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Quantity' }).click();
    await page.getByRole('option', { name: '2', exact: true }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => page.getByText('In your cart: 2').isVisible()).toBe(true);
    await expect.poll(() => cartButton(page, 2).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update Quantity' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the product page');
    await page.screenshot({ path: `${SHOTS}/storefront-product-desktop.png`, fullPage: true, animations: 'disabled' });

    // ── Back to the grid: add from a tile ──────────────────────────────────────────────
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Juniper Soap Co' }).click();
    await page.waitForURL(`**/storefront/${store.id}`);
    const oatTile = tiles.filter({ hasText: 'Oat Milk Soap' });
    await oatTile.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => oatTile.getByRole('group', { name: 'Oat Milk Soap' }).isVisible()).toBe(true);
    await expect.poll(() => cartButton(page, 3).isVisible()).toBe(true);

    // ── The drawer: the gate, ten fast clicks, the gate lifts ───────────────────────────
    await cartButton(page, 3).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect.poll(() => drawer.getByText('Cannot Checkout').isVisible()).toBe(true);
    expect(await drawer.getByText('Your wholesale order must include at least 6 items to checkout.').isVisible()).toBe(
      true,
    );
    expect(await drawer.getByText('Your wholesale order must cost at least $50.00 to checkout.').isVisible()).toBe(
      true,
    );
    expect(await drawer.getByText('Add 3 more items').isVisible()).toBe(true);
    const checkout = drawer
      .getByRole('button', { name: 'Checkout' })
      .or(drawer.getByRole('link', { name: 'Checkout' }));
    expect(await checkout.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'the cart drawer (minimums not met)');
    await page.screenshot({ path: `${SHOTS}/storefront-cart-gate-desktop.png`, animations: 'disabled' });

    const more = drawer.getByRole('button', { name: 'Increase quantity of Oat Milk Soap' });
    for (let i = 0; i < 9; i += 1) await more.click();
    // 2 × $4.50 + 10 × $5.00 = $59.00 and 12 items: both minimums are met.
    await expect.poll(() => drawer.getByText('Cannot Checkout').count()).toBe(0);
    await expect.poll(() => checkout.isDisabled()).toBe(false);
    expect(await drawer.getByText('$59.00').first().isVisible()).toBe(true);
    // (The top bar sits behind the open drawer: read its badge.)
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('12');
    // The server holds exactly what the screen shows.
    await expect
      .poll(async () => (await serverCart()).line_items.map((l) => [l.product.name, l.quantity]).sort())
      .toEqual([
        ['Lavender Bar Soap', 2],
        ['Oat Milk Soap', 10],
      ]);
    const held = await serverCart();
    expect({ total: held.total_cents, items: held.item_count, can: held.can_checkout }).toEqual({
      total: 5900,
      items: 12,
      can: true,
    });
    await expectNoAxeViolations(page, 'the cart drawer (ready)');
    await page.screenshot({ path: `${SHOTS}/storefront-cart-ready-desktop.png`, animations: 'disabled' });

    await checkout.click();
    await page.waitForURL(`**/storefront/${store.id}/checkout`);

    // ── Checkout step 1: a new shipping address, then on to shipping options ───────────
    const next = page
      .getByRole('button', { name: 'Continue to shipping options' })
      .or(page.getByRole('link', { name: 'Continue to shipping options' }));
    await expect.poll(() => page.getByText('$59.00').first().isVisible()).toBe(true);
    // The summary lists the items, each with its quantity × price per case (issue 27).
    const items = page.getByRole('list', { name: 'Items in your order' });
    await expect.poll(() => items.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await items.getByText(/^\d+ × \$[\d.,]+ \/ case of 6$/).count()).toBe(await items.getByRole('listitem').count());
    const newAddress = page.getByRole('form', { name: 'New address' });
    // No saved address yet: the form is open from the start.
    await expect.poll(() => newAddress.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'checkout (new address)');
    await newAddress.getByLabel('First Name').fill('Rosa');
    await newAddress.getByLabel('Last Name').fill('Pantry');
    await newAddress.getByLabel(/^Address/).fill('12 Market Street');
    await newAddress.getByLabel('City').fill('Portland');
    await newAddress.getByLabel('State').selectOption('OR');
    // The ZIP is masked to five digits.
    await newAddress.getByLabel('Zip').fill('97205-12');
    expect(await newAddress.getByLabel('Zip').inputValue()).toBe('97205');
    await newAddress.getByRole('button', { name: 'Save Address' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /12 Market Street/ }).isChecked()).toBe(true);
    await expect.poll(() => next.isDisabled()).toBe(false);
    await expect
      .poll(async () => (await serverCart()).order)
      .toMatchObject({
        shipping_address: { line1: '12 Market Street', city: 'Portland', state: 'OR', postal_code: '97205' },
      });
    await expectNoAxeViolations(page, 'checkout (saved address)');
    await page.screenshot({ path: `${SHOTS}/checkout-address-desktop.png`, fullPage: true, animations: 'disabled' });
    await next.click();
    await page.waitForURL(`**/storefront/${store.id}/billing`);

    // ── Checkout step 2: live shipping rates; the first is chosen, another can be ──────
    const options = page.getByRole('radiogroup', { name: 'Shipping Options' }).getByRole('radio');
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => options.first().isChecked()).toBe(true);
    expect(await page.getByTestId('cost-of-goods').textContent()).toContain('$59.00');
    const chosen = async () => (await serverCart()).order;
    await expect.poll(async () => (await chosen()).shipping_cost_in_cents ?? null).not.toBeNull();
    // The choice is the server's (the order's rate): the radio turns on when its answer arrives.
    await options.nth(1).click();
    await expect.poll(() => options.nth(1).isChecked()).toBe(true);
    await expect
      .poll(async () => {
        const order = await chosen();
        const total = (await page.getByTestId('total').textContent()) ?? '';
        const cost = order.shipping_cost_in_cents ?? 0;
        return total.includes(`$${((5900 + cost) / 100).toFixed(2)}`) && cost > 0;
      })
      .toBe(true);
    await expectNoAxeViolations(page, 'billing');
    await page.screenshot({ path: `${SHOTS}/checkout-billing-desktop.png`, fullPage: true, animations: 'disabled' });
    // The tagged rates first, the others behind "More options (N)" (issue 27); expanding shows them all.
    const moreOptions = page.getByRole('button', { name: /^More options \(\d+\)$/ });
    await expect.poll(() => moreOptions.isVisible()).toBe(true);
    const shortCount = await options.count();
    const hidden = Number(/\((\d+)\)/.exec((await moreOptions.textContent()) ?? '')![1]);
    await moreOptions.click();
    await expect.poll(() => options.count()).toBe(shortCount + hidden);
    expect(await page.getByRole('button', { name: 'Fewer options' }).getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page, 'billing with every shipping option');
    await page.screenshot({ path: `${SHOTS}/checkout-billing-expanded-desktop.png`, fullPage: true, animations: 'disabled' });

    // ── Phone width: the grid in two columns, the product page, the drawer ─────────────
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${scene.server.url}/storefront/${store.id}`);
    await expect.poll(() => tiles.count()).toBe(3);
    const [first, second] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
    expect(first && second && Math.abs(first.y - second.y) < 2).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the storefront catalog at phone width');
    await page.screenshot({ path: `${SHOTS}/storefront-grid-phone.png`, fullPage: true, animations: 'disabled' });
    await lavenderTile.getByRole('link', { name: 'Lavender Bar Soap' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Lavender Bar Soap', level: 1 }).isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the product page at phone width');
    await page.screenshot({ path: `${SHOTS}/storefront-product-phone.png`, fullPage: true, animations: 'disabled' });
    await cartButton(page, 12).click();
    await expect
      .poll(() =>
        drawer
          .getByRole('button', { name: 'Checkout' })
          .or(drawer.getByRole('link', { name: 'Checkout' }))
          .isVisible(),
      )
      .toBe(true);
    await expectNoAxeViolations(page, 'the cart drawer at phone width');
    await page.screenshot({ path: `${SHOTS}/storefront-cart-phone.png`, animations: 'disabled' });
    await page.goto(`${scene.server.url}/storefront/${store.id}/checkout`);
    await expect.poll(() => page.getByRole('radio', { name: /12 Market Street/ }).isChecked()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'checkout at phone width');
    await page.screenshot({ path: `${SHOTS}/checkout-address-phone.png`, fullPage: true, animations: 'disabled' });
    await page.goto(`${scene.server.url}/storefront/${store.id}/billing`);
    await expect.poll(() => options.nth(1).isChecked()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'billing at phone width');
    await page.screenshot({ path: `${SHOTS}/checkout-billing-phone.png`, fullPage: true, animations: 'disabled' });
    // On a phone the short list spares the buyer most of the scrolling past the rates.
    const rateList = page.getByRole('radiogroup', { name: 'Shipping Options' });
    const shortHeight = (await rateList.boundingBox())!.height;
    await page.getByRole('button', { name: /^More options/ }).click();
    await expect.poll(() => options.count()).toBe(shortCount + hidden);
    const fullHeight = (await rateList.boundingBox())!.height;
    console.log(`shipping options at 390 px: ${Math.round(shortHeight)} px collapsed, ${Math.round(fullHeight)} px expanded`);
    expect(shortHeight).toBeLessThan(fullHeight / 2);
    await page.screenshot({ path: `${SHOTS}/checkout-billing-expanded-phone.png`, fullPage: true, animations: 'disabled' });

    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets a seller preview its own store and fill a test cart, but never check out against itself', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `maple-${stamp}@example.com`);
    const store = await seller.call<{ id: string }>('POST', '/api/organization', {
      selected_type: 'Merchant',
      name: 'Maple Goods',
    });
    await liveProducts(seller, store.id, [{ name: 'Maple Syrup 250 ml', priceCents: 850, msrpCents: 1500 }]);

    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/storefront/${store.id}`);
    await signInOnProviderPage(page, seller.email, seller.password);
    await page.waitForURL(`**/storefront/${store.id}`);
    const banner = page.getByRole('note', { name: 'Store preview' });
    await expect
      .poll(() =>
        banner
          .getByText(
            'Preview: this is how your retailers see Maple Goods. You can fill a test cart but cannot check out.',
          )
          .isVisible(),
      )
      .toBe(true);
    const tile = page.getByRole('article').filter({ hasText: 'Maple Syrup 250 ml' });
    await tile.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => cartButton(page, 1).isVisible()).toBe(true);
    await cartButton(page, 1).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect.poll(() => drawer.getByText(PREVIEW_CHECKOUT_MESSAGE).isVisible()).toBe(true);
    const checkout = drawer
      .getByRole('button', { name: 'Checkout' })
      .or(drawer.getByRole('link', { name: 'Checkout' }));
    expect(await checkout.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'the cart drawer in the store preview');
    await page.screenshot({ path: `${SHOTS}/storefront-preview-desktop.png`, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

const PRODUCT_SAVED = 'Product Updated! You can now view your updated product in your store.';

describe('volume pricing journey', () => {
  it('a break set in the product form shows on the tile and the product page and prices the cart', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `olive-${stamp}@example.com`);
    const store = await seller.call<{ id: string }>('POST', '/api/organization', {
      selected_type: 'Merchant',
      name: 'Olive Grove Co',
    });
    const [oilId] = await liveProducts(seller, store.id, [
      { name: 'Extra Virgin Olive Oil', priceCents: 500, msrpCents: 1000 },
      { name: 'Sea Salt Flakes', priceCents: 300, msrpCents: 600 },
    ]);

    // ── The seller sets a price break in the form ──────────────────────────────────────
    const sellerContext = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const sellerProblems = watchForProblems(sellerContext);
    const form = await sellerContext.newPage();
    await form.goto(`${scene.server.url}/app/${store.id}/products/${oilId}`);
    await signInOnProviderPage(form, seller.email, seller.password);
    const section = form.locator('section', { has: form.getByRole('heading', { name: 'Volume pricing' }) });
    await expect.poll(() => section.isVisible()).toBe(true);
    await section.getByRole('button', { name: 'Add price break' }).click();
    const row = section.getByRole('listitem', { name: 'Price break 1' });
    await row.getByLabel('From quantity').fill('12');
    // A price above the unit price is named inline before anything is sent.
    await row.getByLabel('Unit price').fill('5.50');
    await expect.poll(() => row.getByText('Must be less than the unit price ($5.00)').isVisible()).toBe(true);
    await row.getByLabel('Unit price').fill('4.10');
    await expect.poll(() => row.getByText(/^Must/).count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(form, 'the product form with a price break');
    await section.screenshot({ path: `${SHOTS}/volume-pricing-form-desktop.png`, animations: 'disabled' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(form, PRODUCT_SAVED).isVisible()).toBe(true);
    const saved = await seller.call<{ price_breaks: unknown }>('GET', `/api/product/${oilId}`);
    expect(saved.price_breaks).toEqual([{ min_quantity: 12, unit_price_in_cents: 410 }]);
    expect(sellerProblems).toEqual([]);
    await sellerContext.close();

    // ── The retailer sees it on the tile and the product page, and adds 12 ──────────────
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `deli-${stamp}@example.com`,
      'Corner Deli',
    );
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/storefront/${store.id}`);
    await signInOnProviderPage(page, buyer.email, buyer.password);
    await page.waitForURL(`**/storefront/${store.id}`);
    const tiles = page.getByRole('region', { name: 'Olive Grove Co products' }).getByRole('article');
    await expect.poll(() => tiles.count()).toBe(2);
    const oilTile = tiles.filter({ hasText: 'Extra Virgin Olive Oil' });
    expect(await oilTile.getByText('12+ at $4.10 / case', { exact: true }).isVisible()).toBe(true);
    expect(await tiles.filter({ hasText: 'Sea Salt Flakes' }).getByText(/\+ at/).count()).toBe(0);
    expect(await horizontalOverflow(page)).toBe(0);
    // The add buttons wait for the cart: judge them once it is there (enabling fades their colour in).
    await expect.poll(() => tiles.getByRole('button', { name: /to cart$/, disabled: true }).count()).toBe(0);
    await expectNoAxeViolations(page, 'the grid with a volume price');
    await page.screenshot({ path: `${SHOTS}/volume-pricing-grid-desktop.png`, animations: 'disabled' });

    await oilTile.getByRole('link', { name: 'Extra Virgin Olive Oil' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Extra Virgin Olive Oil', level: 1 }).isVisible())
      .toBe(true);
    const table = page.getByRole('table', { name: 'Volume pricing' });
    expect(await table.getByRole('cell').allInnerTexts()).toEqual(['1–11', '$5.00', '12+', '$4.10']);
    await page.getByRole('combobox', { name: 'Quantity' }).click();
    await page.getByRole('option', { name: '12', exact: true }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => page.getByText('In your cart: 12').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the product page with a volume table');
    await page.screenshot({
      path: `${SHOTS}/volume-pricing-product-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // ── The cart: $4.10 / case of 6, a volume price, and the server agrees ────────────────────
    await page.getByRole('button', { name: 'Cart, 12 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    const line = drawer.getByRole('listitem', { name: 'Extra Virgin Olive Oil' });
    await expect.poll(() => line.getByText('$4.10 / case of 6 · Volume price').isVisible()).toBe(true);
    expect(await line.getByText('$49.20').isVisible()).toBe(true);
    const serverCart = await buyer.call<Cart>(
      'GET',
      `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`,
    );
    expect(serverCart.line_items.map((l) => [l.quantity, l.unit_price_in_cents, l.line_total_cents])).toEqual([
      [12, 410, 4920],
    ]);
    expect(serverCart.total_cents).toBe(4920);
    // One fewer: back to the unit price.
    await line.getByRole('button', { name: 'Decrease quantity of Extra Virgin Olive Oil' }).click();
    await expect.poll(() => line.getByText('$5.00 / case of 6', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => line.getByText('$55.00').isVisible()).toBe(true);
    await line.getByRole('button', { name: 'Increase quantity of Extra Virgin Olive Oil' }).click();
    await expect.poll(() => line.getByText('$49.20').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the cart drawer with a volume price');
    await page.screenshot({ path: `${SHOTS}/volume-pricing-cart-desktop.png`, animations: 'disabled' });

    // ── Phone width ─────────────────────────────────────────────────────────────────────
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${scene.server.url}/storefront/${store.id}`);
    await expect.poll(() => tiles.count()).toBe(2);
    expect(await oilTile.getByText('12+ at $4.10 / case', { exact: true }).isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the grid with a volume price (phone)');
    await page.screenshot({ path: `${SHOTS}/volume-pricing-grid-phone.png`, fullPage: true, animations: 'disabled' });
    await page.goto(`${scene.server.url}/storefront/${store.id}/product/${oilId}`);
    await expect.poll(() => page.getByRole('table', { name: 'Volume pricing' }).isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({
      path: `${SHOTS}/volume-pricing-product-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await page.getByRole('button', { name: /^Cart, 12 items/ }).click();
    await expect.poll(() => drawer.getByText('$4.10 / case of 6 · Volume price').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the cart drawer (phone)');
    await page.screenshot({ path: `${SHOTS}/volume-pricing-cart-phone.png`, animations: 'disabled' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
