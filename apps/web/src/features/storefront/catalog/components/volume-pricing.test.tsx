// Volume pricing and quantity rules on the storefront (issue 13 item 3): the tile's best break,
// the product page's table and quantities, the steppers stepping by the order increment from the
// minimum, and the cart drawer pricing a line at its break.
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUANTITY_RULES_MESSAGE, type QuantityRules } from '@cratebase/contract';
import { Route, Routes } from 'react-router';
import { ToastProvider } from '../../../../components/Toast';
import { ids, makeUser, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { loadCartChanges } from '../../cart/api';
import { CartDrawer } from '../../cart/components/CartDrawer';
import { cartProduct, fakeCartServer } from '../../test-support/cart-test-server';
import { product, productIds, storeServer, tile } from '../../test-support/catalog-test-support';
import { ProductPage } from './ProductPage';
import { QuantityControl } from '../../cart/components/QuantityControl';
import { StorefrontPage } from './StorefrontPage';

beforeAll(() => loadCartChanges());
afterEach(() => {
  vi.restoreAllMocks();
});

const BREAKS = [
  { min_quantity: 12, unit_price_in_cents: 410 },
  { min_quantity: 24, unit_price_in_cents: 390 },
];
const RULES = { minimum_order_quantity: 12, order_increment: 6 };
const oilTile = tile(productIds.tea, 'Olive Oil', { unit_price_in_cents: 500, price_breaks: BREAKS, ...RULES });
const oilInCart = cartProduct(productIds.tea, 'Olive Oil', 500, { price_breaks: BREAKS, ...RULES });

describe('QuantityControl with order rules', () => {
  function Controlled({ rules }: { rules: QuantityRules }) {
    const [value, setValue] = useState(0);
    return <QuantityControl label="Oil" value={value} onChange={setValue} rules={rules} max={40} />;
  }
  const shown = () => within(screen.getByRole('group', { name: 'Oil' })).getByRole('status').textContent;

  it('goes to the minimum first, then by the increment, and from the minimum back to 0', async () => {
    const user = userEvent.setup();
    render(<Controlled rules={RULES} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity of Oil' });
    const minus = screen.getByRole('button', { name: 'Decrease quantity of Oil' });
    await user.click(plus);
    expect(shown()).toBe('12');
    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    expect(shown()).toBe('30');
    await user.click(plus);
    expect(shown()).toBe('36');
    // 42 is above the limit of 40.
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{ArrowDown}');
    await user.click(minus);
    await user.click(minus);
    await user.click(minus);
    expect(shown()).toBe('12');
    await user.click(minus);
    expect(shown()).toBe('0');
  });
});

describe('the tile', () => {
  function renderStore() {
    const server = storeServer({ forSale: () => ({ body: [oilTile] }), cart: { products: [oilInCart] } });
    vi.stubGlobal('fetch', server.fn);
    renderWithProviders(
      <ToastProvider>
        <Routes>
          <Route path="/storefront/:orgId" element={<StorefrontPage />} />
        </Routes>
      </ToastProvider>,
      { path: `/storefront/${ids.sellerX}` },
    );
    return server;
  }

  it('shows the best break, adds the minimum, and steps by the increment', async () => {
    const server = renderStore();
    const user = userEvent.setup();
    const card = within(await screen.findByRole('article', { name: 'Olive Oil' }));
    expect(card.getByText('$5.00 / unit')).toBeTruthy();
    expect(card.getByTestId('tile-volume-price').textContent).toBe('24+ at $3.90 / unit');

    const add = card.getByRole('button', { name: 'Add 12 to cart' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    await user.click(add);
    await user.click(await card.findByRole('button', { name: 'Increase quantity of Olive Oil' }));
    await waitFor(() => expect(server.cart.cart().line_items.map((line) => line.quantity)).toEqual([18]));
    expect(server.cart.cart().line_items[0]!.unit_price_in_cents).toBe(410);
  });
});

describe('the product page', () => {
  it('shows the volume table and the rules, and offers the orderable quantities only', async () => {
    const oil = product(productIds.tea, 'Olive Oil', { unit_price_in_cents: 500, price_breaks: BREAKS, ...RULES });
    const server = storeServer({ products: { [productIds.tea]: { body: oil } }, cart: { products: [oilInCart] } });
    vi.stubGlobal('fetch', server.fn);
    renderWithProviders(
      <ToastProvider>
        <Routes>
          <Route path="/storefront/:orgId/product/:productId" element={<ProductPage />} />
        </Routes>
      </ToastProvider>,
      { path: `/storefront/${ids.sellerX}/product/${productIds.tea}` },
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Olive Oil' });

    const table = screen.getByRole('table', { name: 'Volume pricing' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Quantity', 'Price / unit']);
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) =>
          within(row)
            .queryAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([[], ['12–23', '$4.10'], ['24+', '$3.90']]);
    expect(screen.getByText('Minimum order is 12 · Sold in multiples of 6')).toBeTruthy();

    const quantity = screen.getByRole('combobox', { name: 'Quantity' });
    expect(quantity.textContent).toBe('12');
    await user.click(quantity);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.slice(0, 5).map((option) => option.textContent)).toEqual(['0', '12', '18', '24', '30']);
    expect(options).toHaveLength(80);
    await user.click(options[3]!);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(server.cart.cart().line_items.map((line) => line.quantity)).toEqual([24]));
  });
});

describe('the cart drawer', () => {
  const buyer = makeUser({
    organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
    purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
  });
  const lineId = '10000000-0000-4000-8000-000000000101';

  function renderDrawer(quantity: number, productOverrides = {}) {
    const oil = cartProduct(productIds.tea, 'Olive Oil', 500, { price_breaks: BREAKS, ...RULES, ...productOverrides });
    const server = fakeCartServer({ user: buyer, products: [oil], lines: [{ id: lineId, product: oil, quantity }] });
    vi.stubGlobal('fetch', server.fn);
    renderWithProviders(
      <ToastProvider>
        <CartDrawer id="cart" open onClose={() => undefined} orgId={ids.sellerX} storeName="Seller X" />
      </ToastProvider>,
    );
    return server;
  }

  it('prices the line at its break, says so, and follows the stepper across the thresholds', async () => {
    const server = renderDrawer(18);
    const user = userEvent.setup();
    const line = within(await screen.findByRole('listitem', { name: 'Olive Oil' }));
    expect(line.getByText('$4.10 / unit')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$73.80');

    await user.click(line.getByRole('button', { name: 'Increase quantity of Olive Oil' }));
    // At once (before the server answers) and after: 24 at the 24+ price.
    expect(line.getByText(/\$3\.90 \/ unit/)).toBeTruthy();
    expect(line.getByText(/Volume price/)).toBeTruthy();
    await waitFor(() => expect(server.cart().line_items.map((l) => l.quantity)).toEqual([24]));
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$93.60'));
  });

  it('flags a quantity the seller’s rules no longer allow, and keeps checkout closed', async () => {
    renderDrawer(15);
    const line = within(await screen.findByRole('listitem', { name: 'Olive Oil' }));
    expect(line.getByText('Sold in multiples of 6: change the quantity to checkout.')).toBeTruthy();
    expect(screen.getByText(QUANTITY_RULES_MESSAGE)).toBeTruthy();
  });
});
