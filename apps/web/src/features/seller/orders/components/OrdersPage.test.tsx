import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import {
  ORDER_SEARCH_LABEL,
  ORDER_SEARCH_NO_MATCH,
  SELLER_ORDERS_EMPTY,
  parseOrderNumber,
  TRACKING_EMAIL_NOTICE,
  trackingUrl,
  type Order,
  type OrderSummary,
} from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { configureApi } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import { ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { CUSTOMER_SEARCH_LABEL, DATE_RANGE_ERROR, EXPORT_FAILED, OrdersPage, PACKING_SLIP_FAILED } from './OrdersPage';
import { BULK_SHIP_NUMBER_REQUIRED } from './BulkShipDialog';
import { TRACKING_SAVED_TEXT } from './TrackingDialog';
import { atPhoneWidth } from '../../../../test/phone-width';

const orderId = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function summary(n: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: orderId(n),
    order_number: `CB-${String(n).padStart(6, '0')}`,
    completed_on: `2024-03-${String(10 + n).padStart(2, '0')}T15:30:00Z`,
    organization: { id: ids.buyer, name: `Corner Shop ${n}` },
    seller: { id: ids.merchantA, name: 'Acme Goods' },
    subtotal_cents: 10000 * n,
    shipping_cost_in_cents: 850,
    total_cents: 10000 * n + 850,
    shippo_provider: 'USPS',
    shippo_service_level_token: 'usps_priority',
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Buyer',
      line1: '1 Main St',
      line2: 'Suite 4',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
    },
    created_by_user: { name: 'Ada Buyer' },
    shipping_information: null,
    po_number: null,
    invoice: { link: `http://localhost/api/invoice/${n}.pdf?sig=abc`, stripe_status: 'paid' },
    cart: { id: orderId(100 + n), total_cents: 10000 * n, item_count: 3 },
    ...overrides,
  };
}

function detail(row: OrderSummary): Order {
  return {
    ...row,
    cart: {
      ...row.cart,
      line_items: [
        {
          id: orderId(500),
          product_id: orderId(600),
          name: 'Fig Jam',
          stock_keeping_unit: 'FJ-12',
          order_unit: 'Case',
          quantity_per_unit: 12,
          quantity: 2,
          unit_price_in_cents: 3000,
          line_total_cents: 6000,
        },
        {
          id: orderId(501),
          product_id: orderId(601),
          name: 'Oat Soap',
          stock_keeping_unit: null,
          order_unit: null,
          quantity_per_unit: null,
          quantity: 1,
          unit_price_in_cents: 4000,
          line_total_cents: 4000,
        },
      ],
    },
  };
}

const shipped = {
  id: orderId(900),
  carrier: 'UPS' as const,
  tracking_number: '1Z999AA10123456784',
  status: 'SHIPPED',
  tracking_url: trackingUrl('UPS', '1Z999AA10123456784'),
};

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A fetch double: the handlers in turn, then 404. Records every call. */
function server(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    for (const handler of handlers) {
      const answer = await handler(call);
      if (answer) return answer;
    }
    return json(404, { error: 'not_found', message: `No fake for ${call.method} ${call.path}` });
  };
  vi.stubGlobal('fetch', fn);
  return calls;
}

const listPath = `/api/order/organization/${ids.merchantA}/selling`;

/** The seller's list over `rows` (mutable), paged by `pageSize` with a numeric cursor. */
function sellingList(rows: OrderSummary[], pageSize = 50): Handler {
  return (call) => {
    if (call.method !== 'GET' || call.path !== listPath) return undefined;
    const start = Number(call.search.get('cursor') ?? 0);
    const page = rows.slice(start, start + pageSize);
    const next = start + pageSize < rows.length ? { 'x-next-cursor': String(start + pageSize) } : undefined;
    return json(200, page, next);
  };
}

function orderReads(rows: OrderSummary[]): Handler {
  return (call) => {
    const match = /^\/api\/order\/([^/]+)$/.exec(call.path);
    if (call.method !== 'GET' || !match) return undefined;
    const row = rows.find((candidate) => candidate.id === match[1]);
    return row ? json(200, detail(row)) : undefined;
  };
}

function renderOrders() {
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/orders" element={<OrdersPage />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/orders` },
  );
}

const cardOf = async (customer: string) => (await screen.findByText(customer)).closest('li') as HTMLElement;

/** The value a card shows under a label (its column name). */
const valueIn = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

const rowOf = async (customer: string) => (await screen.findByText(customer)).closest('tr') as HTMLElement;

