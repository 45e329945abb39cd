import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ids } from '../../../../test/fixtures';
import { PRODUCT_SAVED_TOAST } from './ProductEditor';
import { addPath, editPath, fill, product, productId, renderForm } from './product-form-test-support';

// The editor shell: when Save can be pressed, what an update sends, and the server's refusal.
describe('ProductEditor', () => {
  it('keeps Save disabled while the name is empty', async () => {
    const user = userEvent.setup();
    renderForm(addPath);
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
});
