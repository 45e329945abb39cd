import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { ToastProvider } from '../../../../components/Toast';
import { ids, makeUser, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { CATALOG_PAGE_SIZE } from '../api';
import { cartProduct } from '../../test-support/cart-test-server';
import { productIds, storeServer, tile, type StoreServerOptions } from '../../test-support/catalog-test-support';
import { StorefrontPage } from './StorefrontPage';
import { StoreNotAvailable } from '../../components/StorefrontPlaceholders';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderStore(path: string, options: StoreServerOptions = {}) {
  const server = storeServer(options);
  vi.stubGlobal('fetch', server.fn);
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/storefront/:orgId" element={<StorefrontPage />} />
        <Route path="/storefront/:orgId/not-found" element={<StoreNotAvailable />} />
      </Routes>
      {/* Where the buyer is, on every path. */}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </ToastProvider>,
    { path },
  );
  return server;
}

const storePath = `/storefront/${ids.sellerX}`;

const tea = tile(productIds.tea, 'Breakfast Tea', {
  order_unit: 'Case',
  quantity_per_unit: 12,
  unit_price_in_cents: 1250,
  msrp_in_cents: 2400,
  image: {
    url: 'http://localhost/media/tea.jpg',
    width: 1600,
    height: 1600,
    variants: { '200': 'http://localhost/media/tea-200.webp', '600': 'http://localhost/media/tea-600.webp' },
  },
});
const honey = tile(productIds.honey, 'Wildflower Honey', {
  order_unit: 'Each',
  unit_price_in_cents: 899,
  track_inventory: true,
  inventory_count: 7,
});
const jam = tile(productIds.jam, 'Plum Jam', { track_inventory: true, inventory_count: 0 });

const cartProducts = [
  cartProduct(productIds.tea, 'Breakfast Tea', 1250),
  cartProduct(productIds.honey, 'Wildflower Honey', 899),
  cartProduct(productIds.jam, 'Plum Jam', 1000),
];

