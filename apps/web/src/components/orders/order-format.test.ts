import { describe, expect, it } from 'vitest';
import { addressLines, carrierLabel, orderNumber, orderUnitLabel, shippingServiceLabel } from './order-format';

describe('order-format', () => {
  it('shortens an order id to a # and its first eight hex digits, upper-cased', () => {
    expect(orderNumber('1a2b3c4d-5e6f-4a00-8b00-000000000001')).toBe('#1A2B3C4D');
    expect(orderNumber('1a2b-3c4d-5e6f')).toBe('#1A2B3C4D');
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
