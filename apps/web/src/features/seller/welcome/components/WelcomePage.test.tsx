import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeFetch, ids, noProgress } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { WelcomePage, WELCOME_HEADING } from './WelcomePage';

describe('WelcomePage', () => {
  it('lists the six steps with their links and done state', async () => {
    const status = { ...noProgress, product_count: 4, has_address: true, has_description: true };
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [`GET /api/organization/${ids.merchantA}/onboarding/status`]: { body: status } }).fn,
    );
    renderWithProviders(
      <Routes>
        <Route path="/app/:orgId/welcome" element={<WelcomePage />} />
      </Routes>,
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
    const hrefs = items.map((item) => within(item).getByRole('link').getAttribute('href'));
    expect(hrefs).toEqual([
      `${base}/onboarding`,
      `${base}/organization/onboarding/stripe-connect`,
      `${base}/products`,
      `${base}/terms`,
      `${base}/invites`,
      `${base}/onboarding`,
    ]);
  });
});
