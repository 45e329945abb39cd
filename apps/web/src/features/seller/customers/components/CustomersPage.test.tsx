import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Customer, CustomerOrder } from '@cratebase/contract';
import { fakeFetch, ids, makeUser, org } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { formatDate } from '../../../../lib/format';
import { CustomersPage } from './CustomersPage';
import { CustomerDetailPage } from './CustomerDetailPage';
import { ToastProvider } from '../../../../components/Toast';

const listPath = `GET /api/order/organization/${ids.merchantA}/purchasers`;
const onePath = `GET /api/order/organization/${ids.merchantA}/purchasers/${ids.buyer}`;
const ordersPath = `GET /api/order/organization/${ids.merchantA}/purchasing_organization/${ids.buyer}`;
const termsPath = `/api/order/organization/${ids.merchantA}/purchasers/${ids.buyer}/payment_terms`;

const cornerShop: Customer = {
  organization: { id: ids.buyer, name: 'Corner Shop' },
  last_order: '2024-02-10T18:45:00Z',
  count: 3,
  customer_since: '2024-01-05T10:00:00Z',
};
const newShop: Customer = {
  organization: { id: ids.sellerY, name: 'New Shop' },
  last_order: null,
  count: 0,
  customer_since: '2024-02-01T10:00:00Z',
};
const order: CustomerOrder = {
  id: '33333333-aaaa-4bbb-8ccc-444444444444',
  order_number: 'CB-000077',
  completed_on: '2024-02-10T18:45:00Z',
  subtotal_cents: 120000,
  shipping_cost_in_cents: 3456,
  total_cents: 123456,
  cart: { total_cents: 120000 },
  invoice: { link: 'http://localhost/invoices/abc.pdf', stripe_status: 'PAID' },
};
const orderWithoutInvoice: CustomerOrder = {
  ...order,
  id: '55555555-aaaa-4bbb-8ccc-666666666666',
  order_number: null,
  invoice: null,
};

function renderCustomers(path = `/app/${ids.merchantA}/customers`) {
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/customers" element={<CustomersPage />} />
        <Route path="/app/:orgId/customers/:customerId" element={<CustomerDetailPage />} />
      </Routes>
    </ToastProvider>,
    { path },
  );
}

describe('CustomersPage', () => {
  it('lists customers with last order (or N/A) and order count; a row opens the customer', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [listPath]: { body: [cornerShop, newShop] },
        [onePath]: { body: cornerShop },
        [ordersPath]: { body: [order, orderWithoutInvoice] },
      }).fn,
    );
    const user = userEvent.setup();
    renderCustomers();

    const corner = (await screen.findByText('Corner Shop')).closest('tr') as HTMLElement;
    expect(within(corner).getByText(formatDate(cornerShop.last_order))).toBeTruthy();
    expect(within(corner).getByText('3')).toBeTruthy();
    const fresh = screen.getByText('New Shop').closest('tr') as HTMLElement;
    expect(within(fresh).getByText('N/A')).toBeTruthy();
    expect(within(fresh).getByText('0')).toBeTruthy();

    await user.click(corner);
    expect(await screen.findByRole('heading', { level: 1, name: 'Corner Shop' })).toBeTruthy();
    // The order by its number (as its invoice and e-mails name it), its total with its parts.
    const row = (await screen.findByText('CB-000077')).closest('tr') as HTMLElement;
    expect(within(row).getByText('$1,234.56')).toBeTruthy();
    expect(within(row).getByText('$1,200.00 subtotal + $34.56 shipping')).toBeTruthy();
    expect(row.textContent).not.toMatch(/#[0-9A-F]{8}/);
    expect(
      within(row).getByRole('link', { name: 'Invoice for order CB-000077 (opens in a new tab)' }).getAttribute('href'),
    ).toBe(order.invoice!.link);
    // An order without a number (no invoice) falls back to the start of its id.
    const second = screen.getByText('#55555555').closest('tr') as HTMLElement;
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('spaces the name from the avatar with a gap, so where the avatar is hidden (phones) no indent is left', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [listPath]: { body: [cornerShop] } }).fn);
    renderCustomers();
    const name = await screen.findByText('Corner Shop');
    // A hidden avatar (display none at phone width) still counts for a sibling margin; it does
    // not for the flex gap.
    expect(name.parentElement!.querySelector('.MuiAvatar-root')).toBeTruthy();
    expect(['', '0px', '0']).toContain(getComputedStyle(name).marginLeft);
    expect(['', '0px', '0']).toContain(getComputedStyle(name).marginInlineStart);
  });

  it('shows the empty state', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [listPath]: { body: [] } }).fn);
    renderCustomers();
    expect(await screen.findByText('Customers haven’t been added yet')).toBeTruthy();
  });
});

