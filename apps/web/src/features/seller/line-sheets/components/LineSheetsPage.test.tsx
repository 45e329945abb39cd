import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import type { LineSheet, LineSheetSummary } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { LineSheetsPage, LINE_SHEETS_EMPTY_TEXT } from './LineSheetsPage';

const listPath = `GET /api/organization/${ids.merchantA}/line-sheets`;
const createPath = `POST /api/organization/${ids.merchantA}/line-sheets`;
const sheetId = '11111111-1111-4111-8111-111111111111';

const summary: LineSheetSummary = {
  id: sheetId,
  title: 'Spring 2027',
  note: null,
  price_list: { id: '22222222-2222-4222-8222-222222222222', name: 'Distributor' },
  all_products: false,
  product_count: 12,
  share_token: 'x'.repeat(43),
  share_url: `http://localhost/line-sheet/${'x'.repeat(43)}`,
  shared_at: '2026-11-27T10:00:00.000Z',
  open_request_count: 2,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage() {
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/line-sheets" element={<LineSheetsPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/line-sheets` },
  );
}

describe('LineSheetsPage', () => {
  it('lists the sheets: products, whose prices, shared, new requests', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [listPath]: { body: [summary] } }).fn);
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Spring 2027' })).closest('li') as HTMLElement;
    expect(row.textContent).toContain('12 products · Distributor prices');
    expect(within(row).getByText('Shared')).toBeTruthy();
    expect(within(row).getByText('2 new requests')).toBeTruthy();
  });

  it('starts empty, and New line sheet names one and opens it', async () => {
    const fetch = fakeFetch({
      [listPath]: { body: [] },
      [createPath]: {
        body: { ...summary, share_token: null, share_url: null, product_ids: [], products: [] } satisfies LineSheet,
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(LINE_SHEETS_EMPTY_TEXT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New line sheet' }));
    const dialog = screen.getByRole('dialog', { name: 'New line sheet' });
    await user.type(within(dialog).getByLabelText(/Title/), 'Spring 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('where')).textContent).toBe(`/app/${ids.merchantA}/line-sheets/${sheetId}`);
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Spring 2027' });
  });
});
