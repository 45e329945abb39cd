/**
 * Issue 24, the retailer's side, on the production build: a tee sold in Size XS–XL × Colour
 * Black, White, Navy (made through PUT /api/product with options, then its variants priced,
 * stocked and photographed). The retailer sees "from $12.00" and the options on the tile, picks
 * M / Black on the product page (its price, SKU, stock and photo follow), adds it, then orders
 * many sizes and colours at once from the order grid — one request, a refused line named. The
 * server's cart agrees. Axe on the page and the grid; screenshots at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Cart, Product } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { horizontalOverflow, signInOnProviderPage, toast, watchForProblems } from './support/journey.js';
import { apiUser, invitedRetailer, uploadPhoto } from './support/seed.js';

const scene = journeyScene();

const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLOURS = ['Black', 'White', 'Navy'];

describe('variants on the storefront', () => {
  it('picks a variant by its options, and orders many from the size × colour grid', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `threads-${stamp}@example.com`);
    const store = await seller.call<{ id: string }>('POST', '/api/organization', {
      selected_type: 'Merchant',
      name: 'Threadline Supply',
    });
    const photos = await Promise.all(
      ['#2b2b2f', '#f1efe9', '#1f2d52'].map((colour) => uploadPhoto(scene.server.url, seller, store.id, colour)),
    );
    // Every combination is made from the options; then the variants get their SKUs, prices, stock and photos.
    const made = await seller.call<Product>('PUT', '/api/product', {
      name: 'Heavyweight tee',
      description: 'Garment-dyed 240 gsm cotton, boxy fit.',
      organization: { id: store.id },
      state: 'Live',
      order_unit: 'Each',
      unit_price_in_cents: 1200,
      msrp_in_cents: 2800,
      media: photos.map((id, i) => ({ display_order: i, media: { id } })),
      options: [
        { name: 'Size', values: SIZES },
        { name: 'Colour', values: COLOURS },
      ],
    });
    expect(made.variants).toHaveLength(15);
    const photoOf = (colour: string) => photos[COLOURS.indexOf(colour)]!;
    const tee = await seller.call<Product>('PUT', '/api/product', {
      id: made.id,
      organization: { id: store.id },
      variants: made.variants.map((v) => {
        const [size, colour] = v.option_values as [string, string];
        return {
          id: v.id,
          option_values: v.option_values,
          stock_keeping_unit: `TEE-${size}-${colour.slice(0, 3).toUpperCase()}`,
          unit_price_in_cents: size === 'XL' ? 1400 : 1200,
          track_inventory: true,
          // Navy is not made in XS.
          available: !(size === 'XS' && colour === 'Navy'),
          media_id: photoOf(colour),
          ...(size === 'M' && colour === 'Black'
            ? { own_volume_rules: true, order_increment: 1, price_breaks: [{ min_quantity: 12, unit_price_in_cents: 1050 }] }
            : {}),
        };
      }),
    });
    const variant = (title: string) => tee.variants.find((v) => v.title === title)!;
    for (const v of tee.variants) {
      // L / White is sold out; the others have 40 (S / Navy only 3).
      const count = v.title === 'L / White' ? 0 : v.title === 'S / Navy' ? 3 : 40;
      if (count > 0) await seller.call('POST', '/api/inventory/transaction', { product: { id: v.id }, count });
    }
    await seller.call('PUT', '/api/product', {
      name: 'Beeswax candle',
      organization: { id: store.id },
      state: 'Live',
      unit_price_in_cents: 900,
      options: [{ name: 'Scent', values: ['Fig', 'Oud', 'Cedar'] }],
    });

    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `boutique-${stamp}@example.com`,
      'Corner Boutique',
    );
    const serverLines = async () =>
      Object.fromEntries(
        (
          await buyer.call<Cart>('GET', `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`)
        ).line_items.map((l) => [l.product.name, l.quantity]),
      );

    // ── The grid: "from $12.00" and the options; the tile opens the product page ────────
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/storefront/${store.id}`);
    await signInOnProviderPage(page, buyer.email, buyer.password);
    const teeTile = page.getByRole('article', { name: 'Heavyweight tee' });
    await expect.poll(() => teeTile.getByText('from $12.00 / unit', { exact: true }).isVisible()).toBe(true);
    expect(await teeTile.getByText('5 sizes · 3 colours').isVisible()).toBe(true);
    const candleTile = page.getByRole('article', { name: 'Beeswax candle' });
    expect(await candleTile.getByText('Fig · Oud · Cedar').isVisible()).toBe(true);
    expect(await candleTile.getByText('$9.00 / unit', { exact: true }).isVisible()).toBe(true);
    // The tile's photo loads lazily: in view, then loaded, before the picture is taken.
    const teePhoto = teeTile.locator('img');
    await teePhoto.scrollIntoViewIfNeeded();
    await expect.poll(() => teePhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/variants-tiles-desktop.png`, fullPage: true, animations: 'disabled' });
    await teeTile.getByRole('link', { name: 'Choose options' }).click();
    await page.waitForURL(`**/product/${tee.id}`);

    // ── The product page: options first, then the variant's price, SKU, stock and photo ──
    const add = page.getByRole('button', { name: 'Choose a size and a colour' });
    await expect.poll(() => add.isDisabled()).toBe(true);
    const size = page.getByRole('group', { name: 'Size', exact: true });
    const colour = page.getByRole('group', { name: 'Colour', exact: true });
    await size.getByRole('button', { name: 'XS', exact: true }).click();
    expect(await colour.getByRole('button', { name: 'Navy Unavailable' }).isVisible()).toBe(true);
    await size.getByRole('button', { name: 'M', exact: true }).click();
    await colour.getByRole('button', { name: 'Black', exact: true }).click();
    await expect.poll(() => page.getByText('SKU TEE-M-BLA').isVisible()).toBe(true);
    expect(await page.getByText('In stock: 40').isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'Volume pricing' }).getByText('$10.50').isVisible()).toBe(true);
    expect(page.url()).toContain(`?variant=${variant('M / Black').id}`);
    const mainPhoto = page.getByRole('img', { name: /^Heavyweight tee, photo 1 of 3/ });
    expect(await mainPhoto.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the product page with options chosen');
    await page.screenshot({ path: `${SHOTS}/variants-product-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => page.getByText('In your cart: 1').isVisible()).toBe(true);
    await expect.poll(serverLines).toEqual({ 'Heavyweight tee — M / Black': 1 });

    // ── The order grid: sizes down, colours across; totals; one request ─────────────────
    await page.getByRole('button', { name: 'Order by size and colour' }).click();
    const grid = page.getByRole('table', { name: 'Order grid of Heavyweight tee' });
    const cell = (title: string) => grid.getByRole('textbox', { name: `Quantity for ${title}`, exact: true });
    await expect.poll(() => cell('S / Black').isVisible()).toBe(true);
    expect(await cell('XS / Navy').isDisabled()).toBe(true);
    expect(await cell('L / White').isDisabled()).toBe(true);
    await cell('S / Black').fill('6');
    await cell('M / Black').fill('11');
    await cell('M / White').fill('6');
    await cell('L / Navy').fill('4');
    await cell('XL / Black').fill('2');
    await cell('S / Navy').fill('5');
    expect(await grid.getByText('Only 3 more available').isVisible()).toBe(true);
    await cell('S / Navy').fill('3');
    // 6 × 12 + 11 × 10.50 (12 with the one in the cart) + 6 × 12 + 4 × 12 + 2 × 14 + 3 × 12
    const status = page.getByRole('status').filter({ hasText: 'pieces' });
    await expect.poll(() => status.textContent()).toContain('32 pieces · $371.50');
    await expectNoAxeViolations(page, 'the order grid with quantities');
    await page.getByRole('region', { name: 'Order grid' }).screenshot({
      path: `${SHOTS}/variants-matrix-desktop.png`,
      animations: 'disabled',
    });
    await page.getByRole('button', { name: 'Add 32 pieces to cart' }).click();
    await expect.poll(() => toast(page, 'Added 32 pieces of Heavyweight tee to your cart.').isVisible()).toBe(true);
    expect(await serverLines()).toEqual({
      'Heavyweight tee — M / Black': 12,
      'Heavyweight tee — S / Black': 6,
      'Heavyweight tee — M / White': 6,
      'Heavyweight tee — L / Navy': 4,
      'Heavyweight tee — XL / Black': 2,
      'Heavyweight tee — S / Navy': 3,
    });

    // The cart names each variant under the product, with its SKU.
    await page.getByRole('button', { name: /^Cart, 33 items/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    expect(await drawer.getByRole('listitem', { name: 'Heavyweight tee — M / Black' }).getByText('M / Black · SKU TEE-M-BLA').isVisible()).toBe(true);
    await drawer.screenshot({ path: `${SHOTS}/variants-cart-desktop.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');

    // ── The quick-order sheet: a row per variant, a product's variants together ───────
    await page.goto(`${scene.server.url}/storefront/${store.id}?tab=quick-order`);
    const sheet = page.getByRole('table', { name: 'Threadline Supply quick order' });
    const sheetQuantity = (title: string) =>
      sheet.getByRole('textbox', { name: `Quantity of Heavyweight tee — ${title} to add`, exact: true });
    await expect.poll(() => sheetQuantity('XS / Black').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/variants-quick-order-desktop.png`, fullPage: true, animations: 'disabled' });
    const firstTeeRow = sheet.getByRole('row').filter({
      has: page.getByRole('textbox', { name: 'Quantity of Heavyweight tee — XS / Black to add', exact: true }),
    });
    expect(await firstTeeRow.getByText('Heavyweight tee · XS / Black').isVisible()).toBe(true);
    expect(await sheetQuantity('L / White').isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    // ── A phone: the option buttons wrap, the grid scrolls sideways inside its card ──────
    const phone = await scene.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phoneProblems = watchForProblems(phone);
    const small = await phone.newPage();
    await small.goto(`${scene.server.url}/storefront/${store.id}/product/${tee.id}?variant=${variant('XL / Navy').id}`);
    await signInOnProviderPage(small, buyer.email, buyer.password);
    await expect.poll(() => small.getByText('SKU TEE-XL-NAV').isVisible()).toBe(true);
    expect(await horizontalOverflow(small)).toBe(0);
    await small.screenshot({ path: `${SHOTS}/variants-product-phone.png`, fullPage: true, animations: 'disabled' });
    await small.getByRole('button', { name: 'Order by size and colour' }).click();
    const smallGrid = small.getByRole('table', { name: 'Order grid of Heavyweight tee' });
    await expect.poll(() => smallGrid.isVisible()).toBe(true);
    await smallGrid.getByRole('textbox', { name: 'Quantity for XS / Black', exact: true }).fill('2');
    await smallGrid.getByRole('textbox', { name: 'Quantity for L / Black', exact: true }).fill('3');
    expect(await horizontalOverflow(small)).toBe(0);
    await expectNoAxeViolations(small, 'the order grid on a phone');
    await small.getByRole('region', { name: 'Order grid' }).screenshot({
      path: `${SHOTS}/variants-matrix-phone.png`,
      animations: 'disabled',
    });
    expect(phoneProblems).toEqual([]);
    await phone.close();
  });
});
