import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { BUYER_ORDERS_EMPTY, trackingUrl, type Order, type OrderEvent, type OrderSummary } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { AuthContext, type AuthContextProps } from '../../../../lib/auth-context';
import { formatDate } from '../../../../lib/format';
import { ids, makeUser, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { BuyerOrdersPage } from './BuyerOrdersPage';
import { BuyerShell } from '../../components/BuyerShell';
import { fakeCartServer, gadget, widget, type StoredLine } from '../../test-support/cart-test-server';
import { atPhoneWidth } from '../../../../test/phone-width';
import { detail, figJamId, lines, orderId, summary } from '../order-fixtures';

const buyer = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
});

const shipped = {
  id: orderId(900),
  carrier: 'FEDEX' as const,
  tracking_number: '123456789012',
  status: 'SHIPPED',
  tracking_url: trackingUrl('FEDEX', '123456789012'),
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The answer of a buyer command (cancel, cancellation-request) to the order as it is stored. */
type CommandAnswer = (order: Order, command: string, body: unknown) => { status: number; body: unknown };

interface OrderServerOptions {
  /** What GET /api/order/{id} adds to a row (shipments, timeline, lines with shipped units…). */
  details?: Record<string, Partial<Order>>;
  command?: CommandAnswer;
}

/**
 * The orders calls over `rows` (the single order kept as the commands change it), then the
 * in-memory cart (and /api/user/me) of cart-test-server.
 */
function renderOrders(
  rows: OrderSummary[],
  cartLines: StoredLine[] = [],
  path = `/storefront/${ids.sellerX}/orders`,
  options: OrderServerOptions = {},
) {
  const cart = fakeCartServer({
    user: buyer,
    lines: cartLines,
    refuse: (productId) =>
      productId === gadget.id
        ? {
            status: 409,
            // As the server words it: the field first in the message, the sentence in `issues`.
            body: {
              error: 'product_unavailable',
              message: 'product_id: "Gadget" is not for sale',
              issues: [{ path: 'product_id', message: '"Gadget" is not for sale' }],
            },
          }
        : null,
  });
  const listCalls: URL[] = [];
  const verifyCalls: string[] = [];
  const stored = new Map(rows.map((row) => [row.id, { ...detail(row), ...options.details?.[row.id] }]));
  const commands: Array<{ path: string; body: unknown; key: string | null }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const verified = /^\/api\/stripe\/organization\/[^/]+\/verify-payment\/([^/]+)$/.exec(url.pathname);
    if (verified) {
      verifyCalls.push(verified[1]!);
      return verified[1] === 'cs_paid'
        ? json(200, {
            success: true,
            order_id: rows[0]!.id,
            invoice_number: rows[0]!.order_number,
            amount_cents: rows[0]!.total_cents,
            completed_on: rows[0]!.completed_on,
            card: { brand: 'visa', last4: '4242' },
          })
        : json(409, {
            error: 'invoice_not_open',
            message:
              'This invoice is no longer open: the seller recorded it meanwhile. Your payment is being refunded to your card, and you will get an e-mail.',
            issues: [],
          });
    }
    if ((init.method ?? 'GET') === 'GET' && url.pathname === `/api/order/organization/${ids.buyer}/purchasing`) {
      listCalls.push(url);
      return json(200, rows);
    }
    const one = /^\/api\/order\/([^/]+)(?:\/(cancel|cancellation-request))?$/.exec(url.pathname);
    const order = one && stored.get(one[1]!);
    if (order && one[2] && init.method === 'POST') {
      const body: unknown = JSON.parse(String(init.body));
      commands.push({ path: url.pathname, body, key: new Headers(init.headers).get('Idempotency-Key') });
      const answer = options.command?.(order, one[2], body) ?? { status: 500, body: { error: 'x', message: 'x' } };
      if (answer.status === 200) stored.set(order.id, answer.body as Order);
      return json(answer.status, answer.body);
    }
    if (order) return json(200, order);
    return cart.fn(input, init);
  });
  const auth = {
    isAuthenticated: true,
    isLoading: false,
    settings: {},
    user: undefined,
  } as unknown as AuthContextProps;
  // Inside the buyer shell, as in the app: Order Again opens the shell's cart drawer.
  renderWithProviders(
    <AuthContext.Provider value={auth}>
      <ToastProvider>
        <Routes>
          <Route path="/storefront" element={<BuyerShell />}>
            <Route path=":orgId/orders" element={<BuyerOrdersPage />} />
            <Route path=":orgId" element={<p>Catalogue of the store</p>} />
          </Route>
        </Routes>
      </ToastProvider>
    </AuthContext.Provider>,
    { path },
  );
  return { cart, listCalls, verifyCalls, commands };
}

