import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Product, ProductVariant } from '@cratebase/contract';
import { ids } from '../../../../test/fixtures';
import { PRODUCT_SAVED_TOAST } from './ProductEditor';
import type { VariantRow } from '../variants-form';
import { VariantGrid } from './VariantGrid';
import { addPath, editPath, fill, product, productId, renderForm } from './product-form-test-support';

// The "Options and variants" section as a seller uses it: options typed as chips, the grid they
// make, bulk prices, what Save sends, and the server's issues on the cells they name.

function variant(id: string, values: string[], change: Partial<ProductVariant> = {}): ProductVariant {
  return {
    id,
    title: values.join(' / '),
    option_values: values,
    position: 0,
    stock_keeping_unit: null,
    universal_product_code: null,
    unit_price_in_cents: 1200,
    msrp_in_cents: null,
    weight: null,
    inventory_count: 0,
    track_inventory: false,
    available: true,
    order_increment: 1,
    price_breaks: [],
    own_volume_rules: false,
    media_id: null,
    ...change,
  };
}

const vid = (n: number) => `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`;

/** A tee sold in S and M, Black and White. */
function tee(change: Partial<Product> = {}): Product {
  return product({
    name: 'Heavy tee',
    options: [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Black', 'White'] },
    ],
    variants: [
      variant(vid(1), ['S', 'Black'], { stock_keeping_unit: 'TEE-S-B' }),
      variant(vid(2), ['S', 'White']),
      variant(vid(3), ['M', 'Black']),
      variant(vid(4), ['M', 'White']),
    ],
    ...change,
  });
}

/** Adds an option and its values as a seller does: the name, then the values pasted and Enter. */
function addOption(name: string, values: string) {
  fireEvent.click(screen.getByText(/^Add (options like size or colour|another option)$/));
  const groups = screen.getAllByLabelText(/^Option \d$/);
  const group = groups[groups.length - 1]!;
  fill(within(group).getByLabelText('Option name'), name);
  const input = within(group).getByLabelText(`Values of ${name}`, { selector: 'input' });
  fill(input, values);
  fireEvent.keyDown(input, { key: 'Enter' });
  return group;
}

const grid = () => screen.getByLabelText('Variants');
// Plain selectors: role queries over a grid of inputs are slow in jsdom.
const rowTitles = () => [...grid().querySelectorAll('tbody th')].map((cell) => cell.textContent);

