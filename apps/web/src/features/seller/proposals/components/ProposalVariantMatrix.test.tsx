import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { CartProduct, Product, ProductVariant, Proposal, ProposalLineInput } from '@cratebase/contract';
import { ids } from '../../../../test/fixtures';
import {
  apiStub,
  badRequest,
  catalogueVariant,
  line,
  lineProduct,
  mug,
  mugId,
  proposal,
  proposalId,
} from '../../../../test/proposal-fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastProvider } from '../../../../components/Toast';
import { ProposalPage } from './ProposalPage';
import { withMatrixQuantities } from './ProposalVariantMatrix';

const base = `/api/organization/${ids.merchantA}/proposals/${proposalId}`;
const id = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

const variant = (n: number, values: string[], over: Partial<ProductVariant> = {}) =>
  catalogueVariant(id(n), values, { position: n, stock_keeping_unit: `V-${n}`, ...over });

const product = (n: number, name: string, options: { name: string; values: string[] }[], variants: ProductVariant[]) =>
  ({
    id: id(n),
    name,
    state: { id: 2, state: 'Live' },
    options,
    minimum_order_quantity: 2,
    variants,
  }) as unknown as Product;

/** A tee in S, M, L × Black, White: L / White is not sold, M / White is unavailable; L / Black in twos. */
const tee = product(
  91,
  'Tee',
  [
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Colour', values: ['Black', 'White'] },
  ],
  [
    variant(1, ['S', 'Black']),
    variant(2, ['S', 'White']),
    variant(3, ['M', 'Black']),
    variant(4, ['M', 'White'], { available: false }),
    variant(5, ['L', 'Black'], { order_increment: 2 }),
  ],
);
/** Socks in one option; a scarf in three. */
const socks = product(92, 'Socks', [{ name: 'Size', values: ['S', 'M'] }], [variant(11, ['S']), variant(12, ['M'])]);
const scarf = product(
  93,
  'Scarf',
  [
    { name: 'Length', values: ['Short', 'Long'] },
    { name: 'Colour', values: ['Red'] },
    { name: 'Material', values: ['Wool', 'Silk'] },
  ],
  [variant(21, ['Short', 'Red', 'Wool']), variant(22, ['Long', 'Red', 'Silk'])],
);

