import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNAVAILABLE_LINES_MESSAGE } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { ids, makeUser, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { loadCartChanges } from '../api';
import { CartDrawer } from './CartDrawer';
import { cartProduct, fakeCartServer, gadget, widget, type FakeCartServerOptions, type StoredLine } from '../../test-support/cart-test-server';

const buyer = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
});

// A change shows at once once the change machinery has loaded (the quantity controls preload it
// as they mount); load it before the tests look at the screen right after a click.
beforeAll(() => loadCartChanges());

const lineId = (n: number) => `10000000-0000-4000-8000-00000000010${n}`;

function renderDrawer(options: Partial<FakeCartServerOptions> = {}) {
  const server = fakeCartServer({ user: buyer, ...options });
  vi.stubGlobal('fetch', server.fn);
  renderWithProviders(
    <ToastProvider>
      <CartDrawer id="cart" open onClose={() => undefined} orgId={ids.sellerX} storeName="Seller X" />
    </ToastProvider>,
  );
  return server;
}

const drawer = () => screen.getByRole('presentation');
const lineOf = (name: string) => screen.getByRole('listitem', { name });
const total = () => screen.getByTestId('cart-total').textContent;

describe('CartDrawer', () => {
  it("says 'Cart is Empty' for an empty cart, under the store's name", async () => {
    renderDrawer();
    expect(await screen.findByText('Cart is Empty')).toBeTruthy();
    expect(within(drawer()).getByRole('heading', { name: 'Cart' })).toBeTruthy();
    expect(within(drawer()).getByText('Seller X')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  it('lists each line with its photo (or a placeholder), its price per order unit and line total, and the total', async () => {
    const photographed = cartProduct(widget.id, 'Widget', 1200, {
      media: [
        {
          display_order: 0,
          product_id: widget.id,
          media: { id: widget.id, cloudinary_url: '/media/widget.png', variants: { '200': '/media/widget-200.png' } },
        },
      ],
    });
    // Sold by the case of 6: its line says the price is per case, not "each" (issue 27).
    const cased = cartProduct(gadget.id, 'Gadget', 550, { order_unit: { id: 2, unit: 'Case' }, quantity_per_unit: 6 });
    renderDrawer({
      products: [photographed, cased],
      lines: [
        { id: lineId(1), product: photographed, quantity: 3 },
        { id: lineId(2), product: cased, quantity: 2 },
      ],
    });
    const widgetLine = await screen.findByRole('listitem', { name: 'Widget' });
    expect(within(widgetLine).getByRole('img', { name: 'Widget' }).getAttribute('src')).toBe('/media/widget-200.png');
    expect(within(widgetLine).getByText('$12.00 / unit')).toBeTruthy();
    expect(within(widgetLine).getByText('$36.00')).toBeTruthy();
    expect(within(widgetLine).getByRole('group', { name: 'Widget' }).querySelector('output')?.textContent).toBe('3');
    const gadgetLine = lineOf('Gadget');
    expect(within(gadgetLine).getByTestId('line-image-placeholder')).toBeTruthy();
    expect(within(gadgetLine).getByText('$5.50 / case of 6')).toBeTruthy();
    expect(within(gadgetLine).getByText('$11.00')).toBeTruthy();
    expect(total()).toBe('$47.00');
    expect(screen.getByText('5 items')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('removes a line when its quantity is decreased at 1', async () => {
    const server = renderDrawer({
      lines: [
        { id: lineId(1), product: widget, quantity: 2 },
        { id: lineId(2), product: gadget, quantity: 1 },
      ],
    });
    await screen.findByRole('listitem', { name: 'Gadget' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Decrease quantity of Gadget' }));
    expect(screen.queryByRole('listitem', { name: 'Gadget' })).toBeNull();
    expect(total()).toBe('$24.00');
    await waitFor(() => expect(server.cart().line_items.map((line) => line.product.name)).toEqual(['Widget']));
    expect(server.changes().map((call) => `${call.method} ${call.path}`)).toEqual([`DELETE /api/cart/line_item/${lineId(2)}`]);
  });

  it('marks an unavailable line with its reason, leaves it out of the total and removes it', async () => {
    const lines: StoredLine[] = [
      { id: lineId(1), product: widget, quantity: 2 },
      { id: lineId(2), product: gadget, quantity: 4, unavailable: 'Gadget is no longer sold by Seller X.' },
    ];
    const server = renderDrawer({ lines });
    const gadgetLine = await screen.findByRole('listitem', { name: 'Gadget' });
    expect(within(gadgetLine).getByText('Gadget is no longer sold by Seller X.')).toBeTruthy();
    expect(within(gadgetLine).queryByRole('group')).toBeNull();
    expect(total()).toBe('$24.00');
    expect(within(screen.getByRole('alert')).getByText(UNAVAILABLE_LINES_MESSAGE)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.setup().click(within(gadgetLine).getByRole('button', { name: 'Remove Gadget' }));
    expect(screen.queryByRole('listitem', { name: 'Gadget' })).toBeNull();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.changes().map((call) => `${call.method} ${call.path}`)).toEqual([`DELETE /api/cart/line_item/${lineId(2)}`]);
  });

  it('lifts the gate when a change meets the minimums', async () => {
    const server = renderDrawer({
      lines: [{ id: lineId(1), product: widget, quantity: 3 }],
      terms: { min_items: 4, min_cents: 4000 },
    });
    expect(await screen.findByText('Add 1 more item')).toBeTruthy();
    expect(screen.getByText('Add $4.00 more')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Cannot Checkout')).toBeTruthy();
    server.hold();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Increase quantity of Widget' }));
    // At once on the screen; Checkout waits for the server's answer.
    expect(screen.queryByText('Add 1 more item')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(total()).toBe('$48.00');
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
    server.answerAll();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows skeleton lines while the cart loads', async () => {
    const server = fakeCartServer({ user: buyer, lines: [{ id: lineId(1), product: widget, quantity: 1 }] });
    server.holdReads();
    vi.stubGlobal('fetch', server.fn);
    renderWithProviders(
      <ToastProvider>
        <CartDrawer id="cart" open onClose={() => undefined} orgId={ids.sellerX} storeName="Seller X" />
      </ToastProvider>,
    );
    expect(await screen.findByTestId('cart-loading')).toBeTruthy();
    server.answerReads();
    expect(await screen.findByRole('listitem', { name: 'Widget' })).toBeTruthy();
    expect(screen.queryByTestId('cart-loading')).toBeNull();
  });

  it('says why the cart did not load and tries again', async () => {
    const server = fakeCartServer({ user: buyer, lines: [{ id: lineId(1), product: widget, quantity: 1 }] });
    server.failReads(1);
    vi.stubGlobal('fetch', server.fn);
    renderWithProviders(
      <ToastProvider>
        <CartDrawer id="cart" open onClose={() => undefined} orgId={ids.sellerX} storeName="Seller X" />
      </ToastProvider>,
    );
    expect(await screen.findByText('We could not load your cart. The cart service is down.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Widget' })).toBeTruthy();
  });

  it('names a variant under its product, with its values and SKU', async () => {
    const tee = cartProduct('00000000-0000-4000-8000-0000000000a9', 'Heavy tee — M / Black', 1300, {
      parent_product_id: '00000000-0000-4000-8000-0000000000a8',
      variant_title: 'M / Black',
      stock_keeping_unit: 'TEE-M-BLK',
    });
    renderDrawer({ products: [tee], lines: [{ id: lineId(1), product: tee, quantity: 2 }] });
    const line = within(await screen.findByRole('listitem', { name: 'Heavy tee — M / Black' }));
    expect(line.getByText('Heavy tee')).toBeTruthy();
    expect(line.getByText('M / Black').textContent).toBe('M / Black · SKU TEE-M-BLK');
  });
});
