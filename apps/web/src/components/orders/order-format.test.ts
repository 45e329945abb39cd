import { describe, expect, it } from 'vitest';
import {
  addressLines,
  amountParts,
  carrierLabel,
  orderNumber,
  orderUnitLabel,
  shippingServiceLabel,
} from './order-format';
import { shippedLabel } from './order-columns';

describe('order-format', () => {
  it('names an order by its number, and one without a number by # and its id’s first eight hex digits', () => {
    const id = '1a2b3c4d-5e6f-4a00-8b00-000000000001';
    expect(orderNumber({ id, order_number: 'CB-000042' })).toBe('CB-000042');
    expect(orderNumber({ id, order_number: null })).toBe('#1A2B3C4D');
    expect(orderNumber({ id: '1a2b-3c4d-5e6f' })).toBe('#1A2B3C4D');
  });

  it('gives an order’s total in its parts: the subtotal of the goods and the shipping', () => {
    expect(amountParts({ subtotal_cents: 500_000, shipping_cost_in_cents: 1_870 })).toBe(
      '$5,000.00 subtotal + $18.70 shipping',
    );
    expect(amountParts({ subtotal_cents: 999, shipping_cost_in_cents: 0 })).toBe('$9.99 subtotal + $0.00 shipping');
  });

  it('gives the ship-to lines, leaving out empty ones, and none without an address', () => {
    const address = {
      first_name: 'Cora',
      last_name: null,
      line1: '5 Oak Ave',
      line2: '  ',
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
    };
    expect(addressLines(address)).toEqual(['Cora', '5 Oak Ave', 'Portland, OR 97201']);
    expect(addressLines({ ...address, first_name: null, line2: 'Suite 2' })).toEqual([
      '5 Oak Ave',
      'Suite 2',
      'Portland, OR 97201',
    ]);
    expect(addressLines(null)).toEqual([]);
  });

  it('names the rate paid for without repeating the provider, or null without one', () => {
    expect(shippingServiceLabel({ shippo_provider: 'USPS', shippo_service_level_token: 'usps_priority_mail' })).toBe(
      'USPS Priority Mail',
    );
    expect(shippingServiceLabel({ shippo_provider: 'UPS', shippo_service_level_token: 'ground' })).toBe('UPS Ground');
    expect(shippingServiceLabel({ shippo_provider: null, shippo_service_level_token: null })).toBeNull();
  });

  it('labels the order unit with its size, the size alone, or a dash', () => {
    expect(orderUnitLabel({ order_unit: 'Case', quantity_per_unit: 12 })).toBe('Case of 12');
    expect(orderUnitLabel({ order_unit: 'Case', quantity_per_unit: 1 })).toBe('Case');
    expect(orderUnitLabel({ order_unit: null, quantity_per_unit: 6 })).toBe('6 units');
    expect(orderUnitLabel({ order_unit: null, quantity_per_unit: null })).toBe('—');
  });

  it('writes a known carrier as people do and leaves an unknown one as given', () => {
    expect(carrierLabel('fedex')).toBe('FedEx');
    expect(carrierLabel('Parcel Co')).toBe('Parcel Co');
  });
});

describe('shippedLabel (Shipped? on both lists, issue 23)', () => {
  const tracking = { id: 'x', carrier: 'UPS' as const, tracking_number: '1Z', status: 'SHIPPED', tracking_url: '' };
  it('is Partial while units are left after a first shipment, Yes once everything left shipped, else No', () => {
    expect(shippedLabel({ state: 'partially_shipped', shipping_information: tracking })).toBe('Partial');
    expect(shippedLabel({ state: 'shipped', shipping_information: tracking })).toBe('Yes');
    expect(shippedLabel({ state: 'delivered', shipping_information: tracking })).toBe('Yes');
    expect(shippedLabel({ state: 'placed', shipping_information: null })).toBe('No');
    expect(shippedLabel({ state: 'cancelled', shipping_information: null })).toBe('No');
  });
});