const cardOf = async (date: string) => (await screen.findByText(formatDate(date))).closest('li') as HTMLElement;

/** The value a card shows under a label (its column name). */
const valueIn = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

const rowOf = async (date: string) => (await screen.findByText(formatDate(date))).closest('tr') as HTMLElement;

/** Back from the provider's hosted form with ?paid_session: the same at both widths (`layout`). */
function paidSessionTests(layout: () => void) {
  it('back from paying an invoice in the provider’s form: confirms it once, says so, and reads the orders again', async () => {
    layout();
    const { listCalls, verifyCalls } = renderOrders(
      [summary(1)],
      [],
      `/storefront/${ids.sellerX}/orders?paid_session=cs_paid`,
    );
    expect(await screen.findByText('Invoice CB-000041 paid. Thank you!')).toBeTruthy();
    await waitFor(() => expect(listCalls.length).toBeGreaterThanOrEqual(2));
    expect(verifyCalls).toEqual(['cs_paid']);
  });

  it('back from a payment that could not be used: says it is being refunded', async () => {
    layout();
    renderOrders([summary(1)], [], `/storefront/${ids.sellerX}/orders?paid_session=cs_late`);
    expect(await screen.findByText(/Your payment is being refunded to your card/)).toBeTruthy();
  });
}

