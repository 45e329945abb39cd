import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { allDone, austinAddress, defaultPackageTemplate, fakeFetch, ids, noProgress } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastProvider } from '../../../../components/Toast';
import { WelcomePage, WELCOME_HEADING } from './WelcomePage';

describe('WelcomePage', () => {
  it('lists the six steps with their links and done state', async () => {
    const status = { ...noProgress, product_count: 4, has_address: true, has_description: true };
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [`GET /api/organization/${ids.merchantA}/onboarding/status`]: { body: status } }).fn,
    );
    renderWithProviders(
      <ToastProvider>
        <Routes>
          <Route path="/app/:orgId/welcome" element={<WelcomePage />} />
        </Routes>
      </ToastProvider>,
      { path: `/app/${ids.merchantA}/welcome` },
    );

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(WELCOME_HEADING);
    expect(await screen.findByText('2 of 6 done')).toBeTruthy();

    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      '1. Customize Your Store',
      '2. Set Up Payments',
      '3. Add Your Products',
      '4. Add Your Wholesale Terms',
      '5. Invite Your Customers',
      '6. Add Shipping Details',
    ]);
    // Only the description is set (no splash image): step 1 is not done. Products and address are.
    const done = items.map((item) => Boolean(within(item).queryByTitle('Done')));
    expect(done).toEqual([false, false, true, false, false, true]);

    const base = `/app/${ids.merchantA}`;
    const hrefs = items.map((item) => within(item).queryByRole('link')?.getAttribute('href') ?? null);
    expect(hrefs).toEqual([
      `${base}/onboarding`,
      `${base}/organization/onboarding/stripe-connect`,
      `${base}/products`,
      `${base}/terms`,
      null, // 5. Invite Your Customers opens the invite dialog
      null, // 6. Add Shipping Details opens the address and package dialog
    ]);
  });

  it('says what was done for finished steps and links each to where it was done', async () => {
    const organization = {
      id: ids.merchantA,
      name: 'Hot Sauce Co',
      slogan: 'Hot',
      selected_type: 'Merchant',
      address: austinAddress,
      order_terms: {
        new_customer_min: 10,
        new_customer_min_cents: 10000,
        returning_customer_min: null,
        returning_customer_min_cents: null,
      },
      image_set: { id: null, organization_id: ids.merchantA, logo: null, splash_image: null },
    };
    const invite = (n: number) => ({ id: `i${n}`, email: `shop${n}@example.com` });
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [`GET /api/organization/${ids.merchantA}/onboarding/status`]: { body: allDone },
        [`GET /api/organization/${ids.merchantA}`]: { body: organization },
        [`GET /api/invite/organization/${ids.merchantA}`]: { body: [invite(1), invite(2)] },
      }).fn,
    );
    const user = userEvent.setup();
    renderWithProviders(
      <ToastProvider>
        <Routes>
          <Route path="/app/:orgId/welcome" element={<WelcomePage />} />
          <Route path="/app/:orgId/invites" element={<p>The invites page</p>} />
        </Routes>
      </ToastProvider>,
      { path: `/app/${ids.merchantA}/welcome` },
    );
    expect(await screen.findByText('6 of 6 done')).toBeTruthy();
    expect(await screen.findByText('2 invites sent')).toBeTruthy();
    expect(await screen.findByText('Ships from Austin, TX')).toBeTruthy();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByTestId('step-summary').textContent)).toEqual([
      'Cover photo and slogan added',
      'Payments active',
      '3 products',
      'New customers: 10 items, $100.00 · Returning: no minimum',
      '2 invites sent',
      'Ships from Austin, TX',
    ]);
    // No step reads a bare "Review"; each says where it leads.
    expect(screen.queryByText('Review')).toBeNull();
    const base = `/app/${ids.merchantA}`;
    const hrefs = items.map((item) => within(item).queryByRole('link')?.getAttribute('href') ?? null);
    expect(hrefs).toEqual([
      `${base}/onboarding`,
      `${base}/organization/onboarding/stripe-connect`,
      `${base}/products`,
      `${base}/terms`,
      `${base}/invites`, // once done, step 5 leads to the invites page, not a new invite
      null, // step 6 reopens its dialog, which edits the saved address
    ]);
    expect(within(items[4]!).getByRole('link', { name: 'View invites: 5. Invite Your Customers' })).toBeTruthy();
    expect(
      within(items[5]!).getByRole('button', { name: 'Edit shipping details: 6. Add Shipping Details' }),
    ).toBeTruthy();
    await user.click(within(items[4]!).getByRole('link'));
    expect(await screen.findByText('The invites page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the invite dialog from step 5', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [`GET /api/organization/${ids.merchantA}/onboarding/status`]: { body: noProgress } }).fn,
    );
    const user = userEvent.setup();
    renderWithProviders(
      <ToastProvider>
        <Routes>
          <Route path="/app/:orgId/welcome" element={<WelcomePage />} />
        </Routes>
      </ToastProvider>,
      { path: `/app/${ids.merchantA}/welcome` },
    );
    await user.click(screen.getByRole('button', { name: 'Invite customers: 5. Invite Your Customers' }));
    expect(await screen.findByRole('dialog', { name: 'Invite your customers' })).toBeTruthy();
  });

  it('opens the address and package dialog from step 6, and a save refreshes the checklist', async () => {
    let status = noProgress;
    const fetch = fakeFetch({
      [`GET /api/organization/${ids.merchantA}/onboarding/status`]: async () =>
        new Response(JSON.stringify(status), { headers: { 'content-type': 'application/json' } }),
      [`GET /api/organization/${ids.merchantA}`]: {
        body: {
          id: ids.merchantA,
          name: 'Hot Sauce Co',
          address: austinAddress,
        },
      },
      [`GET /api/package_template/organization/${ids.merchantA}`]: {
        body: [defaultPackageTemplate({ height: 4, width: 5, length: 6 }, { id: 2, unit: 'in' })],
      },
      'GET /api/product/dimension_unit': {
        body: [
          { id: 1, unit: 'ft' },
          { id: 2, unit: 'in' },
        ],
      },
      [`POST /api/organization/${ids.merchantA}/address`]: async () => {
        status = { ...noProgress, has_address: true };
        return new Response(JSON.stringify({}), { headers: { 'content-type': 'application/json' } });
      },
      'POST /api/package_template': { body: {} },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    renderWithProviders(
      <ToastProvider>
        <Routes>
          <Route path="/app/:orgId/welcome" element={<WelcomePage />} />
        </Routes>
      </ToastProvider>,
      { path: `/app/${ids.merchantA}/welcome` },
    );
    expect(await screen.findByText('0 of 6 done')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add shipping details: 6. Add Shipping Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Shipping Details' });
    await within(dialog).findByDisplayValue('1 Main St');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shipping details saved.')).toBeTruthy();
    // The set-up status is fetched again: step 6 shows as done without a reload.
    expect(await screen.findByText('1 of 6 done')).toBeTruthy();
  });
});
