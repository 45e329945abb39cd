import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { ToastProvider } from '../../../../components/Toast';
import type { TeamRole } from '@cratebase/contract';
import { ids, makeUser } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { EXPORT_EMPTY_HINT, PRODUCTS_EMPTY, ProductsPage, bulkStateMessage, stockText } from './ProductsPage';

const SEARCH = 'Search by name or SKU';

function item(n: number, state: string, stock: { track_inventory?: boolean; inventory_count?: number } = {}) {
  return {
    track_inventory: false,
    inventory_count: 0,
    ...stock,
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    name: `Sauce ${n}`,
    unit_price_in_cents: 1000 + n,
    state: { id: 1, state },
    stock_keeping_unit: `S-${n}`,
    order_unit: { id: 2, unit: 'Case' },
    options: [],
    variants: [],
    price_range: null,
    media:
      n === 1
        ? [
            {
              display_order: 0,
              product_id: 'x',
              media: { id: 'm', cloudinary_url: '/media/full.png', variants: { '200': '/media/small.png' } },
            },
          ]
        : [],
  };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', ...headers } });

/** The current user (a member of merchantA with `role`) and the status counts; undefined for other paths. */
function answerAround(url: URL, role: TeamRole, counts: unknown): Response | undefined {
  if (url.pathname === '/api/user/me') {
    return json(makeUser({ organizations: [{ id: ids.merchantA, name: 'Alpha Foods', selected_type: 'Merchant', role }] }));
  }
  if (url.pathname.endsWith('/state-counts')) return json(counts);
  return undefined;
}

interface PageOptions {
  role?: TeamRole;
  counts?: unknown;
  /** Answers PUT …/state (the bulk status change). */
  onSetState?: (body: { product_ids: string[]; state: string }) => unknown;
}

function renderPage(pages: Record<string, { items: unknown[]; next?: string }>, options: PageOptions = {}) {
  const seen: string[] = [];
  const counts = options.counts ?? { all: 3, by_state: { Draft: 1, Live: 1, Archived: 1 } };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'PUT' && url.pathname.endsWith('/state')) {
      seen.push(`PUT ${url.pathname} ${String(init.body)}`);
      return json(options.onSetState?.(JSON.parse(String(init.body))));
    }
    const around = answerAround(url, options.role ?? 'owner', counts);
    if (around) return around;
    seen.push(url.pathname + url.search);
    const page = pages[url.searchParams.get('cursor') ?? ''] ?? { items: [] };
    return json(page.items, page.next ? { 'x-next-cursor': page.next } : {});
  });
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/products" element={<ProductsPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/products` },
  );
  return seen;
}