describe('Options and variants', () => {
  it('makes a row per combination of Size S/M/L and Colour Black/White, and refuses a value twice', async () => {
    renderForm(addPath);
    await screen.findByText('Options and variants');
    const size = addOption('Size', 'S, M, L');
    expect(within(size).getByLabelText('Size values, in order').textContent).toBe('SML');
    addOption('Colour', 'Black');
    const colour = within(screen.getAllByLabelText(/^Option \d$/)[1]!).getByLabelText('Values of Colour', {
      selector: 'input',
    });
    fill(colour, 'White');
    fireEvent.keyDown(colour, { key: 'Enter' });
    expect(rowTitles()).toEqual(['S / Black', 'S / White', 'M / Black', 'M / White', 'L / Black', 'L / White']);

    // M again: said under the field, nothing added.
    const sizeValues = within(size).getByLabelText('Values of Size', { selector: 'input' });
    fill(sizeValues, 'm');
    fireEvent.keyDown(sizeValues, { key: 'Enter' });
    expect(within(size).getByText('“m” is already a value of Size')).toBeTruthy();
    expect(rowTitles()).toHaveLength(6);

    // Moving L earlier reorders the grid; removing White removes its rows.
    fireEvent.click(within(size).getByLabelText('Move L earlier'));
    expect(rowTitles().slice(0, 4)).toEqual(['S / Black', 'S / White', 'L / Black', 'L / White']);
    fireEvent.click(screen.getByLabelText('Remove White'));
    expect(rowTitles()).toEqual(['S / Black', 'L / Black', 'M / Black']);
    // The product-level price now says what it is for.
    expect(screen.getByLabelText('Default price for new variants')).toBeTruthy();
  });

  it('sets every price at once, and saves the options, the variants and their stock', async () => {
    const saved = tee({
      track_inventory: true,
      options: [
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Colour', values: ['Black', 'White'] },
      ],
      variants: [...tee().variants, variant(vid(5), ['L', 'Black']), variant(vid(6), ['L', 'White'])],
    });
    const { fetch } = renderForm(editPath, {
      [`GET /api/product/${productId}`]: { body: tee() },
      'PUT /api/product': { body: saved },
      'POST /api/inventory/transaction': {
        body: {
          id: 't',
          count: 4,
          inventory_transaction_type: 'set',
          product: { id: vid(5), inventory_count: 4 },
          created_at: '',
          replayed: false,
        },
      },
    });
    await screen.findByLabelText('Variants');
    const size = screen.getAllByLabelText(/^Option \d$/)[0]!;
    const values = within(size).getByLabelText('Values of Size', { selector: 'input' });
    fill(values, 'L');
    fireEvent.keyDown(values, { key: 'Enter' });
    expect(rowTitles()).toHaveLength(6);

    fill(screen.getByLabelText('Price for all variants'), '14.50');
    fireEvent.click(screen.getByText('Set all prices'));
    const prices = within(grid()).getAllByLabelText(/^Price for /) as HTMLInputElement[];
    expect(prices.map((p) => p.value)).toEqual(Array(6).fill('14.50'));

    fireEvent.click(screen.getByLabelText('Track inventory'));
    fill(screen.getByLabelText('Stock for L / Black'), '4');
    fill(screen.getByLabelText('SKU for M / White'), 'TEE-M-W');
    fireEvent.click(screen.getByLabelText('S / White available'));
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText(PRODUCT_SAVED_TOAST)).toBeTruthy();

    const put = fetch.calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put.options).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Black', 'White'] },
    ]);
    const sent = (v: Record<string, unknown>) => ({
      unit_price_in_cents: 1450,
      available: true,
      track_inventory: true,
      stock_keeping_unit: null,
      ...v,
    });
    expect(put.variants).toEqual([
      sent({ id: vid(1), option_values: ['S', 'Black'], stock_keeping_unit: 'TEE-S-B' }),
      sent({ id: vid(2), option_values: ['S', 'White'], available: false }),
      sent({ id: vid(3), option_values: ['M', 'Black'] }),
      sent({ id: vid(4), option_values: ['M', 'White'], stock_keeping_unit: 'TEE-M-W' }),
      sent({ option_values: ['L', 'Black'] }),
      sent({ option_values: ['L', 'White'] }),
    ]);
    // The stock of the new L / Black, by the id the save gave it.
    await waitFor(() => expect(fetch.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = fetch.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ count: 4, product: { id: vid(5) }, inventory_transaction_type: 'set' });
    expect(post.headers['Idempotency-Key']).toBeTruthy();
    expect(fetch.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ organization: { id: ids.merchantA } });
  });

  it('shows the server issue on variants.1.stock_keeping_unit on that row’s SKU cell', async () => {
    renderForm(editPath, {
      [`GET /api/product/${productId}`]: { body: tee() },
      'PUT /api/product': {
        status: 409,
        body: {
          error: 'duplicate_sku',
          message: 'variants.1.stock_keeping_unit: "TEE-1" is the SKU of another product.',
          issues: [
            { path: 'variants.1.stock_keeping_unit', message: '"TEE-1" is the SKU of another product' },
            { path: 'options.1.values.1', message: '"White" is listed twice' },
            { path: 'variants.2.media_id', message: 'must be one of the product’s photos' },
          ],
        },
      },
    });
    const sku = (await screen.findByLabelText('SKU for S / White')) as HTMLInputElement;
    fill(sku, 'TEE-1');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(sku.getAttribute('aria-invalid')).toBe('true'));
    const cell = sku.closest('td')!;
    expect(within(cell).getByText('"TEE-1" is the SKU of another product')).toBeTruthy();
    // An option value's issue under that option's values; one no cell shows, named by its row.
    const colour = screen.getAllByLabelText(/^Option \d$/)[1]!;
    expect(within(colour).getByText('"White" is listed twice')).toBeTruthy();
    expect(screen.getByText('M / Black: Must be one of the product’s photos')).toBeTruthy();
    // Not on the product's own SKU (hidden with options), nor on another row.
    expect(screen.queryByRole('textbox', { name: 'SKU' })).toBeNull();
    expect(screen.getByLabelText('SKU for S / Black').getAttribute('aria-invalid')).toBe('false');
  });
});

describe('VariantGrid with hundreds of variants', () => {
  it('shows them 50 at a time, Set all prices reaching every page', () => {
    let rows: VariantRow[] = Array.from({ length: 240 }, (_, i) => ({
      id: null,
      optionValues: [`V${i + 1}`],
      sku: '',
      priceCents: null,
      stock: '',
      available: true,
    }));
    const { rerender } = render(
      <VariantGrid rows={rows} onChange={(next) => (rows = next)} trackInventory={false} issues={{}} />,
    );
    expect(rowTitles()).toHaveLength(50);
    expect(screen.getByText('1–50 of 240')).toBeTruthy();
    fill(screen.getByLabelText('Price for all variants'), '9');
    fireEvent.click(screen.getByText('Set all prices'));
    expect(rows.every((r) => r.priceCents === 900)).toBe(true);
    rerender(<VariantGrid rows={rows} onChange={(next) => (rows = next)} trackInventory={false} issues={{}} />);
    fireEvent.click(screen.getByLabelText('Go to next page'));
    expect(rowTitles()[0]).toBe('V51');
    expect((screen.getByLabelText('Price for V51') as HTMLInputElement).value).toBe('9.00');
  });
});
