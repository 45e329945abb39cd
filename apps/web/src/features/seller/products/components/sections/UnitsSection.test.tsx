import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ids } from '../../../../../test/fixtures';
import { editPath, fill, product, productId, renderForm } from '../product-form-test-support';

// The Units and weight section in its form: the retail units per order unit, a whole number.
describe('UnitsSection', () => {
  it('keeps a count typed with a dot as typed and says to enter a whole number', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(editPath, {
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

    fill(quantity, '15');
    expect(screen.queryByText('Enter a whole number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: productId,
      organization: { id: ids.merchantA },
      quantity_per_unit: 15,
    });
  });
});
