import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import type { CartProduct, ProductSheetRow } from '@cratebase/contract';
import { ids } from '../../../../test/fixtures';
import { renderInBuyerShell } from '../../test-support/buyer-shell';
import { cartProduct, fakeCartServer, type FakeCartServerOptions } from '../../test-support/cart-test-server';
import { buyerOfSellerX } from '../../test-support/catalog-test-support';
import { QuickOrderSheet } from './QuickOrderSheet';

const widget = cartProduct('00000000-0000-4000-8000-0000000000a1', 'Widget', 1200, { stock_keeping_unit: 'W-1' });
const gadget = cartProduct('00000000-0000-4000-8000-0000000000a2', 'Gadget', 550, { stock_keeping_unit: 'G-2' });
const gizmo = cartProduct('00000000-0000-4000-8000-0000000000a3', 'Gizmo', 300, {
  stock_keeping_unit: 'Z-3',
  track_inventory: true,
  inventory_count: 0,
});
const products = [widget, gadget, gizmo];

/** The sheet's row of a product, as GET …/for-sale?view=sheet answers it. */
function sheetRow(product: CartProduct): ProductSheetRow {
  return {
    id: product.id,
    product_id: product.parent_product_id ?? product.id,
    name: product.name,
    variant_title: product.variant_title,
    stock_keeping_unit: product.stock_keeping_unit,
    order_unit: null,
    quantity_per_unit: null,
    unit_price_in_cents: product.unit_price_in_cents,
    minimum_order_quantity: product.minimum_order_quantity,
    order_increment: product.order_increment,
    price_breaks: product.price_breaks,
    track_inventory: product.track_inventory,
    inventory_count: product.inventory_count,
  };
}

/** The sheet inside the buyer shell (its View cart button), over the in-memory cart and the sheet's rows. */
function renderSheet(options: Partial<FakeCartServerOptions> = {}, listed: CartProduct[] = products) {
  const server = fakeCartServer({ user: buyerOfSellerX(), products: listed, ...options });
  const sheetReads: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    if (url.pathname === `/api/product/organization/${ids.sellerX}/for-sale`) {
      sheetReads.push(url.searchParams);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const rows = listed
        .filter((p) => p.name.toLowerCase().includes(q) || (p.stock_keeping_unit ?? '').toLowerCase().includes(q))
        .map(sheetRow);
      return new Response(JSON.stringify(rows), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return server.fn(input, init);
  });
  renderInBuyerShell(
    <Route path=":orgId" element={<QuickOrderSheet orgId={ids.sellerX} storeName="Seller X" />} />,
    `/storefront/${ids.sellerX}`,
  );
  return { server, sheetReads };
}

/** Waits for the sheet's first page (the table shows skeleton rows until then). */
const sheetLoaded = () => screen.findByRole('textbox', { name: 'Quantity of Widget to add' });
const quantityOf = (name: string) => screen.getByRole('textbox', { name: `Quantity of ${name} to add` });
const rowOf = (name: string) => quantityOf(name).closest('tr') as HTMLElement;

