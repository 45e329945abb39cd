import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Invite } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { formatDate } from '../../../../lib/format';
import { InvitesPage } from './InvitesPage';

const listPath = `GET /api/invite/organization/${ids.merchantA}`;
const pending: Invite = {
  id: '11111111-1111-4111-8111-111111111111',
  send_to_email: 'pending@shop.com',
  created_on: '2024-01-02T15:30:00Z',
  accepted_on: null,
  last_sent_at: '2024-01-02T15:30:00Z',
};
const accepted: Invite = {
  id: '22222222-2222-4222-8222-222222222222',
  send_to_email: 'accepted@shop.com',
  created_on: '2024-01-01T13:00:00Z',
  accepted_on: '2024-01-03T09:15:00Z',
  last_sent_at: '2024-01-01T13:00:00Z',
};

function renderPage() {
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/invites" element={<InvitesPage />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/invites` },
  );
}

function rowOf(email: string) {
  return screen.getByText(email).closest('tr') as HTMLElement;
}

describe('InvitesPage', () => {
  it('shows a skeleton of 10 rows while loading', () => {
    vi.stubGlobal('fetch', fakeFetch({ [listPath]: () => new Promise<Response>(() => undefined) }).fn);
    renderPage();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(screen.getByRole('heading', { name: 'Invites' })).toBeTruthy();
  });

  it('shows Not Accepted with Resend for a pending invite, the accepted date otherwise', async () => {
    const fetch = fakeFetch({ [listPath]: { body: [pending, accepted] } });
    vi.stubGlobal('fetch', fetch.fn);
    renderPage();

    await screen.findByText('pending@shop.com');
    const pendingRow = rowOf('pending@shop.com');
    expect(within(pendingRow).getByText('Not Accepted')).toBeTruthy();
    expect(within(pendingRow).getByRole('button', { name: 'Resend invite to pending@shop.com' })).toBeTruthy();
    expect(within(pendingRow).getByText(formatDate(pending.created_on))).toBeTruthy();

    const acceptedRow = rowOf('accepted@shop.com');
    expect(within(acceptedRow).queryByText('Not Accepted')).toBeNull();
    expect(within(acceptedRow).queryByRole('button', { name: /resend/i })).toBeNull();
    expect(within(acceptedRow).getByText(formatDate(accepted.accepted_on))).toBeTruthy();
    expect(fetch.calls[0]?.path).toBe(`/api/invite/organization/${ids.merchantA}`);
  });

  it('resends and toasts "Invite Resent!"; shows the server’s message when it refuses', async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { ...pending, last_sent_at: '2024-01-05T10:00:00Z' } };
    const fetch = fakeFetch({
      [listPath]: { body: [pending] },
      [`POST /api/invite/resend/${pending.id}`]: async () =>
        new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }),
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Resend invite to pending@shop.com' }));
    expect(await screen.findByText('Invite Resent!')).toBeTruthy();

    answer = {
      status: 429,
      body: { error: 'rate_limited', message: 'This invite was sent less than a minute ago. You can resend it in 42 seconds.' },
    };
    await user.click(screen.getByRole('button', { name: 'Resend invite to pending@shop.com' }));
    expect(
      await screen.findByText('This invite was sent less than a minute ago. You can resend it in 42 seconds.'),
    ).toBeTruthy();
  });

  it('shows the empty state, and the Invite button opens the dialog', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [listPath]: { body: [] } }).fn);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText("Invites to customers haven't been sent yet")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('dialog', { name: 'Invite your customers' })).toBeTruthy();
  });

  it('loads the next page with Load more', async () => {
    const fetch = fakeFetch({});
    const pages: Record<string, { body: Invite[]; cursor?: string }> = {
      '': { body: [pending], cursor: 'next-1' },
      'next-1': { body: [accepted] },
    };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== `/api/invite/organization/${ids.merchantA}`) return fetch.fn(input, init);
      const page = pages[url.searchParams.get('cursor') ?? '']!;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (page.cursor) headers['x-next-cursor'] = page.cursor;
      return new Response(JSON.stringify(page.body), { headers });
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('pending@shop.com');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('accepted@shop.com');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });
});
