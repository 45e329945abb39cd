import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import {
  ACCEPT_ORDER_LABEL,
  CANCEL_ITEMS_LABEL,
  CANCEL_ORDER_LABEL,
  MARK_DELIVERED_LABEL,
  ORDER_TIMELINE_TITLE,
  SHIP_ITEMS_LABEL,
  type Order,
} from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { configureApi } from '../../../../lib/api';
import { fakeFetch, ids, makeUser, org } from '../../../../test/fixtures';
import { atPhoneWidth } from '../../../../test/phone-width';
import { renderWithProviders } from '../../../../test/render';
import { OrderDetailDialog } from './OrderDetailDialog';
import { ORDER_ACCEPTED_TEXT, STAFF_CANCEL_MESSAGE } from './OrderActions';
import { CANCELLATION_DECLINED_TEXT } from './DeclineCancellationDialog';
import {
  commandPath,
  event,
  jamLine,
  json,
  lifecycleOrder,
  serveOrder,
  shipment,
  soapLine,
} from './order-test-fixtures';

const api = serveOrder;

function renderDialog(order: Order) {
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route
          path="/app/:orgId/orders"
          element={<OrderDetailDialog summary={order} open onClose={() => undefined} />}
        />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/orders` },
  );
}

const posts = (fake: ReturnType<typeof fakeFetch>) => fake.calls.filter((c) => c.method === 'POST');

beforeEach(() => configureApi({ getAccessToken: async () => 'token', onUnauthorized: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

describe('the seller’s order dialog after checkout', () => {
  it('shows the state, shipped and cancelled counts, shipments and the timeline, and accepts a placed order', async () => {
    const placed = lifecycleOrder({
      buyer_may_cancel_until: '2099-03-02T15:30:00Z',
      timeline: [event('placed', 'Order placed', 'buyer', 'Ada Buyer')],
    });
    const fake = api(placed, {
      accept: () =>
        lifecycleOrder({
          state: 'accepted',
          timeline: [...(placed.timeline ?? []), event('accepted', 'Order accepted', 'seller', 'Sam Seller')],
        }),
    });
    const user = userEvent.setup();
    renderDialog(placed);
    const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
    expect(within(dialog).getByText('Placed', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(dialog).getByText(/The retailer may cancel or reduce it until/)).toBeTruthy();
    const lines = await within(dialog).findByRole('table', { name: 'Order lines' });
    const headers = within(lines)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Product', 'SKU', 'Quantity', 'Shipped', 'Cancelled', 'Unit', 'Unit price', 'Line price']);
    const timeline = within(dialog).getByRole('heading', { name: ORDER_TIMELINE_TITLE }).closest('section')!;
    expect(within(timeline).getByText('Order placed')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: SHIP_ITEMS_LABEL })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: CANCEL_ORDER_LABEL })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: MARK_DELIVERED_LABEL })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: ACCEPT_ORDER_LABEL }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(ORDER_ACCEPTED_TEXT);
    expect(within(dialog).getByText('Accepted', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: ACCEPT_ORDER_LABEL })).toBeNull();
    expect(within(dialog).getByText('Order accepted')).toBeTruthy();
    expect(posts(fake)).toHaveLength(1);
    expect(posts(fake)[0]!.headers['Idempotency-Key']).toMatch(/.+/);
  });

  it('retries a click whose answer was lost with the same key, and a refused one with a new key', async () => {
    const placed = lifecycleOrder();
    let attempt = 0;
    const fake = api(placed, {
      accept: () => {
        attempt += 1;
        if (attempt === 1) return json({ error: 'internal', message: 'Something went wrong on our side.' }, 503);
        if (attempt === 2) return json({ error: 'conflict', message: 'The order was cancelled meanwhile.' }, 409);
        return lifecycleOrder({ state: 'accepted' });
      },
    });
    const user = userEvent.setup();
    renderDialog(placed);
    const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
    const accept = await within(dialog).findByRole('button', { name: ACCEPT_ORDER_LABEL });
    await user.click(accept);
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: ACCEPT_ORDER_LABEL }));
    expect(
      (await within(dialog).findByText('The order was cancelled meanwhile.')).closest('[role="alert"]'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: ACCEPT_ORDER_LABEL }));
    await within(dialog).findByText('Accepted', { selector: '.MuiChip-label' });
    const keys = posts(fake).map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('ships part of the order in a box and lists the shipment with its tracking link', async () => {
    const accepted = lifecycleOrder({ state: 'accepted' });
    const tracking = '1Z999AA10123456784';
    const fake = api(accepted, {
      shipments: () =>
        lifecycleOrder(
          {
            state: 'partially_shipped',
            shipments: [shipment(1, tracking, [{ line_item_id: jamLine, name: 'Fig Jam', quantity: 1 }])],
          },
          { jam: { shipped_quantity: 1 } },
        ),
    });
    const user = userEvent.setup();
    renderDialog(accepted);
    const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
    await user.click(await within(dialog).findByRole('button', { name: SHIP_ITEMS_LABEL }));
    const ship = await screen.findByRole('dialog', { name: 'Ship items · CB-000001' });
    const jam = within(ship).getByRole('spinbutton', {
      name: 'Units of Fig Jam to ship (up to 2)',
    }) as HTMLInputElement;
    expect(jam.value).toBe('2');
    await user.click(within(ship).getByRole('button', { name: 'One fewer Fig Jam' }));
    await user.click(within(ship).getByRole('button', { name: 'One fewer Oat Soap' }));
    expect(jam.value).toBe('1');
    await user.click(within(ship).getByRole('combobox', { name: 'Carrier' }));
    await user.click(await screen.findByRole('option', { name: 'UPS' }));
    await user.type(within(ship).getByRole('textbox', { name: /Tracking Number/ }), tracking);
    await user.click(within(ship).getByRole('button', { name: 'Ship 1 unit' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Ship items/ })).toBeNull());
    expect(posts(fake)[0]!.body).toEqual({
      carrier: 'UPS',
      tracking_number: tracking,
      lines: [{ line_item_id: jamLine, quantity: 1 }],
    });
    expect(within(dialog).getByText('Partially shipped', { selector: '.MuiChip-label' })).toBeTruthy();
    const shipments = within(dialog).getByRole('list', { name: 'Shipments' });
    expect(within(shipments).getByText('1 × Fig Jam')).toBeTruthy();
    expect(
      within(shipments)
        .getByRole('link', { name: `${tracking} (opens in a new tab)` })
        .getAttribute('href'),
    ).toContain(tracking);
    // Something shipped: the whole order can no longer be cancelled, only what is left.
    expect(within(dialog).queryByRole('button', { name: CANCEL_ORDER_LABEL })).toBeNull();
    expect(within(dialog).getByRole('button', { name: CANCEL_ITEMS_LABEL })).toBeTruthy();
  });

  it('declines the retailer’s cancellation request with a reason', async () => {
    const asked = lifecycleOrder({
      state: 'accepted',
      cancellation_request: {
        requested_at: '2026-03-02T09:00:00Z',
        note: 'Ordered twice by mistake',
        by: { name: 'Ada Buyer' },
      },
    });
    const fake = api(asked, { 'cancellation-request/decline': () => lifecycleOrder({ state: 'accepted' }) });
    const user = userEvent.setup();
    renderDialog(asked);
    const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
    const banner = await within(dialog).findByTestId('cancellation-request');
    expect(within(banner).getByText('“Ordered twice by mistake”')).toBeTruthy();
    await user.click(within(banner).getByRole('button', { name: 'Decline' }));
    const decline = await screen.findByRole('dialog', { name: /Decline the cancellation request/ });
    await user.click(within(decline).getByRole('button', { name: 'Decline request' }));
    expect(within(decline).getByText('Tell the retailer why.')).toBeTruthy();
    expect(posts(fake)).toHaveLength(0);
    await user.type(within(decline).getByRole('textbox', { name: /Reason/ }), 'Already packed');
    await user.click(within(decline).getByRole('button', { name: 'Decline request' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(CANCELLATION_DECLINED_TEXT);
    expect(posts(fake)[0]!.body).toEqual({ reason: 'Already packed' });
    expect(within(dialog).queryByTestId('cancellation-request')).toBeNull();
  });

  it('accepts the retailer’s cancellation request: the whole order, reason Retailer request, refunded to the card', async () => {
    const asked = lifecycleOrder({
      cancellation_request: { requested_at: '2026-03-02T09:00:00Z', note: 'Store closing', by: null },
    });
    const fake = api(asked, {
      cancel: () =>
        lifecycleOrder(
          { state: 'cancelled', cancelled_cents: 7_850 },
          { jam: { cancelled_quantity: 2 }, soap: { cancelled_quantity: 1 } },
        ),
    });
    const user = userEvent.setup();
    renderDialog(asked);
    const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
    const banner = await within(dialog).findByTestId('cancellation-request');
    await user.click(within(banner).getByRole('button', { name: 'Accept cancellation' }));
    const cancel = await screen.findByRole('dialog', { name: 'Accept cancellation · CB-000001' });
    await waitFor(() =>
      expect(within(cancel).getByTestId('cancel-effect').textContent).toContain(
        '$78.50 will be refunded to the card ending 4242.',
      ),
    );
    await user.click(within(cancel).getByRole('button', { name: 'Accept cancellation' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(
      'Order cancelled. $78.50 is being refunded',
    );
    expect(posts(fake)[0]!.body).toEqual({ reason: 'retailer_request' });
    expect(within(dialog).getByText('Cancelled', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: SHIP_ITEMS_LABEL })).toBeNull();
  });

  it('lets Staff ship but not cancel, saying why', async () => {
    const staff = makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme', 'Merchant'), role: 'staff' }] });
    api(lifecycleOrder({ state: 'accepted' }), {}, staff);
    renderDialog(lifecycleOrder({ state: 'accepted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: CANCEL_ORDER_LABEL }).hasAttribute('disabled')).toBe(true),
    );
    expect(within(dialog).getByRole('button', { name: CANCEL_ITEMS_LABEL }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: CANCEL_ORDER_LABEL }).getAttribute('aria-describedby')).toBe(
      within(dialog).getByText(STAFF_CANCEL_MESSAGE).id,
    );
    expect(within(dialog).getByRole('button', { name: SHIP_ITEMS_LABEL }).hasAttribute('disabled')).toBe(false);
  });

  it('marks a shipped order delivered; at phone width the counts sit under each item', async () => {
    atPhoneWidth();
    const shipped = lifecycleOrder(
      {
        state: 'shipped',
        shipments: [shipment(1, '1Z999AA10123456784', [{ line_item_id: soapLine, name: 'Oat Soap', quantity: 1 }])],
      },
      { jam: { cancelled_quantity: 2 }, soap: { shipped_quantity: 1 } },
    );
    const fake = api(shipped, { delivered: () => ({ ...shipped, state: 'delivered' }) });
    const user = userEvent.setup();
    renderDialog(shipped);
    const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
    const lines = await within(dialog).findByRole('table', { name: 'Order lines' });
    expect(within(lines).getByText('Shipped 0 · Cancelled 2')).toBeTruthy();
    expect(within(lines).getByText('Shipped 1 · Cancelled 0')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: CANCEL_ITEMS_LABEL })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: MARK_DELIVERED_LABEL }));
    await within(dialog).findByText('Delivered', { selector: '.MuiChip-label' });
    expect(posts(fake).map((c) => c.path)).toEqual([commandPath('delivered')]);
    expect(within(dialog).queryByRole('button', { name: MARK_DELIVERED_LABEL })).toBeNull();
  });

  it('opens one shipment’s packing slip in a tab opened on click', async () => {
    const box = shipment(1, '1Z999AA10123456784', [{ line_item_id: jamLine, name: 'Fig Jam', quantity: 1 }]);
    const withBox = lifecycleOrder({ state: 'partially_shipped', shipments: [box] }, { jam: { shipped_quantity: 1 } });
    api(withBox, {});
    const served = globalThis.fetch;
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      urls.push(url);
      if (url.includes('/packing-slip')) {
        return new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } });
      }
      return served(input, init);
    });
    const tab = {
      closed: false,
      close: vi.fn(),
      location: { href: '' },
      document: { title: '', body: { textContent: '' } },
    };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:slip');
    URL.revokeObjectURL = vi.fn();
    try {
      const user = userEvent.setup();
      renderDialog(withBox);
      const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
      await user.click(await within(dialog).findByRole('button', { name: 'Packing slip for shipment 1' }));
      await waitFor(() => expect(tab.location.href).toBe('blob:slip'));
      expect(urls.find((u) => u.includes('/packing-slip'))).toContain(`/packing-slip?shipment_id=${box.id}`);
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });
});
