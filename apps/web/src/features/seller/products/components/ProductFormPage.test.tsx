import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ids } from '../../../../test/fixtures';
import { PRODUCT_SAVED_TOAST } from './ProductEditor';
import { addPath, editPath, fill, product, productId, renderForm } from './product-form-test-support';

// The page: loading the product, a product that is gone, and a new product becoming its edit page.
describe('ProductFormPage', () => {
  it('shows a removed product as not found instead of an editable form', async () => {
    renderForm(editPath, {
      [`GET /api/product/${productId}`]: { body: product({ deleted_at: '2026-02-01T00:00:00.000Z' }) },
    });
    expect(await screen.findByRole('heading', { name: 'This product could not be found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Product' })).toBeNull();
  });

  it('creates the product, shows the 6-second toast and opens its edit page', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderForm(addPath, {
      'PUT /api/product': { body: product({ name: 'Salsa Verde', unit_price_in_cents: 1250 }) },
      // The edit page refetches the saved product; on a slow machine that answer arrives first.
      [`GET /api/product/${productId}`]: { body: product({ name: 'Salsa Verde', unit_price_in_cents: 1250 }) },
    });
    fill(await screen.findByRole('textbox', { name: /^Name/ }), 'Salsa Verde');
    fill(screen.getByRole('textbox', { name: /^Wholesale Price/ }), '12.50');
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
});
