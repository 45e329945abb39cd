/**
 * Set Up Payments with Stripe as the payments provider (issue 21, part 4): the account session
 * says Stripe's onboarding, so the page mounts Stripe's Connect embedded onboarding — here the
 * Connect.js stand-in of src/test/stripe-connect-standin.ts — with the publishable key and the
 * session's client secret; when the seller leaves it, the page reads the account's state again.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import {
  CONNECT_STANDIN_DONE_LABEL,
  CONNECT_STANDIN_SUBMITTED,
  CONNECT_STANDIN_SUBMIT_LABEL,
  installStripeConnectStandIn,
} from '../../../../test/stripe-connect-standin';
import { StripeConnectPage } from './StripeConnectPage';
import { STRIPE_ONBOARDING_NOT_CONFIGURED, STRIPE_ONBOARDING_TITLE } from './StripeOnboarding';

const base = `/api/stripe/organization/${ids.merchantA}`;
const account = 'acct_0123456789abcdef01234567';
const notSubmitted = { account_id: account, details_submitted: false, charges_enabled: false };
const underReview = { account_id: account, details_submitted: true, charges_enabled: false };
const PK = 'pk_test_cratebaseconnect01';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** The page, with Stripe's account sessions answered in turn (accs_secret_1, _2, …). */
function renderPage(opts: { publishableKey?: string | null } = {}) {
  let status: object = notSubmitted;
  let sessions = 0;
  const key = opts.publishableKey === undefined ? PK : opts.publishableKey;
  const fetch = fakeFetch({
    'GET /api/plaid/accounts': { body: [] },
    [`GET ${base}/account-status`]: () => json(status),
    [`POST ${base}/refresh-connect-account`]: () => {
      sessions += 1;
      return json({
        client_secret: `accs_secret_${sessions}`,
        provider: 'stripe',
        ...(key ? { publishable_key: key } : {}),
      });
    },
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <Routes>
      <Route path="/app/:orgId/organization/onboarding/stripe-connect" element={<StripeConnectPage />} />
    </Routes>,
    { path: `/app/${ids.merchantA}/organization/onboarding/stripe-connect` },
  );
  return {
    fetch,
    user: userEvent.setup(),
    setStatus: (next: object) => {
      status = next;
    },
    sessionCalls: () => fetch.calls.filter((c) => c.path === `${base}/refresh-connect-account`),
  };
}

describe('Set Up Payments with Stripe', () => {
  it("mounts Stripe's onboarding with the publishable key and the session's secret; leaving it reads the account again", async () => {
    const submitted: string[] = [];
    const connect = installStripeConnectStandIn(window, {
      submit: async (clientSecret) => {
        submitted.push(clientSecret);
      },
    });
    const page = renderPage();
    const section = await screen.findByRole('region', { name: STRIPE_ONBOARDING_TITLE });
    const onboarding = await within(section).findByTestId('stripe-connect-standin');
    // Stripe's, not the built-in form; Connect.js came from window.StripeConnect (no tag of ours).
    expect(screen.queryByRole('form', { name: 'Payment account onboarding' })).toBeNull();
    expect(document.querySelector('script[src^="https://connect-js.stripe.com"]')).toBeNull();
    expect(connect.inits).toHaveLength(1);
    expect(connect.inits[0]!.publishableKey).toBe(PK);
    expect(connect.connected).toBe(1);
    // The loader is gone once Stripe's component started.
    await waitFor(() => expect(within(section).queryByRole('status', { name: /Loading Stripe/ })).toBeNull());

    await page.user.click(within(onboarding).getByRole('button', { name: CONNECT_STANDIN_SUBMIT_LABEL }));
    expect(await within(onboarding).findByText(CONNECT_STANDIN_SUBMITTED)).toBeTruthy();
    // The secret this page fetched first is the one Connect used: one account session so far.
    expect(submitted).toEqual(['accs_secret_1']);
    expect(page.sessionCalls()).toHaveLength(1);

    // Stripe took the details; the seller leaves the onboarding: the page asks for the status again.
    page.setStatus(underReview);
    const statusReads = () => page.fetch.calls.filter((c) => c.path === `${base}/account-status`).length;
    const before = statusReads();
    await page.user.click(within(onboarding).getByRole('button', { name: CONNECT_STANDIN_DONE_LABEL }));
    expect(await screen.findByText('Your account is under review')).toBeTruthy();
    expect(statusReads()).toBeGreaterThan(before);
    expect(screen.queryByRole('region', { name: STRIPE_ONBOARDING_TITLE })).toBeNull();
  });

  it('asks our server for a new account session when Stripe asks for another secret', async () => {
    const connect = installStripeConnectStandIn(window, { submit: async () => {} });
    const page = renderPage();
    await screen.findByTestId('stripe-connect-standin');
    // Stripe asks again when the first secret expired.
    expect(await connect.inits[0]!.fetchClientSecret()).toBe('accs_secret_2');
    expect(page.sessionCalls().map((c) => c.body)).toEqual([{ account }, { account }]);
  });

  it('says what is missing when the server has no publishable key', async () => {
    installStripeConnectStandIn(window, { submit: async () => {} });
    renderPage({ publishableKey: null });
    const section = await screen.findByRole('region', { name: STRIPE_ONBOARDING_TITLE });
    expect(within(section).getByRole('alert').textContent).toBe(STRIPE_ONBOARDING_NOT_CONFIGURED);
    expect(screen.queryByTestId('stripe-connect-standin')).toBeNull();
  });
});
