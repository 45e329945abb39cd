import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVALID_BANK_CREDENTIALS_MESSAGE, NO_BANK_ACCOUNTS_MESSAGE, type BankAccount } from '@cratebase/contract';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { PayoutsCard } from './PayoutsCard';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function account(id: string, name: string, subtype: string, mask: string, isDefault: boolean): BankAccount {
  return {
    id,
    name,
    type: 'depository',
    subtype,
    mask,
    institution_name: 'First Platypus Bank',
    is_default: isDefault,
    default: isDefault,
    created_at: '2025-01-01T00:00:00.000Z',
  };
}
const checking = account('a1', 'Platypus Business Checking', 'checking', '0000', true);
const savings = account('a2', 'Platypus Business Savings', 'savings', '1111', false);

const LINK = 'link-builtin-abc';
const linkRoutes = {
  'GET /api/plaid/link/token/create': { body: { link_token: LINK, expiration: '2030-01-01T00:00:00.000Z', provider: 'builtin' } },
  'POST /api/plaid/builtin/link/session': {
    body: {
      client_name: 'Cratebase',
      expiration: '2030-01-01T00:00:00.000Z',
      institutions: [
        { institution_id: 'ins_109508', name: 'First Platypus Bank' },
        { institution_id: 'ins_109511', name: 'Tartan Bank' },
      ],
    },
  },
};
const linkAccounts = [
  { id: 'acc-1', name: 'Platypus Business Checking', type: 'depository', subtype: 'checking', mask: '0000' },
  { id: 'acc-2', name: 'Platypus Business Savings', type: 'depository', subtype: 'savings', mask: '1111' },
];

function renderCard(routes: Parameters<typeof fakeFetch>[0]) {
  const fetch = fakeFetch(routes);
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<PayoutsCard orgId={ids.merchantA} />);
  return { fetch, user: userEvent.setup() };
}

