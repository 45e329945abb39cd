import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ids } from '../../../../../test/fixtures';
import { PRODUCT_SAVED_TOAST } from '../ProductEditor';
import { editPath, fill, product, productId, renderForm } from '../product-form-test-support';

const added = {
  body: {
    id: productId,
    count: 5,
    inventory_transaction_type: 'add',
    product: { id: productId, inventory_count: 12 },
    created_at: '',
    replayed: false,
  },
};

// The Inventory section in its form: the Track inventory switch, the count, and Add Inventory.
describe('InventorySection', () => {
  it('turns Track inventory on and saves only that switch', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(editPath, {
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
    const { fetch } = renderForm(editPath, {
      [`GET /api/product/${productId}`]: { body: product() },
      'POST /api/inventory/transaction': added,
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
    const { fetch } = renderForm(editPath, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: product({ name: 'Renamed' }) },
      'POST /api/inventory/transaction': added,
    });
    const name = (await screen.findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    fill(name, 'Renamed');
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
});
