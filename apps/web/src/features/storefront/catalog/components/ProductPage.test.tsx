import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductMedia } from '@cratebase/contract';
import { Route, Routes } from 'react-router';
import { ToastProvider } from '../../../../components/Toast';
import { ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { cartProduct } from '../../test-support/cart-test-server';
import { product, productIds, storeServer, type StoreServerOptions } from '../../test-support/catalog-test-support';
import { ProductPage } from './ProductPage';

function renderProduct(productId: string, options: StoreServerOptions = {}) {
  const server = storeServer({ cart: { products: [cartProduct(productIds.tea, 'Breakfast Tea', 1250)] }, ...options });
  vi.stubGlobal('fetch', server.fn);
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/storefront/:orgId/product/:productId" element={<ProductPage />} />
        <Route path="/storefront/:orgId" element={<p>The store’s catalog</p>} />
      </Routes>
    </ToastProvider>,
    { path: `/storefront/${ids.sellerX}/product/${productId}` },
  );
  return server;
}

function photo(index: number): ProductMedia {
  const id = `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`;
  return {
    display_order: index,
    product_id: productIds.tea,
    media: {
      id,
      cloudinary_url: `http://localhost/media/tea-${index}.jpg`,
      width: 1200,
      height: 1200,
      variants: { '600': `http://localhost/media/tea-${index}-600.webp` },
    },
  };
}

const tea = product(productIds.tea, 'Breakfast Tea', {
  description: 'Strong and malty.\nBest with milk.',
  order_unit: { id: 2, unit: 'Case' },
  quantity_per_unit: 12,
  unit_price_in_cents: 1250,
  msrp_in_cents: 2400,
  track_inventory: true,
  inventory_count: 40,
  media: [photo(2), photo(0), photo(1), photo(3), photo(4)],
  product_physical_measurements: {
    weight: 2.5,
    weight_unit: { id: 1, unit: 'lb' },
    length: 12,
    width: 8,
    height: 4,
    dimension_unit: { id: 2, unit: 'in' },
  },
});

