import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { OrderRefunds, Refund } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { configureApi } from '../../../../lib/api';
import { fakeFetch, ids, makeUser, org } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { planRefund } from '../refunds';
import { SellerOrderRefunds } from './SellerOrderRefunds';

const orderId = '20000000-0000-4000-8000-000000000001';
const jamLine = '20000000-0000-4000-8000-000000000500';
const soapLine = '20000000-0000-4000-8000-000000000501';
const refundsPath = `/api/order/${orderId}/refunds`;
const createPath = `/api/organization/${ids.merchantA}/orders/${orderId}/refunds`;

function state(overrides: Partial<OrderRefunds> = {}): OrderRefunds {
  return {
    order_id: orderId,
    paid_cents: 7_850,
    refunded_cents: 0,
    refundable_cents: 7_850,
    method: 'card',
    card: { brand: 'visa', last4: '4242' },
    not_refundable: null,
    lines: [
      {
        line_item_id: jamLine,
        product_id: '20000000-0000-4000-8000-000000000600',
        name: 'Fig Jam',
        quantity: 2,
        unit_price_in_cents: 3_000,
        refunded_quantity: 0,
        track_inventory: true,
      },
      {
        line_item_id: soapLine,
        product_id: '20000000-0000-4000-8000-000000000601',
        name: 'Oat Soap',
        quantity: 1,
        unit_price_in_cents: 1_000,
        refunded_quantity: 0,
        track_inventory: false,
      },
    ],
    shipping_cents: 850,
    shipping_refunded_cents: 0,
    refunds: [],
    ...overrides,
  };
}

const refund: Refund = {
  id: '20000000-0000-4000-8000-000000000900',
  order_id: orderId,
  credit_note_number: 'CN-000007',
  amount_cents: 3_000,
  shipping_cents: 0,
  lines: [{ line_item_id: jamLine, product_id: null, name: 'Fig Jam', quantity: 1, amount_cents: 3_000 }],
  reason: 'damaged',
  note: 'Jar broken',
  method: 'card',
  card: { brand: 'visa', last4: '4242' },
  status: 'succeeded',
  failure_message: null,
  restock: true,
  source: 'seller',
  created_at: '2026-03-02T10:00:00Z',
  created_by: { name: 'Sam Seller' },
  credit_note_link: 'http://localhost/credit-notes/x.pdf?expires=1&signature=abc',
};