function sellerApi(start: Proposal, products: Product[]) {
  let current = start;
  const byId = new Map<string, CartProduct>([[mugId, mug]]);
  for (const p of products)
    for (const v of p.variants)
      byId.set(v.id, lineProduct(v.id, `${p.name} — ${v.title}`, { unit_price_in_cents: 2000 }));
  const stub = apiStub((call) => {
    if (call.method === 'GET' && call.path === base) return { body: current };
    if (call.method === 'GET' && call.path === `/api/product/organization/${ids.merchantA}`) return { body: products };
    if (call.method === 'PUT' && call.path === `${base}/lines`) {
      const { lines } = call.body as { lines: ProposalLineInput[] };
      const short = lines.findIndex((l) => l.quantity === 30);
      if (short >= 0) return badRequest(`lines.${short}.quantity`, 'only 24 left in stock');
      current = proposal({ ...current, lines: lines.map((l) => line(byId.get(l.product_id)!, l.quantity, 2000, 0)) });
      return { body: current };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fn);
  return stub;
}

function renderBuilder() {
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/proposals/:proposalId" element={<ProposalPage />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/proposals/${proposalId}` },
  );
}

const cell = (grid: HTMLElement, name: string) => within(grid).getByRole('textbox', { name: `${name} quantity` });
const rowOf = (grid: HTMLElement, header: string) =>
  within(grid).getByRole('rowheader', { name: header }).closest('tr') as HTMLElement;

describe('ProposalVariantMatrix (the builder’s order grid)', () => {
  it('sets a product’s variants by size and colour in one PUT, checked as typed, with row and column totals', async () => {
    const api = sellerApi(
      proposal({ lines: [line(mug, 4, 800, 0), line(lineProduct(id(1), 'Tee — S / Black'), 2, 2000, 0)] }),
      [tee],
    );
    const user = userEvent.setup();
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Order by size and colour: Tee' }));
    const grid = screen.getByRole('table', { name: 'Quantities of Tee' });
    // The quantity the order holds; combinations not sold (or not for sale) are dashes.
    expect((cell(grid, 'S / Black') as HTMLInputElement).value).toBe('2');
    expect(within(grid).queryByRole('textbox', { name: 'L / White quantity' })).toBeNull();
    expect(within(grid).queryByRole('textbox', { name: 'M / White quantity' })).toBeNull();
    expect(within(grid).getByLabelText('L / White: not sold').textContent).toBe('—');
    expect(within(grid).getByLabelText('M / White: not for sale').textContent).toBe('—');

    await user.type(cell(grid, 'M / Black'), '1');
    expect(within(grid).getByText('Minimum order is 2')).toBeTruthy();
    expect(cell(grid, 'M / Black').getAttribute('aria-invalid')).toBe('true');
    const add = screen.getByRole('button', { name: 'Add to order' });
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.type(cell(grid, 'M / Black'), '0');
    await user.type(cell(grid, 'L / Black'), '3');
    expect(within(grid).getByText('Sold in multiples of 2')).toBeTruthy();
    await user.clear(cell(grid, 'L / Black'));
    await user.type(cell(grid, 'L / Black'), '6');
    await user.type(cell(grid, 'S / White'), '4');
    expect(within(grid).queryByText(/Minimum|multiples/)).toBeNull();

    // Row and column totals, and the grand total.
    expect(within(rowOf(grid, 'M')).getAllByRole('cell').at(-1)?.textContent).toBe('10');
    expect(within(rowOf(grid, 'S')).getAllByRole('cell').at(-1)?.textContent).toBe('6');
    const totals = within(rowOf(grid, 'Total'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(totals).toEqual(['18', '4', '22']);
    expect(screen.getByText('22 pieces')).toBeTruthy();

    // A cleared cell removes its line; the mug is kept.
    await user.clear(cell(grid, 'S / Black'));
    await user.click(add);
    expect(await screen.findByText('20 pieces of Tee in the order')).toBeTruthy();
    const puts = api.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({
      lines: [
        { product_id: mugId, quantity: 4 },
        { product_id: id(2), quantity: 4 },
        { product_id: id(3), quantity: 10 },
        { product_id: id(5), quantity: 6 },
      ],
    });
    // The grid closed; focus is back on its button.
    expect(screen.queryByRole('table', { name: 'Quantities of Tee' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Order by size and colour: Tee' }));
  });

  it('shows the server’s refusal under its cell until that quantity changes', async () => {
    const api = sellerApi(proposal({ lines: [line(mug, 4, 800, 0)] }), [tee]);
    const user = userEvent.setup();
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Order by size and colour: Tee' }));
    const grid = screen.getByRole('table', { name: 'Quantities of Tee' });
    await user.type(cell(grid, 'M / Black'), '30');
    const add = screen.getByRole('button', { name: 'Add to order' });
    await user.click(add);
    expect(await within(grid).findByText('Only 24 left in stock')).toBeTruthy();
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.clear(cell(grid, 'M / Black'));
    await user.type(cell(grid, 'M / Black'), '24');
    expect(within(grid).queryByText('Only 24 left in stock')).toBeNull();
    await user.click(add);
    expect(await screen.findByText('24 pieces of Tee in the order')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      lines: [
        { product_id: mugId, quantity: 4 },
        { product_id: id(3), quantity: 24 },
      ],
    });
  });

  it('moves between rows with the arrow keys', async () => {
    sellerApi(proposal(), [tee]);
    const user = userEvent.setup();
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Order by size and colour: Tee' }));
    const grid = screen.getByRole('table', { name: 'Quantities of Tee' });
    await user.click(cell(grid, 'S / Black'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell(grid, 'M / Black'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell(grid, 'L / Black'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(cell(grid, 'M / Black'));
    // Below S / White nothing is sold (M / White is not for sale, L / White not sold): it stays.
    await user.click(cell(grid, 'S / White'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell(grid, 'S / White'));
  });

  it('lays one option out as a single row, and picks a third option’s value above the grid', async () => {
    sellerApi(proposal(), [socks, scarf]);
    const user = userEvent.setup();
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Order by size: Socks' }));
    const socksGrid = screen.getByRole('table', { name: 'Quantities of Socks' });
    expect(within(socksGrid).getAllByRole('row')).toHaveLength(2);
    await user.type(cell(socksGrid, 'S'), '2');
    await user.type(cell(socksGrid, 'M'), '4');
    expect(within(rowOf(socksGrid, 'Quantity')).getAllByRole('cell').at(-1)?.textContent).toBe('6');
    await user.click(screen.getByRole('button', { name: 'Close the grid of Socks' }));

    await user.click(screen.getByRole('button', { name: 'Order by length and colour: Scarf' }));
    expect(screen.getByRole('table', { name: 'Quantities of Scarf, Material Wool' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Short / Red / Wool quantity' }), '2');
    expect(screen.getByLabelText('Long / Red / Wool: not sold')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: /^Material/ }));
    await user.click(await screen.findByRole('option', { name: 'Silk' }));
    const silk = screen.getByRole('table', { name: 'Quantities of Scarf, Material Silk' });
    await user.type(cell(silk, 'Long / Red / Silk'), '4');
    await user.click(screen.getByRole('combobox', { name: /^Material/ }));
    expect(await screen.findByRole('option', { name: 'Wool (2)' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByText('6 pieces')).toBeTruthy();
  });
});

describe('withMatrixQuantities', () => {
  it('replaces the grid’s variants, removes those set to none, adds the new ones after, keeps the rest', () => {
    const lines = [
      { product_id: 'a', quantity: 1 },
      { product_id: 'b', quantity: 2 },
      { product_id: 'c', quantity: 3 },
    ];
    const grid = new Map([
      ['b', 0],
      ['c', 6],
      ['d', 4],
      ['e', 0],
    ]);
    expect(withMatrixQuantities(lines, grid)).toEqual([
      { product_id: 'a', quantity: 1 },
      { product_id: 'c', quantity: 6 },
      { product_id: 'd', quantity: 4 },
    ]);
  });
});
