/**
 * Variants on the storefront (issue 24): what a buyer notices on a tile, on the product page's
 * option buttons and in the order grid.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { variantTitle, type Product, type ProductVariant } from '@cratebase/contract';
import { Route, Routes } from 'react-router';
import { ToastProvider } from '../../../../components/Toast';
import { ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { cartProduct } from '../../test-support/cart-test-server';
import { product, productIds, storeServer, tile, type StoreServerOptions } from '../../test-support/catalog-test-support';
import { ProductPage } from './ProductPage';
import { StorefrontPage } from './StorefrontPage';

const teeId = productIds.tea;
const SIZES = ['XS', 'S', 'M', 'L'];
const COLOURS = ['Black', 'White'];

const variantId = (n: number) => `00000000-0000-4000-8000-0000000c00${String(n).padStart(2, '0')}`;
const photoId = (n: number) => `00000000-0000-4000-8000-0000000d00${String(n).padStart(2, '0')}`;

/**
 * Heavy tee in S, M, L × Black, White (XS has no variant at all): M / White is not sold, L /
 * Black is sold out, M / Black has its own price, photo and a price break, S / White is sold in
 * multiples of 3.
 */
function variants(): ProductVariant[] {
  const made: ProductVariant[] = [];
  let n = 0;
  for (const size of SIZES.slice(1)) {
    for (const colour of COLOURS) {
      n += 1;
      const values = [size, colour];
      const mBlack = size === 'M' && colour === 'Black';
      made.push({
        id: variantId(n),
        title: variantTitle(values),
        option_values: values,
        position: n,
        stock_keeping_unit: `TEE-${size}-${colour.toUpperCase().slice(0, 3)}`,
        universal_product_code: null,
        unit_price_in_cents: mBlack ? 1300 : 1200,
        msrp_in_cents: 2400,
        weight: null,
        inventory_count: size === 'L' && colour === 'Black' ? 0 : 30,
        track_inventory: true,
        available: !(size === 'M' && colour === 'White'),
        order_increment: size === 'S' && colour === 'White' ? 3 : 1,
        price_breaks: mBlack ? [{ min_quantity: 12, unit_price_in_cents: 1100 }] : [],
        own_volume_rules: mBlack || (size === 'S' && colour === 'White'),
        media_id: mBlack ? photoId(2) : null,
      });
    }
  }
  return made;
}

const teeVariants = variants();
const byTitle = (title: string) => teeVariants.find((v) => v.title === title)!;

const tee: Product = product(teeId, 'Heavy tee', {
  options: [
    { name: 'Size', values: SIZES },
    { name: 'Colour', values: COLOURS },
  ],
  variants: teeVariants,
  price_range: { min: 1200, max: 1300 },
  media: [1, 2].map((i) => ({
    display_order: i,
    product_id: teeId,
    media: { id: photoId(i), cloudinary_url: `http://localhost/media/tee-${i}.jpg`, width: 800, height: 800 },
  })),
});

const cartProducts = teeVariants.map((v) =>
  cartProduct(v.id, `Heavy tee — ${v.title}`, v.unit_price_in_cents!, {
    parent_product_id: teeId,
    variant_title: v.title,
    stock_keeping_unit: v.stock_keeping_unit,
    order_increment: v.order_increment,
    price_breaks: v.price_breaks,
  }),
);

function renderTee({ path = teeId, ...options }: StoreServerOptions & { path?: string } = {}) {
  const server = storeServer({ products: { [teeId]: { body: tee } }, cart: { products: cartProducts }, ...options });
  vi.stubGlobal('fetch', server.fn);
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/storefront/:orgId/product/:productId" element={<ProductPage />} />
      </Routes>
    </ToastProvider>,
    { path: `/storefront/${ids.sellerX}/product/${path}` },
  );
  return server;
}

/** The page's wholesale price. */
const price = () => screen.getByText('Wholesale price').nextElementSibling?.textContent;
/** Types a quantity into a grid cell (the whole value at once: the grid reads the field's text). */
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const group = (name: string) => within(screen.getByRole('group', { name }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storefront tiles of products with options', () => {
  it('say "from $12.00" and the options, and open the product page instead of adding the product', async () => {
    const server = storeServer({
      forSale: () => ({
        body: [
          tile(teeId, 'Heavy tee', {
            options: tee.options,
            variant_count: 5,
            price_range: { min: 1200, max: 1300 },
            unit_price_in_cents: 1200,
          }),
          tile(productIds.honey, 'Candle', {
            options: [{ name: 'Scent', values: ['Fig', 'Oud', 'Cedar'] }],
            variant_count: 3,
            price_range: { min: 900, max: 900 },
            unit_price_in_cents: 900,
          }),
        ],
      }),
    });
    vi.stubGlobal('fetch', server.fn);
    renderWithProviders(
      <ToastProvider>
        <Routes>
          <Route path="/storefront/:orgId" element={<StorefrontPage />} />
        </Routes>
      </ToastProvider>,
      { path: `/storefront/${ids.sellerX}` },
    );

    const teeTile = within(await screen.findByRole('article', { name: 'Heavy tee' }));
    expect(teeTile.getByText('from $12.00 / unit')).toBeTruthy();
    expect(teeTile.getByText('4 sizes · 2 colours')).toBeTruthy();
    expect(teeTile.getByRole('link', { name: 'Choose options' }).getAttribute('href')).toBe(
      `/storefront/${ids.sellerX}/product/${teeId}`,
    );
    expect(teeTile.queryByRole('button', { name: /add/i })).toBeNull();

    const candle = within(screen.getByRole('article', { name: 'Candle' }));
    expect(candle.getByText('$9.00 / unit')).toBeTruthy();
    expect(candle.getByText('Fig · Oud · Cedar')).toBeTruthy();
  });
});

