import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@cratebase/contract';
import { configureApi } from '../../../../lib/api';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { atPhoneWidth } from '../../../../test/phone-width';
import { renderWithProviders } from '../../../../test/render';
import { CancelOrderDialog, type CancelMode } from './CancelOrderDialog';
import { commandPath, jamLine, lifecycleOrder, refundsPath } from './order-test-fixtures';

const openInvoice = lifecycleOrder({
  state: 'accepted',
  invoice: { link: 'http://localhost/api/invoice/1.pdf?sig=abc', stripe_status: 'open' },
});

function renderCancel(order: Order, mode: CancelMode, routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch({
    [`GET ${refundsPath}`]: { status: 404, body: { error: 'not_found', message: 'No refunds' } },
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fn);
  const onDone = vi.fn();
  renderWithProviders(
    <CancelOrderDialog
      orgId={ids.merchantA}
      order={order}
      mode={mode}
      open
      onClose={() => undefined}
      onDone={onDone}
    />,
  );
  return { fake, onDone };
}

beforeEach(() => configureApi({ getAccessToken: async () => 'token', onUnauthorized: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

describe('CancelOrderDialog', () => {
  it('reduces a line on an open invoice: steppers, the invoice drop, a reason, then the body and the server’s amount', async () => {
    const { fake, onDone } = renderCancel(openInvoice, 'items', {
      [`POST ${commandPath('cancel')}`]: {
        body: lifecycleOrder({ ...openInvoice, cancelled_cents: 3_000 }, { jam: { cancelled_quantity: 1 } }),
      },
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel or reduce items · CB-000001' });
    const effect = within(dialog).getByTestId('cancel-effect');
    expect(effect.textContent).toContain('The open invoice drops by $0.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 0 units' }));
    expect(within(dialog).getByText('Choose at least one unit to cancel.')).toBeTruthy();
    expect(within(dialog).getByText('Choose a reason.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'One more Fig Jam' }));
    expect(effect.textContent).toContain('The open invoice drops by $30.00.');
    const jam = within(dialog).getByRole('spinbutton', { name: 'Units of Fig Jam to cancel (up to 2)' });
    await user.clear(jam);
    await user.type(jam, '9');
    expect((jam as HTMLInputElement).value).toBe('2');
    expect(effect.textContent).toContain('The open invoice drops by $60.00.');
    await user.click(within(dialog).getByRole('button', { name: 'One fewer Fig Jam' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Out of stock' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note to the retailer (optional)' }), 'Back in May');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 1 unit' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const post = fake.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      reason: 'out_of_stock',
      note: 'Back in May',
      lines: [{ line_item_id: jamLine, quantity: 1 }],
    });
    expect(post.headers['Idempotency-Key']).toMatch(/.+/);
    expect(onDone.mock.calls[0]![1]).toBe(
      'Items cancelled. The open invoice dropped by $30.00; the retailer gets an e-mail.',
    );
  });

  it('cancels the whole order, shipping included, and shows a refusal that names what changed (phone width)', async () => {
    atPhoneWidth();
    const { fake, onDone } = renderCancel(openInvoice, 'order', {
      [`POST ${commandPath('cancel')}`]: {
        status: 409,
        body: { error: 'conflict', message: 'Shipment 1 left meanwhile: only what has not shipped can be cancelled.' },
      },
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order · CB-000001' });
    expect(within(dialog).getByText('Every unit not shipped yet is cancelled: 3 units.')).toBeTruthy();
    expect(within(dialog).getByTestId('cancel-effect').textContent).toContain('The open invoice drops by $78.50.');
    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Shipment 1 left meanwhile');
    expect(fake.calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'other' });
    expect(onDone).not.toHaveBeenCalled();
  });
});
