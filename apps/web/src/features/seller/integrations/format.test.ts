import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@cratebase/contract';
import { deliveryStatusLabel, lastMonth, timeAgo, WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENTS } from './format';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('says how long ago, and a date once it is a month back', () => {
    expect(timeAgo('2026-11-27T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-27T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-27T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-26T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('7 days ago');
    expect(timeAgo('2026-09-01T12:00:00Z', now)).toMatch(/^Sep 1, 2026 /);
  });
});

describe('lastMonth', () => {
  it('is the whole calendar month before today’s, across a year’s turn too', () => {
    expect(lastMonth(new Date(2026, 10, 27))).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonth(new Date(2026, 0, 5))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonth(new Date(2024, 2, 31))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
});

describe('webhook events', () => {
  it('groups every event once, by area', () => {
    expect(WEBHOOK_EVENT_GROUPS.map((g) => g.area)).toEqual([
      'Orders',
      'Invoices',
      'Catalog',
      'Inventory',
      'Customers',
    ]);
    expect(WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events)).toEqual(WEBHOOK_EVENTS);
  });

  it('tells a delivery not tried yet from one waiting to be tried again', () => {
    const pending = { status: 'pending', attempts: 0 } as WebhookDelivery;
    expect(deliveryStatusLabel(pending)).toBe('Queued');
    expect(deliveryStatusLabel({ ...pending, attempts: 2 })).toBe('Retrying');
  });
});
