import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Organization } from '@cratebase/contract';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { TERMS_SAVE_DELAY_MS } from '../autosave';
import { TermsPage } from './TermsPage';
import { organizationKeys } from '../../../../lib/query-keys';

function organization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: ids.merchantA,
    name: 'Hot Sauce Co',
    slogan: null,
    selected_type: 'Merchant',
    address: null,
    order_terms: {
      new_customer_min: null,
      returning_customer_min: null,
      new_customer_min_cents: null,
      returning_customer_min_cents: null,
    },
    stripe_connect_status: null,
    has_description: false,
    has_splash_image: false,
    has_stripe_connect: false,
    has_payment_info: false,
    has_wholesale_terms: false,
    has_customers: false,
    has_address: false,
    product_count: 0,
    image_set: { id: null, organization_id: ids.merchantA, logo: null, splash_image: null },
    ...overrides,
  };
}

const orgPath = `/api/organization/${ids.merchantA}`;

function renderTerms(routes: Parameters<typeof fakeFetch>[0]) {
  const fetch = fakeFetch({
    [`GET ${orgPath}`]: { body: organization() },
    [`GET ${orgPath}/order-settings`]: { body: { buyer_cancel_hours: 24 } },
    ...routes,
  });
  vi.stubGlobal('fetch', fetch.fn);
  const view = renderWithProviders(
    <Routes>
      <Route path="/app/:orgId/terms" element={<TermsPage />} />
    </Routes>,
    { path: `/app/${ids.merchantA}/terms` },
  );
  return { ...view, fetch };
}

const puts = (calls: ReturnType<typeof fakeFetch>['calls']) => calls.filter((c) => c.method === 'PUT');

afterEach(() => {
  vi.useRealTimers();
});

describe('TermsPage', () => {
  it('saves a burst of keystrokes once, as cents, after the pause', async () => {
    let saved: unknown;
    const { fetch, client } = renderTerms({
      [`PUT ${orgPath}`]: async () => {
        saved = fetch.calls.at(-1)?.body;
        const terms = (saved as { order_terms: Organization['order_terms'] }).order_terms;
        return new Response(JSON.stringify(organization({ order_terms: terms, has_wholesale_terms: true })), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const dollars = (await screen.findAllByLabelText('Minimum order value'))[0] as HTMLInputElement;
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    vi.useFakeTimers();
    for (const text of ['1', '12', '12.', '12.5', '12.50']) fireEvent.change(dollars, { target: { value: text } });
    expect(screen.getByRole('status').textContent).toBe('Saving…');

    await act(() => vi.advanceTimersByTimeAsync(TERMS_SAVE_DELAY_MS - 1));
    expect(puts(fetch.calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(puts(fetch.calls)).toHaveLength(1);
    expect(saved).toEqual({
      order_terms: {
        new_customer_min: null,
        returning_customer_min: null,
        new_customer_min_cents: 1250,
        returning_customer_min_cents: null,
      },
    });
    vi.useRealTimers();

    expect(await screen.findByText('Saved')).toBeTruthy();
    // The Configure badge and the welcome checklist read the onboarding status: refreshed.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: organizationKeys.onboardingStatus(ids.merchantA) });
    expect(puts(fetch.calls)).toHaveLength(1);
  });

  it('sends a change made during a slow save after it (last write wins)', async () => {
    const answers: Array<(r: Response) => void> = [];
    const { fetch } = renderTerms({
      [`PUT ${orgPath}`]: () => new Promise<Response>((resolve) => answers.push(resolve)),
    });
    const items = (await screen.findAllByLabelText('Minimum items per order'))[0] as HTMLInputElement;

    vi.useFakeTimers();
    fireEvent.change(items, { target: { value: '5' } });
    await act(() => vi.advanceTimersByTimeAsync(TERMS_SAVE_DELAY_MS));
    expect(puts(fetch.calls)).toHaveLength(1);
    // Typed while the first save is on its way: waits for it (saves never overlap).
    fireEvent.change(items, { target: { value: '50' } });
    await act(() => vi.advanceTimersByTimeAsync(TERMS_SAVE_DELAY_MS));
    expect(puts(fetch.calls)).toHaveLength(1);

    const reply = (min: number) =>
      new Response(
        JSON.stringify(organization({ order_terms: { ...organization().order_terms, new_customer_min: min } })),
        { headers: { 'content-type': 'application/json' } },
      );
    await act(async () => answers[0]!(reply(5)));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(puts(fetch.calls)).toHaveLength(2);
    expect(
      (puts(fetch.calls)[1]!.body as { order_terms: { new_customer_min: number } }).order_terms.new_customer_min,
    ).toBe(50);
    // The overtaken answer did not say Saved.
    expect(screen.getByRole('status').textContent).toBe('Saving…');
    await act(async () => answers[1]!(reply(50)));
    vi.useRealTimers();
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(items.value).toBe('50');
  });

  it('keeps an item minimum typed with a dot as typed, says to enter a whole number and saves nothing', async () => {
    const { fetch } = renderTerms({ [`PUT ${orgPath}`]: { body: organization() } });
    const items = (await screen.findAllByLabelText('Minimum items per order'))[0] as HTMLInputElement;
    vi.useFakeTimers();
    fireEvent.change(items, { target: { value: '1.5' } });
    expect(items.value).toBe('1.5');
    expect(screen.getByText('Enter a whole number')).toBeTruthy();
    expect(items.getAttribute('aria-invalid')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(TERMS_SAVE_DELAY_MS * 2));
    expect(puts(fetch.calls)).toEqual([]);

    fireEvent.change(items, { target: { value: '15' } });
    expect(screen.queryByText('Enter a whole number')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(TERMS_SAVE_DELAY_MS));
    expect(puts(fetch.calls)).toHaveLength(1);
    expect(
      (puts(fetch.calls)[0]!.body as { order_terms: { new_customer_min: number } }).order_terms.new_customer_min,
    ).toBe(15);
  });

  it('shows the server message and keeps what was typed', async () => {
    renderTerms({
      [`PUT ${orgPath}`]: {
        status: 400,
        body: {
          error: 'validation_error',
          message: 'order_terms.new_customer_min must be at most 1000000',
          issues: [],
        },
      },
    });
    const items = (await screen.findAllByLabelText('Minimum items per order'))[0] as HTMLInputElement;
    fireEvent.change(items, { target: { value: '7' } });
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('order_terms.new_customer_min must be at most 1000000');
    expect(screen.getByText('Not saved')).toBeTruthy();
    expect(items.value).toBe('7');
  });
});
