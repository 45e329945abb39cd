import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { isoDay, RANGE_ORDER_ERROR } from '../../../../lib/day-range';
import { StatementButton } from './StatementButton';

const customerId = '99999999-9999-4999-8999-999999999999';
const { createObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
});

function stubFetch() {
  const asked: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url);
    return new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } });
  });
  return asked;
}

describe('StatementButton', () => {
  it('opens the customer’s statement from the year’s first day to today as a PDF in a new tab', async () => {
    const asked = stubFetch();
    const tab = {
      closed: false,
      close: vi.fn(),
      document: { title: '', body: { textContent: '' } },
      location: { href: '' },
    };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/statement');
    const user = userEvent.setup();
    renderWithProviders(<StatementButton orgId={ids.merchantA} customerId={customerId} name="Corner Shop" />);
    await user.click(screen.getByRole('button', { name: 'Statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement for Corner Shop' });
    await user.click(within(dialog).getByRole('button', { name: 'Open PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/statement'));
    const today = new Date();
    expect(asked[0]!.pathname).toBe(`/api/organization/${ids.merchantA}/customers/${customerId}/statement.pdf`);
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      from: `${today.getFullYear()}-01-01`,
      to: isoDay(today),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names a range that ends before it starts, and asks for nothing', async () => {
    const asked = stubFetch();
    const user = userEvent.setup();
    renderWithProviders(<StatementButton orgId={ids.merchantA} customerId={customerId} name="Corner Shop" />);
    await user.click(screen.getByRole('button', { name: 'Statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement for Corner Shop' });
    const to = within(dialog).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2001-01-01');
    expect(within(dialog).getByText(RANGE_ORDER_ERROR)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Open PDF' }));
    expect(asked).toEqual([]);
  });
});
