import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OrderRefunds, Refund } from '@cratebase/contract';
import { renderWithProviders } from '../../test/render';
import { RefundChip } from './RefundChip';
import { RefundsSection } from './RefundsSection';

const refund = (n: number, overrides: Partial<Refund> = {}): Refund => ({
  id: `20000000-0000-4000-8000-00000000090${n}`,
  order_id: '20000000-0000-4000-8000-000000000001',
  credit_note_number: `CN-00000${n}`,
  amount_cents: 1_000 * n,
  shipping_cents: 0,
  lines: [],
  reason: 'other',
  note: null,
  method: 'credit_note',
  card: null,
  status: 'succeeded',
  failure_message: null,
  restock: false,
  source: 'seller',
  created_at: '2026-03-02T10:00:00Z',
  created_by: null,
  credit_note_link: `http://localhost/credit-notes/${n}.pdf?expires=1&signature=abc`,
  ...overrides,
});

const state = (refunds: Refund[], refunded: number): OrderRefunds => ({
  order_id: '20000000-0000-4000-8000-000000000001',
  paid_cents: 10_000,
  refunded_cents: refunded,
  refundable_cents: 10_000 - refunded,
  method: 'credit_note',
  card: null,
  not_refundable: null,
  lines: [],
  shipping_cents: 0,
  shipping_refunded_cents: 0,
  refunds,
});

describe('RefundChip', () => {
  it('says Partially refunded or Refunded with the amount, and nothing without a refund', () => {
    const { rerender } = renderWithProviders(<RefundChip totalCents={10_000} refundedCents={1_250} />);
    expect(screen.getByText('Partially refunded · $12.50')).toBeTruthy();
    rerender(<RefundChip totalCents={10_000} refundedCents={10_000} />);
    expect(screen.getByText('Refunded · $100.00')).toBeTruthy();
    rerender(<RefundChip totalCents={10_000} refundedCents={0} />);
    expect(screen.queryByText(/refunded/i)).toBeNull();
  });
});

describe('RefundsSection', () => {
  it('lists each refund with its day, reason, amount, how it went back, its status and credit note', () => {
    renderWithProviders(
      <RefundsSection
        refunds={state(
          [
            refund(2, {
              status: 'failed',
              failure_message: 'The provider refused it.',
              method: 'card',
              card: { brand: 'visa', last4: '4242' },
            }),
            refund(1, {
              reason: 'damaged',
              note: 'Cracked lid',
              lines: [
                {
                  line_item_id: '20000000-0000-4000-8000-000000000500',
                  product_id: null,
                  name: 'Fig Jam',
                  quantity: 1,
                  amount_cents: 1_000,
                },
              ],
            }),
          ],
          1_000,
        )}
        loading={false}
        error={null}
        onRetry={() => undefined}
      />,
    );
    const section = screen.getByRole('region', { name: /Refunds/ });
    expect(within(section).getByText('$10.00 of $100.00 refunded')).toBeTruthy();
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Failed')).toBeTruthy();
    expect(within(items[0]!).getByText('The provider refused it.')).toBeTruthy();
    expect(within(items[0]!).getByText(/To Visa •••• 4242/)).toBeTruthy();
    expect(within(items[1]!).getByText(/Damaged/)).toBeTruthy();
    expect(within(items[1]!).getByText(/Credit note · 1 × Fig Jam/)).toBeTruthy();
    expect(within(items[1]!).getByText('“Cracked lid”')).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Credit note CN-000001 (opens in a new tab)' })).toBeTruthy();
  });

  it('hides itself for the buyer while there is no refund', () => {
    const { container } = renderWithProviders(
      <RefundsSection refunds={state([], 0)} loading={false} error={null} onRetry={() => undefined} hideWhenEmpty />,
    );
    expect(container.textContent).toBe('');
  });
});