/** GET …/refunds answers each body in turn (the last one again after that). */
function answers(...bodies: OrderRefunds[]) {
  let n = 0;
  return async () => {
    const body = bodies[Math.min(n, bodies.length - 1)];
    n += 1;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

function renderRefunds() {
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route
          path="/app/:orgId/orders"
          element={<SellerOrderRefunds order={{ id: orderId, order_number: 'CB-000001' }} />}
        />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/orders` },
  );
}

beforeEach(() => configureApi({ getAccessToken: async () => 'token', onUnauthorized: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

describe('the seller’s refunds of an order', () => {
  it('refunds chosen items to the card, returning them to stock, and shows the refund with its credit note', async () => {
    const fake = fakeFetch({
      [`GET ${refundsPath}`]: answers(
        state(),
        state({ refunded_cents: 3_000, refundable_cents: 4_850, refunds: [refund] }),
      ),
      [`POST ${createPath}`]: { body: refund },
    });
    vi.stubGlobal('fetch', fake.fn);
    const user = userEvent.setup();
    renderRefunds();
    expect(await screen.findByText('No refunds yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order CB-000001' });
    expect(within(dialog).getByRole('radio', { name: 'Everything left ($78.50)' })).toHaveProperty('checked', true);
    expect(within(dialog).getByTestId('refund-summary').textContent).toContain('Refund $78.50 to the card ending 4242');

    await user.click(within(dialog).getByRole('radio', { name: 'Chosen items and shipping' }));
    const jam = within(dialog).getByRole('spinbutton', { name: 'Quantity of Fig Jam to refund (up to 2)' });
    await user.clear(jam);
    await user.type(jam, '1');
    expect(within(dialog).getByTestId('refund-summary').textContent).toContain('Refund $30.00 to the card ending 4242');
    const restock = within(dialog).getByRole('checkbox', { name: 'Return items to stock' });
    expect(within(dialog).getByText('1 unit goes back to products whose stock is tracked.')).toBeTruthy();
    await user.click(restock);
    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Damaged' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Jar broken');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $30.00' }));

    // Said in the order (a status screen readers hear: the toast is outside the order's dialog) and in a toast.
    expect((await screen.findByRole('status')).textContent).toContain('Refunded $30.00 to Visa •••• 4242.');
    await waitFor(() => expect(screen.getAllByText('Refunded $30.00 to Visa •••• 4242.')).toHaveLength(2));
    const post = fake.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      lines: [{ line_item_id: jamLine, quantity: 1 }],
      reason: 'damaged',
      note: 'Jar broken',
      restock: true,
    });
    expect(post.headers['Idempotency-Key']).toMatch(/.+/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = await screen.findByRole('list', { name: 'Refunds' });
    expect(within(list).getByText('−$30.00')).toBeTruthy();
    expect(within(list).getByText(/To Visa •••• 4242 · 1 × Fig Jam/)).toBeTruthy();
    expect(
      within(list).getByRole('link', { name: 'Credit note CN-000007 (opens in a new tab)' }).getAttribute('href'),
    ).toBe(refund.credit_note_link);
    expect(screen.getByText('$30.00 of $78.50 refunded')).toBeTruthy();
  }, 90_000);

  it('keeps the draft and the Idempotency-Key when the server refuses, and says why', async () => {
    const refusal = {
      error: 'refund_exceeds_payment',
      message: 'This refund of $50.00 is more than is left: only $40.00 of the $78.50 paid can still be refunded.',
    };
    const fake = fakeFetch({
      [`GET ${refundsPath}`]: { body: state() },
      [`POST ${createPath}`]: { status: 409, body: refusal },
    });
    vi.stubGlobal('fetch', fake.fn);
    const user = userEvent.setup();
    renderRefunds();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'An amount' }));
    // Nothing goes back to stock for an amount not tied to items.
    expect(within(dialog).getByRole('checkbox', { name: 'Return items to stock' })).toHaveProperty('disabled', true);
    // Sending without a reason or an amount names what is missing, and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Refund $0.00' }));
    expect(within(dialog).getByText('Enter the amount to refund.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to refund/ }), '50');
    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Retailer request' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund $50.00' }));
    expect(await within(dialog).findByText(refusal.message)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Refund $50.00' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = fake.calls.filter((c) => c.method === 'POST');
    expect(first!.body).toEqual({ amount_cents: 5_000, reason: 'retailer_request' });
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
  }, 90_000);

  it('says a refund of an invoice paid by check is a credit note', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [`GET ${refundsPath}`]: { body: state({ method: 'credit_note', card: null }) } }).fn,
    );
    const user = userEvent.setup();
    renderRefunds();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const summary = within(await screen.findByRole('dialog')).getByTestId('refund-summary');
    expect(summary.textContent).toContain('Refund $78.50 as a credit note');
    expect(summary.textContent).toContain('pay the buyer back the same way');
  });

  it('shows Staff the Refund button disabled with who may refund; an unpaid order says why it cannot be refunded', async () => {
    const staff = makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme', 'Merchant'), role: 'staff' }] });
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/user/me': { body: staff }, [`GET ${refundsPath}`]: { body: state() } }).fn,
    );
    const { unmount } = renderRefunds();
    expect(await screen.findByText('Only an owner or admin can refund orders.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Refund' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    unmount();

    const open = 'This order’s invoice CB-000001 is not paid yet, so there is nothing to refund.';
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [`GET ${refundsPath}`]: {
          body: state({ method: null, card: null, paid_cents: 0, refundable_cents: 0, not_refundable: open }),
        },
      }).fn,
    );
    renderRefunds();
    expect(await screen.findByText(open)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refund' })).toHaveProperty('disabled', true);
  });
});

describe('planRefund', () => {
  it('adds items and shipping at the prices paid, and refuses more than is left', () => {
    const s = state({
      lines: state().lines.map((l) => (l.line_item_id === jamLine ? { ...l, refunded_quantity: 1 } : l)),
    });
    const draft = {
      mode: 'items' as const,
      quantities: { [jamLine]: 1, [soapLine]: 1 },
      shippingCents: 850,
      amountCents: null,
      reason: 'returned' as const,
      note: ' ',
      restock: true,
    };
    expect(planRefund(s, draft)).toMatchObject({
      totalCents: 4_850,
      problem: null,
      restockableUnits: 1,
      body: {
        lines: [
          { line_item_id: jamLine, quantity: 1 },
          { line_item_id: soapLine, quantity: 1 },
        ],
        shipping_cents: 850,
        reason: 'returned',
        restock: true,
      },
    });
    expect(planRefund(s, { ...draft, quantities: { [jamLine]: 2 } }).problem).toBe(
      'Only 1 of “Fig Jam” can still be refunded.',
    );
    expect(planRefund(s, { ...draft, shippingCents: 900 }).problem).toBe(
      'That is more shipping than is left to refund.',
    );
    expect(planRefund(s, { ...draft, mode: 'amount', amountCents: 9_000 }).problem).toBe(
      'That is more than is left to refund.',
    );
    expect(planRefund(s, { ...draft, reason: '' }).problem).toBe('Choose a reason.');
    expect(planRefund(s, { ...draft, mode: 'full' }).body).toEqual({
      full: true,
      reason: 'returned',
      note: undefined,
      restock: true,
    });
  });
});
