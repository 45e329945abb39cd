import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from '../../../../lib/api';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { atPhoneWidth } from '../../../../test/phone-width';
import { renderWithProviders } from '../../../../test/render';
import { SHIPMENT_EMAIL_NOTICE, ShipItemsDialog } from './ShipItemsDialog';
import { commandPath, jamLine, lifecycleOrder, shipment, soapLine } from './order-test-fixtures';

// Fig Jam: 2 ordered, 1 already shipped, so 1 left; Oat Soap: 1 left.
const partly = lifecycleOrder({ state: 'partially_shipped' }, { jam: { shipped_quantity: 1 } });

function renderShip(routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fn);
  const onDone = vi.fn();
  renderWithProviders(
    <ShipItemsDialog orgId={ids.merchantA} order={partly} open onClose={() => undefined} onDone={onDone} />,
  );
  return { fake, onDone };
}

beforeEach(() => configureApi({ getAccessToken: async () => 'token', onUnauthorized: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

describe('ShipItemsDialog', () => {
  it('starts from every unit left, checks the tracking number’s format, and saves the box', async () => {
    atPhoneWidth();
    const tracking = '9400 1000 0000 0000 0000 00';
    const answer = lifecycleOrder(
      { state: 'shipped', shipments: [shipment(2, '9400100000000000000000', [])] },
      { jam: { shipped_quantity: 2 }, soap: { shipped_quantity: 1 } },
    );
    const { fake, onDone } = renderShip({ [`POST ${commandPath('shipments')}`]: { body: answer } });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Ship items · CB-000001' });
    expect(within(dialog).getByText(SHIPMENT_EMAIL_NOTICE)).toBeTruthy();
    expect(within(dialog).getByText('$30.00 each · 1 of 2 left to ship')).toBeTruthy();
    const jam = within(dialog).getByRole('spinbutton', {
      name: 'Units of Fig Jam to ship (up to 1)',
    }) as HTMLInputElement;
    expect(jam.value).toBe('1');
    expect(within(dialog).getByRole('button', { name: 'One more Fig Jam' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: 'Carrier' }).textContent).toBe('USPS');

    const number = within(dialog).getByRole('textbox', { name: /Tracking Number/ });
    await user.type(number, '1Z999AA10123456784');
    await user.tab();
    expect(within(dialog).getByText(/This is not a USPS tracking number/)).toBeTruthy();
    await user.clear(number);
    await user.type(number, tracking);
    await user.click(within(dialog).getByRole('button', { name: 'Ship 2 units' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(onDone.mock.calls[0]![1]).toBe('Shipment 2 saved. The retailer gets an e-mail with the tracking link.');
    const post = fake.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      carrier: 'USPS',
      tracking_number: '9400100000000000000000',
      lines: [
        { line_item_id: jamLine, quantity: 1 },
        { line_item_id: soapLine, quantity: 1 },
      ],
    });
    expect(post.headers['Idempotency-Key']).toMatch(/.+/);
  });

  it('needs a unit to ship, and shows the server’s word on a field under it', async () => {
    const { onDone } = renderShip({
      [`POST ${commandPath('shipments')}`]: {
        status: 400,
        body: {
          error: 'validation_error',
          message: 'Check the tracking number.',
          issues: [{ path: 'tracking_number', message: 'The carrier does not know this number.' }],
        },
      },
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Ship items · CB-000001' });
    await user.click(within(dialog).getByRole('button', { name: 'One fewer Fig Jam' }));
    await user.click(within(dialog).getByRole('button', { name: 'One fewer Oat Soap' }));
    expect(within(dialog).getByRole('button', { name: 'Ship 0 units' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'One more Oat Soap' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Tracking Number/ }), '9400100000000000000000');
    await user.click(within(dialog).getByRole('button', { name: 'Ship 1 unit' }));
    expect(await within(dialog).findByText('The carrier does not know this number.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('holds back the units the retailer has not chosen about yet (a backorder it was asked about)', async () => {
    const asked = lifecycleOrder(
      { state: 'placed' },
      { jam: { unavailable_quantity: 1, backorder: 'asked', restock_on: '2026-12-04' } },
    );
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    renderWithProviders(
      <ShipItemsDialog orgId={ids.merchantA} order={asked} open onClose={() => undefined} onDone={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ship items · CB-000001' });
    const jam = within(dialog).getByRole('spinbutton', {
      name: 'Units of Fig Jam to ship (up to 1)',
    }) as HTMLInputElement;
    expect(jam.value).toBe('1');
    expect(
      within(dialog).getByText('$30.00 each · 2 of 2 left to ship (1 wait for the retailer’s choice on the backorder)'),
    ).toBeTruthy();
  });
});