/** The tab window.open answers while a PDF is made. */
const newTab = () => ({
  closed: false,
  close: vi.fn(),
  location: { href: '' },
  document: { title: '', body: { textContent: '' } },
});

/** window.open answers a new tab, returned. */
function stubNewTab() {
  const tab = newTab();
  vi.stubGlobal(
    'open',
    vi.fn(() => tab),
  );
  return tab;
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  configureApi({ getAccessToken: async () => null, onUnauthorized: () => undefined });
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('OrdersPage', () => {
  it('lists orders by number with date, customer, the amount paid with its parts, Shipped? and payment status', async () => {
    const rows = [
      summary(1, { shipping_information: shipped }),
      summary(2, { invoice: { link: 'http://localhost/i.pdf', stripe_status: 'open' } }),
      summary(3, { invoice: null }),
    ];
    server(sellingList(rows));
    renderOrders();

    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    // The first header is the select-all checkbox.
    expect(headers).toEqual([
      '',
      'Order',
      'State',
      'Date',
      'Customer',
      'Amount',
      'Shipped?',
      'Payment Status',
      'Actions',
    ]);
    expect(within(table).getByRole('checkbox', { name: 'Select all orders shown' })).toBeTruthy();

    const first = await rowOf('Corner Shop 1');
    // The order's number, as its e-mails, invoice and packing slip name it; never its id.
    expect(within(first).getByText('CB-000001').getAttribute('title')).toBe(rows[0]!.id);
    expect(first.textContent).not.toMatch(/#[0-9A-F]{8}/);
    expect(within(first).getByText(formatDate(rows[0]!.completed_on))).toBeTruthy();
    // The amount is what the buyer pays (as the buyer's list shows it), its parts under it.
    expect(within(first).getByText('$108.50')).toBeTruthy();
    expect(within(first).getByText('$100.00 subtotal + $8.50 shipping')).toBeTruthy();
    expect(within(first).getByText('Yes')).toBeTruthy();
    expect(within(first).getByText('PAID').getAttribute('data-status')).toBe('primary');
    expect(within(first).getByRole('button', { name: /^Edit Tracking Number/ })).toBeTruthy();

    const second = await rowOf('Corner Shop 2');
    expect(within(second).getByText('No')).toBeTruthy();
    expect(within(second).getByText('OPEN').getAttribute('data-status')).toBe('error');
    expect(within(second).getByRole('button', { name: /^Add Tracking Number/ })).toBeTruthy();

    const third = await rowOf('Corner Shop 3');
    expect(within(third).getByText('N/A').getAttribute('data-status')).toBe('primary');
  });

  it('shows the 10 × 5 skeleton while loading, then the empty state', async () => {
    let answer: (() => void) | undefined;
    server((call) =>
      call.path === listPath ? new Promise<Response>((resolve) => (answer = () => resolve(json(200, [])))) : undefined,
    );
    renderOrders();
    const skeleton = screen.getAllByTestId('skeleton-row');
    expect(skeleton).toHaveLength(10);
    expect(within(skeleton[0]!).getAllByRole('cell')).toHaveLength(5);
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByText(SELLER_ORDERS_EMPTY)).toBeTruthy();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('pages with Load more by the x-next-cursor header', async () => {
    const rows = [summary(1), summary(2), summary(3)];
    const calls = server(sellingList(rows, 2));
    const user = userEvent.setup();
    renderOrders();
    await rowOf('Corner Shop 2');
    expect(screen.queryByText('Corner Shop 3')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await rowOf('Corner Shop 3');
    const reads = calls.filter((call) => call.path === listPath);
    expect(reads.map((call) => call.search.get('cursor'))).toEqual([null, '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens an order: lines with SKU, quantity, unit and prices, totals, ship-to, buyer, placed by, tracking', async () => {
    const rows = [summary(1, { shipping_information: shipped })];
    server(sellingList(rows), orderReads(rows));
    const user = userEvent.setup();
    renderOrders();
    await user.click(await rowOf('Corner Shop 1'));

    const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
    const lines = await within(dialog).findByRole('table', { name: 'Order lines' });
    const jam = within(lines).getByText('Fig Jam').closest('tr') as HTMLElement;
    expect([...jam.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Fig Jam',
      'FJ-12',
      '2',
      'Case of 12',
      '$30.00',
      '$60.00',
    ]);
    const soap = within(lines).getByText('Oat Soap').closest('tr') as HTMLElement;
    expect(within(soap).getAllByText('—')).toHaveLength(2);
    expect(within(dialog).getByText('$100.00')).toBeTruthy();
    expect(within(dialog).getByText('(USPS Priority)')).toBeTruthy();
    expect(within(dialog).getByText('$108.50')).toBeTruthy();
    expect(within(dialog).getByText('Corner Shop 1')).toBeTruthy();
    expect(within(dialog).getByText('Ada Buyer', { selector: 'dd' })).toBeTruthy();
    expect(within(dialog).getByText('1 Main St')).toBeTruthy();
    expect(within(dialog).getByText('Springfield, IL 62701')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: shipped.tracking_number }).getAttribute('href')).toBe(
      shipped.tracking_url,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds tracking: USPS by default, Add disabled while empty, the format checked on blur, then saved', async () => {
    const rows = [summary(1)];
    // The tab counts are kept under the list's key too: saving must update the pages and leave the counts be.
    const tabCounts = (call: Call) =>
      call.method === 'GET' && call.path === `/api/organization/${ids.merchantA}/orders/counts`
        ? json(200, { to_ship: 1, partially_shipped: 0, shipped: 0, unpaid: 0, cancelled: 0, all: 1 })
        : undefined;
    const calls = server(sellingList(rows), tabCounts, (call) => {
      if (call.method !== 'POST' || call.path !== `/api/order/${rows[0]!.id}/shipping`) return undefined;
      const body = call.body as { carrier: 'USPS'; tracking_number: string };
      const info = { ...shipped, carrier: body.carrier, tracking_number: body.tracking_number };
      rows[0] = { ...rows[0]!, shipping_information: info };
      return json(200, detail(rows[0]));
    });
    const user = userEvent.setup();
    renderOrders();
    const row = await rowOf('Corner Shop 1');
    expect(await screen.findByRole('tab', { name: 'To ship (1)' })).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /^Add Tracking Number/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Add Tracking Info' });
    expect(within(dialog).getByText(TRACKING_EMAIL_NOTICE)).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Carrier' }).textContent).toBe('USPS');
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    const number = within(dialog).getByRole('textbox', { name: 'Tracking Number' });
    await user.type(number, '12345');
    expect(add.disabled).toBe(false);
    await user.tab();
    expect(await within(dialog).findByText(/This is not a USPS tracking number/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(number);
    await user.type(number, '9400 1000 0000 0000 0000 00');
    expect(within(dialog).queryByText(/This is not a USPS tracking number/)).toBeNull();
    await user.click(add);

    expect(await screen.findByText(TRACKING_SAVED_TEXT)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ carrier: 'USPS', tracking_number: '9400100000000000000000' });
    const updated = await rowOf('Corner Shop 1');
    await waitFor(() => expect(within(updated).getByText('Yes')).toBeTruthy());
    expect(within(updated).getByRole('button', { name: /^Edit Tracking Number/ })).toBeTruthy();
    // The list is read again after saving.
    await waitFor(() => expect(calls.filter((call) => call.path === listPath).length).toBe(2));
  });

  it("edits tracking with PUT, prefilled, and shows the server's refusal under the field", async () => {
    const rows = [summary(1, { shipping_information: shipped })];
    const calls = server(sellingList(rows), (call) =>
      call.method === 'PUT'
        ? json(400, {
            error: 'validation_error',
            message: 'tracking_number: not found at the carrier',
            issues: [{ path: 'tracking_number', message: 'The carrier does not know this number.' }],
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderOrders();
    await user.click(within(await rowOf('Corner Shop 1')).getByRole('button', { name: /^Edit Tracking Number/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tracking Info' });
    expect(within(dialog).getByRole('combobox', { name: 'Carrier' }).textContent).toBe('UPS');
    const number = within(dialog).getByRole('textbox', { name: 'Tracking Number' }) as HTMLInputElement;
    expect(number.value).toBe(shipped.tracking_number);

    await user.click(within(dialog).getByRole('combobox', { name: 'Carrier' }));
    await user.click(await screen.findByRole('option', { name: 'FedEx' }));
    await user.clear(number);
    await user.type(number, '1234 5678 9012');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByText('The carrier does not know this number.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/order/${rows[0]!.id}/shipping`);
    expect(put?.body).toEqual({ id: shipped.id, status: 'SHIPPED', carrier: 'FEDEX', tracking_number: '123456789012' });
    expect(number.value).toBe('1234 5678 9012');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("opens the packing slip in a tab opened on click, with the seller's token, showing 'Creating...' meanwhile", async () => {
    configureApi({ getAccessToken: async () => 'seller-token' });
    const rows = [summary(1)];
    let answer: (() => void) | undefined;
    const calls = server(sellingList(rows), (call) =>
      call.path === `/api/order/${rows[0]!.id}/packing-slip`
        ? new Promise<Response>((resolve) => {
            answer = () =>
              resolve(
                new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } }),
              );
          })
        : undefined,
    );
    const tab = newTab();
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/slip');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();

    const user = userEvent.setup();
    renderOrders();
    const row = await rowOf('Corner Shop 1');
    await user.click(within(row).getByRole('button', { name: /^Packing slip/ }));

    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    const creating = await within(row).findByRole('button', { name: 'Creating...' });
    expect((creating as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(answer).toBeDefined());
    answer!();

    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/slip'));
    expect(createObjectURL.mock.calls[0]![0].type).toBe('application/pdf');
    const slipCall = calls.find((call) => call.path.endsWith('/packing-slip'));
    expect(slipCall?.headers.Authorization).toBe('Bearer seller-token');
    expect(slipCall?.headers.Accept).toBe('application/pdf');
    expect(await within(row).findByRole('button', { name: /^Packing slip/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the tab and says so when the packing slip fails', async () => {
    const rows = [summary(1)];
    server(sellingList(rows), (call) =>
      call.path.endsWith('/packing-slip')
        ? json(500, { error: 'internal', message: 'The PDF service is down.' })
        : undefined,
    );
    const tab = stubNewTab();
    const user = userEvent.setup();
    renderOrders();
    await user.click(within(await rowOf('Corner Shop 1')).getByRole('button', { name: /^Packing slip/ }));
    expect(await screen.findByText(`${PACKING_SLIP_FAILED} The PDF service is down.`)).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  describe('at phone width', () => {
    it('shows a card per order with the values under their column names, and no table', async () => {
      atPhoneWidth();
      const rows = [
        summary(1, { shipping_information: shipped }),
        summary(2, { invoice: { link: 'http://localhost/i.pdf', stripe_status: 'open' } }),
      ];
      server(sellingList(rows));
      renderOrders();

      const list = await screen.findByRole('list', { name: 'Orders' });
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);

      const first = await cardOf('Corner Shop 1');
      expect(valueIn(first, 'Date').textContent).toBe(formatDate(rows[0]!.completed_on));
      expect(valueIn(first, 'Customer').textContent).toBe('Corner Shop 1');
      expect(valueIn(first, 'Order').textContent).toBe('CB-000001');
      expect(valueIn(first, 'Amount').textContent).toBe('$108.50');
      expect(valueIn(first, 'Subtotal').textContent).toBe('$100.00');
      expect(valueIn(first, 'Shipping').textContent).toBe('$8.50');
      expect(valueIn(first, 'Shipped?').textContent).toBe('Yes');
      const paid = within(valueIn(first, 'Payment Status')).getByText('PAID');
      expect(paid.closest('[data-status]')?.getAttribute('data-status')).toBe('primary');
      expect(within(first).getByRole('button', { name: /^Edit Tracking Number/ })).toBeTruthy();
      expect(within(first).getByRole('button', { name: /^Packing slip/ })).toBeTruthy();

      const second = await cardOf('Corner Shop 2');
      expect(valueIn(second, 'Shipped?').textContent).toBe('No');
      expect(within(second).getByText('OPEN').closest('[data-status]')?.getAttribute('data-status')).toBe('error');
      expect(within(second).getByRole('button', { name: /^Add Tracking Number/ })).toBeTruthy();
    });

    it('opens the order from its card, with the keyboard too', async () => {
      atPhoneWidth();
      const rows = [summary(1, { shipping_information: shipped })];
      server(sellingList(rows), orderReads(rows));
      const user = userEvent.setup();
      renderOrders();
      const view = within(await cardOf('Corner Shop 1')).getByRole('button', {
        name: 'View Order CB-000001',
      });
      view.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
      expect(await within(dialog).findByRole('table', { name: 'Order lines' })).toBeTruthy();
    });

    it("opens the tracking dialog from a card's tracking button", async () => {
      atPhoneWidth();
      const rows = [summary(1)];
      server(sellingList(rows));
      const user = userEvent.setup();
      renderOrders();
      await user.click(within(await cardOf('Corner Shop 1')).getByRole('button', { name: /^Add Tracking Number/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Tracking Info' });
      expect(within(dialog).getByRole('textbox', { name: 'Tracking Number' })).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: /^Order / })).toBeNull();
    });

    it('shows skeleton cards while loading, then the empty state', async () => {
      atPhoneWidth();
      let answer: (() => void) | undefined;
      server((call) =>
        call.path === listPath
          ? new Promise<Response>((resolve) => (answer = () => resolve(json(200, []))))
          : undefined,
      );
      renderOrders();
      expect((await screen.findAllByTestId('skeleton-card')).length).toBeGreaterThan(0);
      await waitFor(() => expect(answer).toBeDefined());
      answer!();
      expect(await screen.findByText(SELLER_ORDERS_EMPTY)).toBeTruthy();
      expect(screen.queryAllByTestId('skeleton-card')).toHaveLength(0);
    });

    it('pages with Load more', async () => {
      atPhoneWidth();
      const rows = [summary(1), summary(2), summary(3)];
      const calls = server(sellingList(rows, 2));
      const user = userEvent.setup();
      renderOrders();
      await cardOf('Corner Shop 2');
      expect(screen.queryByText('Corner Shop 3')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await cardOf('Corner Shop 3');
      expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem')).toHaveLength(3);
      expect(calls.filter((call) => call.path === listPath).map((call) => call.search.get('cursor'))).toEqual([
        null,
        '2',
      ]);
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    });
  });

  describe('search by order or PO number', () => {
    /**
     * The list over `rows` searched as the server does (q: the order its number names, and the PO
     * numbers starting with it in any case); answers wait for `gate` when given.
     */
    function searchedList(rows: OrderSummary[], gate?: { wait: Promise<void> | null }): Handler {
      return (call) => {
        if (call.method !== 'GET' || call.path !== listPath) return undefined;
        const q = (call.search.get('q') ?? '').toLowerCase();
        const number = parseOrderNumber(q);
        const answer = () =>
          json(
            200,
            rows.filter((row) => row.order_number === number || (row.po_number ?? '').toLowerCase().startsWith(q)),
          );
        const wait = q ? gate?.wait : null;
        return wait ? wait.then(answer) : answer();
      };
    }

    it('shows the PO number under the customer and in the order', async () => {
      const rows = [summary(1, { po_number: 'PO-4500/17' }), summary(2)];
      server(searchedList(rows), orderReads(rows));
      const user = userEvent.setup();
      renderOrders();
      const first = await rowOf('Corner Shop 1');
      expect(within(first).getByText('PO number PO-4500/17')).toBeTruthy();
      expect(within(await rowOf('Corner Shop 2')).queryByText(/PO number/)).toBeNull();

      await user.click(first);
      const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
      expect(within(dialog).getByText('PO-4500/17', { selector: 'dd' })).toBeTruthy();
    });

    it('shows the PO number on the phone card under its label', async () => {
      atPhoneWidth();
      const rows = [summary(1, { po_number: 'PO-4500/17' }), summary(2)];
      server(searchedList(rows));
      renderOrders();
      expect(valueIn(await cardOf('Corner Shop 1'), 'PO number').textContent).toBe('PO-4500/17');
      expect(within(await cardOf('Corner Shop 2')).queryByText('PO number')).toBeNull();
    });

    it('searches by PO number, keeping the last rows while the search loads, then says when nothing matches', async () => {
      const rows = [
        summary(1, { po_number: 'ACME-1' }),
        summary(2, { po_number: 'acme-2' }),
        summary(3, { po_number: 'BETA-3' }),
      ];
      let release: () => void = () => undefined;
      const gate: { wait: Promise<void> | null } = { wait: new Promise<void>((resolve) => (release = resolve)) };
      const calls = server(searchedList(rows, gate));
      const user = userEvent.setup();
      renderOrders();
      await rowOf('Corner Shop 3');

      const box = screen.getByRole('searchbox', { name: ORDER_SEARCH_LABEL });
      await user.type(box, 'acme');
      // The search is on its way: the rows shown stay, with no skeleton.
      await waitFor(() => expect(calls.some((call) => call.search.get('q') === 'acme')).toBe(true));
      expect(screen.getByText('Corner Shop 3')).toBeTruthy();
      expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
      release();
      await waitFor(() => expect(screen.queryByText('Corner Shop 3')).toBeNull());
      expect(screen.getByText('Corner Shop 1')).toBeTruthy();
      expect(screen.getByText('Corner Shop 2')).toBeTruthy();
      // The search went as typed, once typing paused: the last read is the whole word.
      const searched = calls.filter((call) => call.search.get('q'));
      expect(searched.at(-1)?.search.get('q')).toBe('acme');
      expect(searched.every((call) => call.search.get('po_number') === null)).toBe(true);

      gate.wait = null;
      await user.clear(box);
      await user.type(box, 'zzz');
      expect(await screen.findByText('No orders match “zzz”')).toBeTruthy();
      expect(screen.getByText(ORDER_SEARCH_NO_MATCH)).toBeTruthy();
      expect(screen.queryByText(SELLER_ORDERS_EMPTY)).toBeNull();
      // The box stays to change the search.
      expect(screen.getByRole('searchbox', { name: ORDER_SEARCH_LABEL })).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Clear search' }));
      await rowOf('Corner Shop 3');
    });

    it('finds an order by its number as typed: CB-000002, 000002 or 2', async () => {
      const rows = [summary(1), summary(2), summary(3)];
      const calls = server(searchedList(rows));
      const user = userEvent.setup();
      renderOrders();
      await rowOf('Corner Shop 3');
      const box = screen.getByRole('searchbox', { name: ORDER_SEARCH_LABEL });
      for (const typed of ['CB-000002', '000002', '2']) {
        await user.clear(box);
        await user.type(box, typed);
        await waitFor(() => expect(screen.queryByText('Corner Shop 3')).toBeNull());
        expect(screen.queryByText('Corner Shop 1')).toBeNull();
        expect(within(await rowOf('Corner Shop 2')).getByText('CB-000002')).toBeTruthy();
        expect(calls.at(-1)?.search.get('q')).toBe(typed);
        await user.click(screen.getByRole('button', { name: 'Clear search' }));
        await rowOf('Corner Shop 3');
      }
    });

    it('has no search box before the first order', async () => {
      server(searchedList([]));
      renderOrders();
      expect(await screen.findByText(SELLER_ORDERS_EMPTY)).toBeTruthy();
      expect(screen.queryByRole('searchbox', { name: ORDER_SEARCH_LABEL })).toBeNull();
    });
  });

  describe('the Orders workspace: tabs, filters and bulk actions', () => {
    const countsPath = `/api/organization/${ids.merchantA}/orders/counts`;
    const counts = { to_ship: 2, partially_shipped: 1, shipped: 1, unpaid: 1, cancelled: 0, all: 3 };

    /** The list filtered as the server would: view, q (number), customer (contains), from/to (days). */
    function workspaceList(rows: OrderSummary[]): Handler {
      const states: Record<string, string[]> = {
        to_ship: ['placed', 'accepted', 'partially_shipped'],
        partially_shipped: ['partially_shipped'],
        shipped: ['shipped', 'delivered'],
        cancelled: ['cancelled'],
      };
      return (call) => {
        if (call.method === 'GET' && call.path === countsPath) return json(200, counts);
        if (call.method !== 'GET' || call.path !== listPath) return undefined;
        const view = call.search.get('view');
        const customer = call.search.get('customer')?.toLowerCase();
        const from = call.search.get('from');
        const to = call.search.get('to');
        return json(
          200,
          rows.filter(
            (o) =>
              (!view ||
                (view === 'unpaid'
                  ? o.invoice?.stripe_status === 'open'
                  : states[view]!.includes(o.state ?? 'placed'))) &&
              (!customer || o.organization.name.toLowerCase().includes(customer)) &&
              (!from || o.completed_on.slice(0, 10) >= from) &&
              (!to || o.completed_on.slice(0, 10) <= to),
          ),
        );
      };
    }

    const workspaceRows = () => [
      summary(1, { state: 'placed' }),
      summary(2, { state: 'partially_shipped', organization: { id: ids.buyer, name: 'Harbor Deli' } }),
      summary(3, { state: 'shipped', invoice: { link: 'http://localhost/i.pdf', stripe_status: 'open' } }),
    ];

    it('shows the tabs with their counts and lists a tab’s orders with their state', async () => {
      const calls = server(workspaceList(workspaceRows()));
      const user = userEvent.setup();
      renderOrders();
      const tabs = await screen.findByRole('tablist', { name: 'Order views' });
      await waitFor(() =>
        expect(
          within(tabs)
            .getAllByRole('tab')
            .map((tab) => tab.textContent),
        ).toEqual(['All (3)', 'To ship (2)', 'Partially shipped (1)', 'Shipped (1)', 'Unpaid (1)', 'Cancelled (0)']),
      );
      expect(within(await rowOf('Harbor Deli')).getByText('Partially shipped')).toBeTruthy();

      await user.click(within(tabs).getByRole('tab', { name: 'To ship (2)' }));
      await waitFor(() => expect(screen.queryByText('Corner Shop 3')).toBeNull());
      expect(calls.at(-1)?.search.get('view')).toBe('to_ship');
      expect(screen.getByText('Corner Shop 1')).toBeTruthy();
      expect(within(tabs).getByRole('tab', { name: 'To ship (2)' }).getAttribute('aria-selected')).toBe('true');

      // The keyboard moves along the tabs.
      within(tabs).getByRole('tab', { name: 'To ship (2)' }).focus();
      await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(calls.at(-1)?.search.get('view')).toBe('unpaid'));
      expect(await rowOf('Corner Shop 3')).toBeTruthy();

      await user.click(within(tabs).getByRole('tab', { name: 'Cancelled (0)' }));
      expect(await screen.findByText('No orders here')).toBeTruthy();
    });

    it('searches by customer and narrows by a date range, refusing From after To', async () => {
      const calls = server(workspaceList(workspaceRows()));
      const user = userEvent.setup();
      renderOrders();
      await rowOf('Corner Shop 3');

      await user.type(screen.getByRole('searchbox', { name: CUSTOMER_SEARCH_LABEL }), 'harbor');
      await waitFor(() => expect(screen.queryByText('Corner Shop 1')).toBeNull());
      expect(calls.at(-1)?.search.get('customer')).toBe('harbor');
      expect(screen.getByText('Harbor Deli')).toBeTruthy();
      await user.clear(screen.getByRole('searchbox', { name: CUSTOMER_SEARCH_LABEL }));
      await rowOf('Corner Shop 1');

      // summary(n) was placed on 2024-03-(10 + n).
      const fromField = screen.getByLabelText('From');
      const toField = screen.getByLabelText('To');
      await user.type(fromField, '2024-03-12');
      await waitFor(() => expect(screen.queryByText('Corner Shop 1')).toBeNull());
      expect(calls.at(-1)?.search.get('from')).toBe('2024-03-12');
      await user.type(toField, '2024-03-11');
      expect(await screen.findByText(DATE_RANGE_ERROR)).toBeTruthy();
      // A range the wrong way round is not sent.
      expect(calls.some((call) => call.search.get('to') === '2024-03-11')).toBe(false);
      await user.clear(toField);
      await user.type(toField, '2024-03-12');
      await waitFor(() => expect(screen.queryByText('Corner Shop 3')).toBeNull());
      expect(screen.getByText('Harbor Deli')).toBeTruthy();
      expect(calls.at(-1)?.search.get('to')).toBe('2024-03-12');
      expect(screen.queryByText(DATE_RANGE_ERROR)).toBeNull();
    });

    it('marks selected orders shipped from one sheet: checked formats, saved one by one, a result per order', async () => {
      configureApi({ getAccessToken: async () => 'seller-token' });
      const rows = workspaceRows();
      const shipments = (id: string) => `/api/organization/${ids.merchantA}/orders/${id}/shipments`;
      const calls = server(workspaceList(rows), (call) => {
        if (call.method !== 'POST') return undefined;
        if (call.path === shipments(rows[0]!.id)) return json(200, detail({ ...rows[0]!, state: 'shipped' }));
        if (call.path === shipments(rows[1]!.id)) {
          return json(409, { error: 'order_cancelled', message: 'The order was cancelled meanwhile.' });
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderOrders();
      await user.click(within(await rowOf('Corner Shop 1')).getByRole('checkbox', { name: 'Select order CB-000001' }));
      await user.click(within(await rowOf('Harbor Deli')).getByRole('checkbox', { name: 'Select order CB-000002' }));
      // Selecting does not open the order.
      expect(screen.queryByRole('dialog')).toBeNull();
      const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
      expect(within(bar).getByText('2 selected')).toBeTruthy();
      await user.click(within(bar).getByRole('button', { name: 'Mark shipped' }));

      const sheet = await screen.findByRole('dialog', { name: 'Mark shipped' });
      const first = within(sheet).getByRole('group', { name: 'Order CB-000001, Corner Shop 1' });
      const second = within(sheet).getByRole('group', { name: 'Order CB-000002, Harbor Deli' });
      // Nothing is sent while a number is missing or wrong for its carrier.
      await user.type(within(first).getByRole('textbox', { name: 'Tracking Number' }), '123');
      await user.click(within(sheet).getByRole('button', { name: 'Save 2 shipments' }));
      expect(await within(second).findByText(BULK_SHIP_NUMBER_REQUIRED)).toBeTruthy();
      expect(within(first).getByRole('textbox', { name: 'Tracking Number' }).getAttribute('aria-invalid')).toBe('true');
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

      const firstNumber = within(first).getByRole('textbox', { name: 'Tracking Number' });
      await user.clear(firstNumber);
      await user.type(firstNumber, '9400100000000000000000');
      await user.type(within(second).getByRole('textbox', { name: 'Tracking Number' }), '9400100000000000000001');
      await user.click(within(sheet).getByRole('button', { name: 'Save 2 shipments' }));

      expect(await within(first).findByText('Shipped')).toBeTruthy();
      expect(await within(second).findByText('Not saved')).toBeTruthy();
      expect(within(second).getByText('The order was cancelled meanwhile.')).toBeTruthy();
      expect(within(sheet).getByRole('status')).toHaveProperty(
        'textContent',
        '1 of 2 orders marked shipped. Correct the others and save again.',
      );
      const posts = calls.filter((call) => call.method === 'POST');
      expect(posts.map((call) => call.path)).toEqual([shipments(rows[0]!.id), shipments(rows[1]!.id)]);
      expect(posts[0]!.body).toEqual({ carrier: 'USPS', tracking_number: '9400100000000000000000' });
      expect(posts[0]!.headers['Idempotency-Key']).toMatch(/.+/);
      expect(posts[0]!.headers['Idempotency-Key']).not.toBe(posts[1]!.headers['Idempotency-Key']);
      // The saved order is not sent again; only the failed one is left.
      expect(within(sheet).getByRole('button', { name: 'Save 1 shipment' })).toBeTruthy();
      await user.click(within(sheet).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).queryByText(/selected$/)).toBeNull();
    });

    it('opens one PDF of the selected orders’ packing slips and exports the filtered list as CSV', async () => {
      configureApi({ getAccessToken: async () => 'seller-token' });
      const rows = workspaceRows();
      const calls = server(workspaceList(rows), (call) => {
        if (call.method === 'POST' && call.path === `/api/organization/${ids.merchantA}/orders/packing-slips`) {
          return new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } });
        }
        if (call.method === 'GET' && call.path === `/api/organization/${ids.merchantA}/orders/export.csv`) {
          return call.search.get('customer') === 'fail'
            ? json(500, { error: 'internal', message: 'Try again.' })
            : new Response('Order number\r\n', {
                headers: {
                  'content-type': 'text/csv',
                  'content-disposition': 'attachment; filename="orders-2024-03-15.csv"',
                },
              });
        }
        return undefined;
      });
      const tab = stubNewTab();
      URL.createObjectURL = vi.fn(() => 'blob:http://localhost/file');
      URL.revokeObjectURL = vi.fn();
      const user = userEvent.setup();
      renderOrders();
      await rowOf('Corner Shop 3');
      await user.click(screen.getByRole('checkbox', { name: 'Select all orders shown' }));
      const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
      expect(within(bar).getByText('3 selected')).toBeTruthy();
      await user.click(within(bar).getByRole('button', { name: 'Packing slips' }));
      await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/file'));
      const slips = calls.find((call) => call.path.endsWith('/packing-slips'))!;
      expect(slips.method).toBe('POST');
      expect(slips.body).toEqual({ order_ids: rows.map((row) => row.id) });
      expect(slips.headers.Accept).toBe('application/pdf');

      await user.click(screen.getByRole('tab', { name: /^Shipped/ }));
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(calls.some((call) => call.path.endsWith('/export.csv'))).toBe(true));
      const exported = calls.find((call) => call.path.endsWith('/export.csv'))!;
      expect(Object.fromEntries(exported.search)).toEqual({ view: 'shipped' });

      await user.type(screen.getByRole('searchbox', { name: CUSTOMER_SEARCH_LABEL }), 'fail');
      await waitFor(() => expect(calls.at(-1)?.search.get('customer')).toBe('fail'));
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText(`${EXPORT_FAILED} Try again.`)).toBeTruthy();
    });

    it('selects orders on phone cards too', async () => {
      atPhoneWidth();
      server(workspaceList(workspaceRows()));
      const user = userEvent.setup();
      renderOrders();
      const card = await cardOf('Corner Shop 1');
      expect(valueIn(card, 'State').textContent).toBe('Placed');
      await user.click(within(card).getByRole('checkbox', { name: 'Select order CB-000001' }));
      const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
      expect(within(bar).getByText('1 selected')).toBeTruthy();
      await user.click(within(bar).getByRole('checkbox', { name: 'Select all orders shown' }));
      expect(within(bar).getByText('3 selected')).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
