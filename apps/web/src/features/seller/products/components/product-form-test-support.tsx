import { vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Product } from '@cratebase/contract';
import { theme } from '../../../../app/theme';
import { ToastProvider } from '../../../../components/Toast';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { testQueryClient } from '../../../../test/render';
import { ProductFormPage } from './ProductFormPage';

// What the product form's tests share: the seeded lookups, a product as the API answers it, and
// the form rendered at its route (the page loads the product and the lookups, then the editor).

export const productId = '00000000-0000-4000-8000-0000000000d1';
export const editPath = `/app/${ids.merchantA}/products/${productId}`;
export const addPath = `/app/${ids.merchantA}/products/add`;

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

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: productId,
    name: 'Chipotle Sauce',
    parent_product_id: null,
    variant_title: null,
    options: [],
    variants: [],
    price_range: null,
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

/** The product form at `path` (…/products/add or …/products/{id}), with the API answering `routes`. */
export function renderForm(path: string, routes: Parameters<typeof fakeFetch>[0] = {}) {
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

/**
 * Puts `text` in a field in one change, as pasting would: for tests that are about what the form
 * does with a value, not about typing it key by key.
 */
export function fill(field: HTMLElement, text: string): void {
  fireEvent.change(field, { target: { value: text } });
}
