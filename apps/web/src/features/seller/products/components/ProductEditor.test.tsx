import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ids } from '../../../../test/fixtures';
import { PRODUCT_SAVED_TOAST } from './ProductEditor';
import { addPath, editPath, fill, product, productId, renderForm } from './product-form-test-support';

// The editor: when Save can be pressed, what an update sends, the server's refusal, and each
// section's behaviour in the form (those need the form's state and its save).
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

describe('ProductEditor', () => {
  it('keeps Save disabled while the name is empty', async () => {
    renderForm(addPath);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Add New');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fill(name, '   ');
    expect(save.disabled).toBe(true);
    fill(name, '   Salsa');
    expect(save.disabled).toBe(false);
    fill(name, '');
    expect(save.disabled).toBe(true);
  });

  it('shows the server message and keeps what was typed when saving fails', async () => {
    const user = userEvent.setup();
    renderForm(editPath, {
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
    fill(sku, 'HS-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('another product already uses this SKU');
    expect(screen.getByText('Another product already uses this SKU')).toBeTruthy();
    expect(sku.value).toBe('HS-2');
  });

  it('sends only the id and the changed field on update, so edits made meanwhile elsewhere are kept', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(editPath, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: product({ stock_keeping_unit: 'HS-2' }) },
    });
    fill(await screen.findByRole('textbox', { name: 'SKU' }), 'HS-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_SAVED_TOAST)).toBeTruthy();

    // No tags, dimensions, photos or other fields as loaded: the server keeps what it has.
    const puts = () => fetch.calls.filter((c) => c.method === 'PUT');
    expect(puts()[0]?.body).toEqual({ id: productId, organization: { id: ids.merchantA }, stock_keeping_unit: 'HS-2' });

    // The next save sends only what changed after the first one.
    fill(screen.getByRole('textbox', { name: /^Weight/ }), '6.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).toEqual({
      id: productId,
      organization: { id: ids.merchantA },
      product_physical_measurements: { weight: 6.5 },
    });
  });

  it('keeps Save disabled until something changed, and again once it is saved', async () => {
    const user = userEvent.setup();
    const { fetch } = renderForm(editPath, {
      [`GET /api/product/${productId}`]: { body: product() },
      'PUT /api/product': { body: product({ name: 'Chipotle Sauce 2' }) },
    });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fill(name, 'Chipotle Sauce 2');
    expect(save.disabled).toBe(false);
    fill(name, 'Chipotle Sauce');
    expect(save.disabled).toBe(true);

    // The switch is part of the form too.
    const track = screen.getByRole('switch', { name: 'Track inventory' });
    await user.click(track);
    expect(save.disabled).toBe(false);
    await user.click(track);
    expect(save.disabled).toBe(true);

    fill(name, 'Chipotle Sauce 2');
    await user.click(save);
    expect(await screen.findByText(PRODUCT_SAVED_TOAST)).toBeTruthy();
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(fetch.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    // Enter in a field of the unchanged form sends nothing either.
    await user.type(name, '{Enter}');
    expect(fetch.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  // The sections, each in its form: what they show as values change, and what Save sends of them.

  describe('Inventory section', () => {
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

  describe('Units and weight section', () => {
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

  describe('Volume pricing section', () => {
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
});
