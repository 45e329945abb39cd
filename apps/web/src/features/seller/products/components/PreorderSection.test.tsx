import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { editPath, fill, product, productId, renderForm } from './product-form-test-support';

// The "Pre-order" section (issue 25): the switch shows three days, each checked before Save,
// the window read as retailers will see it, and what Save sends.

describe('Pre-order', () => {
  it('asks for the days, keeps them in order, and saves the window', async () => {
    const window = { ships_from: '2027-03-01', ships_until: '2027-03-15', order_by: '2027-02-01' };
    const { fetch } = renderForm(editPath, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: product({ preorder: window }) },
    });
    fireEvent.click(await screen.findByLabelText('Sell as a pre-order'));
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Enter the first ship day')).toBeTruthy();
    expect(fetch.calls.some((c) => c.method === 'PUT')).toBe(false);

    fill(screen.getByLabelText('Ships from'), '2027-03-01');
    fill(screen.getByLabelText('Ships until'), '2027-02-20');
    fill(screen.getByLabelText('Order by'), '2027-02-01');
    expect(await screen.findByText('Must be on or after ships from')).toBeTruthy();
    fill(screen.getByLabelText('Ships until'), '2027-03-15');
    expect(
      await screen.findByText(/Retailers see “Pre-order · ships Mar 1 – 15, 2027 · order by Feb 1, 2027”/),
    ).toBeTruthy();

    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(fetch.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(fetch.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ preorder: window });
  });
});
