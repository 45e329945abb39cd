import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Customer, ProposalSummary } from '@cratebase/contract';
import { ids } from '../../../../test/fixtures';
import { apiStub, badRequest, proposal, proposalId } from '../../../../test/proposal-fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastProvider } from '../../../../components/Toast';
import { ProposalsPage } from './ProposalsPage';
import { ProposalPage } from './ProposalPage';

const base = `/api/organization/${ids.merchantA}/proposals`;
const summary = (over: Partial<ProposalSummary>): ProposalSummary => ({
  id: proposalId,
  number: 'P-1001',
  status: 'sent',
  purchaser_organization: { id: ids.buyer, name: 'Distributor Co' },
  invite_email: null,
  line_count: 2,
  total_cents: 18_432,
  created_at: '2026-11-20T10:00:00Z',
  sent_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  ...over,
});
const customer: Customer = {
  organization: { id: ids.buyer, name: 'Distributor Co' },
  last_order: null,
  count: 0,
  customer_since: '2026-01-01T00:00:00Z',
};

function renderList(handle: Parameters<typeof apiStub>[0]) {
  const api = apiStub(handle);
  vi.stubGlobal('fetch', api.fn);
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/proposals" element={<ProposalsPage />} />
        <Route path="/app/:orgId/proposals/:proposalId" element={<ProposalPage />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/proposals` },
  );
  return api;
}

describe('ProposalsPage (Written orders)', () => {
  it('lists the orders with their customer, status and lines, and filters by status', async () => {
    const api = renderList((call) => {
      if (call.path !== base) return undefined;
      return call.search.includes('status=draft')
        ? { body: [] }
        : {
            body: [
              summary({}),
              summary({
                id: '00000000-0000-4000-8000-0000000000d2',
                number: 'P-1002',
                status: 'draft',
                purchaser_organization: null,
                invite_email: 'new@shop.example',
                sent_at: null,
                line_count: 1,
                total_cents: 0,
              }),
            ],
          };
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Written orders' });
    const sent = (await within(table).findByText('P-1001')).closest('tr') as HTMLElement;
    expect(within(sent).getByText('Distributor Co')).toBeTruthy();
    expect(within(sent).getByText('Sent')).toBeTruthy();
    expect(within(sent).getByText('Nov 21, 2026')).toBeTruthy();
    // Its total, in the Total column.
    const totalColumn = within(table).getAllByRole('columnheader').findIndex((h) => h.textContent === 'Total');
    expect(totalColumn).toBeGreaterThan(0);
    expect(within(sent).getAllByRole('cell')[totalColumn]?.textContent).toBe('$184.32');
    const draft = within(table).getByText('P-1002').closest('tr') as HTMLElement;
    expect(within(draft).getByText('new@shop.example')).toBeTruthy();
    expect(within(draft).getByText('New store (invited when sent)')).toBeTruthy();
    expect(within(draft).getByText('Not sent')).toBeTruthy();
    expect(within(draft).getAllByRole('cell')[totalColumn]?.textContent).toBe('$0.00');

    await user.click(screen.getByRole('tab', { name: 'Draft' }));
    expect(await screen.findByText('No draft orders')).toBeTruthy();
    expect(api.calls.at(-1)?.search).toContain('status=draft');
  });

  it('starts an order for a customer found by name, and refuses an e-mail the server names', async () => {
    const api = renderList((call) => {
      if (call.method === 'GET' && call.path === base) return { body: [] };
      if (call.path === `/api/order/organization/${ids.merchantA}/purchasers`) return { body: [customer] };
      if (call.method === 'POST' && call.path === base) {
        const body = call.body as { invite_email?: string };
        return body.invite_email
          ? { ...badRequest('invite_email', 'already a customer: write it for Distributor Co'), status: 409 }
          : { body: proposal() };
      }
      if (call.path === `${base}/${proposalId}`) return { body: proposal() };
      return { body: [] };
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No written orders yet')).toBeTruthy();
    // The empty page has one Write an order button, in its middle.
    await user.click(screen.getByRole('button', { name: 'Write an order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write an order' });
    const start = within(dialog).getByRole('button', { name: 'Start the order' });
    expect(start.hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog).getByRole('radio', { name: 'A new store’s e-mail' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Store’s e-mail' }), 'buyer@distributor.example');
    await user.click(start);
    expect(await within(dialog).findByText('Already a customer: write it for Distributor Co')).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'One of your customers' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Customer' }), 'Distri');
    await user.click(await screen.findByRole('option', { name: 'Distributor Co' }));
    await user.click(start);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order P-1001' })).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ purchaser_organization_id: ids.buyer });
  });
});