const article = (name: string) => screen.getByRole('article', { name });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/storefront/{org_id}: the catalog grid', () => {
  it('shows the banner and a tile per product: unit chip, photo or placeholder, name, price with MSRP, stock', async () => {
    const server = renderStore(storePath, { forSale: () => ({ body: [tea, honey, jam] }), cart: { products: cartProducts } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Seller X' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Breakfast Tea' })).toBeTruthy();
    // The browser tab names the page and the store.
    expect(document.title).toBe('Catalog · Seller X · Cratebase');
    expect(screen.getByText('Small-batch teas')).toBeTruthy();

    const teaTile = within(article('Breakfast Tea'));
    expect(teaTile.getByText('Case of 12')).toBeTruthy();
    // The price says it is per case, the MSRP per retail unit (issue 27).
    expect(teaTile.getByText('$12.50 / case of 12')).toBeTruthy();
    expect(teaTile.getByText('MSRP $24.00 / unit')).toBeTruthy();
    expect(teaTile.getByRole('link', { name: 'Breakfast Tea' }).getAttribute('href')).toBe(
      `/storefront/${ids.sellerX}/product/${productIds.tea}`,
    );
    const photo = article('Breakfast Tea').querySelector('img')!;
    // The resized copies only (the server lists those a tile needs), never the 1600 px original.
    expect(photo.getAttribute('srcset')).toBe(
      'http://localhost/media/tea-200.webp 200w, http://localhost/media/tea-600.webp 600w',
    );
    expect(photo.getAttribute('src')).toBe('http://localhost/media/tea-600.webp');
    expect(photo.getAttribute('sizes')).toBeTruthy();
    expect(photo.getAttribute('loading')).toBe('lazy');
    expect(photo.closest('a')?.getAttribute('href')).toBe(`/storefront/${ids.sellerX}/product/${productIds.tea}`);
    expect(teaTile.queryByText(/stock/i)).toBeNull();

    const honeyTile = within(article('Wildflower Honey'));
    expect(honeyTile.getByText('Each')).toBeTruthy();
    expect(honeyTile.getByText('$8.99 / unit')).toBeTruthy();
    expect(honeyTile.queryByText(/MSRP/)).toBeNull();
    expect(honeyTile.getByText('In stock: 7')).toBeTruthy();
    expect(honeyTile.getByTestId('tile-image-placeholder')).toBeTruthy();

    // The grid asks for the lean tile projection, a page at a time.
    expect(server.forSaleQueries()[0]).toEqual({ view: 'tile', limit: String(CATALOG_PAGE_SIZE) });
  });

  it('adds a product with "Add to cart" and then shows its quantity control; an out-of-stock tile cannot add', async () => {
    const server = renderStore(storePath, { forSale: () => ({ body: [tea, jam] }), cart: { products: cartProducts } });
    const user = userEvent.setup();

    const jamTile = within(await screen.findByRole('article', { name: 'Plum Jam' }));
    expect(jamTile.getByText('Out of stock')).toBeTruthy();

    const teaTile = within(article('Breakfast Tea'));
    const add = teaTile.getByRole('button', { name: 'Add to cart' });
    // Enabled once the cart has loaded; the out-of-stock tile's button never is.
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    expect(jamTile.getByRole('button', { name: 'Add to cart' }).hasAttribute('disabled')).toBe(true);
    await user.click(add);

    expect(await teaTile.findByRole('group', { name: 'Breakfast Tea' })).toBeTruthy();
    await user.click(teaTile.getByRole('button', { name: 'Increase quantity of Breakfast Tea' }));
    await waitFor(() =>
      expect(server.cart.cart().line_items.map((line) => [line.product.id, line.quantity])).toEqual([[productIds.tea, 2]]),
    );
    expect(server.cart.changes().every((call) => (call.body as { product_id?: string })?.product_id !== productIds.jam)).toBe(
      true,
    );
  });

  it('searches with q once the buyer stops typing, and says when nothing matches', async () => {
    const server = renderStore(storePath, {
      forSale: (query) => {
        const q = query.get('q');
        if (!q) return { body: [tea, honey] };
        return { body: [tea, honey].filter((item) => item.name.toLowerCase().includes(q.toLowerCase())) };
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Wildflower Honey' });

    // Pasted: one change, as typing fast would give once debounced.
    await user.click(await screen.findByRole('searchbox', { name: 'Search products' }));
    await user.paste('tea');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Wildflower Honey' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Breakfast Tea' })).toBeTruthy();
    expect(server.forSaleQueries().map((query) => query.q)).toEqual([undefined, 'tea']);
    expect(screen.getByTestId('where').textContent).toBe(`${storePath}?q=tea`);

    await user.clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await user.paste('coffee');
    expect(await screen.findByText('No products match “coffee”.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show all products' }));
    expect(await screen.findByRole('article', { name: 'Wildflower Honey' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('');
  });

  it('loads the next page with "Load more products" (the next cursor from the header)', async () => {
    const server = renderStore(storePath, {
      forSale: (query) =>
        query.get('cursor') === 'page-2' ? { body: [jam] } : { body: [tea, honey], nextCursor: 'page-2' },
    });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Wildflower Honey' });

    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByRole('article', { name: 'Plum Jam' })).toBeTruthy();
    expect(server.forSaleQueries().map((query) => query.cursor)).toEqual([undefined, 'page-2']);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more products' })).toBeNull();
  });

  it('loads the next page by itself when the end of the grid comes near the viewport', async () => {
    const observers: Array<{ callback: IntersectionObserverCallback; target: Element | null }> = [];
    class FakeIntersectionObserver {
      target: Element | null = null;
      constructor(readonly callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.target = target;
      }
      disconnect() {
        this.target = null;
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const server = renderStore(storePath, {
      forSale: (query) =>
        query.get('cursor') === 'page-2' ? { body: [jam] } : { body: [tea, honey], nextCursor: 'page-2' },
    });
    await screen.findByRole('article', { name: 'Wildflower Honey' });

    const watching = observers.find((observer) => observer.target);
    expect(watching).toBeTruthy();
    watching!.callback([{ isIntersecting: true } as IntersectionObserverEntry], watching as unknown as IntersectionObserver);
    expect(await screen.findByRole('article', { name: 'Plum Jam' })).toBeTruthy();
    expect(server.forSaleQueries().map((query) => query.cursor)).toEqual([undefined, 'page-2']);
  });

  it('says so when the store has no products for sale', async () => {
    renderStore(storePath, { forSale: () => ({ body: [] }) });
    expect(await screen.findByText('Seller X has no products for sale yet.')).toBeTruthy();
  });
});

describe('/storefront/{org_id}: a store that cannot be shown', () => {
  it('goes to /storefront/{org_id}/not-found for a store that is not in the user’s list', async () => {
    renderStore(`/storefront/${ids.sellerY}`);
    expect(await screen.findByRole('heading', { name: 'This store is not available' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your stores' }).getAttribute('href')).toBe('/storefront/all');
    expect(screen.getByTestId('where').textContent).toBe(`/storefront/${ids.sellerY}/not-found`);
  });

  it('goes to the not-found page when the store fails to load', async () => {
    renderStore(storePath, {
      organization: { status: 403, body: { error: 'forbidden', message: 'You do not buy from this store.' } },
    });
    expect(await screen.findByRole('heading', { name: 'This store is not available' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`${storePath}/not-found`);
  });
});

describe('/storefront/{org_id}: the minimums above the grid (issue 27)', () => {
  it('says the first-order minimums in one line and opens the Terms tab from it', async () => {
    renderStore(storePath, { forSale: () => ({ body: [tea] }), cart: { terms: { min_items: 6, min_cents: 10000 } } });
    const user = userEvent.setup();
    const notice = await screen.findByTestId('minimums-notice');
    expect(notice.textContent).toBe('First-order minimum: 6 items · $100.00See terms');
    // Above the grid.
    const grid = await screen.findByRole('region', { name: 'Seller X products' });
    expect(notice.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(notice).getByRole('link', { name: 'See terms' }));
    expect(await screen.findByRole('heading', { name: 'Order minimums for your first order' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`${storePath}?tab=terms`);
  });

  it('says the reorder minimums to a returning buyer, and "No order minimum" when there is none', async () => {
    renderStore(storePath, { cart: { terms: { min_items: 0, min_cents: 5000 } }, cartOverrides: { is_returning: true } });
    expect((await screen.findByTestId('minimums-notice')).textContent).toBe('Reorder minimum: $50.00See terms');
    cleanup();
    renderStore(storePath, { cart: { terms: { min_items: 0, min_cents: 0 } } });
    expect((await screen.findByTestId('minimums-notice')).textContent).toBe('No order minimumSee terms');
  });
});

describe('/storefront/{org_id}: the Terms tab', () => {
  it('shows the first-order minimums, and keeps the tab in the URL', async () => {
    renderStore(storePath, { cart: { terms: { min_items: 12, min_cents: 15000 } } });
    const user = userEvent.setup();
    const catalogTab = await screen.findByRole('tab', { name: 'Catalog' });
    expect(catalogTab.getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'Terms' }));
    expect(await screen.findByRole('heading', { name: 'Order minimums for your first order' })).toBeTruthy();
    expect(screen.getByText('Your first order must include at least 12 items.')).toBeTruthy();
    expect(screen.getByText('Your first order must cost at least $150.00.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`${storePath}?tab=terms`);
    expect(screen.getByRole('tabpanel', { name: 'Terms' })).toBeTruthy();
  });

  it('shows the returning-customer minimums, "No minimum" where one is 0, when opened from the URL', async () => {
    renderStore(`${storePath}?tab=terms`, {
      cart: { terms: { min_items: 0, min_cents: 5000 } },
      cartOverrides: { is_returning: true },
    });
    expect(await screen.findByRole('heading', { name: 'Order minimums for returning customers' })).toBeTruthy();
    expect(screen.getByText('Reorders: No minimum number of items.')).toBeTruthy();
    expect(screen.getByText('Reorders must cost at least $50.00.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Terms' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves between the tabs with the arrow keys and selects with Enter', async () => {
    renderStore(storePath);
    const user = userEvent.setup();
    const catalogTab = await screen.findByRole('tab', { name: 'Catalog' });
    const termsTab = screen.getByRole('tab', { name: 'Terms' });
    expect(termsTab.getAttribute('tabindex')).toBe('-1');

    catalogTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Quick order' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(termsTab);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Your first order: No minimum number of items.')).toBeTruthy();
    expect(screen.getByText('Your first order: No minimum order value.')).toBeTruthy();
    expect(termsTab.getAttribute('aria-selected')).toBe('true');
  });
});

describe('/storefront/{org_id}: a seller’s own store', () => {
  it('opens for a seller viewing its own store', async () => {
    const seller = makeUser({
      organizations: [org(ids.sellerX, 'Seller X', 'Merchant')],
      purchasing_organizations: [purchasing(ids.sellerX, 'Seller X', 'Merchant', ids.sellerX)],
    });
    renderStore(storePath, { user: seller, forSale: () => ({ body: [tea] }) });
    expect(await screen.findByRole('article', { name: 'Breakfast Tea' })).toBeTruthy();
  });
});
