import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ids } from '../../../../../test/fixtures';
import { PRODUCT_SAVED_TOAST } from '../ProductEditor';
import { editPath, fill, product, productId, renderForm } from '../product-form-test-support';

// The Volume pricing section in its form: the rules shown as the values change, and what Save sends.
describe('VolumePricingSection', () => {
  it('edits volume pricing: adds price breaks, says inline what does not fit, and saves them', async () => {
    const user = userEvent.setup();
    const saved = product({
      order_increment: 6,
      minimum_order_quantity: 12,
      price_breaks: [{ min_quantity: 24, unit_price_in_cents: 3900 }],
    });
    const { fetch } = renderForm(editPath, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: saved },
    });
    const section = within((await screen.findByRole('heading', { name: 'Volume pricing' })).closest('section')!);
    fill(section.getByRole('textbox', { name: 'Sold in multiples of' }), '6');
    // The minimum of 1 means none; 10 would not be a multiple of 6.
    fill(section.getByRole('textbox', { name: 'Minimum order' }), '10');
    expect(section.getByText('Must be a multiple of the order increment (6)')).toBeTruthy();
    fill(section.getByRole('textbox', { name: 'Minimum order' }), '12');

    await user.click(section.getByRole('button', { name: 'Add price break' }));
    const row = within(section.getByRole('listitem', { name: 'Price break 1' }));
    fill(row.getByRole('textbox', { name: 'From quantity' }), '20');
    fill(row.getByRole('textbox', { name: 'Unit price' }), '45');
    expect(row.getByText('Must be a multiple of the order increment (6)')).toBeTruthy();
    expect(row.getByText('Must be less than the unit price ($42.00)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fill(row.getByRole('textbox', { name: 'From quantity' }), '24');
    fill(row.getByRole('textbox', { name: 'Unit price' }), '39');
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
  });
});
