import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { ToastProvider } from '../../../../components/Toast';
import { ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { EXPORT_EMPTY_HINT, PRODUCTS_EMPTY, ProductsPage } from './ProductsPage';

function item(n: number, state: string) {
  return {
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

function renderPage(pages: Record<string, { items: unknown[]; next?: string }>) {
  const seen: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    seen.push(url.pathname + url.search);
    const page = pages[url.searchParams.get('cursor') ?? ''] ?? { items: [] };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (page.next) headers['x-next-cursor'] = page.next;
    return new Response(JSON.stringify(page.items), { headers });
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
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Image', 'Product Name', 'Wholesale Price', 'Status']);
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
    renderPage({ '': { items: [] } });
    expect(await screen.findByText(PRODUCTS_EMPTY)).toBeTruthy();
    const add = screen.getAllByRole('link', { name: 'Add New Product' });
    expect(add[0]!.getAttribute('href')).toBe(`/app/${ids.merchantA}/products/add`);
  });

  it('searches by name or SKU', async () => {
    const user = userEvent.setup();
    const seen = renderPage({ '': { items: [item(1, 'Live')] } });
    await screen.findByText('Sauce 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'chip');
    await waitFor(() => expect(seen.some((u) => u.includes('q=chip'))).toBe(true));
  });

  it('disables Export CSV, saying why, while the catalogue is empty', async () => {
    const user = userEvent.setup();
    renderPage({ '': { items: [] } });
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
      const q = new URL(String(input), 'http://localhost').searchParams.get('q') ?? '';
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

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'zzz');
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
    const box = screen.getByRole('searchbox', { name: 'Search products' });
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
});
