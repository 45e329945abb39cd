import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { CurrentUser, InvoiceTotals, SellerInvoice, TeamRole } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { ids, makeUser, org } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { atPhoneWidth } from '../../../../test/phone-width';
import { InvoicesPage } from './InvoicesPage';

const base = `/api/organization/${ids.merchantA}/invoices`;

function invoice(n: number, overrides: Partial<SellerInvoice> = {}): SellerInvoice {
  return {
    id: `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `CB-00000${n}`,
    status: 'OPEN',
    overdue: false,
    amount_cents: 12_345 * n,
    issued_on: '2026-01-02T10:00:00.000Z',
    due_on: '2026-02-01',
    net_days: 30,
    paid_at: null,
    paid_method: null,
    voided_at: null,
    order: { id: `50000000-0000-4000-8000-${String(n).padStart(12, '0')}` },
    organization: { id: ids.buyer, name: `Shop ${n}` },
    link: `http://localhost/invoices/${n}.pdf`,
    ...overrides,
  };
}

/** The invoices API in memory: lists by status, totals, mark paid and void (and the signed-in user, when given). */
function fakeInvoices(start: SellerInvoice[], me?: CurrentUser) {
  let all = [...start];
  const posts: Array<{ path: string; body: unknown }> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const totals = (): InvoiceTotals => {
    const sum = (list: SellerInvoice[]) => ({
      count: list.length,
      amount_cents: list.reduce((s, i) => s + i.amount_cents, 0),
    });
    return {
      open: sum(all.filter((i) => i.status === 'OPEN')),
      overdue: sum(all.filter((i) => i.overdue)),
      paid: sum(all.filter((i) => i.status === 'PAID')),
      void: sum(all.filter((i) => i.status === 'VOID')),
    };
  };
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    if (me && method === 'GET' && url.pathname === '/api/user/me') return json(200, me);
    if (method === 'GET' && url.pathname === `${base}/totals`) return json(200, totals());
    if (method === 'GET' && url.pathname === base) {
      const status = url.searchParams.get('status') ?? 'open';
      const rows = all.filter((i) => (status === 'overdue' ? i.overdue : i.status === status.toUpperCase()));
      return json(200, rows);
    }
    const change = /\/invoices\/([^/]+)\/(mark-paid|void)$/.exec(url.pathname);
    if (method === 'POST' && change) {
      const body =
        typeof init.body === 'string' ? (JSON.parse(init.body) as { method: string; paid_on: string }) : undefined;
      posts.push({ path: url.pathname, body });
      const changed: Partial<SellerInvoice> =
        change[2] === 'void'
          ? { status: 'VOID', overdue: false, voided_at: '2026-02-03T10:00:00.000Z' }
          : { status: 'PAID', overdue: false, paid_method: body!.method, paid_at: `${body!.paid_on}T00:00:00.000Z` };
      all = all.map((i) => (i.id === change[1] ? { ...i, ...changed } : i));
      return json(
        200,
        all.find((i) => i.id === change[1]),
      );
    }
    return json(404, { error: 'not_found', message: `No fake for ${method} ${url.pathname}` });
  };
  return { fn, posts };
}

function renderInvoices(start: SellerInvoice[], me?: CurrentUser) {
  const server = fakeInvoices(start, me);
  vi.stubGlobal('fetch', server.fn);
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/invoices" element={<InvoicesPage />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/invoices` },
  );
  return server;
}