describe('CustomerDetailPage', () => {
  it('reads the customer by id when opened directly and shows the orders empty state', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [onePath]: { body: cornerShop }, [ordersPath]: { body: [] } }).fn);
    renderCustomers(`/app/${ids.merchantA}/customers/${ids.buyer}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Corner Shop' })).toBeTruthy();
    expect(await screen.findByText("You don't have any orders yet.")).toBeTruthy();
  });

  it('lists the customer’s people: name or e-mail, role, e-mail and phone links (issue 27)', async () => {
    const withPeople = {
      ...cornerShop,
      people: [
        { name: 'Olive Owner', email: 'olive@corner.shop', phone: '+1 802 555 0134', role: 'owner' as const },
        { name: null, email: 'sam@corner.shop', phone: null, role: 'staff' as const },
      ],
    };
    vi.stubGlobal('fetch', fakeFetch({ [onePath]: { body: withPeople }, [ordersPath]: { body: [] } }).fn);
    renderCustomers(`/app/${ids.merchantA}/customers/${ids.buyer}`);
    const people = await screen.findByRole('list', { name: 'People' });
    const rows = within(people).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Olive OwnerOwnerolive@corner.shop+1 802 555 0134',
      'sam@corner.shopStaffsam@corner.shopNo phone given',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'E-mail Olive Owner at olive@corner.shop' }).getAttribute('href')).toBe(
      'mailto:olive@corner.shop',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Call Olive Owner at +1 802 555 0134' }).getAttribute('href')).toBe('tel:+18025550134');
    expect(within(rows[1]!).getByRole('link', { name: 'sam@corner.shop' })).toBeTruthy();
  });

  it('sets the customer’s payment terms with a select, and says so in a toast', async () => {
    const fake = fakeFetch({
      [onePath]: { body: cornerShop },
      [ordersPath]: { body: [] },
      [`GET ${termsPath}`]: { body: { net_days: 0 } },
      [`PUT ${termsPath}`]: { body: { net_days: 30 } },
    });
    vi.stubGlobal('fetch', fake.fn);
    const user = userEvent.setup();
    renderCustomers(`/app/${ids.merchantA}/customers/${ids.buyer}`);
    const select = await screen.findByRole('combobox', { name: 'Payment terms' });
    expect(select.textContent).toBe('Pay by card only');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Net 30' }));
    expect(await screen.findByText('Corner Shop can now pay by invoice (Net 30)')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({ net_days: 30 });
    expect(screen.getByRole('combobox', { name: 'Payment terms' }).textContent).toBe('Net 30');
  });

  it('shows Staff the payment terms in a disabled select that says who may change them', async () => {
    const staff = makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme', 'Merchant'), role: 'staff' }] });
    const fake = fakeFetch({
      'GET /api/user/me': { body: staff },
      [onePath]: { body: cornerShop },
      [ordersPath]: { body: [] },
      [`GET ${termsPath}`]: { body: { net_days: 30 } },
    });
    vi.stubGlobal('fetch', fake.fn);
    renderCustomers(`/app/${ids.merchantA}/customers/${ids.buyer}`);
    expect(await screen.findByText('Only an owner or admin can change payment terms.')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Payment terms' });
    expect(select.textContent).toBe('Net 30');
    expect(select.getAttribute('aria-disabled')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toContain('payment-terms-help');
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('is not found for an organization that is not a customer', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [listPath]: { body: [newShop] },
        [ordersPath]: { status: 403, body: { error: 'forbidden', message: 'No' } },
      }).fn,
    );
    renderCustomers(`/app/${ids.merchantA}/customers/${ids.buyer}`);
    expect(await screen.findByText('This page is not available.')).toBeTruthy();
  });
});
