import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import {
  CLAIM_STATUS_LABELS,
  REPORT_UNAVAILABLE_LABEL,
  trackingUrl,
  type Claim,
  type Order,
} from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { configureApi } from '../../../../lib/api';
import { ids, makeUser, org } from '../../../../test/fixtures';
import { atPhoneWidth } from '../../../../test/phone-width';
import { renderWithProviders } from '../../../../test/render';
import { OrderDetailDialog } from './OrderDetailDialog';
import { localDay, UNAVAILABLE_EXPLANATION } from './ReportUnavailableDialog';
import { STAFF_REFUND_CLAIM_MESSAGE } from './SellerClaims';
import { jamLine, json, lifecycleOrder, serveOrder, soapLine } from './order-test-fixtures';

/** The order's API (order-test-fixtures serveOrder) and the commands it was sent. */
function serve(start: Order, commands: Record<string, (body: unknown) => Response | Order>, user = makeUser()) {
  const fake = serveOrder(start, commands, user);
  return { fake, posts: () => fake.calls.filter((c) => c.method === 'POST') };
}

function renderDialog(order: Order) {
  renderWithProviders(
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
  return screen.findByRole('dialog', { name: 'Order CB-000001' });
}

const inAWeek = localDay(7);

function claim(number: number, overrides: Partial<Claim> = {}): Claim {
  return {
    id: `20000000-0000-4000-8000-00000000080${number}`,
    number,
    kind: 'damaged',
    status: 'open',
    lines: [{ line_item_id: jamLine, name: 'Fig Jam', quantity: 1 }],
    note: 'The jar arrived broken',
    photos: [],
    created_at: '2026-03-03T10:00:00Z',
    created_by: { name: 'Ada Buyer' },
    decided_at: null,
    decision_note: null,
    refund_cents: null,
    replacement: null,
    ...overrides,
  };
}

const shippedJam = { jam: { shipped_quantity: 2 }, soap: { shipped_quantity: 1 } };

beforeEach(() => configureApi({ getAccessToken: async () => 'token', onUnauthorized: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

describe('Report unavailable items (seller)', () => {
  it('reports units with a restock day; the order then says they wait for the retailer’s choice', async () => {
    const accepted = lifecycleOrder({ state: 'accepted' });
    const { posts } = serve(accepted, {
      unavailable: () =>
        lifecycleOrder(
          { state: 'accepted' },
          { jam: { unavailable_quantity: 2, restock_on: inAWeek, backorder: 'asked' } },
        ),
    });
    const user = userEvent.setup();
    const dialog = await renderDialog(accepted);
    await user.click(await within(dialog).findByRole('button', { name: REPORT_UNAVAILABLE_LABEL }));
    const report = await screen.findByRole('dialog', { name: `${REPORT_UNAVAILABLE_LABEL} · CB-000001` });
    expect(within(report).getByText(UNAVAILABLE_EXPLANATION)).toBeTruthy();

    // Nothing chosen and no day: said, nothing sent.
    await user.click(within(report).getByRole('button', { name: 'Report 0 units' }));
    expect(within(report).getByText('Choose at least one unavailable unit.')).toBeTruthy();
    expect(within(report).getByText('Enter the day you expect them back.')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    // Never more than what is left to ship.
    const jam = within(report).getByRole('spinbutton', { name: 'Units of Fig Jam to report unavailable (up to 2)' });
    await user.click(within(report).getByRole('button', { name: 'One more Fig Jam' }));
    await user.click(within(report).getByRole('button', { name: 'One more Fig Jam' }));
    expect((jam as HTMLInputElement).value).toBe('2');
    expect((within(report).getByRole('button', { name: 'One more Fig Jam' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(report).getByLabelText(/Expected back on/), { target: { value: inAWeek } });
    await user.type(within(report).getByLabelText('Note to the retailer (optional)'), 'Harvest is late');
    await user.click(within(report).getByRole('button', { name: 'Report 2 units' }));

    expect(
      await within(dialog).findByText(/2 units reported unavailable until/, { selector: '[role="status"] *' }),
    ).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toEqual({
      lines: [{ line_item_id: jamLine, quantity: 2 }],
      restock_on: inAWeek,
      note: 'Harvest is late',
    });
    expect(posts()[0]!.headers['Idempotency-Key']).toMatch(/.+/);
    const notice = await within(dialog).findByRole('region', { name: 'Unavailable items' });
    expect(notice.textContent).toMatch(/2 × Fig Jam unavailable until .+ — waiting for the retailer’s choice/);
  });

  it('shows the server’s word on the day under the field', async () => {
    const accepted = lifecycleOrder({ state: 'accepted' });
    serve(accepted, {
      unavailable: () =>
        json(
          {
            error: 'validation_error',
            message: 'restock_on: must be between today and 365 days from now',
            issues: [{ path: 'restock_on', message: 'must be between today and 365 days from now' }],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    const dialog = await renderDialog(accepted);
    await user.click(await within(dialog).findByRole('button', { name: REPORT_UNAVAILABLE_LABEL }));
    const report = await screen.findByRole('dialog', { name: `${REPORT_UNAVAILABLE_LABEL} · CB-000001` });
    await user.click(within(report).getByRole('button', { name: 'One more Oat Soap' }));
    fireEvent.change(within(report).getByLabelText(/Expected back on/), { target: { value: inAWeek } });
    await user.click(within(report).getByRole('button', { name: 'Report 1 unit' }));
    expect(await within(report).findByText('must be between today and 365 days from now')).toBeTruthy();
  });

  it('says when the retailer waits, and still offers a report while units are left', async () => {
    const waiting = lifecycleOrder(
      { state: 'partially_shipped' },
      { jam: { unavailable_quantity: 1, restock_on: inAWeek, backorder: 'waiting' }, soap: { shipped_quantity: 1 } },
    );
    serve(waiting, {});
    const dialog = await renderDialog(waiting);
    const notice = await within(dialog).findByRole('region', { name: 'Unavailable items' });
    expect(notice.textContent).toMatch(/1 × Fig Jam unavailable until .+ — the retailer waits for them/);
    expect(within(dialog).getByRole('button', { name: REPORT_UNAVAILABLE_LABEL })).toBeTruthy();
  });

  it('offers no report once nothing is left to ship', async () => {
    const shipped = lifecycleOrder({ state: 'shipped' }, shippedJam);
    serve(shipped, {});
    const dialog = await renderDialog(shipped);
    await within(dialog).findByRole('button', { name: 'Mark delivered' });
    expect(within(dialog).queryByRole('button', { name: REPORT_UNAVAILABLE_LABEL })).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Unavailable items' })).toBeNull();
  });
});

describe('claims (seller)', () => {
  const answered = [
    claim(2, {
      status: 'refunded',
      decided_at: '2026-03-04T10:00:00Z',
      refund_cents: 3_000,
    }),
    claim(3, {
      kind: 'missing',
      status: 'replaced',
      lines: [{ line_item_id: soapLine, name: 'Oat Soap', quantity: 1 }],
      replacement: {
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
        tracking_url: trackingUrl('UPS', '1Z999AA10123456784'),
      },
      decided_at: '2026-03-04T10:00:00Z',
    }),
    claim(4, {
      kind: 'wrong_item',
      status: 'declined',
      decision_note: 'The photo shows our jam',
      decided_at: '2026-03-04T10:00:00Z',
    }),
  ];

  it('lists each claim with its units, note, photos and answer', async () => {
    const order = lifecycleOrder(
      {
        state: 'shipped',
        claims: [
          claim(1, {
            photos: [{ id: '20000000-0000-4000-8000-000000000990', url: 'http://localhost/media/broken.jpg' }],
          }),
          ...answered,
        ],
      },
      shippedJam,
    );
    serve(order, {});
    const dialog = await renderDialog(order);
    const open = await within(dialog).findByRole('listitem', { name: 'Claim 1' });
    expect(within(open).getByText('Claim 1 · Damaged')).toBeTruthy();
    expect(within(open).getByText(CLAIM_STATUS_LABELS.open)).toBeTruthy();
    expect(within(open).getByText('1 × Fig Jam')).toBeTruthy();
    expect(within(open).getByText('“The jar arrived broken”')).toBeTruthy();
    const photo = within(open).getByRole('link', { name: /Photo 1 of claim 1, full size/ });
    expect(photo.getAttribute('href')).toBe('http://localhost/media/broken.jpg');
    expect(photo.getAttribute('target')).toBe('_blank');
    expect(within(open).getByRole('button', { name: 'Refund' })).toBeTruthy();

    const refunded = within(dialog).getByRole('listitem', { name: 'Claim 2' });
    expect(refunded.textContent).toContain('Refunded $30.00');
    expect(within(refunded).queryByRole('button', { name: 'Refund' })).toBeNull();
    const replaced = within(dialog).getByRole('listitem', { name: 'Claim 3' });
    expect(
      within(replaced)
        .getByRole('link', { name: /1Z999AA10123456784/ })
        .getAttribute('href'),
    ).toBe(trackingUrl('UPS', '1Z999AA10123456784'));
    expect(within(dialog).getByRole('listitem', { name: 'Claim 4' }).textContent).toContain(
      '“The photo shows our jam”',
    );
  });

  it('refunds an open claim after showing the estimate; the answer shows the amount', async () => {
    const order = lifecycleOrder({ state: 'shipped', claims: [claim(1)] }, shippedJam);
    const { posts } = serve(order, {
      [`claims/${claim(1).id}/refund`]: () =>
        lifecycleOrder(
          {
            state: 'shipped',
            claims: [claim(1, { status: 'refunded', refund_cents: 3_000, decided_at: '2026-03-04T10:00:00Z' })],
          },
          shippedJam,
        ),
    });
    const user = userEvent.setup();
    const dialog = await renderDialog(order);
    await user.click(
      within(await within(dialog).findByRole('listitem', { name: 'Claim 1' })).getByRole('button', { name: 'Refund' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Refund claim 1' });
    expect(await within(confirm).findByText('$30.00 will be refunded to the card ending 4242.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('Claim 1 refunded ($30.00). The retailer gets an e-mail.', {
        selector: '[role="status"] *',
      }),
    ).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body ?? {}).toEqual({});
    expect(posts()[0]!.headers['Idempotency-Key']).toMatch(/.+/);
    expect((await within(dialog).findByRole('listitem', { name: 'Claim 1' })).textContent).toContain('Refunded $30.00');
  });

  it('sends a replacement with a checked tracking number, and declines with a required reason', async () => {
    const tracking = '1Z999AA10123456784';
    const order = lifecycleOrder({ state: 'shipped', claims: [claim(1), claim(2, { kind: 'missing' })] }, shippedJam);
    const { posts } = serve(order, {
      [`claims/${claim(1).id}/replacement`]: () =>
        lifecycleOrder(
          {
            state: 'shipped',
            claims: [
              claim(1, {
                status: 'replaced',
                replacement: { carrier: 'UPS', tracking_number: tracking, tracking_url: trackingUrl('UPS', tracking) },
              }),
              claim(2, { kind: 'missing' }),
            ],
          },
          shippedJam,
        ),
      [`claims/${claim(2).id}/decline`]: () =>
        json({ error: 'claim_decided', message: 'This claim was already answered (refunded).' }, 409),
    });
    const user = userEvent.setup();
    const dialog = await renderDialog(order);
    await user.click(
      within(await within(dialog).findByRole('listitem', { name: 'Claim 1' })).getByRole('button', {
        name: 'Send replacement',
      }),
    );
    const replace = await screen.findByRole('dialog', { name: 'Send a replacement for claim 1' });
    await user.click(within(replace).getByRole('combobox', { name: 'Carrier' }));
    await user.click(await screen.findByRole('option', { name: 'UPS' }));
    await user.type(within(replace).getByRole('textbox', { name: /Tracking Number/ }), 'nope');
    await user.click(within(replace).getByRole('button', { name: 'Send replacement' }));
    expect(posts()).toHaveLength(0);
    await user.clear(within(replace).getByRole('textbox', { name: /Tracking Number/ }));
    await user.type(within(replace).getByRole('textbox', { name: /Tracking Number/ }), tracking);
    await user.click(within(replace).getByRole('button', { name: 'Send replacement' }));
    expect(
      await within(dialog).findByText(/Replacement for claim 1 saved/, { selector: '[role="status"] *' }),
    ).toBeTruthy();
    expect(posts()[0]!.body).toEqual({ carrier: 'UPS', tracking_number: tracking });
    expect((await within(dialog).findByRole('listitem', { name: 'Claim 1' })).textContent).toContain(
      CLAIM_STATUS_LABELS.replaced,
    );

    await user.click(
      within(within(dialog).getByRole('listitem', { name: 'Claim 2' })).getByRole('button', { name: 'Decline' }),
    );
    const decline = await screen.findByRole('dialog', { name: 'Decline claim 2' });
    await user.click(within(decline).getByRole('button', { name: 'Decline claim' }));
    expect(within(decline).getByText('Tell the retailer why.')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    await user.type(within(decline).getByRole('textbox', { name: /Reason/ }), 'Not our product');
    await user.click(within(decline).getByRole('button', { name: 'Decline claim' }));
    expect(await within(decline).findByText('This claim was already answered (refunded).')).toBeTruthy();
    expect(posts()[1]!.body).toEqual({ reason: 'Not our product' });
  });

  it('lets Staff answer a claim but not refund it, saying why', async () => {
    const staff = makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme', 'Merchant'), role: 'staff' }] });
    const order = lifecycleOrder({ state: 'shipped', claims: [claim(1)] }, shippedJam);
    serve(order, {}, staff);
    const dialog = await renderDialog(order);
    const open = await within(dialog).findByRole('listitem', { name: 'Claim 1' });
    await waitFor(() =>
      expect((within(open).getByRole('button', { name: 'Refund' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(within(open).getByRole('button', { name: 'Refund' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(within(open).getByText(STAFF_REFUND_CLAIM_MESSAGE)).toBeTruthy();
    expect((within(open).getByRole('button', { name: 'Send replacement' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('fits a phone: the report dialog fills the screen', async () => {
    atPhoneWidth();
    const accepted = lifecycleOrder({ state: 'accepted' });
    serve(accepted, {});
    const user = userEvent.setup();
    const dialog = await renderDialog(accepted);
    await user.click(await within(dialog).findByRole('button', { name: REPORT_UNAVAILABLE_LABEL }));
    const report = await screen.findByRole('dialog', { name: `${REPORT_UNAVAILABLE_LABEL} · CB-000001` });
    expect(report.className).toContain('MuiDialog-paperFullScreen');
  });
});