describe('InvoicesPage', () => {
  it('shows open invoices with totals per status chip; overdue in the error colour', async () => {
    renderInvoices([
      invoice(1),
      invoice(2, { overdue: true, due_on: '2026-01-15' }),
      invoice(3, { status: 'PAID', paid_method: 'check', paid_at: '2026-01-20T00:00:00.000Z' }),
    ]);
    const filters = screen.getByRole('group', { name: 'Filter invoices by status' });
    expect(await within(filters).findByRole('button', { name: 'Open · 2 · $370.35' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Overdue · 1 · $246.90' }).className).toMatch(/colorError/);
    const rowOf = async (n: number) =>
      (await screen.findByRole('link', { name: new RegExp(`CB-00000${n}`) })).closest('tr') as HTMLElement;
    const overdueRow = await rowOf(2);
    const status = within(overdueRow).getByText('OVERDUE');
    expect(status.getAttribute('data-status')).toBe('error');
    const openRow = await rowOf(1);
    expect(within(openRow).getByText('OPEN').getAttribute('data-status')).toBe('error');
    expect(
      within(openRow)
        .getByRole('link', { name: /CB-000001/ })
        .getAttribute('href'),
    ).toBe('http://localhost/invoices/1.pdf');
    // The order goes by the invoice's number (one identity), not by its id.
    expect(within(openRow).getByText('Order CB-000001')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(filters).getByRole('button', { name: /^Paid/ }));
    const paidRow = await rowOf(3);
    expect(within(paidRow).getByText('PAID').getAttribute('data-status')).toBe('primary');
    expect(within(paidRow).queryByRole('button', { name: /Mark/ })).toBeNull();
  });

  it('marks an invoice paid with a method and a day, and voids another after a confirmation', async () => {
    const server = renderInvoices([invoice(1), invoice(2)]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark paid: CB-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark invoice paid' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Payment method' }));
    await user.click(await screen.findByRole('option', { name: 'Wire transfer' }));
    const day = within(dialog).getByLabelText('Paid on') as HTMLInputElement;
    await user.clear(day);
    await user.type(day, '2026-01-20');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('CB-000001 marked paid')).toBeTruthy();
    expect(server.posts[0]).toEqual({
      path: `${base}/40000000-0000-4000-8000-000000000001/mark-paid`,
      body: { method: 'wire', paid_on: '2026-01-20' },
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: /CB-000001/ })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Void: CB-000002' }));
    const confirm = await screen.findByRole('dialog', { name: 'Void this invoice?' });
    await user.click(within(confirm).getByRole('button', { name: 'Void invoice' }));
    expect(await screen.findByText('CB-000002 voided')).toBeTruthy();
    expect(await screen.findByText(/No open invoices/)).toBeTruthy();
  });

  const memberAs = (role: TeamRole) =>
    makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme', 'Merchant'), role }] });

  it('shows Staff the invoices without Mark paid or Void, and says who may record payments', async () => {
    const server = renderInvoices([invoice(1), invoice(2)], memberAs('staff'));
    expect(await screen.findByText('Only an owner or admin can mark invoices paid or void them.')).toBeTruthy();
    const row = (await screen.findByRole('link', { name: /CB-000001/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('OPEN')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Mark paid: / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Void: / })).toBeNull();
    expect(server.posts).toEqual([]);
  });

  it('gives an Admin the Mark paid and Void buttons', async () => {
    renderInvoices([invoice(1)], memberAs('admin'));
    expect(await screen.findByRole('button', { name: 'Mark paid: CB-000001' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Void: CB-000001' })).toBeTruthy();
    expect(screen.queryByText(/Only an owner or admin/)).toBeNull();
  });

  it('puts the customer, due day, status, Mark paid and Void under the number on a phone, beside the amount', async () => {
    atPhoneWidth();
    const server = renderInvoices([invoice(1), invoice(2, { overdue: true, due_on: '2026-01-15' })]);
    const row = (await screen.findByRole('link', { name: /CB-000001/ })).closest('tr') as HTMLElement;
    // Two columns only, so nothing is pushed past the right edge of a 390 px screen.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Invoice', 'Amount']);
    const [invoiceCell, amountCell] = within(row).getAllByRole('cell');
    expect(amountCell!.textContent).toBe('$123.45');
    expect(within(invoiceCell!).getByText('Shop 1')).toBeTruthy();
    expect(within(invoiceCell!).getByText(/^Due /)).toBeTruthy();
    expect(within(invoiceCell!).getByText('OPEN')).toBeTruthy();
    const overdueRow = screen.getByRole('link', { name: /CB-000002/ }).closest('tr') as HTMLElement;
    expect(within(overdueRow).getByText('OVERDUE').getAttribute('data-status')).toBe('error');

    const user = userEvent.setup();
    await user.click(within(invoiceCell!).getByRole('button', { name: 'Void: CB-000001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Void this invoice?' });
    await user.click(within(confirm).getByRole('button', { name: 'Void invoice' }));
    expect(await screen.findByText('CB-000001 voided')).toBeTruthy();
    expect(server.posts.map((p) => p.path)).toEqual([`${base}/40000000-0000-4000-8000-000000000001/void`]);
    await waitFor(() => expect(screen.queryByRole('link', { name: /CB-000001/ })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Mark paid: CB-000002' })).toBeTruthy();
  });

  it('shows Staff on a phone the status under the number but no actions', async () => {
    atPhoneWidth();
    renderInvoices([invoice(1)], memberAs('staff'));
    expect(await screen.findByText('Only an owner or admin can mark invoices paid or void them.')).toBeTruthy();
    const row = (await screen.findByRole('link', { name: /CB-000001/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('OPEN')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