describe('PayoutsCard', () => {
  it('says there are no bank accounts yet', async () => {
    const { fetch } = renderCard({ 'GET /api/plaid/accounts': { body: [] } });
    expect(await screen.findByText(NO_BANK_ACCOUNTS_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payouts' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link a bank account' })).toBeTruthy();
    expect(fetch.calls[0]!.path).toBe('/api/plaid/accounts');
  });

  it('lists the accounts with type, mask and the default, and makes another one the default', async () => {
    let list = [checking, savings];
    const { fetch, user } = renderCard({
      'GET /api/plaid/accounts': () => json(list),
      'POST /api/plaid/accounts/a2/default': () => {
        list = [{ ...checking, is_default: false, default: false }, { ...savings, is_default: true, default: true }];
        return json(list);
      },
    });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Platypus Business Checking')).toBeTruthy();
    expect(within(items[0]!).getByText('First Platypus Bank · Checking · •••• 0000')).toBeTruthy();
    expect(within(items[0]!).getByText('Default')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: /Make/ })).toBeNull();
    expect(within(items[1]!).getByText('First Platypus Bank · Savings · •••• 1111')).toBeTruthy();

    await user.click(within(items[1]!).getByRole('button', { name: 'Make Platypus Business Savings the default' }));
    await waitFor(() => expect(within(screen.getAllByRole('listitem')[1]!).getByText('Default')).toBeTruthy());
    expect(within(screen.getAllByRole('listitem')[0]!).getByRole('button', { name: /Make Platypus Business Checking/ })).toBeTruthy();
    expect(fetch.calls.filter((c) => c.path === '/api/plaid/accounts/a2/default')).toHaveLength(1);
  });

  it('shows why the default could not be changed', async () => {
    const { user } = renderCard({
      'GET /api/plaid/accounts': { body: [checking, savings] },
      'POST /api/plaid/accounts/a2/default': { status: 404, body: { error: 'not_found', message: 'Bank account not found.' } },
    });
    await user.click(await screen.findByRole('button', { name: /Make Platypus Business Savings/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Bank account not found.');
  });

  it('links a bank: choose a bank, a wrong then a right sign-in, pick accounts, Continue; the list is refreshed', async () => {
    let signIns = 0;
    const { fetch, user } = renderCard({
      'GET /api/plaid/accounts': { body: [] },
      ...linkRoutes,
      'POST /api/plaid/builtin/link/credentials': () => {
        signIns += 1;
        return signIns === 1
          ? json({ error: 'invalid_credentials', message: INVALID_BANK_CREDENTIALS_MESSAGE, issues: [{ path: 'password', message: 'x' }] }, 400)
          : json({ institution: { institution_id: 'ins_109508', name: 'First Platypus Bank' }, accounts: linkAccounts });
      },
      'POST /api/plaid/builtin/link/accounts': {
        body: { public_token: 'public-builtin-xyz', institution: { institution_id: 'ins_109508', name: 'First Platypus Bank' }, accounts: [linkAccounts[0]] },
      },
      'POST /api/plaid/item/public_token/exchange': { body: [checking] },
    });
    await screen.findByText(NO_BANK_ACCOUNTS_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a bank account' });
    await user.click(await within(dialog).findByRole('button', { name: 'First Platypus Bank' }));

    const form = await screen.findByRole('form', { name: 'Sign in to First Platypus Bank' });
    expect(within(form).getByText('user_good')).toBeTruthy();
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    expect((signIn as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(form).getByLabelText(/^Username/), 'user_good');
    await user.type(within(form).getByLabelText(/^Password/), 'wrong');
    await user.click(signIn);
    expect((await screen.findByRole('alert')).textContent).toContain(INVALID_BANK_CREDENTIALS_MESSAGE);
    // The username stays; the password is typed again.
    expect((within(form).getByLabelText(/^Username/) as HTMLInputElement).value).toBe('user_good');
    await user.clear(within(form).getByLabelText(/^Password/));
    await user.type(within(form).getByLabelText(/^Password/), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('dialog', { name: 'Choose accounts' });
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true]);
    await user.click(screen.getByRole('checkbox', { name: /Platypus Business Savings/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Platypus Business Checking')).toBeTruthy();
    expect(screen.getByText('Default')).toBeTruthy();
    expect(screen.queryByText(NO_BANK_ACCOUNTS_MESSAGE)).toBeNull();
    expect(fetch.calls.find((c) => c.path === '/api/plaid/builtin/link/credentials')?.body).toEqual({
      link_token: LINK,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'wrong',
    });
    expect(fetch.calls.find((c) => c.path === '/api/plaid/builtin/link/accounts')?.body).toEqual({ link_token: LINK, account_ids: ['acc-1'] });
    expect(fetch.calls.find((c) => c.path === '/api/plaid/item/public_token/exchange')?.body).toEqual({
      public_token: 'public-builtin-xyz',
      organization_id: ids.merchantA,
    });
  });

  it('offers to start again when the link session has ended, with a new link token', async () => {
    const { fetch, user } = renderCard({
      'GET /api/plaid/accounts': { body: [] },
      ...linkRoutes,
      'POST /api/plaid/builtin/link/credentials': {
        status: 400,
        body: {
          error: 'token_expired',
          message: 'link_token: the bank link session has expired. Please start again.',
          issues: [{ path: 'link_token', message: 'the bank link session has expired. Please start again.' }],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Link a bank account' }));
    await user.click(await screen.findByRole('button', { name: 'Tartan Bank' }));
    await user.type(screen.getByLabelText(/^Username/), 'user_good');
    await user.type(screen.getByLabelText(/^Password/), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This bank link session has ended. Please start again.');
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('button', { name: 'First Platypus Bank' })).toBeTruthy();
    expect(fetch.calls.filter((c) => c.path === '/api/plaid/link/token/create')).toHaveLength(2);
  });
});
