import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, within } from '@testing-library/react';
import type { OrderLine, ShippingInformation } from '@cratebase/contract';
import { OrderLines, OrderLinesTable } from './OrderLinesTable';
import { OrderTotals } from './OrderTotals';
import { ShipToBlock } from './ShipToBlock';
import { TrackingLine } from './TrackingLine';
import { atPhoneWidth } from '../../test/phone-width';

const jam: OrderLine = {
  id: '00000000-0000-4000-8000-000000000001',
  product_id: '00000000-0000-4000-8000-000000000011',
  name: 'Fig Jam',
  stock_keeping_unit: 'FJ-12',
  order_unit: 'Case',
  quantity_per_unit: 12,
  quantity: 2,
  unit_price_in_cents: 3000,
  line_total_cents: 6000,
};
const soap: OrderLine = {
  ...jam,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Oat Soap',
  stock_keeping_unit: null,
  order_unit: null,
  quantity_per_unit: null,
  quantity: 1,
  unit_price_in_cents: 450,
  line_total_cents: 450,
};
const shipped: ShippingInformation = {
  id: '00000000-0000-4000-8000-000000000021',
  carrier: 'FEDEX',
  tracking_number: '123456789012',
  status: 'SHIPPED',
  tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
};

const cells = (table: HTMLElement, name: string) =>
  [...(within(table).getByText(name).closest('tr') as HTMLElement).querySelectorAll('td')].map(
    (cell) => cell.textContent,
  );
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

describe('OrderLinesTable', () => {
  it("shows the SKU and the unit in columns of their own when asked (the seller's view)", () => {
    render(<OrderLinesTable lines={[jam, soap]} label="Order lines" showSkuAndUnit />);
    const table = screen.getByRole('table', { name: 'Order lines' });
    expect(headers(table)).toEqual(['Product', 'SKU', 'Quantity', 'Unit', 'Unit price', 'Line price']);
    expect(cells(table, 'Fig Jam')).toEqual(['Fig Jam', 'FJ-12', '2', 'Case of 12', '$30.00', '$60.00']);
    expect(cells(table, 'Oat Soap')).toEqual(['Oat Soap', '—', '1', '—', '$4.50', '$4.50']);
  });

  it("leaves the SKU out and puts the unit under the name otherwise (the buyer's view)", () => {
    render(<OrderLinesTable lines={[jam, soap]} label="Line items" />);
    const table = screen.getByRole('table', { name: 'Line items' });
    expect(headers(table)).toEqual(['Item', 'Quantity', 'Price', 'Total']);
    expect(cells(table, 'Fig Jam')).toEqual(['Fig JamCase of 12', '2', '$30.00', '$60.00']);
    expect(cells(table, 'Oat Soap')).toEqual(['Oat Soap', '1', '$4.50', '$4.50']);
    expect(within(table).queryByText('FJ-12')).toBeNull();
  });

  it('fits a phone: the SKU, unit and unit price under the name, then quantity and total', () => {
    atPhoneWidth();
    render(<OrderLinesTable lines={[jam, soap]} label="Order lines" showSkuAndUnit />);
    const table = screen.getByRole('table', { name: 'Order lines' });
    expect(headers(table)).toEqual(['Item', 'Qty', 'Total']);
    expect(cells(table, 'Fig Jam')).toEqual(['Fig JamFJ-12 · $30.00 / case of 12', '2', '$60.00']);
    expect(cells(table, 'Oat Soap')).toEqual(['Oat Soap$4.50 / unit', '1', '$4.50']);
  });

  it('is busy with placeholder rows while the lines load', () => {
    render(<OrderLinesTable lines={undefined} label="Line items" />);
    const table = screen.getByRole('table', { name: 'Line items' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });
});

describe('OrderLines', () => {
  it('says why the lines did not load and reads them again on "Try again"', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    render(
      <OrderLines
        query={{ data: undefined, isError: true, error: new Error('Server unavailable'), refetch }}
        errorPrefix="We could not load the order’s lines."
        label="Order lines"
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('We could not load the order’s lines.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

describe('OrderTotals', () => {
  const order = {
    subtotal_cents: 10000,
    shipping_cost_in_cents: 850,
    total_cents: 10850,
    shippo_provider: 'USPS',
    shippo_service_level_token: 'usps_priority',
  };
  const value = (label: string | RegExp) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

  it('lists Subtotal, Shipping and Total', () => {
    render(<OrderTotals order={order} />);
    expect(value('Subtotal')).toBe('$100.00');
    expect(value('Shipping')).toBe('$8.50');
    expect(value('Total')).toBe('$108.50');
    expect(screen.queryByText('(USPS Priority)')).toBeNull();
  });

  it('says why no sales tax was charged, as the invoice does', () => {
    const { unmount } = render(<OrderTotals order={{ ...order, tax_exempt: true }} />);
    expect(value('Exempt — resale certificate on file')).toBe('$0.00');
    unmount();
    render(<OrderTotals order={{ ...order, tax_exempt: false }} />);
    expect(value('Sales tax: not charged on wholesale orders')).toBe('$0.00');
    expect(value('Total')).toBe('$108.50');
  });

  it('names the shipping service after Shipping when asked', () => {
    render(<OrderTotals order={order} showShippingService />);
    expect(screen.getByText('(USPS Priority)')).toBeTruthy();
    expect(value(/^Shipping/)).toBe('$8.50');
  });
});

describe('ShipToBlock', () => {
  it('puts each address line on a line of its own, or says N/A', () => {
    const { container, rerender } = render(
      <address>
        <ShipToBlock
          address={{
            first_name: 'Cora',
            last_name: 'Shop',
            line1: '5 Oak Ave',
            line2: null,
            city: 'Portland',
            state: 'OR',
            postal_code: '97201',
          }}
        />
      </address>,
    );
    const address = container.querySelector('address') as HTMLElement;
    expect([...address.children].map((line) => line.textContent)).toEqual([
      'Cora Shop',
      '5 Oak Ave',
      'Portland, OR 97201',
    ]);
    rerender(
      <address>
        <ShipToBlock address={null} />
      </address>,
    );
    expect(address.textContent).toBe('N/A');
  });
});

describe('TrackingLine', () => {
  it('names the carrier and links the number to its tracking page in a new tab', () => {
    const { container } = render(
      <p>
        <TrackingLine tracking={shipped} />
      </p>,
    );
    const link = screen.getByRole('link', { name: '123456789012' });
    expect(link.getAttribute('href')).toBe(shipped.tracking_url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(container.textContent).toBe('FedEx 123456789012');
  });

  it('adds the status when asked, and says "Not shipped yet" without tracking', () => {
    const { container, rerender } = render(
      <p>
        <TrackingLine tracking={shipped} showStatus />
      </p>,
    );
    expect(screen.getByText('SHIPPED')).toBeTruthy();
    rerender(
      <p>
        <TrackingLine tracking={null} showStatus />
      </p>,
    );
    expect(container.textContent).toBe('Not shipped yet');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
