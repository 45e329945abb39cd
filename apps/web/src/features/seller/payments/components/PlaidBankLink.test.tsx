/**
 * Linking a bank through Plaid in the Payouts card (issue 21, part 4): with a link token of
 * provider plaid, the dialog opens Plaid Link — here the stand-in of src/test/plaid-standin.ts —
 * with that token; Plaid's public token goes to our exchange, and the card lists the accounts.
 * Closing Plaid links nothing; a Plaid error is said, with the way to start again.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_BANK_ACCOUNTS_MESSAGE, type BankAccount } from '@cratebase/contract';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import {
  PLAID_LINK_SCRIPT_URL,
  PLAID_STANDIN_CONTINUE,
  PLAID_STANDIN_ERROR,
  PLAID_STANDIN_EXIT,
  PLAID_STANDIN_FAIL,
  PLAID_STANDIN_TITLE,
  installPlaidStandIn,
  type PlaidStandInLink,
} from '../../../../test/plaid-standin';
import { PayoutsCard } from './PayoutsCard';
import { CONTINUE_WITH_PLAID } from './PlaidBankLink';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const checking: BankAccount = {
  id: 'a1',
  name: 'Plaid Checking',
  type: 'depository',
  subtype: 'checking',
  mask: '0000',
  institution_name: 'First Platypus Bank',
  is_default: true,
  default: true,
  created_at: '2026-01-01T00:00:00.000Z',
};
const savings: BankAccount = {
  ...checking,
  id: 'a2',
  name: 'Plaid Saving',
  subtype: 'savings',
  mask: '1111',
  is_default: false,
  default: false,
};

const linked: PlaidStandInLink = {
  public_token: 'public-sandbox-standin-1',
  institution: { name: 'First Platypus Bank', institution_id: 'ins_109508' },
  accounts: [
    {
      id: 'p1',
      name: 'Plaid Checking',
      mask: '0000',
      type: 'depository',
      subtype: 'checking',
      verification_status: null,
      class_type: null,
    },
  ],
};

function renderCard() {
  let tokens = 0;
  let list: BankAccount[] = [];
  const fetch = fakeFetch({
    'GET /api/plaid/accounts': () => json(list),
    'GET /api/plaid/link/token/create': () => {
      tokens += 1;
      return json({ link_token: `link-sandbox-${tokens}`, expiration: '2030-01-01T00:00:00.000Z', provider: 'plaid' });
    },
    'POST /api/plaid/item/public_token/exchange': () => {
      list = [checking, savings];
      return json(list);
    },
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<PayoutsCard orgId={ids.merchantA} />);
  return {
    fetch,
    user: userEvent.setup(),
    tokenCalls: () => fetch.calls.filter((c) => c.path === '/api/plaid/link/token/create'),
  };
}

const plaidWindow = () => screen.findByRole('dialog', { name: PLAID_STANDIN_TITLE });

/** Link a bank account → our dialog → Continue with Plaid → Plaid's window. */
async function openPlaid(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText(NO_BANK_ACCOUNTS_MESSAGE);
  await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
  // (The dialog shown while Plaid's part of the page loads is replaced by Plaid's own dialog.)
  const proceed = await screen.findByRole('button', { name: CONTINUE_WITH_PLAID });
  await waitFor(() => expect((proceed as HTMLButtonElement).disabled).toBe(false));
  await user.click(proceed);
  return plaidWindow();
}

describe('PayoutsCard with Plaid', () => {
  it("opens Plaid Link with our link token, exchanges Plaid's public token and lists the accounts", async () => {
    const completed: string[] = [];
    const plaid = installPlaidStandIn(
      window,
      {
        complete: async (linkToken) => {
          completed.push(linkToken);
          return linked;
        },
      },
      { markScriptLoaded: true },
    );
    const { fetch, user } = renderCard();
    const link = await openPlaid(user);
    expect(plaid.created.map((config) => ('token' in config ? config.token : null))).toEqual(['link-sandbox-1']);
    // Our dialog steps aside while Plaid's window is open; no built-in bank list.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link a bank account' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'First Platypus Bank' })).toBeNull();

    await user.click(within(link).getByRole('button', { name: PLAID_STANDIN_CONTINUE }));
    expect(await screen.findByText('Your bank is linked. You have 2 bank accounts.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(completed).toEqual(['link-sandbox-1']);
    expect(fetch.calls.find((c) => c.path === '/api/plaid/item/public_token/exchange')?.body).toEqual({
      public_token: 'public-sandbox-standin-1',
      organization_id: ids.merchantA,
    });
    // react-plaid-link used the page's one Plaid script and never added another.
    expect(document.querySelectorAll(`script[src="${PLAID_LINK_SCRIPT_URL}"]`)).toHaveLength(1);
    // Closing our dialog destroyed Plaid's handler.
    await waitFor(() => expect(plaid.destroyed).toBe(plaid.created.length));
  });

  it('links nothing when the seller closes Plaid', async () => {
    installPlaidStandIn(window, { complete: async () => linked }, { markScriptLoaded: true });
    const { fetch, user } = renderCard();
    const link = await openPlaid(user);
    await user.click(within(link).getByRole('button', { name: PLAID_STANDIN_EXIT }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(NO_BANK_ACCOUNTS_MESSAGE)).toBeTruthy();
    expect(fetch.calls.some((c) => c.path === '/api/plaid/item/public_token/exchange')).toBe(false);
  });

  it('says what Plaid said when linking failed, and starts again with a new link token', async () => {
    const plaid = installPlaidStandIn(window, { complete: async () => linked }, { markScriptLoaded: true });
    const { user, tokenCalls } = renderCard();
    const link = await openPlaid(user);
    await user.click(within(link).getByRole('button', { name: PLAID_STANDIN_FAIL }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a bank account' });
    expect(within(dialog).getByRole('alert').textContent).toBe(PLAID_STANDIN_ERROR.display_message);

    await user.click(within(dialog).getByRole('button', { name: 'Start again' }));
    const proceed = await screen.findByRole('button', { name: CONTINUE_WITH_PLAID });
    await waitFor(() => expect((proceed as HTMLButtonElement).disabled).toBe(false));
    expect(tokenCalls()).toHaveLength(2);
    await user.click(proceed);
    await plaidWindow();
    expect(plaid.created.map((config) => ('token' in config ? config.token : null)).at(-1)).toBe('link-sandbox-2');
  });
});