describe('QuickOrderSheet', () => {
  it('shows a row per product with what the cart holds, and a sold-out row that takes no quantity', async () => {
    const { sheetReads } = renderSheet({ lines: [{ id: '10000000-0000-4000-8000-000000000001', product: gadget, quantity: 4 }] });
    const table = await screen.findByRole('table', { name: 'Seller X quick order' });
    expect(await within(table).findByText('Widget')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(1 + products.length);
    expect(sheetReads[0]?.get('view')).toBe('sheet');
    await waitFor(() => expect(within(rowOf('Gadget')).getByText('4')).toBeTruthy());
    expect(within(rowOf('Widget')).getByText('—')).toBeTruthy();
    expect((quantityOf('Gizmo') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('No quantities typed yet');
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sums what is typed, names a quantity that is not a whole number, and moves down with Enter past sold-out rows', async () => {
    renderSheet();
    const user = userEvent.setup();
    await sheetLoaded();
    await user.type(quantityOf('Widget'), '3');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(quantityOf('Gadget')));
    await user.keyboard('x');
    expect(screen.getByRole('status').textContent).toContain('1 product · 3 units · $36.00');
    expect(screen.getByRole('status').textContent).toContain('1 quantity needs fixing');
    expect(quantityOf('Gadget').getAttribute('aria-invalid')).toBe('true');
    expect(within(rowOf('Gadget')).getByText('Type a whole number')).toBeTruthy();
    // Enter from the last row that takes a quantity stays there (Gizmo is sold out).
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(quantityOf('Gadget'));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(document.activeElement).toBe(quantityOf('Widget')));
  });

  it('adds every typed quantity in one request, and keeps a refused line with the store’s reason', async () => {
    const { server } = renderSheet({
      lines: [{ id: '10000000-0000-4000-8000-000000000001', product: widget, quantity: 2 }],
      refuse: (productId) =>
        productId === gadget.id
          ? { status: 409, body: { error: 'insufficient_stock', message: 'Only 1 left', issues: [{ path: 'quantity', message: 'Only 1 left' }] } }
          : null,
    });
    const user = userEvent.setup();
    await sheetLoaded();
    await user.type(quantityOf('Widget'), '3');
    await user.type(quantityOf('Gadget'), '5');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText('Added 1 product to your cart; 1 could not be added.')).toBeTruthy();
    const bulk = server.changes().filter((call) => call.method === 'PUT');
    expect(bulk).toHaveLength(1);
    // Quantities are added to what the cart holds: 2 + 3 of Widget.
    expect(bulk[0]!.body).toEqual({
      lines: [
        { product_id: widget.id, quantity: 5 },
        { product_id: gadget.id, quantity: 5 },
      ],
    });
    // The sheet's alert (the toast is one too).
    const alert = screen.getByText('Not added to your cart').closest('[role="alert"]') as HTMLElement;
    expect(alert).toBeTruthy();
    expect(within(alert).getByText('Gadget: Only 1 left')).toBeTruthy();
    expect(within(rowOf('Gadget')).getByText('Only 1 left')).toBeTruthy();
    expect((quantityOf('Gadget') as HTMLInputElement).value).toBe('5');
    expect((quantityOf('Widget') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(within(rowOf('Widget')).getByText('5')).toBeTruthy());

    // Changing the refused quantity clears its reason.
    await user.clear(quantityOf('Gadget'));
    await user.type(quantityOf('Gadget'), '1');
    expect(within(rowOf('Gadget')).queryByText('Only 1 left')).toBeNull();
  });

  it('opens the paste dialog with a spreadsheet selection pasted into the filter, and adds its lines', async () => {
    const { server } = renderSheet();
    const user = userEvent.setup();
    await sheetLoaded();
    const filter = screen.getByRole('searchbox', { name: 'Filter by SKU or name' });
    fireEvent.paste(filter, { clipboardData: { getData: () => 'W-1\t2\nG-2\t1\n' } });

    const dialog = await screen.findByRole('dialog', { name: 'Paste SKUs and quantities' });
    expect((within(dialog).getByRole('textbox', { name: 'SKU and quantity lines' }) as HTMLTextAreaElement).value).toBe(
      'W-1\t2\nG-2\t1\n',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(await within(dialog).findByText(/2 lines were added to your cart/)).toBeTruthy();
    expect(server.changes().filter((call) => call.method === 'PUT')[0]!.body).toEqual({
      lines: [
        { stock_keeping_unit: 'W-1', quantity: 2 },
        { stock_keeping_unit: 'G-2', quantity: 1 },
      ],
    });
    // One value pasted into the filter is a search, not lines.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.paste(filter, { clipboardData: { getData: () => 'W-1' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads a product’s variants together: the product and values on the first row, the values alone under it', async () => {
    const teeId = '00000000-0000-4000-8000-0000000000a8';
    const variant = (n: number, title: string) =>
      cartProduct(`00000000-0000-4000-8000-0000000000c${n}`, `Heavy tee — ${title}`, 1200, {
        parent_product_id: teeId,
        variant_title: title,
      });
    renderSheet({}, [widget, variant(1, 'M / Black'), variant(2, 'L / Black')]);
    await sheetLoaded();
    const first = rowOf('Heavy tee — M / Black');
    expect(within(first).getByText('M / Black')).toBeTruthy();
    expect(within(first).getByText(/^Heavy tee ·/)).toBeTruthy();
    // The next variant names only its values for the eye (readers still hear the product).
    const next = rowOf('Heavy tee — L / Black');
    expect(within(next).getByText('L / Black')).toBeTruthy();
    expect(getComputedStyle(within(next).getByText(/^Heavy tee ·/)).position).toBe('absolute');
  });
});
