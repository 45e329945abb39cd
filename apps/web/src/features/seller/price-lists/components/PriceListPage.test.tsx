import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { PriceList, PriceListProduct } from '@cratebase/contract';
import { fakeFetch, ids, makeUser, org } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastProvider } from '../../../../components/Toast';
import { PriceListPage } from './PriceListPage';

const listId = '11111111-aaaa-4bbb-8ccc-222222222222';
const base = `/api/organization/${ids.merchantA}/price_lists/${listId}`;
const distributor: PriceList = {
  id: listId,
  name: 'Distributor',
  percent_off: 20,
  customer_count: 2,
  fixed_price_count: 0,
  hidden_product_count: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};
const row = (id: string, title: string) => ({
  product_id: id,
  variant_title: title,
  stock_keeping_unit: `TEE-${title}`,
  wholesale_price_in_cents: 2_000,
  wholesale_price_breaks: [{ min_quantity: 12, unit_price_in_cents: 1_800 }],
  fixed_price_in_cents: null,
  fixed_price_breaks: [],
  list_price_in_cents: 1_600,
});
const small = '22222222-aaaa-4bbb-8ccc-000000000001';
const medium = '22222222-aaaa-4bbb-8ccc-000000000002';
const tee: PriceListProduct = {
  id: '22222222-aaaa-4bbb-8ccc-000000000000',
  name: 'Tee',
  stock_keeping_unit: null,
  hidden: false,
  rows: [row(small, 'S'), row(medium, 'M')],
};

function renderList(routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch({
    [`GET ${base}`]: { body: distributor },
    [`GET ${base}/products`]: { body: [tee] },
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fn);
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/price-lists/:priceListId" element={<PriceListPage />} />
        <Route path="/app/:orgId/price-lists" element={<p>All price lists</p>} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/price-lists/${listId}` },
  );
  return fake;
}

describe('PriceListPage', () => {
  it('shows each variant’s wholesale and list price, and saves a fixed price with its breaks in one PUT', async () => {
    const fake = renderList({
      [`PUT ${base}/prices`]: { body: { ...distributor, fixed_price_count: 1 } },
    });
    const user = userEvent.setup();
    const prices = await screen.findByRole('list', { name: 'Prices of Tee' });
    const m = within(prices).getAllByRole('listitem')[1]!;
    expect(within(m).getByText('$20.00')).toBeTruthy();
    expect(within(m).getByText('$16.00')).toBeTruthy();
    // The wholesale break, and the same break less 20 % on the list.
    expect(within(m).getByText('12+ at $18.00')).toBeTruthy();
    expect(within(m).getByText('12+ at $14.40')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Fixed price for Tee — M' }), '15');
    const breaks = screen.getByRole('textbox', { name: 'Price breaks for Tee — M' });
    await user.type(breaks, '24:16');
    expect(screen.getByText('Break 1: must be less than the unit price ($15.00)')).toBeTruthy();
    await user.clear(breaks);
    await user.type(breaks, '24:14');
    expect(screen.getByText('1 price not saved')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('1 price saved. Customers on Distributor see them from now on.')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      prices: [
        {
          product_id: medium,
          unit_price_in_cents: 1_500,
          price_breaks: [{ min_quantity: 24, unit_price_in_cents: 1_400 }],
        },
      ],
    });
    expect(screen.queryByText('1 price not saved')).toBeNull();
  });

  it('shows the server’s refusal on the input it names', async () => {
    renderList({
      [`PUT ${base}/prices`]: {
        status: 400,
        body: {
          error: 'validation_error',
          message: 'prices.1.price_breaks.0.min_quantity: must be a multiple of the order increment (6).',
          issues: [
            { path: 'prices.1.price_breaks.0.min_quantity', message: 'must be a multiple of the order increment (6)' },
          ],
        },
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Fixed price for Tee — S' }), '15');
    await user.type(screen.getByRole('textbox', { name: 'Fixed price for Tee — M' }), '15');
    await user.type(screen.getByRole('textbox', { name: 'Price breaks for Tee — M' }), '25:14');
    await user.click(screen.getByRole('button', { name: 'Save prices of Tee' }));
    const breaks = screen.getByRole('textbox', { name: 'Price breaks for Tee — M' });
    expect(await screen.findByText('Break 1: must be a multiple of the order increment (6)')).toBeTruthy();
    expect(breaks.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Price breaks for Tee — S' }).getAttribute('aria-invalid')).toBe(
      'false',
    );
    expect(screen.getByText('2 prices not saved')).toBeTruthy();
  });

  it('hides a product from the list at once, and deletes the list after saying what happens to its customers', async () => {
    const fake = renderList({
      [`PUT ${base}/hidden_products`]: { body: { ...distributor, hidden_product_count: 1 } },
      [`DELETE ${base}`]: { status: 204 },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Hidden from this list' }));
    expect(await screen.findByText('Tee is hidden from customers on Distributor')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      products: [{ product_id: tee.id, hidden: true }],
    });
    expect((screen.getByRole('switch', { name: 'Hidden from this list' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Distributor?' });
    expect(within(dialog).getByText('Its 2 customers will buy at wholesale prices again.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete price list' }));
    expect(await screen.findByText('All price lists')).toBeTruthy();
    expect(await screen.findByText('Distributor deleted')).toBeTruthy();
  });

  it('shows Staff the prices as text, without Edit, Delete or fields', async () => {
    const staff = makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme', 'Merchant'), role: 'staff' }] });
    const fixed = {
      ...row(medium, 'M'),
      fixed_price_in_cents: 1_500,
      list_price_in_cents: 1_500,
      fixed_price_breaks: [{ min_quantity: 24, unit_price_in_cents: 1_400 }],
    };
    renderList({
      'GET /api/user/me': { body: staff },
      [`GET ${base}/products`]: { body: [{ ...tee, hidden: true, rows: [row(small, 'S'), fixed] }] },
    });
    expect(await screen.findByText('Only an owner or admin can change price lists.')).toBeTruthy();
    const m = within(await screen.findByRole('list', { name: 'Prices of Tee' })).getAllByRole('listitem')[1]!;
    // Under the list price and as the fixed price's breaks.
    expect(within(m).getAllByText('24+ at $14.00')).toHaveLength(2);
    expect(within(m).getAllByText('$15.00')).toHaveLength(2);
    expect(screen.getByText('Hidden from this list')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('changes the percentage with Edit, and says so', async () => {
    const fake = renderList({ [`PATCH ${base}`]: { body: { ...distributor, percent_off: 25 } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit price list' });
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Distributor');
    const percent = within(dialog).getByRole('textbox', { name: 'Percent off wholesale' });
    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Distributor saved: 25% off wholesale')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Distributor', percent_off: 25 });
    expect(screen.getByText('25% off wholesale · 2 customers · 0 fixed prices · 0 hidden products')).toBeTruthy();
  });
});
