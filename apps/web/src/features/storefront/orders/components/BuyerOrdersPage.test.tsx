import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { BUYER_ORDERS_EMPTY, trackingUrl, type Order, type OrderLine, type OrderSummary } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { AuthContext, type AuthContextProps } from '../../../../lib/auth-context';
import { formatDate } from '../../../../lib/format';
import { ids, makeUser, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { BuyerOrdersPage } from './BuyerOrdersPage';
import { BuyerShell } from '../../components/BuyerShell';
import { fakeCartServer, gadget, widget, type StoredLine } from '../../test-support/cart-test-server';
import { atPhoneWidth } from '../../../../test/phone-width';

const buyer = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
});

const orderId = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const figJamId = '00000000-0000-4000-8000-0000000000a9';

function line(n: number, productId: string, name: string, quantity: number, unitCents: number): OrderLine {
  return {
    id: orderId(700 + n),
    product_id: productId,
    name,
    stock_keeping_unit: null,
    order_unit: n === 1 ? 'Case' : null,
    quantity_per_unit: n === 1 ? 6 : null,
    quantity,
    unit_price_in_cents: unitCents,
    line_total_cents: quantity * unitCents,
  };
}

const lines = [
  line(1, widget.id, 'Widget', 3, 1200),
  line(2, gadget.id, 'Gadget', 2, 550),
  line(3, figJamId, 'Fig Jam', 1, 900),
];

function summary(n: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: orderId(n),
    order_number: `CB-${String(40 + n).padStart(6, '0')}`,
    completed_on: `2024-05-0${n}T09:15:00Z`,
    organization: { id: ids.buyer, name: 'Corner Shop' },
    seller: { id: ids.sellerX, name: 'Seller X' },
    subtotal_cents: 5600,
    shipping_cost_in_cents: 900,
    total_cents: 6500,
    shippo_provider: 'UPS',
    shippo_service_level_token: 'ups_ground',
    shipping_address: {
      first_name: 'Cora',
      last_name: 'Shop',
      line1: '9 Elm St',
      line2: null,
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
    },
    created_by_user: { name: 'Cora Shop' },
    shipping_information: null,
    po_number: null,
    invoice: { link: `http://localhost/api/invoice/${n}.pdf?expires=1&sig=x`, stripe_status: 'open' },
    cart: { id: orderId(100 + n), total_cents: 5600, item_count: 6 },
    ...overrides,
  };
}

const detail = (row: OrderSummary): Order => ({ ...row, cart: { ...row.cart, line_items: lines } });

const shipped = {
  id: orderId(900),
  carrier: 'FEDEX' as const,
  tracking_number: '123456789012',
  status: 'SHIPPED',
  tracking_url: trackingUrl('FEDEX', '123456789012'),
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The orders calls over `rows`, then the in-memory cart (and /api/user/me) of cart-test-server. */
function renderOrders(rows: OrderSummary[], cartLines: StoredLine[] = [], path = `/storefront/${ids.sellerX}/orders`) {
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
    const one = /^\/api\/order\/([^/]+)$/.exec(url.pathname);
    const row = one && rows.find((candidate) => candidate.id === one[1]);
    if (row) return json(200, detail(row));
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
  return { cart, listCalls, verifyCalls };
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
    ).toEqual(['Order', 'Date', 'Amount', 'Shipped?', 'Invoice', 'Payment Status', 'Actions']);
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
      'WidgetCase of 6',
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
