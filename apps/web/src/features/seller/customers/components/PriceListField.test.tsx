import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceList } from '@cratebase/contract';
import { fakeFetch, ids, makeUser, org } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastProvider } from '../../../../components/Toast';
import { PriceListField } from './PriceListField';

const listsPath = `GET /api/organization/${ids.merchantA}/price_lists`;
const customerPath = `/api/order/organization/${ids.merchantA}/purchasers/${ids.buyer}/price_list`;
const distributor: PriceList = {
  id: '11111111-aaaa-4bbb-8ccc-222222222222',
  name: 'Distributor',
  percent_off: 20,
  customer_count: 0,
  fixed_price_count: 0,
  hidden_product_count: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};
const onDistributor = { price_list: { id: distributor.id, name: 'Distributor', percent_off: 20 } };

function renderField() {
  return renderWithProviders(
    <ToastProvider>
      <PriceListField orgId={ids.merchantA} customerId={ids.buyer} name="Key Co" />
    </ToastProvider>,
  );
}

describe('PriceListField', () => {
  it('puts the customer on a list with a select, and says so in a toast', async () => {
    const fake = fakeFetch({
      [listsPath]: { body: [distributor] },
      [`GET ${customerPath}`]: { body: { price_list: null } },
      [`PUT ${customerPath}`]: { body: onDistributor },
    });
    vi.stubGlobal('fetch', fake.fn);
    const user = userEvent.setup();
    renderField();
    const select = await screen.findByRole('combobox', { name: 'Price list' });
    expect(select.textContent).toBe('Wholesale prices');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Distributor (20% off wholesale)' }));
    expect(await screen.findByText('Key Co now buys on Distributor')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({ price_list_id: distributor.id });
    expect(screen.getByRole('combobox', { name: 'Price list' }).textContent).toBe('Distributor (20% off wholesale)');
  });

  it('shows Staff the customer’s list in a disabled select that says who may change it', async () => {
    const staff = makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme', 'Merchant'), role: 'staff' }] });
    const fake = fakeFetch({
      'GET /api/user/me': { body: staff },
      [listsPath]: { body: [distributor] },
      [`GET ${customerPath}`]: { body: onDistributor },
    });
    vi.stubGlobal('fetch', fake.fn);
    renderField();
    expect(await screen.findByText('Only an owner or admin can change price lists.')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Price list' });
    expect(select.textContent).toBe('Distributor (20% off wholesale)');
    expect(select.getAttribute('aria-disabled')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toContain('price-list-help');
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
