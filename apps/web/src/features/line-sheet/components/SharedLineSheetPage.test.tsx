import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { LineSheetProduct, SharedLineSheet } from '@cratebase/contract';
import { fakeFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SharedLineSheetPage } from './SharedLineSheetPage';

const token = 'tKBRKRU1-FwdOzLipgKWgDdlvCfv9YnovJEGrHE55M4';
const sheetPath = `GET /api/line-sheets/shared/${token}`;
const requestPath = `POST /api/line-sheets/shared/${token}/requests`;

const product = (over: Partial<LineSheetProduct>): LineSheetProduct => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Strawberry Jam',
  description: null,
  stock_keeping_unit: 'JAM-1',
  order_unit: 'Case',
  quantity_per_unit: 12,
  unit_price_in_cents: 1_250,
  price_range: { min: 1_250, max: 1_250 },
  msrp_in_cents: 2_499,
  minimum_order_quantity: 6,
  order_increment: 6,
  image: null,
  options: [],
  variants: [],
  ship_window: null,
  ...over,
});

const sheet: SharedLineSheet = {
  title: 'Spring 2027',
  note: 'Our spring line.',
  seller: { name: 'Hill Farm', logo_url: null },
  updated_at: '2026-11-27T10:00:00.000Z',
  products: [
    product({}),
    product({
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Farm Tee',
      stock_keeping_unit: null,
      price_range: { min: 1_200, max: 1_400 },
      unit_price_in_cents: 1_200,
      order_unit: null,
      quantity_per_unit: null,
      minimum_order_quantity: 1,
      order_increment: 1,
      options: [{ name: 'Size', values: ['S', 'L'] }],
      variants: [
        {
          id: '33333333-3333-4333-8333-333333333333',
          title: 'S',
          stock_keeping_unit: 'TEE-S',
          unit_price_in_cents: 1_200,
          msrp_in_cents: 2_800,
        },
        {
          id: '44444444-4444-4444-8444-444444444444',
          title: 'L',
          stock_keeping_unit: 'TEE-L',
          unit_price_in_cents: 1_400,
          msrp_in_cents: 2_800,
        },
      ],
      ship_window: { ships_from: '2027-03-01', ships_until: '2027-03-15', order_by: '2027-02-01' },
    }),
  ],
};

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/line-sheet/:token" element={<SharedLineSheetPage />} />
    </Routes>,
    { path: `/line-sheet/${token}` },
  );
}

describe('SharedLineSheetPage', () => {
  it('shows the sheet without a token: prices, order rules, a pre-order window and the variants', async () => {
    const fetch = fakeFetch({ [sheetPath]: { body: sheet } });
    vi.stubGlobal('fetch', fetch.fn);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring 2027' })).toBeTruthy();
    expect(fetch.calls[0]?.headers).not.toHaveProperty('Authorization');
    const jam = screen.getByRole('article', { name: 'Strawberry Jam' });
    expect(jam.textContent).toContain('SKU JAM-1');
    expect(jam.textContent).toContain('Wholesale $12.50 · Retail $24.99');
    expect(jam.textContent).toContain('Min 6 · multiples of 6 · Case of 12');
    const tee = screen.getByRole('article', { name: 'Farm Tee' });
    expect(tee.textContent).toContain('Wholesale $12.00–$14.00');
    expect(within(tee).getByText('Pre-order · ships Mar 1 – 15, 2027 · order by Feb 1, 2027')).toBeTruthy();
    expect(tee.textContent).toContain('2 variants · Size');
    expect(tee.textContent).toContain('L · TEE-L · $14.00');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/api/line-sheets/shared/${token}/pdf`,
    );
  });

  it('says a revoked or unknown link is not valid', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [sheetPath]: { status: 404, body: { error: 'not_found', message: 'x' } } }).fn);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This line sheet link is not valid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
  });

  it('sends a request to order: the server’s issues under their fields, then a thank-you', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        error: 'validation_error',
        message: 'email: must be a valid e-mail address',
        issues: [{ path: 'email', message: 'must be a valid e-mail address' }],
      },
    };
    const fetch = fakeFetch({
      [sheetPath]: { body: sheet },
      [requestPath]: async () =>
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Spring 2027' });
    await user.type(screen.getByLabelText(/Store name/), ' Corner Grocery ');
    await user.type(screen.getByLabelText(/Your name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/E-mail/), 'ann@corner');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Must be a valid e-mail address')).toBeTruthy();
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toEqual({
      store_name: 'Corner Grocery',
      contact_name: 'Ann Lee',
      email: 'ann@corner',
    });

    answer = { status: 200, body: { received: true } };
    await user.type(screen.getByLabelText(/E-mail/), '.example');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('status')).textContent).toContain('Hill Farm has your request');
    // Both sends of this form carry its one Idempotency-Key.
    const keys = fetch.calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });
});
