/**
 * A buyer's orders with Seller X for the unit tests of the orders pages: rows (OrderSummary), the
 * single order with three lines (Widget, Gadget, Fig Jam), numbered CB-000041, CB-000042, …
 */
import type { Order, OrderLine, OrderSummary } from '@cratebase/contract';
import { ids } from '../../../test/fixtures';
import { gadget, widget } from '../test-support/cart-test-server';

export const orderId = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const figJamId = '00000000-0000-4000-8000-0000000000a9';

export function line(n: number, productId: string, name: string, quantity: number, unitCents: number): OrderLine {
  return {
    id: orderId(700 + n),
    product_id: productId,
    name,
    stock_keeping_unit: null,
    order_unit: n === 1 ? 'Case' : null,
    quantity_per_unit: n === 1 ? 6 : null,
    quantity,
    unit_price_in_cents: unitCents,
    line_total_cents: quantity * unitCents,
  };
}

export const lines = [
  line(1, widget.id, 'Widget', 3, 1200),
  line(2, gadget.id, 'Gadget', 2, 550),
  line(3, figJamId, 'Fig Jam', 1, 900),
];

export function summary(n: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: orderId(n),
    order_number: `CB-${String(40 + n).padStart(6, '0')}`,
    completed_on: `2024-05-0${n}T09:15:00Z`,
    organization: { id: ids.buyer, name: 'Corner Shop' },
    seller: { id: ids.sellerX, name: 'Seller X' },
    subtotal_cents: 5600,
    shipping_cost_in_cents: 900,
    total_cents: 6500,
    shippo_provider: 'UPS',
    shippo_service_level_token: 'ups_ground',
    shipping_address: {
      first_name: 'Cora',
      last_name: 'Shop',
      line1: '9 Elm St',
      line2: null,
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
    },
    created_by_user: { name: 'Cora Shop' },
    shipping_information: null,
    po_number: null,
    invoice: { link: `http://localhost/api/invoice/${n}.pdf?expires=1&sig=x`, stripe_status: 'open' },
    cart: { id: orderId(100 + n), total_cents: 5600, item_count: 6 },
    ...overrides,
  };
}

export const detail = (row: OrderSummary): Order => ({ ...row, cart: { ...row.cart, line_items: lines } });