describe('BuyerOrdersPage', () => {
  it("lists the buyer's orders with this store: number, date, amount with its parts, Shipped?, invoice link, payment status, actions", async () => {
    const rows = [summary(2, { shipping_information: shipped, invoice: null }), summary(1)];
    const { listCalls } = renderOrders(rows);

    // The shell shows the page once it has read the user.
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order', 'State', 'Date', 'Amount', 'Shipped?', 'Invoice', 'Payment Status', 'Actions']);
    const newer = await rowOf(rows[0]!.completed_on);
    // The order's number, as the seller, the e-mails and the invoice name it; never its id.
    expect(within(newer).getByText('CB-000042').getAttribute('title')).toBe(rows[0]!.id);
    expect(newer.textContent).not.toMatch(/#[0-9A-F]{8}/);
    // What the buyer paid, with its parts (the seller's list shows the same).
    expect(within(newer).getByText('$65.00')).toBeTruthy();
    expect(within(newer).getByText('$56.00 subtotal + $9.00 shipping')).toBeTruthy();
    expect(within(newer).getByText('Yes')).toBeTruthy();
    expect(within(newer).queryByRole('link')).toBeNull();
    expect(within(newer).getByText('—')).toBeTruthy();
    expect(within(newer).getByText('N/A').getAttribute('data-status')).toBe('primary');

    const older = await rowOf(rows[1]!.completed_on);
    expect(within(older).getByText('No')).toBeTruthy();
    const invoice = within(older).getByRole('link', { name: /^View invoice/ });
    expect(invoice.getAttribute('href')).toBe(rows[1]!.invoice!.link);
    expect(invoice.getAttribute('target')).toBe('_blank');
    expect(within(older).getByText('OPEN').getAttribute('data-status')).toBe('error');
    expect(within(older).getByRole('button', { name: 'View Order CB-000041' })).toBeTruthy();
    expect(within(older).getByRole('button', { name: 'Order Again CB-000041' })).toBeTruthy();

    expect(listCalls[0]!.searchParams.get('selling_organization_id')).toBe(ids.sellerX);
  });

  paidSessionTests(() => undefined);

  it('shows the empty state with the way to the catalogue', async () => {
    renderOrders([]);
    expect(await screen.findByText(BUYER_ORDERS_EMPTY)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Shop Seller X' }));
    expect(await screen.findByText('Catalogue of the store')).toBeTruthy();
  });

  it('View Order shows the line items, Subtotal, Shipping, Total, Ship-to and the tracking link', async () => {
    const rows = [summary(1, { shipping_information: shipped })];
    renderOrders(rows);
    const user = userEvent.setup();
    await user.click(within(await rowOf(rows[0]!.completed_on)).getByRole('button', { name: /^View Order/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Order CB-000041' });
    const items = await within(dialog).findByRole('table', { name: 'Line items' });
    const widgetRow = within(items).getByText('Widget').closest('tr') as HTMLElement;
    expect([...widgetRow.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      // Units shipped and cancelled since (issue 23), under the name: none yet.
      'WidgetCase of 6Shipped 0 · Cancelled 0',
      '3',
      '$12.00',
      '$36.00',
    ]);
    expect(within(items).getByText('Fig Jam')).toBeTruthy();
    const totals = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(totals('Subtotal')).toBe('$56.00');
    expect(totals('Shipping')).toBe('$9.00');
    expect(totals('Total')).toBe('$65.00');
    const shipTo = within(dialog).getByRole('region', { name: 'Ship to' });
    expect(within(shipTo).getByText('Cora Shop')).toBeTruthy();
    expect(within(shipTo).getByText('Portland, OR 97201')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: shipped.tracking_number }).getAttribute('href')).toBe(
      shipped.tracking_url,
    );
  });

  it('Order Again adds the products in one request, names the ones refused and opens the cart', async () => {
    const rows = [summary(1)];
    const { cart } = renderOrders(rows);
    const user = userEvent.setup();
    await user.click(within(await rowOf(rows[0]!.completed_on)).getByRole('button', { name: /^Order Again/ }));

    const drawer = await screen.findByRole('dialog', { name: 'Cart' });
    // The shell's one drawer, the one its cart button controls.
    expect(screen.getAllByRole('dialog', { name: 'Cart' })).toHaveLength(1);
    // The drawer hides the rest of the page from assistive technology meanwhile.
    const cartButton = screen.getByRole('button', { name: /^Cart, /, hidden: true });
    expect(cartButton.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.closest(`#${cartButton.getAttribute('aria-controls')}`)).toBeTruthy();
    expect(await within(drawer).findByRole('listitem', { name: 'Widget' })).toBeTruthy();
    expect(within(drawer).queryByRole('listitem', { name: 'Gadget' })).toBeNull();
    expect(await screen.findByText('Added 1 of 3 products to your cart.')).toBeTruthy();
    const alert = screen.getByText('Not added to your cart').closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('"Gadget" is not for sale')).toBeTruthy();
    expect(within(alert).getByText('Fig Jam: this store has no product with this id')).toBeTruthy();

    expect(cart.changes().map((call) => call.body)).toEqual([
      {
        lines: [
          { product_id: widget.id, quantity: 3 },
          { product_id: gadget.id, quantity: 2 },
          { product_id: figJamId, quantity: 1 },
        ],
      },
    ]);
    expect(cart.cart().line_items.map((item) => [item.product.name, item.quantity])).toEqual([['Widget', 3]]);
  });

  it('leaves a line the cart already holds at the quantity or more as it is', async () => {
    const rows = [summary(1)];
    const { cart } = renderOrders(rows, [{ id: '10000000-0000-4000-8000-000000000001', product: widget, quantity: 5 }]);
    const user = userEvent.setup();
    await user.click(within(await rowOf(rows[0]!.completed_on)).getByRole('button', { name: /^Order Again/ }));
    await screen.findByRole('dialog', { name: 'Cart' });
    await waitFor(() => expect(cart.changes()).toHaveLength(1));
    expect(
      (cart.changes()[0]!.body as { lines: Array<{ product_id: string }> }).lines.map((line) => line.product_id),
    ).toEqual([gadget.id, figJamId]);
    expect(cart.cart().line_items.map((item) => [item.product.name, item.quantity])).toEqual([['Widget', 5]]);
  });

  it('shows the PO number given at checkout in the row and in View Order', async () => {
    const rows = [summary(2, { po_number: 'PO-4500/17' }), summary(1)];
    renderOrders(rows);
    const user = userEvent.setup();
    const row = await rowOf(rows[0]!.completed_on);
    expect(within(row).getByText('PO number PO-4500/17')).toBeTruthy();
    expect(within(await rowOf(rows[1]!.completed_on)).queryByText(/PO number/)).toBeNull();
    await user.click(within(row).getByRole('button', { name: /^View Order/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order CB-000042' });
    expect(within(dialog).getByText('PO number: PO-4500/17')).toBeTruthy();
  });

  it('shows the PO number on the phone card under its label', async () => {
    atPhoneWidth();
    const rows = [summary(2, { po_number: 'PO-4500/17' }), summary(1)];
    renderOrders(rows);
    expect(valueIn(await cardOf(rows[0]!.completed_on), 'PO number').textContent).toBe('PO-4500/17');
    expect(within(await cardOf(rows[1]!.completed_on)).queryByText('PO number')).toBeNull();
  });

  describe('an invoice on net terms', () => {
    const onTerms = (n: number, stripe_status: string, due_on: string | null) =>
      summary(n, {
        invoice: { link: `http://localhost/api/invoice/${n}.pdf`, stripe_status, id: orderId(700 + n), due_on },
      });

    it('shows the open invoice’s due day under its link and in View Order, not once it is paid', async () => {
      const rows = [onTerms(2, 'OPEN', '2026-12-27'), onTerms(1, 'PAID', '2026-11-30')];
      renderOrders(rows);
      const user = userEvent.setup();
      const open = await rowOf(rows[0]!.completed_on);
      expect(within(open).getByText('Due Dec 27, 2026')).toBeTruthy();
      expect(within(await rowOf(rows[1]!.completed_on)).queryByText(/^Due /)).toBeNull();
      await user.click(within(open).getByRole('button', { name: /^View Order/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Order CB-000042' });
      expect(within(dialog).getByText('Invoice open, due Dec 27, 2026')).toBeTruthy();
    });

    it('shows the due day on the phone card under Invoice', async () => {
      atPhoneWidth();
      const rows = [onTerms(2, 'OPEN', '2026-12-27'), summary(1)];
      renderOrders(rows);
      const invoice = valueIn(await cardOf(rows[0]!.completed_on), 'Invoice');
      expect(within(invoice).getByText('Due Dec 27, 2026')).toBeTruthy();
      // Paid by card at checkout: no due day.
      expect(within(await cardOf(rows[1]!.completed_on)).queryByText(/^Due /)).toBeNull();
    });
  });

  describe('after checkout (issue 23)', () => {
    const HOUR = 3_600_000;
    /** An order placed an hour ago whose seller's 24-hour window to cancel is still open. */
    const cancellable = (n: number, overrides: Partial<OrderSummary> = {}) =>
      summary(n, {
        state: 'placed',
        completed_on: new Date(Date.now() - HOUR).toISOString(),
        buyer_may_cancel_until: new Date(Date.now() + 23 * HOUR).toISOString(),
        cancellation_request: null,
        ...overrides,
      });
    /** An accepted order: the window has closed, the buyer may only request. */
    const accepted = (n: number, overrides: Partial<OrderSummary> = {}) =>
      summary(n, { state: 'accepted', buyer_may_cancel_until: null, cancellation_request: null, ...overrides });
    const event = (
      id: string,
      kind: OrderEvent['kind'],
      summaryText: string,
      note: string | null = null,
    ): OrderEvent => ({
      id,
      at: '2024-05-02T10:00:00Z',
      kind,
      actor: { side: kind === 'cancellation_declined' ? 'seller' : 'buyer', name: 'Sam Seller' },
      summary: summaryText,
      note,
    });
    const openOrder = async (n: number) => {
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: `View Order CB-${String(40 + n).padStart(6, '0')}` }));
      const dialog = await screen.findByRole('dialog', { name: `Order CB-${String(40 + n).padStart(6, '0')}` });
      await within(dialog).findByRole('table', { name: 'Line items' });
      return { user, dialog };
    };

    it("shows each order's state in the list", async () => {
      renderOrders([summary(2, { state: 'partially_shipped' }), summary(1, { state: 'cancelled' })]);
      const newer = await rowOf(summary(2).completed_on);
      expect(within(newer).getByText('Partially shipped')).toBeTruthy();
      expect(within(await rowOf(summary(1).completed_on)).getByText('Cancelled')).toBeTruthy();
    });

    it('shows the state on the phone card under its label', async () => {
      atPhoneWidth();
      renderOrders([summary(1, { state: 'shipped' })]);
      expect(valueIn(await cardOf(summary(1).completed_on), 'State').textContent).toBe('Shipped');
    });

    it('View Order shows the state, units shipped and cancelled per line, each shipment with its tracking link, and the timeline', async () => {
      const row = summary(1, { state: 'partially_shipped', buyer_may_cancel_until: null, cancelled_cents: 550 });
      renderOrders([row], [], undefined, {
        details: {
          [row.id]: {
            cart: {
              ...row.cart,
              line_items: [
                { ...lines[0]!, shipped_quantity: 2, cancelled_quantity: 0 },
                { ...lines[1]!, shipped_quantity: 0, cancelled_quantity: 1 },
                lines[2]!,
              ],
            },
            shipments: [
              {
                id: orderId(801),
                number: 1,
                carrier: 'UPS',
                tracking_number: '1Z999AA10123456784',
                tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
                created_at: '2024-05-02T09:00:00Z',
                lines: [{ line_item_id: lines[0]!.id, name: 'Widget', quantity: 2 }],
              },
              {
                id: orderId(802),
                number: 2,
                carrier: 'FEDEX',
                tracking_number: '123456789012',
                tracking_url: trackingUrl('FEDEX', '123456789012'),
                created_at: '2024-05-03T09:00:00Z',
                lines: [{ line_item_id: lines[2]!.id, name: 'Fig Jam', quantity: 1 }],
              },
            ],
            timeline: [
              event('e1', 'placed', 'Order placed'),
              event('e2', 'lines_cancelled', 'Cancelled 1 × Gadget: Out of stock'),
              event('e3', 'shipped', 'Shipment 1 shipped with UPS'),
            ],
          },
        },
      });
      const { dialog } = await openOrder(1);
      expect(within(dialog).getByText('Partially shipped')).toBeTruthy();
      const items = within(dialog).getByRole('table', { name: 'Line items' });
      const cells = (name: string) =>
        [...(within(items).getByText(name).closest('tr') as HTMLElement).querySelectorAll('td')].map(
          (c) => c.textContent,
        );
      expect(
        within(items)
          .getAllByRole('columnheader')
          .map((c) => c.textContent),
      ).toEqual(['Item', 'Quantity', 'Price', 'Total']);
      expect(cells('Widget')[0]).toContain('Shipped 2 · Cancelled 0');
      expect(cells('Widget')[1]).toBe('3');
      expect(cells('Gadget')[0]).toContain('Shipped 0 · Cancelled 1');
      expect(within(dialog).getByText('$5.50 cancelled after the order was placed')).toBeTruthy();

      const shipments = within(dialog).getByRole('region', { name: 'Shipments' });
      expect(within(shipments).getAllByRole('listitem')).toHaveLength(2);
      expect(
        within(shipments)
          .getByRole('link', { name: /^1Z999AA10123456784/ })
          .getAttribute('href'),
      ).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
      expect(within(shipments).getByText('2 × Widget')).toBeTruthy();
      expect(
        within(shipments)
          .getByRole('link', { name: /^123456789012/ })
          .getAttribute('target'),
      ).toBe('_blank');

      const timeline = within(dialog).getByRole('region', { name: 'Timeline' });
      expect(
        within(timeline)
          .getAllByRole('listitem')
          .map((item) => item.firstElementChild?.nextSibling?.textContent),
      ).toEqual(['Order placed', 'Cancelled 1 × Gadget: Out of stock', 'Shipment 1 shipped with UPS']);
    });

    it('cancels the whole order while the window is open: the rule, a note, one key, and the order shows Cancelled', async () => {
      const row = cancellable(1);
      const { commands } = renderOrders([row], [], undefined, {
        command: (order) => ({ status: 200, body: { ...order, state: 'cancelled', buyer_may_cancel_until: null } }),
      });
      const { user, dialog } = await openOrder(1);
      const cancelling = within(dialog).getByRole('region', { name: 'Cancelling' });
      expect(
        within(cancelling).getByText(
          'You can cancel or reduce this order for 1 day after placing it, until the seller accepts or ships it; after that, request a cancellation.',
        ),
      ).toBeTruthy();
      expect(within(cancelling).getByText(/^You can cancel this order until /)).toBeTruthy();

      await user.click(within(cancelling).getByRole('button', { name: 'Cancel order CB-000041' }));
      const confirm = await screen.findByRole('dialog', { name: 'Cancel order CB-000041' });
      expect(within(confirm).getByText(/Your open invoice is reduced by what you cancel\./)).toBeTruthy();
      await user.type(within(confirm).getByRole('textbox', { name: 'Note to the seller (optional)' }), 'Ordered twice');
      await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));

      expect(await screen.findByText('Order CB-000041 cancelled.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel order CB-000041' })).toBeNull());
      expect(commands).toEqual([
        {
          path: `/api/order/${row.id}/cancel`,
          body: { note: 'Ordered twice' },
          key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      ]);
      expect(await within(dialog).findByText('Cancelled', { selector: '.MuiChip-label' })).toBeTruthy();
      expect(within(dialog).queryByRole('region', { name: 'Cancelling' })).toBeNull();
    });

    it("reduces items: asks for a unit, shows the server's refusal below the minimum, and a changed choice is a new action", async () => {
      const row = cancellable(1);
      const refusal = 'The rest ($32.00) would be below Seller X’s $50.00 minimum: cancel the whole order instead.';
      const { commands } = renderOrders([row], [], undefined, {
        command: (order, _command, body) => {
          const [change] = (body as { lines: Array<{ line_item_id: string; quantity: number }> }).lines;
          if (change!.quantity > 1)
            return { status: 409, body: { error: 'below_minimum', message: refusal, issues: [] } };
          const items = order.cart.line_items.map((l) =>
            l.id === change!.line_item_id ? { ...l, cancelled_quantity: 1 } : l,
          );
          return { status: 200, body: { ...order, cart: { ...order.cart, line_items: items } } };
        },
      });
      const { user, dialog } = await openOrder(1);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel or reduce items' }));
      const reduce = await screen.findByRole('dialog', { name: 'Cancel or reduce items of order CB-000041' });
      await user.click(within(reduce).getByRole('button', { name: 'Remove units' }));
      expect(within(reduce).getByRole('alert').textContent).toBe('Choose at least one unit to remove.');
      expect(commands).toEqual([]);

      const widgetUnits = within(reduce).getByRole('spinbutton', { name: 'Units of Widget to remove (up to 3)' });
      await user.clear(widgetUnits);
      await user.type(widgetUnits, '2');
      await user.click(within(reduce).getByRole('button', { name: 'Remove units' }));
      expect(await within(reduce).findByText(refusal)).toBeTruthy();
      expect(commands[0]!.body).toEqual({ lines: [{ line_item_id: lines[0]!.id, quantity: 2 }] });

      await user.clear(widgetUnits);
      await user.type(widgetUnits, '1');
      await user.click(within(reduce).getByRole('button', { name: 'Remove units' }));
      expect(await screen.findByText('Order CB-000041 changed.')).toBeTruthy();
      expect(commands).toHaveLength(2);
      expect(commands[1]!.key).not.toBe(commands[0]!.key);
      // Back in View Order (the other dialog closed): one Widget cancelled.
      await waitFor(() => {
        const items = within(dialog).getByRole('table', { name: 'Line items' });
        const widgetRow = within(items).getByText('Widget').closest('tr') as HTMLElement;
        expect(widgetRow.querySelectorAll('td')[0]!.textContent).toContain('Cancelled 1');
      });
    });

    it('requests a cancellation once the window is closed: the note is required, then the request shows', async () => {
      const row = accepted(1);
      const { commands } = renderOrders([row], [], undefined, {
        command: (order, _command, body) => ({
          status: 200,
          body: {
            ...order,
            cancellation_request: {
              requested_at: '2024-05-02T11:30:00Z',
              note: (body as { note: string }).note,
              by: { name: 'Cora Shop' },
            },
          },
        }),
      });
      const { user, dialog } = await openOrder(1);
      const cancelling = within(dialog).getByRole('region', { name: 'Cancelling' });
      expect(within(cancelling).getByText('To cancel, send the seller a cancellation request.')).toBeTruthy();
      expect(within(cancelling).queryByRole('button', { name: /^Cancel order/ })).toBeNull();
      await user.click(within(cancelling).getByRole('button', { name: 'Request cancellation' }));

      const request = await screen.findByRole('dialog', { name: 'Request cancellation of order CB-000041' });
      await user.click(within(request).getByRole('button', { name: 'Send request' }));
      const note = within(request).getByRole('textbox', { name: /Why do you want to cancel\?/ });
      expect(note.getAttribute('aria-invalid')).toBe('true');
      expect(within(request).getByText('Tell the seller why you want to cancel.')).toBeTruthy();
      expect(commands).toEqual([]);

      await user.type(note, 'The shop is closing');
      await user.click(within(request).getByRole('button', { name: 'Send request' }));
      expect(await screen.findByText('Cancellation requested. Seller X will accept or decline it.')).toBeTruthy();
      expect(commands).toEqual([
        {
          path: `/api/order/${row.id}/cancellation-request`,
          body: { note: 'The shop is closing' },
          key: expect.any(String),
        },
      ]);
      expect(
        await within(dialog).findByText(
          `Cancellation requested on ${formatDate('2024-05-02T11:30:00Z')}. Seller X will accept or decline it.`,
        ),
      ).toBeTruthy();
      expect(within(dialog).getByText('“The shop is closing”')).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Request cancellation' })).toBeNull();
    });

    it("shows the seller's decline of a request, and the buyer may ask again", async () => {
      const row = accepted(1);
      renderOrders([row], [], undefined, {
        details: {
          [row.id]: {
            timeline: [
              event('e1', 'cancellation_requested', 'Cancellation requested', 'Too late for the fair'),
              event('e2', 'cancellation_declined', 'Cancellation declined', 'Already packed'),
            ],
          },
        },
      });
      const { dialog } = await openOrder(1);
      const cancelling = within(dialog).getByRole('region', { name: 'Cancelling' });
      const alert = within(cancelling).getByRole('alert');
      expect(alert.textContent).toContain('Cancellation declined');
      expect(alert.textContent).toContain('“Already packed”');
      expect(within(cancelling).getByRole('button', { name: 'Request cancellation' })).toBeTruthy();
    });

    it('offers no cancelling once the order has shipped', async () => {
      renderOrders([summary(1, { state: 'shipped', buyer_may_cancel_until: null, cancellation_request: null })]);
      const { dialog } = await openOrder(1);
      expect(within(dialog).queryByRole('region', { name: 'Cancelling' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: /cancel/i })).toBeNull();
    });

    it('opens the order named in the address (the confirmation page’s View order), and closing it leaves the list', async () => {
      const rows = [summary(2), summary(1, { state: 'placed' })];
      renderOrders(rows, [], `/storefront/${ids.sellerX}/orders?order=${rows[1]!.id}`);
      const dialog = await screen.findByRole('dialog', { name: 'Order CB-000041' });
      expect(await within(dialog).findByRole('table', { name: 'Line items' })).toBeTruthy();
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order CB-000041' })).toBeNull());
      expect(await screen.findByRole('table', { name: 'Orders' })).toBeTruthy();
    });
  });

  describe('at phone width', () => {
    it('shows a card per order with the values under their column names, and no table', async () => {
      atPhoneWidth();
      const rows = [summary(2, { shipping_information: shipped, invoice: null }), summary(1)];
      renderOrders(rows);

      const list = await screen.findByRole('list', { name: 'Orders' });
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(2);

      const newer = await cardOf(rows[0]!.completed_on);
      expect(valueIn(newer, 'Order').textContent).toBe('CB-000042');
      expect(valueIn(newer, 'Amount').textContent).toBe('$65.00');
      expect(valueIn(newer, 'Subtotal').textContent).toBe('$56.00');
      expect(valueIn(newer, 'Shipping').textContent).toBe('$9.00');
      expect(valueIn(newer, 'Shipped?').textContent).toBe('Yes');
      expect(valueIn(newer, 'Invoice').textContent).toBe('—');
      expect(within(newer).queryByRole('link')).toBeNull();
      expect(
        within(valueIn(newer, 'Payment Status')).getByText('N/A').closest('[data-status]')?.getAttribute('data-status'),
      ).toBe('primary');

      const older = await cardOf(rows[1]!.completed_on);
      expect(valueIn(older, 'Shipped?').textContent).toBe('No');
      const invoice = within(older).getByRole('link', { name: /^View invoice/ });
      expect(invoice.getAttribute('href')).toBe(rows[1]!.invoice!.link);
      expect(invoice.getAttribute('target')).toBe('_blank');
      expect(within(older).getByText('OPEN').closest('[data-status]')?.getAttribute('data-status')).toBe('error');
      expect(within(older).getByRole('button', { name: 'View Order CB-000041' })).toBeTruthy();
      expect(within(older).getByRole('button', { name: 'Order Again CB-000041' })).toBeTruthy();
    });

    it('View Order on a card opens the order', async () => {
      atPhoneWidth();
      const rows = [summary(1)];
      renderOrders(rows);
      const user = userEvent.setup();
      await user.click(within(await cardOf(rows[0]!.completed_on)).getByRole('button', { name: /^View Order/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Order CB-000041' });
      expect(await within(dialog).findByRole('table', { name: 'Line items' })).toBeTruthy();
    });

    it("Order Again on a card fills the cart and opens the shell's drawer", async () => {
      atPhoneWidth();
      const rows = [summary(1)];
      const { cart } = renderOrders(rows);
      const user = userEvent.setup();
      await user.click(within(await cardOf(rows[0]!.completed_on)).getByRole('button', { name: /^Order Again/ }));
      const drawer = await screen.findByRole('dialog', { name: 'Cart' });
      expect(await within(drawer).findByRole('listitem', { name: 'Widget' })).toBeTruthy();
      expect(await screen.findByText('Added 1 of 3 products to your cart.')).toBeTruthy();
      expect(cart.cart().line_items.map((item) => [item.product.name, item.quantity])).toEqual([['Widget', 3]]);
    });

    paidSessionTests(atPhoneWidth);

    it('shows the empty state with the way to the catalogue', async () => {
      atPhoneWidth();
      renderOrders([]);
      expect(await screen.findByText(BUYER_ORDERS_EMPTY)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Shop Seller X' })).toBeTruthy();
    });
  });
});
