import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { PriceList } from '@cratebase/contract';
import { fakeFetch, ids, makeUser, org } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastProvider } from '../../../../components/Toast';
import { PriceListsPage } from './PriceListsPage';
import { PriceListPage } from './PriceListPage';

const listId = '11111111-aaaa-4bbb-8ccc-222222222222';
const listsPath = `/api/organization/${ids.merchantA}/price_lists`;
const distributor: PriceList = {
  id: listId,
  name: 'Distributor',
  percent_off: 20,
  customer_count: 3,
  fixed_price_count: 1,
  hidden_product_count: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};
const keyAccounts: PriceList = {
  ...distributor,
  id: '11111111-aaaa-4bbb-8ccc-333333333333',
  name: 'Key accounts',
  percent_off: 0,
};

function renderLists() {
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/price-lists" element={<PriceListsPage />} />
        <Route path="/app/:orgId/price-lists/:priceListId" element={<PriceListPage />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/price-lists` },
  );
}

describe('PriceListsPage', () => {
  it('lists each list with its prices and counts; a row opens the list', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [`GET ${listsPath}`]: { body: [distributor, keyAccounts] },
        [`GET ${listsPath}/${listId}`]: { body: distributor },
        [`GET ${listsPath}/${listId}/products`]: { body: [] },
      }).fn,
    );
    const user = userEvent.setup();
    renderLists();
    const row = (await screen.findByText('Distributor')).closest('tr') as HTMLElement;
    expect(within(row).getByText('20% off wholesale')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    const key = screen.getByText('Key accounts').closest('tr') as HTMLElement;
    expect(within(key).getByText('Wholesale prices')).toBeTruthy();
    await user.click(row);
    expect(await screen.findByRole('heading', { level: 1, name: 'Distributor' })).toBeTruthy();
    expect(screen.getByText('20% off wholesale · 3 customers · 1 fixed price · 0 hidden products')).toBeTruthy();
  });

  it('explains price lists when there are none, and creates one with New price list', async () => {
    const fake = fakeFetch({
      [`GET ${listsPath}`]: { body: [] },
      [`POST ${listsPath}`]: { body: { ...distributor, customer_count: 0, fixed_price_count: 0 } },
      [`GET ${listsPath}/${listId}/products`]: { body: [] },
    });
    vi.stubGlobal('fetch', fake.fn);
    const user = userEvent.setup();
    renderLists();
    expect(await screen.findByText('No price lists yet')).toBeTruthy();
    expect(screen.getByText(/Give distributors and key accounts their own prices/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New price list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New price list' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Distributor');
    await user.type(within(dialog).getByRole('textbox', { name: 'Percent off wholesale' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Create price list' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Distributor' })).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Distributor', percent_off: 20 });
    expect(
      await screen.findByText('Distributor created. Set its fixed prices below, or put customers on it.'),
    ).toBeTruthy();
  });

  it('checks the name and the percentage as the server would, and shows the server’s refusal under its field', async () => {
    const fake = fakeFetch({
      [`GET ${listsPath}`]: { body: [distributor] },
      [`POST ${listsPath}`]: {
        status: 409,
        body: {
          error: 'price_list_name_taken',
          message: 'name: you already have a price list named "distributor".',
          issues: [{ path: 'name', message: 'you already have a price list named "distributor"' }],
        },
      },
    });
    vi.stubGlobal('fetch', fake.fn);
    const user = userEvent.setup();
    renderLists();
    await user.click(await screen.findByRole('button', { name: 'New price list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New price list' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    const percent = within(dialog).getByRole('textbox', { name: 'Percent off wholesale' });
    const create = within(dialog).getByRole('button', { name: 'Create price list' });

    await user.type(percent, '100');
    await user.click(create);
    expect(within(dialog).getByText('Enter a name, such as Distributor')).toBeTruthy();
    expect(within(dialog).getByText('Must be below 100')).toBeTruthy();
    await user.clear(percent);
    await user.type(percent, '12.345');
    expect(within(dialog).getByText('May have at most two decimals')).toBeTruthy();
    await user.clear(percent);
    await user.type(percent, 'ten');
    expect(within(dialog).getByText('Enter a number, such as 20 or 12.5')).toBeTruthy();
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(percent);
    await user.type(percent, '12.5');
    await user.type(name, 'distributor');
    await user.click(create);
    expect(await within(dialog).findByText('You already have a price list named "distributor"')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'distributor', percent_off: 12.5 });
    // Changing the name clears the refusal of the name sent.
    await user.type(name, ' East');
    expect(within(dialog).queryByText('You already have a price list named "distributor"')).toBeNull();
  });

  it('shows Staff the lists without New price list, and says who may change them', async () => {
    const staff = makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme', 'Merchant'), role: 'staff' }] });
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/user/me': { body: staff }, [`GET ${listsPath}`]: { body: [distributor] } }).fn,
    );
    renderLists();
    expect(await screen.findByText('Only an owner or admin can change price lists.')).toBeTruthy();
    expect(await screen.findByText('Distributor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New price list' })).toBeNull();
  });
});
