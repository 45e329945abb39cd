/** Orders after checkout (issue 23) as the seller's order tests read them. Test data only. */
import { vi } from 'vitest';
import { trackingUrl, type Order, type OrderEvent, type OrderRefunds, type Shipment } from '@cratebase/contract';
import { fakeFetch, ids, makeUser } from '../../../../test/fixtures';

export const orderId = '20000000-0000-4000-8000-000000000001';
export const jamLine = '20000000-0000-4000-8000-000000000500';
export const soapLine = '20000000-0000-4000-8000-000000000501';
export const commandPath = (command: string) => `/api/organization/${ids.merchantA}/orders/${orderId}/${command}`;
export const orderPath = `/api/order/${orderId}`;
export const refundsPath = `/api/order/${orderId}/refunds`;

/** A placed order of 2 × Fig Jam at $30 and 1 × Oat Soap at $10, $8.50 shipping, paid by card. */
export function lifecycleOrder(overrides: Partial<Order> = {}, lines: { jam?: object; soap?: object } = {}): Order {
  return {
    id: orderId,
    order_number: 'CB-000001',
    completed_on: '2026-03-01T15:30:00Z',
    organization: { id: ids.buyer, name: 'Corner Shop' },
    seller: { id: ids.merchantA, name: 'Acme Goods' },
    subtotal_cents: 7_000,
    shipping_cost_in_cents: 850,
    total_cents: 7_850,
    shippo_provider: 'USPS',
    shippo_service_level_token: 'usps_priority',
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Buyer',
      line1: '1 Main St',
      line2: null,
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
    },
    created_by_user: { name: 'Ada Buyer' },
    shipping_information: null,
    po_number: null,
    invoice: { link: 'http://localhost/api/invoice/1.pdf?sig=abc', stripe_status: 'paid' },
    refunded_cents: 0,
    state: 'placed',
    cancelled_cents: 0,
    cancellation_request: null,
    buyer_may_cancel_until: null,
    shipments: [],
    timeline: [event('placed', 'Order placed', 'buyer', 'Ada Buyer')],
    cart: {
      id: '20000000-0000-4000-8000-000000000101',
      total_cents: 7_000,
      item_count: 3,
      line_items: [
        {
          id: jamLine,
          product_id: '20000000-0000-4000-8000-000000000600',
          name: 'Fig Jam',
          stock_keeping_unit: 'FJ-12',
          order_unit: null,
          quantity_per_unit: null,
          quantity: 2,
          unit_price_in_cents: 3_000,
          line_total_cents: 6_000,
          cancelled_quantity: 0,
          shipped_quantity: 0,
          ...lines.jam,
        },
        {
          id: soapLine,
          product_id: '20000000-0000-4000-8000-000000000601',
          name: 'Oat Soap',
          stock_keeping_unit: null,
          order_unit: null,
          quantity_per_unit: null,
          quantity: 1,
          unit_price_in_cents: 1_000,
          line_total_cents: 1_000,
          cancelled_quantity: 0,
          shipped_quantity: 0,
          ...lines.soap,
        },
      ],
    },
    ...overrides,
  };
}

let eventCount = 0;
export function event(
  kind: OrderEvent['kind'],
  summary: string,
  side: OrderEvent['actor']['side'],
  name: string | null = null,
): OrderEvent {
  eventCount += 1;
  return { id: `e${eventCount}`, at: '2026-03-01T15:30:00Z', kind, actor: { side, name }, summary, note: null };
}

export function shipment(number: number, trackingNumber: string, lines: Shipment['lines']): Shipment {
  return {
    id: `20000000-0000-4000-8000-00000000090${number}`,
    number,
    carrier: 'UPS',
    tracking_number: trackingNumber,
    tracking_url: trackingUrl('UPS', trackingNumber),
    created_at: '2026-03-02T10:00:00Z',
    lines,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The order's refunds: $78.50 paid by the card ending 4242, nothing refunded yet. */
export const cardRefunds: OrderRefunds = {
  order_id: orderId,
  paid_cents: 7_850,
  refunded_cents: 0,
  refundable_cents: 7_850,
  method: 'card',
  card: { brand: 'visa', last4: '4242' },
  not_refundable: null,
  lines: [],
  shipping_cents: 850,
  shipping_refunded_cents: 0,
  refunds: [],
};

/**
 * The API as the order's dialog reads it (fetch stubbed): GET answers the order as it is now;
 * each command (the path after the order, "accept", "claims/{id}/refund") answers the next order,
 * which replaces it, or a refusal.
 */
export function serveOrder(
  start: Order,
  commands: Record<string, (body: unknown) => Response | Order>,
  user = makeUser(),
) {
  let current = start;
  const routes: Parameters<typeof fakeFetch>[0] = {
    [`GET ${orderPath}`]: async () => json(current),
    [`GET ${refundsPath}`]: { body: cardRefunds },
    'GET /api/user/me': { body: user },
  };
  const fake = fakeFetch(routes);
  for (const [command, answer] of Object.entries(commands)) {
    routes[`POST ${commandPath(command)}`] = async () => {
      const result = answer(fake.calls.at(-1)?.body);
      if (result instanceof Response) return result;
      current = result;
      return json(result);
    };
  }
  vi.stubGlobal('fetch', fake.fn);
  return fake;
}
