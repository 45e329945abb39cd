import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { CartProduct, Product, Proposal, ProposalLineInput } from '@cratebase/contract';
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
  teeMedium,
  teeMediumId,
} from '../../../../test/proposal-fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastProvider } from '../../../../components/Toast';
import { ProposalPage } from './ProposalPage';

const base = `/api/organization/${ids.merchantA}/proposals/${proposalId}`;
const teeSmallId = '00000000-0000-4000-8000-0000000000b3';
const teeSmall = lineProduct(teeSmallId, 'Tee — S', { stock_keeping_unit: 'TEE-S', unit_price_in_cents: 2000 });
const variant = (id: string, title: string, sku: string) => catalogueVariant(id, [title], { stock_keeping_unit: sku });
/** A tee in S and M (variants as rows), and a mug without options (sold in twos). */
const products = [
  {
    id: '00000000-0000-4000-8000-0000000000c1',
    name: 'Tee',
    state: { id: 2, state: 'Live' },
    options: [{ name: 'Size', values: ['S', 'M'] }],
    minimum_order_quantity: 1,
    variants: [variant(teeSmallId, 'S', 'TEE-S'), variant(teeMediumId, 'M', 'TEE-M')],
  },
  {
    id: mugId,
    name: 'Mug',
    state: { id: 2, state: 'Live' },
    options: [],
    minimum_order_quantity: 2,
    variants: [{ ...variant(mugId, '', 'MUG-1'), order_increment: 2 }],
  },
] as unknown as Product[];

