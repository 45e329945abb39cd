import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import type { Order } from '@cratebase/contract';
import { formatDate } from '../../../../lib/format';
import { ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { atPhoneWidth } from '../../../../test/phone-width';
import { detail, summary } from '../order-fixtures';
import { OrderConfirmationPage, type ConfirmationState } from './OrderConfirmationPage';

const HOUR = 3_600_000;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An order just placed, paid by card, that the buyer may still cancel for a day. */
function placedByCard(overrides: Partial<Order> = {}): Order {
  return {
    ...detail(
      summary(1, {
        state: 'placed',
        completed_on: new Date(Date.now() - HOUR).toISOString(),
        buyer_may_cancel_until: new Date(Date.now() + 23 * HOUR).toISOString(),
        cancellation_request: null,
        po_number: 'PO-77',
        invoice: { link: 'http://localhost/api/invoice/1.pdf', stripe_status: 'PAID' },
      }),
    ),
    ...overrides,
  };
}

/** Where the page is entered as the checkout does: navigating with the card paid with, if any. */
function Arrive({ to, state }: { to: string; state?: ConfirmationState }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to, { replace: true, state }), [navigate, to, state]);
  return null;
}

function OrdersProbe() {
  return <p>{`Orders list ${useLocation().search}`}</p>;
}

/** GET /api/order/{id} answers `answer` (a held promise keeps the page loading). */
function renderConfirmation(
  order: Order,
  { card, answer }: { card?: ConfirmationState['card']; answer?: () => Promise<Response> } = {},
) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    calls.push(url.pathname);
    if (url.pathname === `/api/order/${order.id}`) return answer ? answer() : json(200, order);
    return json(404, { error: 'not_found', message: 'Not found' });
  });
  const path = `/storefront/${ids.sellerX}/orders/${order.id}/confirmation`;
  renderWithProviders(
    <Routes>
      <Route path="/start" element={<Arrive to={path} state={card ? { card } : undefined} />} />
      <Route path="/storefront/:orgId/orders/:orderId/confirmation" element={<OrderConfirmationPage />} />
      <Route path="/storefront/:orgId/orders" element={<OrdersProbe />} />
      <Route path="/storefront/:orgId" element={<p>Catalogue of the store</p>} />
    </Routes>,
    { path: '/start' },
  );
  return { calls };
}

const panel = (name: string) => screen.getByRole('region', { name });

describe('OrderConfirmationPage, /storefront/{org}/orders/{order}/confirmation', () => {
  it('thanks the buyer by the order number and shows what was bought, the ship-to, the card payment and what happens next', async () => {
    const order = placedByCard();
    const { calls } = renderConfirmation(order, { card: { brand: 'visa', last4: '4242' } });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you — order CB-000041 is placed' }),
    ).toBeTruthy();
    expect(calls).toContain(`/api/order/${order.id}`);
    expect(screen.getByText('Placed', { selector: '.MuiChip-label' })).toBeTruthy();

    const bought = panel('What you bought');
    const items = within(bought).getByRole('table', { name: 'Items in this order' });
    expect(within(items).getByText('Widget')).toBeTruthy();
    expect(within(items).getByText('Fig Jam')).toBeTruthy();
    const total = (label: string) =>
      within(bought).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(total('Total')).toBe('$65.00');

    const shipTo = panel('Ship to');
    expect(within(shipTo).getByText('9 Elm St')).toBeTruthy();
    expect(within(shipTo).getByText('PO number: PO-77')).toBeTruthy();
    expect(within(panel('Payment')).getByText('$65.00 paid by card (Visa ending 4242).')).toBeTruthy();

    const next = within(panel('What happens next'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(next).toEqual([
      'Seller X accepts your order and ships it.',
      'When it ships, you get an e-mail with the tracking link (one for each box, if it ships in parts).',
      `Changed your mind? You can cancel or reduce it until ${formatDate(order.buyer_may_cancel_until)} from View order.`,
    ]);
  });

  it('says when an invoice is due for an order placed on terms, and that a late change is a request', async () => {
    renderConfirmation(
      placedByCard({
        buyer_may_cancel_until: null,
        invoice: { link: 'http://localhost/api/invoice/1.pdf', stripe_status: 'OPEN', due_on: '2024-06-01' },
      }),
    );
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(await within(payment).findByText(/^Invoice CB-000041 for \$65\.00 is open, due Jun 1, 2024\./)).toBeTruthy();
    expect(
      within(panel('What happens next')).getByText(
        'To cancel it, send the seller a cancellation request from View order.',
      ),
    ).toBeTruthy();
  });

  it('View order opens the order on the orders list; Continue shopping goes to the store', async () => {
    const order = placedByCard();
    renderConfirmation(order);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: /^Thank you/ });
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe(
      `/storefront/${ids.sellerX}`,
    );
    expect(screen.getByRole('link', { name: 'All orders' }).getAttribute('href')).toBe(
      `/storefront/${ids.sellerX}/orders`,
    );
    await user.click(screen.getByRole('link', { name: 'View order' }));
    expect(await screen.findByText(`Orders list ?order=${order.id}`)).toBeTruthy();
  });

  it('shows placeholders while the order loads', async () => {
    renderConfirmation(placedByCard(), { answer: () => new Promise<Response>(() => undefined) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Loading your order' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Items in this order' }).getAttribute('aria-busy')).toBe('true');
    // The ways on are there at once.
    expect(screen.getByRole('link', { name: 'View order' })).toBeTruthy();
  });

  it('says why the order could not be read, with Try again', async () => {
    let fail = true;
    const order = placedByCard();
    renderConfirmation(order, {
      answer: async () => (fail ? json(500, { error: 'internal', message: 'Something went wrong' }) : json(200, order)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order is placed' })).toBeTruthy();
    expect(await screen.findByText(/We could not load your order\./)).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you — order CB-000041 is placed' }),
    ).toBeTruthy();
  });

  it('at phone width shows the items in three columns', async () => {
    atPhoneWidth();
    renderConfirmation(placedByCard());
    const items = await screen.findByRole('table', { name: 'Items in this order' });
    await within(items).findByText('Widget');
    expect(
      within(items)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item', 'Qty', 'Total']);
  });
});