describe('ProductsPage', () => {
  it('shows the spec columns, Live in the primary colour, and pages with Load more', async () => {
    const user = userEvent.setup();
    const seen = renderPage({
      '': { items: [item(1, 'Live'), item(2, 'Draft')], next: 'c2' },
      c2: { items: [item(3, 'Archived')] },
    });
    const table = await screen.findByRole('table', { name: 'Products' });
    // An owner selects rows (the role comes with the current user).
    await within(table).findByRole('checkbox', { name: 'Select all products shown' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Image', 'Product Name', 'Wholesale Price', 'Stock', 'Status']);
    await within(table).findByText('Sauce 1');
    expect(within(table).getByText('$10.01')).toBeTruthy();
    // (Each chip is there twice: in the Status column, and under the name for phones.)
    for (const chip of within(table).getAllByText('Live')) {
      expect(chip.closest('.MuiChip-root')?.className).toContain('MuiChip-colorPrimary');
    }
    for (const chip of within(table).getAllByText('Draft')) {
      expect(chip.closest('.MuiChip-root')?.className).toContain('MuiChip-colorSecondary');
    }
    expect(table.querySelector('img')?.getAttribute('src')).toBe('/media/small.png');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Sauce 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(seen.at(-1)).toContain('cursor=c2');

    await user.click(within(table).getByText('Sauce 2'));
    expect(screen.getByTestId('where').textContent).toBe(`/app/${ids.merchantA}/products/${item(2, 'Draft').id}`);
  });

  it('shows a product with variants as its variant count and price range, not one price and SKU', async () => {
    const variant = (n: number, cents: number) => ({
      id: `v${n}`,
      option_values: [`S${n}`],
      unit_price_in_cents: cents,
    });
    const tee = {
      ...item(4, 'Live'),
      name: 'Heavy tee',
      stock_keeping_unit: 'TEE',
      options: [{ name: 'Size', values: ['S1', 'S2', 'S3'] }],
      variants: [variant(1, 1200), variant(2, 1300), variant(3, 1400)],
      price_range: { min: 1200, max: 1400 },
    };
    renderPage({ '': { items: [tee, item(2, 'Draft')] } });
    const table = await screen.findByRole('table', { name: 'Products' });
    const row = (await within(table).findByText('Heavy tee')).closest('tr')!;
    expect(within(row).getByText('3 variants · Case')).toBeTruthy();
    expect(within(row).getByText('$12.00–$14.00')).toBeTruthy();
    expect(within(row).queryByText(/SKU TEE/)).toBeNull();
    // A product without options: as before.
    const plain = within(table).getByText('Sauce 2').closest('tr')!;
    expect(within(plain).getByText('$10.02')).toBeTruthy();
    expect(within(plain).getByText('SKU S-2 · Case')).toBeTruthy();
  });

  it('shows the empty state with a way to add products', async () => {
    renderPage({ '': { items: [] } }, { counts: { all: 0, by_state: { Draft: 0, Live: 0, Archived: 0 } } });
    expect(await screen.findByText(PRODUCTS_EMPTY)).toBeTruthy();
    const add = screen.getAllByRole('link', { name: 'Add New Product' });
    expect(add[0]!.getAttribute('href')).toBe(`/app/${ids.merchantA}/products/add`);
  });

  it('searches by name or SKU', async () => {
    const user = userEvent.setup();
    const seen = renderPage({ '': { items: [item(1, 'Live')] } });
    await screen.findByText('Sauce 1');
    await user.type(screen.getByRole('searchbox', { name: SEARCH }), 'chip');
    await waitFor(() => expect(seen.some((u) => u.includes('q=chip'))).toBe(true));
  });

  it('disables Export CSV, saying why, while the catalog is empty', async () => {
    const user = userEvent.setup();
    renderPage({ '': { items: [] } }, { counts: { all: 0, by_state: { Draft: 0, Live: 0, Archived: 0 } } });
    expect(await screen.findByText(PRODUCTS_EMPTY)).toBeTruthy();
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    expect((exportButton as HTMLButtonElement).disabled).toBe(true);
    expect(exportButton.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(exportButton.getAttribute('aria-describedby')!)?.textContent).toBe(
      EXPORT_EMPTY_HINT,
    );
    await user.hover(exportButton.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(EXPORT_EMPTY_HINT);
  });

  it('enables Export CSV when there are products', async () => {
    renderPage({ '': { items: [item(1, 'Live')] } });
    await screen.findByText('Sauce 1');
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    expect((exportButton as HTMLButtonElement).disabled).toBe(false);
    expect(exportButton.getAttribute('aria-describedby')).toBeNull();
  });

  it('keeps the previous results while a search loads, and shows the empty state only once it finished', async () => {
    const held = new Map<string, () => void>();
    const answers: Record<string, unknown[]> = { '': [item(1, 'Live'), item(2, 'Draft')], zzz: [] };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const around = answerAround(url, 'owner', { all: 2, by_state: { Draft: 1, Live: 1, Archived: 0 } });
      if (around) return around;
      const q = url.searchParams.get('q') ?? '';
      // Every search but the first load waits until the test lets it answer.
      if (held.has('armed')) await new Promise<void>((resolve) => held.set(q, resolve));
      return new Response(JSON.stringify(answers[q] ?? []), { headers: { 'content-type': 'application/json' } });
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ToastProvider>
        <Routes>
          <Route path="/app/:orgId/products" element={<ProductsPage />} />
        </Routes>
      </ToastProvider>,
      { path: `/app/${ids.merchantA}/products` },
    );
    await screen.findByText('Sauce 1');
    held.set('armed', () => undefined);

    await user.type(screen.getByRole('searchbox', { name: SEARCH }), 'zzz');
    await waitFor(() => expect(held.has('zzz')).toBe(true));
    // Loading: the previous rows stay, with a busy indicator, and no empty state.
    expect(screen.getByText('Sauce 1')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Searching' })).toBeTruthy();
    expect(screen.queryByText(/No products match/)).toBeNull();
    expect(screen.queryByText(PRODUCTS_EMPTY)).toBeNull();

    held.get('zzz')!();
    expect(await screen.findByText('No products match “zzz”.')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Searching' })).toBeNull();

    // Another search: until it finishes, nothing claims that it found nothing.
    answers.sau = [item(2, 'Draft')];
    const box = screen.getByRole('searchbox', { name: SEARCH });
    await user.clear(box);
    await user.type(box, 'sau');
    await waitFor(() => expect(held.has('sau')).toBe(true));
    expect(screen.queryByText('No products match “sau”.')).toBeNull();
    expect(screen.queryByText(PRODUCTS_EMPTY)).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Searching' })).toBeTruthy();
    held.get('sau')!();
    expect(await screen.findByText('Sauce 2')).toBeTruthy();
    expect(screen.queryByText(/No products match/)).toBeNull();
    expect(screen.queryByText('Sauce 1')).toBeNull();
  });

  it('shows the stock on hand, out of stock, not tracked, and the sum of tracked variants', async () => {
    const tee = {
      ...item(4, 'Live'),
      name: 'Heavy tee',
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: [
        { id: 'v1', option_values: ['S'], track_inventory: true, inventory_count: 5 },
        { id: 'v2', option_values: ['M'], track_inventory: true, inventory_count: 7 },
        { id: 'v3', option_values: ['L'], track_inventory: false, inventory_count: 0 },
      ],
      price_range: { min: 1200, max: 1200 },
    };
    renderPage({
      '': {
        items: [
          item(1, 'Live', { track_inventory: true, inventory_count: 1200 }),
          item(2, 'Live', { track_inventory: true, inventory_count: 0 }),
          item(3, 'Draft'),
          tee,
        ],
      },
    });
    const table = await screen.findByRole('table', { name: 'Products' });
    const stockOf = async (name: string) => {
      const row = (await within(table).findByText(name)).closest('tr')!;
      return row.querySelectorAll('td')[4]!.textContent;
    };
    expect(await stockOf('Sauce 1')).toBe('1,200 on hand');
    expect(await stockOf('Sauce 2')).toBe('Out of stock');
    expect(await stockOf('Sauce 3')).toBe('Not tracked');
    expect(await stockOf('Heavy tee')).toBe('12 on handacross 2 of 3 variants');
    // Every variant tracked: no "of".
    expect(stockText({ ...tee, variants: tee.variants.slice(0, 2) }).detail).toBe('across 2 variants');
  });

  it('filters by status with the count of each, asking the server for that status', async () => {
    const user = userEvent.setup();
    const seen = renderPage(
      { '': { items: [item(1, 'Live'), item(2, 'Draft')] } },
      { counts: { all: 12, by_state: { Draft: 4, Live: 7, Archived: 1 } } },
    );
    const tabs = await screen.findByRole('tablist', { name: 'Filter by status' });
    await within(tabs).findByRole('tab', { name: 'All (12)' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All (12)',
      'Draft (4)',
      'Live (7)',
      'Archived (1)',
    ]);
    await user.click(within(tabs).getByRole('tab', { name: 'Draft (4)' }));
    await waitFor(() => expect(seen.some((u) => u.includes('state=Draft'))).toBe(true));
    expect(within(tabs).getByRole('tab', { name: 'Draft (4)' }).getAttribute('aria-selected')).toBe('true');
  });

  it('sets the status of the selected products in one request, then says what changed', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const seen = renderPage(
      { '': { items: [item(1, 'Live'), item(2, 'Draft'), item(3, 'Archived')] } },
      {
        onSetState: (body) => {
          sent.push(body);
          return {
            state: { id: 2, state: body.state },
            product_ids: body.product_ids,
            changed_ids: body.product_ids.slice(1),
          };
        },
      },
    );
    const table = await screen.findByRole('table', { name: 'Products' });
    await within(table).findByText('Sauce 1');
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(toolbar).getByRole('status').textContent).toBe('Select products to change their status');
    await user.click(within(table).getByRole('checkbox', { name: 'Select Sauce 1' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Sauce 2' }));
    // Ticking a box does not open the product.
    expect(screen.queryByTestId('where')).toBeNull();
    expect(within(toolbar).getByRole('status').textContent).toBe('2 selected');

    await user.click(within(toolbar).getByRole('button', { name: 'Set status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Live' }));
    expect(sent).toEqual([{ product_ids: [item(1, 'Live').id, item(2, 'Draft').id], state: 'Live' }]);
    expect(await screen.findByText('1 product set to Live. 1 was Live already.')).toBeTruthy();
    expect(within(toolbar).getByRole('status').textContent).toBe('Select products to change their status');
    expect(seen.filter((u) => u.startsWith('PUT'))).toHaveLength(1);
  });

  it('shows the server\'s refusal and keeps the selection', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'PUT') {
        return new Response(
          JSON.stringify({ error: 'validation_error', message: 'product_ids.0: no product with this id in this store.' }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      }
      return answerAround(url, 'admin', { all: 1, by_state: { Draft: 0, Live: 1, Archived: 0 } }) ?? json([item(1, 'Live')]);
    });
    renderWithProviders(
      <ToastProvider>
        <Routes>
          <Route path="/app/:orgId/products" element={<ProductsPage />} />
        </Routes>
      </ToastProvider>,
      { path: `/app/${ids.merchantA}/products` },
    );
    const table = await screen.findByRole('table', { name: 'Products' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select Sauce 1' }));
    await user.click(screen.getByRole('button', { name: 'Set status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archived' }));
    expect(
      await screen.findByText('The status was not changed: product_ids.0: no product with this id in this store.'),
    ).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' }).textContent).toContain('1 selected');
  });

  it('offers no selection to staff (the server refuses them the bulk change)', async () => {
    renderPage({ '': { items: [item(1, 'Live')] } }, { role: 'staff' });
    const table = await screen.findByRole('table', { name: 'Products' });
    await within(table).findByText('Sauce 1');
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
  });

  it('words the bulk result', () => {
    expect(bulkStateMessage(3, 3, 'Live')).toBe('3 products set to Live.');
    expect(bulkStateMessage(0, 1, 'Draft')).toBe('That product is Draft already.');
    expect(bulkStateMessage(0, 2, 'Draft')).toBe('Those products are Draft already.');
    expect(bulkStateMessage(2, 5, 'Archived')).toBe('2 products set to Archived. 3 were Archived already.');
  });
});