describe('the product page of a product with options', () => {
  it('asks for the options, then shows the chosen variant’s price, SKU, stock, price breaks and photo, and adds its id', async () => {
    const server = renderTee();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Heavy tee' });

    expect(price()).toBe('from $12.00 / unit');
    const add = screen.getByRole('button', { name: 'Choose a size and a colour' });
    expect(add.hasAttribute('disabled')).toBe(true);

    await user.click(group('Size').getByRole('button', { name: 'M' }));
    expect(screen.getByRole('button', { name: 'Choose a colour' }).hasAttribute('disabled')).toBe(true);
    await user.click(group('Colour').getByRole('button', { name: 'Black' }));

    expect(price()).toBe('$13.00 / unit');
    expect(screen.getByText('SKU TEE-M-BLA')).toBeTruthy();
    expect(screen.getByText('In stock: 30')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Volume pricing' })).getByText('$11.00')).toBeTruthy();
    // The variant's photo is shown.
    expect(screen.getByRole('img', { name: 'Heavy tee, photo 2 of 2' }).getAttribute('src')).toBe(
      'http://localhost/media/tee-2.jpg',
    );

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('In your cart: 1')).toBeTruthy();
    await waitFor(() =>
      expect(server.cart.cart().line_items.map((l) => [l.product.id, l.product.name, l.quantity])).toEqual([
        [byTitle('M / Black').id, 'Heavy tee — M / Black', 1],
      ]),
    );
  });

  it('shows combinations that are not sold or sold out as such, and cannot add them', async () => {
    renderTee();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Heavy tee' });

    // No XS is sold at all.
    expect(group('Size').getByRole('button', { name: 'XS Unavailable' }).hasAttribute('disabled')).toBe(true);

    await user.click(group('Size').getByRole('button', { name: 'M' }));
    const white = group('Colour').getByRole('button', { name: 'White Unavailable' });
    await user.click(white);
    expect(screen.getByRole('button', { name: 'Unavailable' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('M / White is not available.')).toBeTruthy();

    await user.click(group('Size').getByRole('button', { name: 'L' }));
    expect(group('Colour').getByRole('button', { name: 'Black Out of stock' })).toBeTruthy();
    await user.click(group('Colour').getByRole('button', { name: 'Black Out of stock' }));
    expect(screen.getByText('L / Black is out of stock.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to Cart' }).hasAttribute('disabled')).toBe(true);
  });

  it('orders many variants from the size × colour grid: totals, rules inline, one request, refusals named', async () => {
    const server = renderTee({
      cart: {
        products: cartProducts,
        refuse: (id) =>
          id === byTitle('L / White').id
            ? { status: 409, body: { error: 'insufficient_inventory', message: 'Only 2 left.' } }
            : null,
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Heavy tee' });
    await user.click(screen.getByRole('button', { name: 'Order by size and colour' }));
    const grid = within(await screen.findByRole('table', { name: 'Order grid of Heavy tee' }));

    // Not sold, sold out: no quantity can be typed.
    expect(grid.getByRole('textbox', { name: 'Quantity for XS / Black' }).hasAttribute('disabled')).toBe(true);
    expect(grid.getByRole('textbox', { name: 'Quantity for M / White' }).hasAttribute('disabled')).toBe(true);
    expect(grid.getByRole('textbox', { name: 'Quantity for L / Black' }).hasAttribute('disabled')).toBe(true);

    type(grid.getByRole('textbox', { name: 'Quantity for M / Black' }), '12');
    type(grid.getByRole('textbox', { name: 'Quantity for S / Black' }), '2');
    type(grid.getByRole('textbox', { name: 'Quantity for S / White' }), '2');
    type(grid.getByRole('textbox', { name: 'Quantity for L / White' }), '1');

    // Row S: 2 + 2; column Black: 12 + 2; all: 17.
    const rowS = within(grid.getByRole('rowheader', { name: 'S' }).closest('tr')!);
    expect(rowS.getAllByRole('cell').at(-1)!.textContent).toBe('4');
    const foot = within(grid.getByRole('rowheader', { name: 'Total' }).closest('tr')!);
    expect(foot.getAllByRole('cell').map((c) => c.textContent)).toEqual(['14', '3', '17']);

    // S / White is sold in multiples of 3: said in its cell, and nothing can be added yet.
    expect(grid.getByText('Sold in multiples of 3')).toBeTruthy();
    expect(screen.getByText('1 quantity needs fixing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add 17 pieces to cart' }).hasAttribute('disabled')).toBe(true);

    type(grid.getByRole('textbox', { name: 'Quantity for S / White' }), '3');
    // 12 × $11.00 (M / Black's break) + 2 × $12.00 + 3 × $12.00 + 1 × $12.00.
    expect(screen.getByText('18 pieces · $204.00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add 18 pieces to cart' }));
    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText('L / White: Only 2 left.')).toBeTruthy();

    const changes = server.cart.changes();
    expect(changes).toHaveLength(1);
    expect(changes[0]!.path).toBe('/api/cart/00000000-0000-4000-8000-0000000000ca/line_items');
    expect(changes[0]!.body).toEqual({
      lines: [
        { product_id: byTitle('S / Black').id, quantity: 2 },
        { product_id: byTitle('S / White').id, quantity: 3 },
        { product_id: byTitle('M / Black').id, quantity: 12 },
        { product_id: byTitle('L / White').id, quantity: 1 },
      ],
    });
    expect(Object.fromEntries(server.cart.cart().line_items.map((l) => [l.product.variant_title, l.quantity]))).toEqual({
      'S / Black': 2,
      'S / White': 3,
      'M / Black': 12,
    });
    // The added cells are cleared; the refused one keeps its quantity.
    expect((grid.getByRole('textbox', { name: 'Quantity for M / Black' }) as HTMLInputElement).value).toBe('');
    expect((grid.getByRole('textbox', { name: 'Quantity for L / White' }) as HTMLInputElement).value).toBe('1');
  });

  it('opens a variant’s own link as its product’s page with it chosen', async () => {
    const mBlack = byTitle('M / Black');
    renderTee({
      products: {
        [teeId]: { body: tee },
        [mBlack.id]: { body: { ...tee, id: mBlack.id, name: 'Heavy tee — M / Black', parent_product_id: teeId } },
      },
      path: mBlack.id,
    });
    expect(await screen.findByText('SKU TEE-M-BLA')).toBeTruthy();
    expect(group('Size').getByRole('button', { name: 'M' }).getAttribute('aria-pressed')).toBe('true');
    expect(group('Colour').getByRole('button', { name: 'Black' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lays out one option as a single column, and three as a grid per value of the third', async () => {
    const three: Product = {
      ...tee,
      options: [...tee.options, { name: 'Fit', values: ['Boxy', 'Slim'] }],
      variants: teeVariants.flatMap((v, i) =>
        ['Boxy', 'Slim'].map((fit, j) => ({
          ...v,
          id: variantId(40 + i * 2 + j),
          title: `${v.title} / ${fit}`,
          option_values: [...v.option_values, fit],
        })),
      ),
    };
    const server = renderTee({ products: { [teeId]: { body: three } }, cart: { products: [] } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Order by size and colour' }));
    const fit = within(await screen.findByRole('group', { name: 'Fit of the grid' }));
    expect(screen.getByRole('table', { name: 'Order grid of Heavy tee, Fit Boxy' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity for S / Black / Boxy' }), { target: { value: '2' } });
    await user.click(fit.getByRole('button', { name: 'Slim' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity for S / Black / Slim' }), { target: { value: '3' } });
    // Each fit says how many it holds; the total counts both.
    expect(fit.getByRole('button', { name: 'Boxy (2)' })).toBeTruthy();
    expect(screen.getByText('5 pieces · $60.00')).toBeTruthy();
    expect(server.cart.changes()).toEqual([]);
  });
});

describe('the order grid of a product with one option', () => {
  it('is a single column of quantities', async () => {
    const candle: Product = {
      ...tee,
      name: 'Candle',
      options: [{ name: 'Scent', values: ['Fig', 'Oud'] }],
      variants: ['Fig', 'Oud'].map((scent, i) => ({ ...teeVariants[0]!, id: variantId(60 + i), title: scent, option_values: [scent] })),
    };
    renderTee({ products: { [teeId]: { body: candle } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Order by scent' }));
    const grid = within(await screen.findByRole('table', { name: 'Order grid of Candle' }));
    expect(grid.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Scent', 'Quantity']);
    fireEvent.change(grid.getByRole('textbox', { name: 'Quantity for Oud' }), { target: { value: '4' } });
    expect(within(grid.getByRole('rowheader', { name: 'Total' }).closest('tr')!).getByRole('cell').textContent).toBe('4');
  });
});
