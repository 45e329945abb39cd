/** Order lines of variants (issue 24): the product's name, and its values (with the SKU where no column shows it) under it. */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { OrderLine } from '@cratebase/contract';
import { OrderLinesTable } from '../../../../components/orders/OrderLinesTable';

const tee: OrderLine = {
  id: '00000000-0000-4000-8000-000000000001',
  product_id: '00000000-0000-4000-8000-000000000011',
  name: 'Heavy tee — M / Black',
  variant_title: 'M / Black',
  stock_keeping_unit: 'TEE-M-BLK',
  order_unit: null,
  quantity_per_unit: null,
  quantity: 6,
  unit_price_in_cents: 1200,
  line_total_cents: 7200,
};
const soap: OrderLine = { ...tee, id: '00000000-0000-4000-8000-000000000002', name: 'Oat Soap', variant_title: null };

const itemCell = (table: HTMLElement, text: string) => within(table).getByText(text).closest('td') as HTMLElement;

describe('OrderLinesTable with variants', () => {
  it('names the product with the variant’s values and SKU under it (buyer’s view)', () => {
    render(<OrderLinesTable lines={[tee, soap]} label="Line items" />);
    const table = screen.getByRole('table', { name: 'Line items' });
    expect(itemCell(table, 'Heavy tee').textContent).toBe('Heavy teeM / Black · SKU TEE-M-BLK');
    expect(itemCell(table, 'Oat Soap').textContent).toBe('Oat Soap');
  });

  it('leaves the SKU to its own column in the seller’s view', () => {
    render(<OrderLinesTable lines={[tee]} label="Order lines" showSkuAndUnit />);
    const table = screen.getByRole('table', { name: 'Order lines' });
    expect(itemCell(table, 'Heavy tee').textContent).toBe('Heavy teeM / Black');
  });
});