/** The seller's API for one draft: lines and terms priced like the server (Distributor: mug $8.00, tee $16.00). */
function sellerApi(start: Proposal) {
  let current = start;
  const listed: Record<string, number> = { [mugId]: 800, [teeMediumId]: 1600, [teeSmallId]: 1600 };
  const byId: Record<string, CartProduct> = { [mugId]: mug, [teeMediumId]: teeMedium, [teeSmallId]: teeSmall };
  const reprice = (lines: ProposalLineInput[], discount: number) =>
    proposal({
      ...current,
      discount_percent: discount,
      lines: lines.map((l) => line(byId[l.product_id]!, l.quantity, listed[l.product_id]!, discount)),
    });
  const stub = apiStub((call) => {
    if (call.method === 'GET' && call.path === base) return { body: current };
    if (call.method === 'GET' && call.path === `/api/product/organization/${ids.merchantA}`) {
      const q = (new URLSearchParams(call.search).get('q') ?? '').toLowerCase();
      const matches = (p: Product) =>
        p.name.toLowerCase().includes(q) || p.variants.some((v) => v.stock_keeping_unit?.toLowerCase().includes(q));
      return { body: products.filter(matches) };
    }
    if (call.method === 'PUT' && call.path === `${base}/lines`) {
      const { lines } = call.body as { lines: ProposalLineInput[] };
      const odd = lines.findIndex((l) => l.quantity === 30);
      if (odd >= 0) return badRequest(`lines.${odd}.quantity`, 'only 24 left in stock');
      current = reprice(lines, current.discount_percent);
      return { body: current };
    }
    if (call.method === 'PATCH' && call.path === base) {
      const patch = call.body as { discount_percent?: number; note?: string | null };
      current = {
        ...reprice(current.lines, patch.discount_percent ?? current.discount_percent),
        note: patch.note ?? current.note,
      };
      return { body: current };
    }
    if (call.method === 'POST' && call.path === `${base}/send`) {
      current = { ...current, status: 'sent', sent_at: '2026-11-27T15:00:00Z' };
      return { body: current };
    }
    if (call.method === 'POST' && call.path === `${base}/cancel`) {
      current = { ...current, status: 'cancelled', cancelled_at: '2026-11-27T16:00:00Z' };
      return { body: current };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fn);
  return stub;
}

function renderBuilder() {
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/proposals/:proposalId" element={<ProposalPage />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/proposals/${proposalId}` },
  );
}

const linesList = () => screen.getByRole('list', { name: 'Lines' });
const lineItem = (name: string) =>
  within(linesList())
    .getAllByRole('listitem')
    .find((li) => within(li).queryByText(name)) as HTMLElement;

describe('ProposalPage (the seller’s builder)', () => {
  it('adds a variant from the catalogue search and shows the customer’s price from the server’s answer', async () => {
    const api = sellerApi(proposal({ lines: [line(mug, 4, 800, 0)] }));
    const user = userEvent.setup();
    renderBuilder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order P-1001' })).toBeTruthy();
    expect(screen.getByText(/For Distributor Co/)).toBeTruthy();
    // The tee's variants are rows of their own; the mug (already a line) cannot be added twice.
    const found = await screen.findByRole('list', { name: 'Tee variants' });
    expect(within(found).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'In order: Mug' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add Tee — M' }));
    expect(await within(linesList()).findByText('Tee — M')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      lines: [
        { product_id: mugId, quantity: 4 },
        { product_id: teeMediumId, quantity: 1 },
      ],
    });
    expect(within(lineItem('Tee — M')).getByText('TEE-M · $16.00 each')).toBeTruthy();
    expect(screen.getByText('Total', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$48.00');

    // Quick entry: a whole SKU and Enter adds its variant (once the search has answered for it).
    const search = screen.getByRole('searchbox', { name: 'Search your catalog by name or SKU' });
    await user.type(search, 'tee-s');
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'In order: Mug' })).toBeNull());
    await user.keyboard('{Enter}');
    expect(await within(linesList()).findByText('Tee — S')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      lines: [
        { product_id: mugId, quantity: 4 },
        { product_id: teeMediumId, quantity: 1 },
        { product_id: teeSmallId, quantity: 1 },
      ],
    });
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('keeps a line’s minimum and multiples before saving, shows the server’s refusal on that line, and removes a line', async () => {
    const api = sellerApi(proposal({ lines: [line(mug, 4, 800, 0), line(teeMedium, 1, 1600, 0)] }));
    const user = userEvent.setup();
    renderBuilder();
    const mugQuantity = await screen.findByRole('textbox', { name: 'Quantity of Mug' });
    expect(within(lineItem('Mug')).getByText('Min 2 · in 2s')).toBeTruthy();
    await user.clear(mugQuantity);
    await user.type(mugQuantity, '5{Enter}');
    expect(within(lineItem('Mug')).getByText('Sold in multiples of 2')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    const tee = screen.getByRole('textbox', { name: 'Quantity of Tee — M' });
    await user.clear(tee);
    await user.type(tee, '30{Enter}');
    expect(await within(lineItem('Tee — M')).findByText('Only 24 left in stock')).toBeTruthy();

    await user.clear(mugQuantity);
    await user.type(mugQuantity, '6');
    await user.tab();
    expect(await within(lineItem('Mug')).findByText('$48.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Tee — M' }));
    await vi.waitFor(() => expect(within(linesList()).queryByText('Tee — M')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      lines: [{ product_id: mugId, quantity: 6 }],
    });
  });

  it('saves the discount and note, shows the discounted total, and sends after confirming', async () => {
    const api = sellerApi(proposal({ lines: [line(mug, 4, 800, 0)] }));
    const user = userEvent.setup();
    renderBuilder();
    const discount = await screen.findByRole('textbox', { name: 'Discount' });
    await user.type(discount, '60');
    await user.tab();
    expect(screen.getByText('At most 50%')).toBeTruthy();
    await user.clear(discount);
    await user.type(discount, '10');
    await user.type(screen.getByRole('textbox', { name: 'Note to the customer' }), 'From the trade show');
    await user.tab();
    expect(await screen.findByText('Discount (10%)')).toBeTruthy();
    expect(within(lineItem('Mug')).getByText('MUG-1 · $8.00 less 10% = $7.20 each')).toBeTruthy();
    const patches = api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
    expect(patches).toEqual([{ discount_percent: 10 }, { note: 'From the trade show' }]);

    expect(screen.getByRole('status').textContent).toBe('Saved as a draft: nothing is sent until you send it.');

    // A quantity left by pressing Send is saved before the order is sent.
    const mugQuantity = screen.getByRole('textbox', { name: 'Quantity of Mug' });
    await user.clear(mugQuantity);
    await user.type(mugQuantity, '6');
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send P-1001 to Distributor Co?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('P-1001 sent to Distributor Co')).toBeTruthy();
    // Sent: read-only, with its status.
    expect(screen.getByText(/^Sent to Distributor Co on/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Quantity of Mug' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Add products' })).toBeNull();
    expect(screen.getByText('Quantity 6')).toBeTruthy();
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path.slice(base.length)}`)).toEqual([
      'PATCH ',
      'PATCH ',
      'PUT /lines',
      'POST /send',
    ]);
  });

  it('cancels a sent order after confirming; it says so and offers nothing more', async () => {
    sellerApi(proposal({ status: 'sent', sent_at: '2026-11-27T15:00:00Z', lines: [line(mug, 4, 800, 0)] }));
    const user = userEvent.setup();
    renderBuilder();
    expect(await screen.findByRole('button', { name: 'Copy the customer’s link' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel this order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel P-1001?' });
    expect(within(dialog).getByText(/Distributor Co can no longer accept it/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('P-1001 cancelled')).toBeTruthy();
    expect(screen.getByText(/^You cancelled it on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel this order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy the customer’s link' })).toBeNull();
  });
});
