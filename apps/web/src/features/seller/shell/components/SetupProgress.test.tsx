import { describe, expect, it, vi } from 'vitest';
import { screen, render, waitFor } from '@testing-library/react';
import { allDone, fakeFetch, ids, noProgress } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ConfigureLink, SetupIndicator } from './SetupProgress';

describe('SetupIndicator', () => {
  it('shows the remaining steps as a badge', () => {
    render(<SetupIndicator remaining={5} />);
    expect(screen.getByTestId('setup-badge').textContent).toBe('5');
    expect(screen.queryByText('Ready!')).toBeNull();
    expect(screen.getByText('5 set-up steps left')).toBeTruthy();
  });

  it('shows Ready! at zero', () => {
    render(<SetupIndicator remaining={0} />);
    expect(screen.getByText('Ready!')).toBeTruthy();
    expect(screen.queryByTestId('setup-badge')).toBeNull();
  });

  it('caps the badge at 99', () => {
    render(<SetupIndicator remaining={120} />);
    expect(screen.getByTestId('setup-badge').textContent).toBe('99+');
  });
});

describe('ConfigureLink', () => {
  const statusPath = `GET /api/organization/${ids.merchantA}/onboarding/status`;

  it('counts five steps while the status is unknown, then the real remainder', async () => {
    let answer!: (response: Response) => void;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const fetch = fakeFetch({ [statusPath]: () => pending });
    vi.stubGlobal('fetch', fetch.fn);

    renderWithProviders(<ConfigureLink orgId={ids.merchantA} selected={false} />);
    expect(screen.getByTestId('setup-badge').textContent).toBe('5');

    // Steps done: store customized, products added; two of five.
    const status = { ...noProgress, has_description: true, has_splash_image: true, product_count: 2 };
    answer(new Response(JSON.stringify(status), { headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(screen.getByTestId('setup-badge').textContent).toBe('3'));
    expect(fetch.calls[0]?.path).toBe(`/api/organization/${ids.merchantA}/onboarding/status`);
    expect(screen.getByRole('link', { name: /configure/i }).getAttribute('href')).toBe(`/app/${ids.merchantA}/welcome`);
  });

  it('shows Ready! when every step is done', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [statusPath]: { body: allDone } }).fn);
    renderWithProviders(<ConfigureLink orgId={ids.merchantA} selected />);
    expect(await screen.findByText('Ready!')).toBeTruthy();
    expect(screen.getByRole('link', { name: /configure/i }).getAttribute('aria-current')).toBe('page');
  });

  it('keeps the badge at five when the status cannot be loaded', async () => {
    const fetch = fakeFetch({ [statusPath]: { status: 500, body: { error: 'internal', message: 'Database down' } } });
    vi.stubGlobal('fetch', fetch.fn);
    renderWithProviders(<ConfigureLink orgId={ids.merchantA} selected={false} />);
    await waitFor(() => expect(fetch.calls.length).toBeGreaterThan(0));
    expect(screen.getByTestId('setup-badge').textContent).toBe('5');
  });
});