const mainImage = () => screen.getByRole('img', { name: /^Breakfast Tea, photo/ });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/storefront/{org_id}/product/{product_id}', () => {
  it('shows the breadcrumb, unit chip, name, prices, stock, description and dimensions', async () => {
    renderProduct(productIds.tea, { products: { [productIds.tea]: { body: tea } } });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Breakfast Tea' })).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Seller X' }).getAttribute('href')).toBe(`/storefront/${ids.sellerX}`);
    expect(within(breadcrumb).getByText('Breakfast Tea').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Case of 12')).toBeTruthy();
    // The wholesale price is per case of 12, the MSRP per retail unit (issue 27).
    expect(screen.getByText('Wholesale price').nextElementSibling?.textContent).toBe('$12.50 / case of 12');
    expect(screen.getByText('Retail price (MSRP)').nextElementSibling?.textContent).toBe('$24.00 / unit');
    expect(screen.getByText('In stock: 40')).toBeTruthy();

    // Description keeps its line breaks.
    const description = screen.getByText(/Strong and malty/);
    expect(description.textContent).toBe('Strong and malty.\nBest with milk.');
    expect(getComputedStyle(description).whiteSpace).toBe('pre-line');

    await user.click(screen.getByRole('tab', { name: 'Dimensions' }));
    const panel = screen.getByRole('tabpanel', { name: 'Dimensions' });
    expect(within(panel).getByText('2.5 lb')).toBeTruthy();
    expect(within(panel).getByText('12 × 8 × 4 in')).toBeTruthy();
  });

  it('selects a photo from the thumbnails, in display order', async () => {
    renderProduct(productIds.tea, { products: { [productIds.tea]: { body: tea } } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Breakfast Tea' });

    expect(mainImage().getAttribute('alt')).toBe('Breakfast Tea, photo 1 of 5');
    expect(mainImage().getAttribute('src')).toBe('http://localhost/media/tea-0.jpg');
    expect(mainImage().getAttribute('srcset')).toBe(
      'http://localhost/media/tea-0-600.webp 600w, http://localhost/media/tea-0.jpg 1200w',
    );

    const thumbnails = within(screen.getByRole('group', { name: 'Photos of Breakfast Tea' }));
    await user.click(thumbnails.getByRole('button', { name: 'Show photo 3 of 5' }));
    expect(mainImage().getAttribute('alt')).toBe('Breakfast Tea, photo 3 of 5');
    expect(mainImage().getAttribute('src')).toBe('http://localhost/media/tea-2.jpg');
    expect(thumbnails.getByRole('button', { name: 'Show photo 3 of 5' }).getAttribute('aria-pressed')).toBe('true');
    expect(thumbnails.getByRole('button', { name: 'Show photo 1 of 5' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('scrolls the thumbnails 108 px per click of the up and down buttons', async () => {
    // jsdom has no layout: the scroller holds five 108 px thumbnails in a 384 px window.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'thumbnail-scroller' ? 5 * 108 - 8 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'thumbnail-scroller' ? 384 : 0;
    });
    const scrollBy = vi.fn(function (this: HTMLElement, options: ScrollToOptions) {
      this.scrollTop = Math.max(0, Math.min(this.scrollHeight - this.clientHeight, this.scrollTop + (options.top ?? 0)));
      this.dispatchEvent(new Event('scroll'));
    });
    HTMLElement.prototype.scrollBy = scrollBy as unknown as HTMLElement['scrollBy'];

    try {
      renderProduct(productIds.tea, { products: { [productIds.tea]: { body: tea } } });
      const user = userEvent.setup();
      await screen.findByRole('heading', { level: 1, name: 'Breakfast Tea' });
      const up = screen.getByRole('button', { name: 'Scroll photos up' });
      const down = screen.getByRole('button', { name: 'Scroll photos down' });
      expect(up.hasAttribute('disabled')).toBe(true);

      await user.click(down);
      expect(scrollBy).toHaveBeenLastCalledWith({ top: 108, behavior: 'smooth' });
      expect(screen.getByTestId('thumbnail-scroller').scrollTop).toBe(108);
      await waitFor(() => expect(up.hasAttribute('disabled')).toBe(false));

      await user.click(down);
      // 532 px of thumbnails in a 384 px window: the end is reached at 148 px.
      await waitFor(() => expect(down.hasAttribute('disabled')).toBe(true));

      await user.click(up);
      expect(scrollBy).toHaveBeenLastCalledWith({ top: -108, behavior: 'smooth' });
      expect(screen.getByTestId('thumbnail-scroller').scrollTop).toBe(40);
    } finally {
      delete (HTMLElement.prototype as { scrollBy?: unknown }).scrollBy;
    }
  });

  it('offers the quantities 0 to 79, adds with "Add to Cart", then updates and removes with "Update Quantity"', async () => {
    const untracked = { ...tea, track_inventory: false, inventory_count: 0 };
    const server = renderProduct(productIds.tea, { products: { [productIds.tea]: { body: untracked } } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Breakfast Tea' });

    const quantity = screen.getByRole('combobox', { name: 'Quantity' });
    expect(quantity.textContent).toBe('1');
    await user.click(quantity);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(Array.from({ length: 80 }, (_, n) => String(n)));
    await user.click(options[3]!);

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('In your cart: 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Quantity' })).toBeTruthy();
    await waitFor(() => expect(server.cart.cart().line_items.map((line) => line.quantity)).toEqual([3]));

    await user.click(screen.getByRole('combobox', { name: 'Quantity' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '0' }));
    await user.click(screen.getByRole('button', { name: 'Update Quantity' }));
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    await waitFor(() => expect(server.cart.cart().line_items).toEqual([]));
    expect(screen.getByRole('combobox', { name: 'Quantity' }).textContent).toBe('1');
  });

  it('presets the quantity to what the cart holds and says "Update Quantity"', async () => {
    renderProduct(productIds.tea, {
      products: { [productIds.tea]: { body: tea } },
      cart: {
        products: [cartProduct(productIds.tea, 'Breakfast Tea', 1250)],
        lines: [
          { id: '10000000-0000-4000-8000-000000000009', product: cartProduct(productIds.tea, 'Breakfast Tea', 1250), quantity: 6 },
        ],
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Breakfast Tea' });
    expect(screen.getByRole('combobox', { name: 'Quantity' }).textContent).toBe('6');
    expect(screen.getByRole('button', { name: 'Update Quantity' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('In your cart: 6')).toBeTruthy();
  });

  it('shows a loading placeholder until the product and the cart have loaded', async () => {
    const server = storeServer({ products: { [productIds.tea]: { body: tea } } });
    server.cart.holdReads();
    vi.stubGlobal('fetch', server.fn);
    renderWithProviders(
      <ToastProvider>
        <Routes>
          <Route path="/storefront/:orgId/product/:productId" element={<ProductPage />} />
        </Routes>
      </ToastProvider>,
      { path: `/storefront/${ids.sellerX}/product/${productIds.tea}` },
    );
    expect(await screen.findByTestId('product-loading')).toBeTruthy();
    await waitFor(() => expect(server.cart.reads().length).toBe(1));
    expect(screen.queryByRole('heading', { level: 1, name: 'Breakfast Tea' })).toBeNull();

    server.cart.answerReads();
    expect(await screen.findByRole('heading', { level: 1, name: 'Breakfast Tea' })).toBeTruthy();
    expect(screen.queryByTestId('product-loading')).toBeNull();
  });

  it('shows a placeholder image for a product without photos, and no thumbnails', async () => {
    renderProduct(productIds.tea, { products: { [productIds.tea]: { body: { ...tea, media: [] } } } });
    await screen.findByRole('heading', { level: 1, name: 'Breakfast Tea' });
    expect(screen.getByRole('img', { name: 'No photo of Breakfast Tea' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Photos of Breakfast Tea' })).toBeNull();
  });

  it('says the product is not available when the server answers 404, with the way back to the store', async () => {
    renderProduct(productIds.jam);
    expect(await screen.findByRole('heading', { name: 'This product is not available' })).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to Seller X' });
    expect(back.getAttribute('href')).toBe(`/storefront/${ids.sellerX}`);
    await userEvent.setup().click(back);
    expect(await screen.findByText('The store’s catalog')).toBeTruthy();
  });

  it('says the product is not available when it is a Draft, another seller’s, or deleted', async () => {
    for (const hidden of [
      { ...tea, state: { id: 1, state: 'Draft' } },
      { ...tea, organization: { id: ids.sellerY, name: 'Seller Y' } },
      { ...tea, deleted_at: '2024-02-01T00:00:00.000Z' },
    ]) {
      const view = renderProduct(productIds.tea, { products: { [productIds.tea]: { body: hidden } } });
      expect(await screen.findByRole('heading', { name: 'This product is not available' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
      expect(view.cart.changes()).toEqual([]);
      cleanup();
    }
  });
});
