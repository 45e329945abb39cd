import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fakeFetch, ids, makeUser, org } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { StripeConnectPage } from './StripeConnectPage';
import { validateOnboardingForm, type OnboardingForm } from './EmbeddedOnboarding';
import { FILL_TEST_VALUES_LABEL, TEST_ONBOARDING_LABEL, TEST_ONBOARDING_VALUES } from './TestOnboardingValues';

const base = `/api/stripe/organization/${ids.merchantA}`;
const account = 'acct_0123456789abcdef01234567';
const noAccount = { account_id: null, details_submitted: false, charges_enabled: false };
const notSubmitted = { account_id: account, details_submitted: false, charges_enabled: false };
const underReview = { account_id: account, details_submitted: true, charges_enabled: false };
const active = { account_id: account, details_submitted: true, charges_enabled: true };

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function renderPage(routes: Parameters<typeof fakeFetch>[0]) {
  // The page's Payouts card (PayoutsCard.test.tsx) lists no bank accounts here.
  const fetch = fakeFetch({ 'GET /api/plaid/accounts': { body: [] }, ...routes });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <Routes>
      <Route path="/app/:orgId/organization/onboarding/stripe-connect" element={<StripeConnectPage />} />
    </Routes>,
    { path: `/app/${ids.merchantA}/organization/onboarding/stripe-connect` },
  );
  return { fetch, user: userEvent.setup() };
}

/** The embedded form with an account whose details are not submitted yet. */
function renderForm(extra: Parameters<typeof fakeFetch>[0] = {}) {
  return renderPage({
    [`GET ${base}/account-status`]: { body: notSubmitted },
    [`POST ${base}/refresh-connect-account`]: { body: { client_secret: 'accs_secret_one' } },
    ...extra,
  });
}

const box = (name: RegExp) => screen.getByRole('textbox', { name });

/** Fills every field at once (typing is tested on its own below; here it would only cost time). */
async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  const set = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
  set(await screen.findByRole('textbox', { name: /^Legal business name/ }), 'Hot Sauce Co LLC');
  set(box(/^EIN/), '12-3456789');
  set(box(/^Address/), '1 Main St');
  set(box(/^City/), 'Austin');
  await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), 'TX');
  set(box(/^ZIP code/), '78701');
  set(box(/^First name/), 'Ada');
  set(box(/^Last name/), 'Lovelace');
  set(screen.getByLabelText(/^Date of birth/), '1985-12-10');
  set(box(/^Routing number/), '021000021');
  set(box(/^Account number/), '000123456789');
  set(box(/^Confirm account number/), '000123456789');
}

