import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Product } from '@cratebase/contract';
import { theme } from '../../../../app/theme';
import { ToastProvider } from '../../../../components/Toast';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { testQueryClient } from '../../../../test/render';
import { PRODUCT_SAVED_TOAST, ProductFormPage } from './ProductFormPage';

const productId = '00000000-0000-4000-8000-0000000000d1';

const lookups = {
  'GET /api/product/state': {
    body: [
      { id: 1, state: 'Draft' },
      { id: 2, state: 'Live' },
      { id: 3, state: 'Archived' },
    ],
  },
  'GET /api/product/order_unit': {
    body: [
      { id: 1, unit: 'Each' },
      { id: 2, unit: 'Case' },
    ],
  },
  'GET /api/product/weight_unit': {
    body: [
      { id: 1, unit: 'lb' },
      { id: 2, unit: 'oz' },
    ],
  },
};

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: productId,
    name: 'Chipotle Sauce',
    description: null,
    order_unit: { id: 2, unit: 'Case' },
    quantity_per_unit: 12,
    state: { id: 1, state: 'Draft' },
    unit_price_in_cents: 4200,
    msrp_in_cents: 799,
    stock_keeping_unit: 'HS-1',
    minimum_order_quantity: 1,
    order_increment: 1,
    price_breaks: [],
    universal_product_code: null,
    inventory_count: 7,
    track_inventory: false,
    organization: { id: ids.merchantA, name: 'Hot Sauce Co' },
    tags: ['spicy'],
    media: [],
    product_physical_measurements: {
      weight: 5,
      weight_unit: { id: 1, unit: 'lb' },
      length: null,
      width: null,
      height: null,
      dimension_unit: null,
    },
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted_at: null,
    ...overrides,
  };
}

