import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Dashboard } from '@cratebase/contract';
import { ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { DASHBOARD_EMPTY_TITLE, DashboardPage } from './DashboardPage';

const product = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function weeks(sales: number[], refunded: number[] = []): Dashboard['weeks'] {
  return sales.map((cents, i) => ({
    week_start: new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10),
    order_count: cents > 0 ? 1 : 0,
    sales_in_cents: cents,
    refunded_in_cents: refunded[i] ?? 0,
    net_sales_in_cents: cents - (refunded[i] ?? 0),
  }));
}

const EMPTY: Dashboard = {
  weeks: weeks(Array(12).fill(0)),
  totals: {
    orders: 0,
    sales_in_cents: 0,
    average_order_value_in_cents: 0,
    refunded_in_cents: 0,
    net_sales_in_cents: 0,
  },
  top_products: [],
  top_customers: [],
  reorder_rate: null,
  customers: 0,
  returning_customers: 0,
  open_invoices: { count: 0, amount_in_cents: 0 },
  has_orders: false,
};

const SELLING: Dashboard = {
  weeks: weeks([0, 0, 0, 0, 0, 0, 0, 0, 0, 250_000, 0, 1_234_567], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 84_567]),
  totals: {
    orders: 3,
    sales_in_cents: 1_484_567,
    average_order_value_in_cents: 494_856,
    refunded_in_cents: 84_567,
    net_sales_in_cents: 1_400_000,
  },
  top_products: [
    {
      product: { id: product(1), name: 'Fig Jam' },
      units: 120,
      sales_in_cents: 1_000_000,
      variants: [],
      variants_sold: 0,
    },
    {
      product: { id: product(2), name: 'Heavy tee' },
      units: 21,
      sales_in_cents: 484_567,
      variants: [
        { id: product(3), title: 'M / Black', units: 12, sales_in_cents: 300_000 },
        { id: product(4), title: 'L / Black', units: 8, sales_in_cents: 160_000 },
        { id: product(5), title: 'S / Navy', units: 1, sales_in_cents: 24_567 },
      ],
      variants_sold: 5,
    },
  ],
  top_customers: [{ organization: { id: ids.buyer, name: 'Corner Shop' }, orders: 3, sales_in_cents: 1_484_567 }],
  reorder_rate: 0.5,
  customers: 2,
  returning_customers: 1,
  open_invoices: { count: 2, amount_in_cents: 45_000 },
  has_orders: true,
};

/** GET …/dashboard answers `body` (or never, when `body` is null: still loading). */
function stubDashboard(body: Dashboard | null) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    if (url.pathname !== `/api/organization/${ids.merchantA}/dashboard`) {
      return new Response(JSON.stringify({ error: 'not_found', message: 'No fake' }), { status: 404 });
    }
    if (!body) return new Promise<Response>(() => undefined);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderDashboard() {
  return renderWithProviders(
    <Routes>
      <Route path="/app/:orgId" element={<DashboardPage />} />
    </Routes>,
    { path: `/app/${ids.merchantA}` },
  );
}

const card = (label: string) => screen.getByRole('region', { name: label });

describe('DashboardPage', () => {
  it('shows skeletons while the numbers load', async () => {
    stubDashboard(null);
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findAllByTestId('stat-skeleton')).toHaveLength(5);
    expect(screen.getByRole('status', { name: 'Loading dashboard' })).toBeTruthy();
  });

  it('a seller without orders is asked to share the storefront, linking to Invites', async () => {
    stubDashboard(EMPTY);
    renderDashboard();
    expect(await screen.findByText(DASHBOARD_EMPTY_TITLE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite customers' }).getAttribute('href')).toBe(
      `/app/${ids.merchantA}/invites`,
    );
    expect(screen.queryByRole('region', { name: 'Orders' })).toBeNull();
  });

  it('shows the stat cards, the weeks as a table, and the top lists with links', async () => {
    stubDashboard(SELLING);
    renderDashboard();
    await screen.findByRole('region', { name: 'Net sales (12 weeks)' });
    // Net sales: the goods sold less the goods refunded, with both under it.
    expect(within(card('Net sales (12 weeks)')).getByText('$14,000.00')).toBeTruthy();
    expect(within(card('Net sales (12 weeks)')).getByText('$14,845.67 sales − $845.67 refunded')).toBeTruthy();
    expect(within(card('Orders')).getByText('3')).toBeTruthy();
    expect(within(card('Average order value')).getByText('$4,948.56')).toBeTruthy();
    expect(within(card('Reorder rate')).getByText('50%')).toBeTruthy();
    expect(within(card('Reorder rate')).getByText('1 of 2 customers reordered')).toBeTruthy();
    expect(within(card('Open invoices')).getByText('$450.00')).toBeTruthy();
    expect(
      within(card('Open invoices')).getByRole('link', { name: '2 invoices · View orders' }).getAttribute('href'),
    ).toBe(`/app/${ids.merchantA}/orders`);

    // What the chart draws, readable as a table: 12 weeks, the last one's sales.
    const table = screen.getByRole('table', { name: 'Sales by week, last 12 weeks' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(within(rows[12]!).getByRole('rowheader').textContent).toBe('Mar 23');
    expect(within(rows[12]!).getByText('$12,345.67')).toBeTruthy();
    expect(within(rows[12]!).getByText('$845.67')).toBeTruthy();
    expect(within(rows[12]!).getByText('$11,500.00')).toBeTruthy();
    expect(within(rows[11]!).getAllByText('$0.00')).toHaveLength(3);

    const products = screen.getByRole('region', { name: 'Top products' });
    // The top list's own items (each product's variants are a list inside its item).
    const items = within(products)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(items.map((li) => li.textContent)).toEqual([
      'Fig Jam120 units$10,000.00',
      'Heavy tee21 unitsM / Black 12 unitsL / Black 8 unitsS / Navy 1 unit2 more variants$4,845.67',
    ]);
    // A product with options lists its best-selling variants under it, named after it; one without, none.
    const tee = within(products).getByRole('list', { name: 'Heavy tee by variant' });
    expect(
      within(tee)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['M / Black 12 units', 'L / Black 8 units', 'S / Navy 1 unit', '2 more variants']);
    expect(within(products).queryByRole('list', { name: 'Fig Jam by variant' })).toBeNull();
    expect(within(products).getByRole('link', { name: 'Fig Jam' }).getAttribute('href')).toBe(
      `/app/${ids.merchantA}/products/${product(1)}`,
    );
    const customers = screen.getByRole('region', { name: 'Top customers' });
    expect(within(customers).getByRole('link', { name: 'Corner Shop' }).getAttribute('href')).toBe(
      `/app/${ids.merchantA}/customers/${ids.buyer}`,
    );
    expect(within(customers).getByText('3 orders')).toBeTruthy();
  });

  it('a failed read says so and offers to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'boom', message: 'Server is down' }), { status: 500 })),
    );
    renderDashboard();
    expect(await screen.findByText(/We could not load your dashboard/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
