import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { AddInventoryDialog } from './AddInventoryDialog';
import { product, productId } from './product-form-test-support';

describe('AddInventoryDialog', () => {
  it('keeps Add Inventory disabled until a whole number of at least 1 is entered', async () => {
    const user = userEvent.setup();
    const fetch = fakeFetch({ [`GET /api/product/${productId}`]: { body: product() } });
    vi.stubGlobal('fetch', fetch.fn);
    renderWithProviders(
      <AddInventoryDialog
        orgId={ids.merchantA}
        productId={productId}
        productName="Chipotle Sauce"
        unitName="Case"
        open
        onClose={() => undefined}
        onAdded={() => undefined}
      />,
    );
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
});