function renderForm(path: string, routes: Parameters<typeof fakeFetch>[0] = {}) {
  const fetch = fakeFetch({ ...lookups, ...routes });
  vi.stubGlobal('fetch', fetch.fn);
  const router = createMemoryRouter(
    [
      { path: '/app/:orgId/products/:productId', element: <ProductFormPage /> },
      { path: '/app/:orgId/products', element: <p>Product list</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={testQueryClient()}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { fetch, router };
}

describe('ProductFormPage', () => {
  it('shows a removed product as not found instead of an editable form', async () => {
    renderForm(`/app/${ids.merchantA}/products/${productId}`, {
      [`GET /api/product/${productId}`]: { body: product({ deleted_at: '2026-02-01T00:00:00.000Z' }) },
    });
    expect(await screen.findByRole('heading', { name: 'This product could not be found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Product' })).toBeNull();
  });

  it('keeps Save disabled while the name is empty', async () => {
    const user = userEvent.setup();
    renderForm(`/app/${ids.merchantA}/products/add`);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Add New');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(name, '   ');
    expect(save.disabled).toBe(true);
    await user.type(name, 'Salsa');
    expect(save.disabled).toBe(false);
    await user.clear(name);
    expect(save.disabled).toBe(true);
  });

  it('creates the product, shows the 6-second toast and opens its edit page', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderForm(`/app/${ids.merchantA}/products/add`, {
      'PUT /api/product': { body: product({ name: 'Salsa Verde', unit_price_in_cents: 1250 }) },
      // The edit page refetches the saved product; on a slow machine that answer arrives first.
      [`GET /api/product/${productId}`]: { body: product({ name: 'Salsa Verde', unit_price_in_cents: 1250 }) },
    });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Salsa Verde');
    await user.type(screen.getByRole('textbox', { name: /^Wholesale Price/ }), '12.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PRODUCT_SAVED_TOAST)).toBeTruthy();
    const put = fetch.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      name: 'Salsa Verde',
      unit_price_in_cents: 1250,
      state: { id: 1 },
      organization: { id: ids.merchantA },
      media: [],
    });
    expect((put?.body as { id?: string }).id).toBeUndefined();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/${ids.merchantA}/products/${productId}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Product' })).toBeTruthy();
  });

  it('shows the server message and keeps what was typed when saving fails', async () => {
    const user = userEvent.setup();
    renderForm(`/app/${ids.merchantA}/products/${productId}`, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': {
        status: 400,
        body: {
          error: 'validation_error',
          message: 'stock_keeping_unit: another product already uses this SKU',
          issues: [{ path: 'stock_keeping_unit', message: 'another product already uses this SKU' }],
        },
      },
    });
    const sku = (await screen.findByRole('textbox', { name: 'SKU' })) as HTMLInputElement;
    await user.clear(sku);
    await user.type(sku, 'HS-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('another product already uses this SKU');
    expect(screen.getByText('Another product already uses this SKU')).toBeTruthy();
    expect(sku.value).toBe('HS-2');
  });

  it('sends only the id and the changed field on update, so edits made meanwhile elsewhere are kept', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(`/app/${ids.merchantA}/products/${productId}`, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: product({ stock_keeping_unit: 'HS-2' }) },
    });
    const sku = await screen.findByRole('textbox', { name: 'SKU' });
    await user.clear(sku);
    await user.type(sku, 'HS-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_SAVED_TOAST)).toBeTruthy();

    // No tags, dimensions, photos or other fields as loaded: the server keeps what it has.
    const puts = () => fetch.calls.filter((c) => c.method === 'PUT');
    expect(puts()[0]?.body).toEqual({ id: productId, organization: { id: ids.merchantA }, stock_keeping_unit: 'HS-2' });

    // The next save sends only what changed after the first one.
    const weight = screen.getByRole('textbox', { name: /^Weight/ });
    await user.clear(weight);
    await user.type(weight, '6.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).toEqual({
      id: productId,
      organization: { id: ids.merchantA },
      product_physical_measurements: { weight: 6.5 },
    });
  });

  it('turns Track inventory on and saves only that switch', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(`/app/${ids.merchantA}/products/${productId}`, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: product({ track_inventory: true }) },
    });
    const track = await screen.findByRole('switch', { name: 'Track inventory' });
    expect(screen.getByText('Not tracked: retailers can order any quantity.')).toBeTruthy();
    await user.click(track);
    expect(screen.getByText('Retailers see the stock and cannot order more than you have.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_SAVED_TOAST)).toBeTruthy();
    expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: productId,
      organization: { id: ids.merchantA },
      track_inventory: true,
    });
  });

  it('shows the inventory count and adds to it from the Add Inventory dialog', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(`/app/${ids.merchantA}/products/${productId}`, {
      [`GET /api/product/${productId}`]: { body: product() },
      'POST /api/inventory/transaction': {
        body: {
          id: productId,
          count: 5,
          inventory_transaction_type: 'add',
          product: { id: productId, inventory_count: 12 },
          created_at: '',
          replayed: false,
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Inventory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Inventory' });
    expect(within(dialog).getByLabelText('Current inventory: 7')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity to add' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add Inventory' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetch.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ count: 5, product: { id: productId }, inventory_transaction_type: 'add' });
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
    expect(await screen.findByText('Inventory updated: 12 in stock')).toBeTruthy();
  });

  it('records inventory only: unsaved edits are neither saved nor reset, and the toast is the inventory one', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(`/app/${ids.merchantA}/products/${productId}`, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: product({ name: 'Renamed' }) },
      'POST /api/inventory/transaction': {
        body: {
          id: productId,
          count: 5,
          inventory_transaction_type: 'add',
          product: { id: productId, inventory_count: 12 },
          created_at: '',
          replayed: false,
        },
      },
    });
    const name = (await screen.findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Renamed');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Inventory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Inventory' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity to add' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add Inventory' }));

    expect(await screen.findByText('Inventory updated: 12 in stock')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(screen.queryByText(PRODUCT_SAVED_TOAST)).toBeNull();
    expect(name.value).toBe('Renamed');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
  });

  it('keeps Add Inventory disabled until a whole number of at least 1 is entered', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(`/app/${ids.merchantA}/products/${productId}`, {
      [`GET /api/product/${productId}`]: { body: product() },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Inventory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Inventory' });
    await within(dialog).findByLabelText('Current inventory: 7');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity to add' }) as HTMLInputElement;
    const confirm = within(dialog).getByRole('button', { name: 'Add Inventory' }) as HTMLButtonElement;

    expect(confirm.disabled).toBe(true);
    await user.type(quantity, '0');
    expect(confirm.disabled).toBe(true);
    await user.clear(quantity);
    await user.type(quantity, '-2');
    expect(confirm.disabled).toBe(true);
    await user.clear(quantity);
    await user.type(quantity, '2.5');
    expect(confirm.disabled).toBe(true);
    await user.tab();
    expect(within(dialog).getByText('Enter a whole number')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(confirm.disabled).toBe(false);
    // Enter in an empty field does not send anything either.
    await user.clear(quantity);
    await user.type(quantity, '{Enter}');
    expect(fetch.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('keeps Save disabled until something changed, and again once it is saved', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(`/app/${ids.merchantA}/products/${productId}`, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: product({ name: 'Chipotle Sauce 2' }) },
    });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.type(name, ' 2');
    expect(save.disabled).toBe(false);
    await user.type(name, '{Backspace}{Backspace}');
    expect(save.disabled).toBe(true);

    // The switch is part of the form too.
    const track = screen.getByRole('switch', { name: 'Track inventory' });
    await user.click(track);
    expect(save.disabled).toBe(false);
    await user.click(track);
    expect(save.disabled).toBe(true);

    await user.type(name, ' 2');
    await user.click(save);
    expect(await screen.findByText(PRODUCT_SAVED_TOAST)).toBeTruthy();
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(fetch.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    // Enter in a field of the unchanged form sends nothing either.
    await user.type(name, '{Enter}');
    expect(fetch.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('keeps a count typed with a dot as typed and says to enter a whole number', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(`/app/${ids.merchantA}/products/${productId}`, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: product({ quantity_per_unit: 15 }) },
    });
    const quantity = (await screen.findByRole('textbox', {
      name: /^Number of Retail Units Per Order Unit/,
    })) as HTMLInputElement;
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    expect(quantity.value).toBe('1.5');
    expect(screen.getByText('Enter a whole number')).toBeTruthy();
    expect(quantity.getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(quantity.value).toBe('1.5');

    await user.clear(quantity);
    await user.type(quantity, '15');
    expect(screen.queryByText('Enter a whole number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: productId,
      organization: { id: ids.merchantA },
      quantity_per_unit: 15,
    });
  });

  it('edits volume pricing: adds price breaks, says inline what does not fit, and saves them', async () => {
    const user = userEvent.setup();
    const saved = product({
      order_increment: 6,
      minimum_order_quantity: 12,
      price_breaks: [{ min_quantity: 24, unit_price_in_cents: 3900 }],
    });
    const { fetch } = renderForm(`/app/${ids.merchantA}/products/${productId}`, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: saved },
    });
    const section = within((await screen.findByRole('heading', { name: 'Volume pricing' })).closest('section')!);
    await user.clear(section.getByRole('textbox', { name: 'Sold in multiples of' }));
    await user.type(section.getByRole('textbox', { name: 'Sold in multiples of' }), '6');
    // The minimum of 1 means none; 10 would not be a multiple of 6.
    await user.clear(section.getByRole('textbox', { name: 'Minimum order' }));
    await user.type(section.getByRole('textbox', { name: 'Minimum order' }), '10');
    expect(section.getByText('Must be a multiple of the order increment (6)')).toBeTruthy();
    await user.clear(section.getByRole('textbox', { name: 'Minimum order' }));
    await user.type(section.getByRole('textbox', { name: 'Minimum order' }), '12');

    await user.click(section.getByRole('button', { name: 'Add price break' }));
    const row = within(section.getByRole('listitem', { name: 'Price break 1' }));
    await user.type(row.getByRole('textbox', { name: 'From quantity' }), '20');
    await user.type(row.getByRole('textbox', { name: 'Unit price' }), '45');
    expect(row.getByText('Must be a multiple of the order increment (6)')).toBeTruthy();
    expect(row.getByText('Must be less than the unit price ($42.00)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(row.getByRole('textbox', { name: 'From quantity' }));
    await user.type(row.getByRole('textbox', { name: 'From quantity' }), '24');
    await user.clear(row.getByRole('textbox', { name: 'Unit price' }));
    await user.type(row.getByRole('textbox', { name: 'Unit price' }), '39');
    expect(section.queryByText(/^Must/)).toBeNull();
    // A second row, then removed again: at most five, each removable.
    await user.click(section.getByRole('button', { name: 'Add price break' }));
    await user.click(section.getByRole('button', { name: 'Remove price break 2' }));
    expect(section.queryByRole('listitem', { name: 'Price break 2' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_SAVED_TOAST)).toBeTruthy();
    expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: productId,
      organization: { id: ids.merchantA },
      minimum_order_quantity: 12,
      order_increment: 6,
      price_breaks: [{ min_quantity: 24, unit_price_in_cents: 3900 }],
    });
  }, 120_000); // typing into ten fields; a loaded two-core machine takes more than the default 30 s
});
