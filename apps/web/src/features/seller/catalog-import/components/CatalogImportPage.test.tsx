import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { stubXhr } from '../../../../test/xhr';
import { catalogTemplateCsv } from '../api';
import { CatalogImportPage } from './CatalogImportPage';

const base = `/api/product/organization/${ids.merchantA}/import`;
const row = (n: number) => ({
  row: n + 1,
  action: 'create' as const,
  name: `Item ${n}`,
  description: null,
  sku: `S-${n}`,
  upc: null,
  order_unit: 'Case',
  quantity_per_unit: 12,
  wholesale_price_in_cents: 4200,
  retail_price_in_cents: 799,
  weight: 5,
  weight_unit: 'lb',
  status: 'Live',
  inventory: 10,
});

function renderPage() {
  vi.stubGlobal('fetch', fakeFetch({}).fn);
  renderWithProviders(
    <Routes>
      <Route path="/app/:orgId/products/import" element={<CatalogImportPage />} />
    </Routes>,
    { path: `/app/${ids.merchantA}/products/import` },
  );
}

const csv = (name = 'catalog.csv') => new File([catalogTemplateCsv()], name, { type: 'text/csv' });

describe('CatalogImportPage', () => {
  it('documents the columns and previews a file with row errors without importing', async () => {
    const sent = stubXhr({
      [`POST ${base}/preview`]: {
        status: 200,
        body: {
          rows: 3,
          valid: 2,
          error_count: 1,
          errors: [{ row: 3, field: 'wholesale_price', message: 'must not be negative' }],
          sample: [row(1), row(2)],
          to_create: 2,
          to_update: 0,
          ignored_columns: ['color'],
        },
      },
    });
    renderPage();
    for (const column of ['name', 'sku', 'wholesale_price', 'inventory']) expect(screen.getByText(column)).toBeTruthy();
    await userEvent.setup().upload(screen.getByLabelText('Choose a CSV file'), csv());
    const problems = await screen.findByRole('table', { name: 'Problems in the file' });
    expect(within(problems).getByText('wholesale_price')).toBeTruthy();
    expect(within(problems).getByText('must not be negative')).toBeTruthy();
    expect(screen.getByText(/will be ignored: color/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent.map((s) => s.url)).toEqual([`${base}/preview`]);
  });

  it('imports a clean file and shows the result', async () => {
    const user = userEvent.setup();
    const sent = stubXhr({
      [`POST ${base}/preview`]: {
        status: 200,
        body: {
          rows: 2,
          valid: 2,
          error_count: 0,
          errors: [],
          sample: [row(1), row(2)],
          to_create: 1,
          to_update: 1,
          ignored_columns: [],
        },
      },
      [`POST ${base}`]: { status: 200, body: { rows: 2, created: 1, updated: 1, unchanged: 0, ignored_columns: [] } },
    });
    renderPage();
    await user.upload(screen.getByLabelText('Choose a CSV file'), csv());
    await user.click(await screen.findByRole('button', { name: 'Import 2 products' }));
    expect(await screen.findByText('Import complete')).toBeTruthy();
    expect(screen.getByText(/2 rows imported: 1 new, 1 updated/)).toBeTruthy();
    expect(sent.map((s) => s.url)).toEqual([`${base}/preview`, base]);
    expect((sent[1]!.body.get('file') as File).name).toBe('catalog.csv');
  });

  it('shows the row errors of a refused import', async () => {
    const user = userEvent.setup();
    stubXhr({
      [`POST ${base}/preview`]: {
        status: 200,
        body: {
          rows: 1,
          valid: 1,
          error_count: 0,
          errors: [],
          sample: [row(1)],
          to_create: 1,
          to_update: 0,
          ignored_columns: [],
        },
      },
      [`POST ${base}`]: {
        status: 400,
        body: {
          error: 'invalid_csv',
          message: '1 row has a problem; nothing was imported.',
          error_count: 1,
          errors: [{ row: 2, field: 'sku', message: 'is used by another product' }],
        },
      },
    });
    renderPage();
    await user.upload(screen.getByLabelText('Choose a CSV file'), csv());
    await user.click(await screen.findByRole('button', { name: 'Import 1 product' }));
    expect((await screen.findByRole('alert')).textContent).toContain('nothing was imported');
    expect(
      within(screen.getByRole('table', { name: 'Problems in the file' })).getByText('is used by another product'),
    ).toBeTruthy();
  });

  it('refuses a file that is not a CSV', async () => {
    const sent = stubXhr({});
    renderPage();
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Choose a CSV file'), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toContain('is not a CSV file');
    expect(sent).toHaveLength(0);
  });
});