describe('StripeConnectPage', () => {
  it('tells what onboarding needs, and Get Started creates the account and opens the embedded onboarding', async () => {
    let created = false;
    const { fetch, user } = renderPage({
      [`GET ${base}/account-status`]: () => json(created ? notSubmitted : noAccount),
      [`POST ${base}/create-connect-account`]: () => {
        created = true;
        return json({ account });
      },
      [`POST ${base}/refresh-connect-account`]: { body: { client_secret: 'accs_secret_one' } },
    });
    expect(await screen.findByText('Onboarding takes about 5 minutes.')).toBeTruthy();
    expect(screen.getByText(/Have your EIN/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    expect(await screen.findByRole('form', { name: 'Payment account onboarding' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Business' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Address' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Representative' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Payout account' })).toBeTruthy();
    expect(fetch.calls.find((c) => c.path === `${base}/refresh-connect-account`)?.body).toEqual({ account });
    expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
  });

  it('shows the spec’s message when the account cannot be created', async () => {
    const { user } = renderPage({
      [`GET ${base}/account-status`]: { body: noAccount },
      [`POST ${base}/create-connect-account`]: { status: 503, body: { error: 'service_unavailable', message: 'Down' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong while setting up your Stripe account. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
  });

  it('shows the under-review warning when details are submitted but charges are not enabled', async () => {
    renderPage({ [`GET ${base}/account-status`]: { body: underReview } });
    expect(await screen.findByText('Your account is under review')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
  });

  it('reopens the form from the under-review warning to update the details', async () => {
    const { user } = renderPage({
      [`GET ${base}/account-status`]: { body: underReview },
      [`POST ${base}/refresh-connect-account`]: { body: { client_secret: 'accs_secret_one' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Update your details' }));
    expect(await screen.findByRole('form', { name: 'Payment account onboarding' })).toBeTruthy();
    expect(screen.queryByText('Your account is under review')).toBeNull();
  });

  it('shows success when the account can take charges', async () => {
    renderPage({ [`GET ${base}/account-status`]: { body: active } });
    expect(await screen.findByText('Your payment account is set up')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to set-up' }).getAttribute('href')).toBe(
      `/app/${ids.merchantA}/welcome`,
    );
  });

  it('says so when the onboarding session cannot be fetched, and tries again on request', async () => {
    let fail = true;
    const { user } = renderForm({
      [`POST ${base}/refresh-connect-account`]: () =>
        fail ? json({ error: 'internal_error', message: 'Boom.' }, 500) : json({ client_secret: 'accs_secret_two' }),
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Failed to fetch account session/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Payment account onboarding' })).toBeTruthy();
  });

  it('checks each field as the person leaves it, and clears the message once it is fixed', async () => {
    const { user } = renderForm();
    const ein = await screen.findByRole('textbox', { name: /^EIN/ });
    await user.click(ein);
    await user.tab();
    expect(await screen.findByText('EIN is required')).toBeTruthy();
    expect(ein.getAttribute('aria-invalid')).toBe('true');
    await user.click(ein);
    await user.paste('12-345');
    await user.tab();
    expect(await screen.findByText('EIN must be 9 digits, such as 12-3456789')).toBeTruthy();
    await user.type(ein, '6789'); // typed: the message goes as the value becomes right
    expect(screen.queryByText(/^EIN must/)).toBeNull();
    expect(ein.getAttribute('aria-invalid')).toBe('false');

    const routing = box(/^Routing number/);
    await user.click(routing);
    await user.paste('021000022');
    await user.tab();
    expect(
      await screen.findByText('Routing number is not a valid ABA routing number (check the 9 digits)'),
    ).toBeTruthy();
    // Letters never get in: the field keeps digits only.
    await user.click(box(/^Account number/));
    await user.paste('12ab34');
    expect((box(/^Account number/) as HTMLInputElement).value).toBe('1234');
    await user.click(box(/^Confirm account number/));
    await user.paste('1235');
    await user.tab();
    expect(await screen.findByText('Account numbers do not match')).toBeTruthy();
  });

  it('offers the built-in provider’s test values behind a toggle, and they pass the form’s checks', async () => {
    const { user } = renderForm();
    const toggle = await screen.findByRole('button', { name: TEST_ONBOARDING_LABEL });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(list).getByText(/^Routing number/).textContent).toBe(
      'Routing number 110000000: passes the routing number check',
    );
    expect(within(list).getByText(/stays under review/).textContent).toBe(
      'EIN 00-0000000: the account stays under review',
    );
    expect(within(list).getByText(/is set up/).textContent).toMatch(/^EIN 12-3456789: /);

    // Typed into the form, the hinted values raise no problem.
    const v = TEST_ONBOARDING_VALUES;
    await user.click(box(/^Routing number/));
    await user.paste(v.routingNumber);
    await user.click(box(/^EIN/));
    await user.paste(v.underReviewEin);
    await user.click(box(/^Account number/));
    await user.paste(v.accountNumber);
    await user.tab();
    for (const name of [/^Routing number/, /^EIN/, /^Account number/]) {
      expect(box(name).getAttribute('aria-invalid')).toBe('false');
    }
  });

  it('marks every problem on Submit and sends nothing', async () => {
    const { fetch, user } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Legal business name is required')).toBeTruthy();
    expect(screen.getByText('Date of birth is required')).toBeTruthy();
    expect(screen.getByText('Confirm account number is required')).toBeTruthy();
    expect(box(/^Apt\/Floor\/Suite/).getAttribute('aria-invalid')).toBe('false');
    // The first field with a problem gets the focus.
    expect(document.activeElement).toBe(box(/^Legal business name/));
    expect(fetch.calls.filter((c) => c.path === `${base}/onboarding`)).toHaveLength(0);
  });

  it('submits the form with the client secret, then shows the account’s new state', async () => {
    const { fetch, user } = renderForm({ [`POST ${base}/onboarding`]: { body: active } });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your payment account is set up')).toBeTruthy();
    expect(fetch.calls.find((c) => c.path === `${base}/onboarding`)?.body).toEqual({
      client_secret: 'accs_secret_one',
      legal_name: 'Hot Sauce Co LLC',
      ein: '12-3456789',
      line1: '1 Main St',
      line2: null,
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      first_name: 'Ada',
      last_name: 'Lovelace',
      date_of_birth: '1985-12-10',
      routing_number: '021000021',
      account_number: '000123456789',
    });
  });

  it('fills the empty fields with test values in one press, keeping what was typed, and they are accepted', async () => {
    const { fetch, user } = renderForm({ [`POST ${base}/onboarding`]: { body: active } });
    fireEvent.change(await screen.findByRole('textbox', { name: /^First name/ }), { target: { value: 'Grace' } });
    await user.click(screen.getByRole('button', { name: TEST_ONBOARDING_LABEL }));
    await user.click(screen.getByRole('button', { name: FILL_TEST_VALUES_LABEL }));
    expect(box(/^Confirm account number/)).toHaveProperty('value', TEST_ONBOARDING_VALUES.accountNumber);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your payment account is set up')).toBeTruthy();
    expect(fetch.calls.find((c) => c.path === `${base}/onboarding`)?.body).toEqual({
      client_secret: 'accs_secret_one',
      legal_name: 'Test Business LLC',
      ein: TEST_ONBOARDING_VALUES.ein,
      line1: '400 Congress Ave',
      line2: null,
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      first_name: 'Grace',
      last_name: 'Rivera',
      date_of_birth: '1985-06-15',
      routing_number: TEST_ONBOARDING_VALUES.routingNumber,
      account_number: TEST_ONBOARDING_VALUES.accountNumber,
    });
  });

  it('shows the under-review warning after a submission the provider keeps in review', async () => {
    const { user } = renderForm({ [`POST ${base}/onboarding`]: { body: underReview } });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your account is under review')).toBeTruthy();
  });

  it('puts the server’s field problems under their fields and keeps what was typed', async () => {
    const { user } = renderForm({
      [`POST ${base}/onboarding`]: {
        status: 400,
        body: {
          error: 'validation_error',
          message: 'routing_number: is not a valid ABA routing number (check the 9 digits)',
          issues: [{ path: 'routing_number', message: 'is not a valid ABA routing number (check the 9 digits)' }],
        },
      },
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const routing = box(/^Routing number/);
    await waitFor(() => expect(routing.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Routing number is not a valid ABA routing number (check the 9 digits)')).toBeTruthy();
    expect((box(/^Legal business name/) as HTMLInputElement).value).toBe('Hot Sauce Co LLC');
  });

  it('gets a new client secret and sends the form again when the session has expired', async () => {
    let secrets = 0;
    const { fetch, user } = renderForm({
      [`POST ${base}/refresh-connect-account`]: () => json({ client_secret: `accs_secret_${++secrets}` }),
      [`POST ${base}/onboarding`]: () => {
        const sent = fetch.calls.filter((c) => c.path === `${base}/onboarding`).at(-1)!.body as {
          client_secret: string;
        };
        return sent.client_secret === 'accs_secret_1'
          ? json(
              {
                error: 'session_expired',
                message: 'client_secret: the onboarding session has expired. Please try again.',
                issues: [{ path: 'client_secret', message: 'has expired' }],
              },
              400,
            )
          : json(active);
      },
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your payment account is set up')).toBeTruthy();
    const sent = fetch.calls
      .filter((c) => c.path === `${base}/onboarding`)
      .map((c) => (c.body as { client_secret: string }).client_secret);
    expect(sent).toEqual(['accs_secret_1', 'accs_secret_2']);
  });

  it('shows a failed status load with a way to try again', async () => {
    renderPage({
      [`GET ${base}/account-status`]: { status: 500, body: { error: 'internal_error', message: 'Boom.' } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/We could not load the status of your payment account/);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('validateOnboardingForm', () => {
  const valid: OnboardingForm = {
    legal_name: 'Hot Sauce Co LLC',
    ein: '123456789',
    line1: '1 Main St',
    line2: '',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '2008-06-15',
    routing_number: '021000021',
    account_number: '1234',
    confirm_account_number: '1234',
  };
  const today = new Date(Date.UTC(2026, 5, 15));

  it('shows staff where the set-up stands without Get Started, linking or Make default', async () => {
    const staff = makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme', 'Merchant'), role: 'staff' }] });
    const bank = {
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Checking',
      institution_name: 'Bank',
      type: 'depository',
      subtype: 'checking',
      mask: '0000',
      is_default: false,
    };
    const { fetch } = renderPage({
      'GET /api/user/me': { body: staff },
      [`GET ${base}/account-status`]: { body: noAccount },
      'GET /api/plaid/accounts': { body: [bank] },
    });
    expect(await screen.findByText('Payments are not set up yet')).toBeTruthy();
    expect(screen.getByText(/Only an owner or admin can change payments and bank accounts\./)).toBeTruthy();
    await screen.findByText('Checking');
    expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Link a bank account' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Make .* the default/ })).toBeNull();
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('names the field in each message', () => {
    expect(validateOnboardingForm(valid, today)).toEqual({});
    expect(validateOnboardingForm({ ...valid, date_of_birth: '2008-06-16', postal_code: '7870' }, today)).toEqual({
      date_of_birth: 'Date of birth must show the representative is at least 18',
      postal_code: 'ZIP code must be exactly 5 digits',
    });
  });
});
