import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buyerCancelRule } from '@cratebase/contract';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { atPhoneWidth } from '../../../../test/phone-width';
import { BUYER_CANCEL_HOURS_LABEL, CancellationsCard } from './CancellationsCard';

const settingsPath = `/api/organization/${ids.merchantA}/order-settings`;

function renderCard(routes: Parameters<typeof fakeFetch>[0]) {
  const fetch = fakeFetch(routes);
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<CancellationsCard orgId={ids.merchantA} />);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Cancellations card of the terms page', () => {
  it('shows the saved hours with the sentence retailers read, and saves a change when the field is left', async () => {
    const fetch = renderCard({
      [`GET ${settingsPath}`]: { body: { buyer_cancel_hours: 24 } },
      [`PUT ${settingsPath}`]: { body: { buyer_cancel_hours: 48 } },
    });
    const user = userEvent.setup();
    const field = (await screen.findByRole('textbox', { name: BUYER_CANCEL_HOURS_LABEL })) as HTMLInputElement;
    expect(field.value).toBe('24');
    expect(screen.getByText(new RegExp(buyerCancelRule(24).slice(0, 40)))).toBeTruthy();

    await user.clear(field);
    await user.type(field, '48');
    expect(screen.getByText(/for 2 days after placing it/)).toBeTruthy();
    await user.tab();
    await waitFor(() => expect(screen.getByTestId('cancel-hours-status').textContent).toBe('Saved'));
    expect(fetch.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ buyer_cancel_hours: 48 }]);
  });

  it('refuses hours that are not a whole number from 0 to 720 without saving, and says 0 means asking', async () => {
    atPhoneWidth();
    const fetch = renderCard({ [`GET ${settingsPath}`]: { body: { buyer_cancel_hours: 24 } } });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: BUYER_CANCEL_HOURS_LABEL });
    await user.clear(field);
    await user.type(field, '721{Enter}');
    expect(screen.getByText('Enter at most 720 hours (30 days).')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, '0');
    expect(screen.getByText(/To cancel, send the seller a cancellation request/)).toBeTruthy();
    expect(fetch.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal under the field', async () => {
    renderCard({
      [`GET ${settingsPath}`]: { body: { buyer_cancel_hours: 24 } },
      [`PUT ${settingsPath}`]: {
        status: 403,
        body: { error: 'forbidden', message: 'Only an owner or admin can change order settings.' },
      },
    });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: BUYER_CANCEL_HOURS_LABEL });
    await user.clear(field);
    await user.type(field, '12{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('cancel-hours-status').textContent).toBe(
        'Not saved: Only an owner or admin can change order settings.',
      ),
    );
  });
});
