import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { TeamInvite, TeamMember, TeamRole } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { fakeFetch, ids, makeUser, org } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { atPhoneWidth } from '../../../../test/phone-width';
import { SOLE_OWNER_CANNOT_LEAVE, TeamPage } from './TeamPage';

const base = `/api/organization/${ids.merchantA}/members`;
const me: TeamMember = { user_id: ids.user, email: 'sam@example.com', name: 'Sam Seller', role: 'owner', joined_at: '2024-01-01T10:00:00Z' };
const pat: TeamMember = { user_id: '33333333-3333-4333-8333-333333333333', email: 'pat@example.com', name: null, role: 'staff', joined_at: '2024-02-01T10:00:00Z' };
const pending: TeamInvite = { id: '44444444-4444-4444-8444-444444444444', email: 'new@example.com', role: 'admin', created_on: '2024-03-01T10:00:00Z' };

function world(myRole: TeamRole, extra: Parameters<typeof fakeFetch>[0] = {}) {
  const user = makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme Jams', 'Merchant'), role: myRole }] });
  const fetch = fakeFetch({
    'GET /api/user/me': { body: user },
    [`GET ${base}`]: { body: [pat, { ...me, role: myRole }] },
    [`GET ${base}/invites`]: { body: [pending] },
    ...extra,
  });
  vi.stubGlobal('fetch', fetch.fn);
  return fetch;
}

function renderPage() {
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/team" element={<TeamPage />} />
        <Route path="/" element={<p>Home</p>} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/team` },
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('TeamPage', () => {
  it('shows an owner the members with role controls, pending invites and Invite member', async () => {
    world('owner');
    renderPage();
    await screen.findByText('pat@example.com');
    expect(screen.getByRole('heading', { name: 'Team' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeTruthy();
    expect(within(rowOf('pat@example.com')).getByRole('combobox', { name: 'Role of pat@example.com' })).toBeTruthy();
    expect(within(rowOf('pat@example.com')).getByRole('button', { name: 'Remove pat@example.com' })).toBeTruthy();
    // Their own row: no role control, and as the only owner no Leave but the reason why.
    const mine = rowOf('Sam Seller');
    expect(within(mine).queryByRole('combobox')).toBeNull();
    expect(within(mine).queryByRole('button', { name: 'Leave the team' })).toBeNull();
    expect(within(mine).getByText(SOLE_OWNER_CANNOT_LEAVE)).toBeTruthy();
    const invites = screen.getByRole('region', { name: 'Pending invites' });
    expect(within(invites).getByText('new@example.com')).toBeTruthy();
    expect(within(invites).getByRole('button', { name: 'Revoke the invite to new@example.com' })).toBeTruthy();
  });

  it('puts Remove under the member on phones, without an Actions column', async () => {
    atPhoneWidth();
    world('owner');
    renderPage();
    await screen.findByText('pat@example.com');
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    const memberCell = screen.getByText('pat@example.com').closest('td') as HTMLElement;
    expect(within(memberCell).getByRole('button', { name: 'Remove pat@example.com' })).toBeTruthy();
  });

  it('shows staff the list without invite, role or remove controls', async () => {
    world('staff');
    renderPage();
    await screen.findByText('pat@example.com');
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(within(rowOf('Sam Seller')).getByRole('button', { name: 'Leave the team' })).toBeTruthy();
    expect(screen.getByText('The people who run this organization. Owners and admins manage the team.')).toBeTruthy();
  });

  it('invites a colleague with a role and says so', async () => {
    const fetch = world('admin', { [`POST ${base}/invites`]: { body: { ...pending, email: 'lee@example.com', role: 'staff' } } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), ' Lee@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Invite sent to lee@example.com')).toBeTruthy();
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'lee@example.com', role: 'staff' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses an address that is not one before sending', async () => {
    const fetch = world('admin');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(within(dialog).getByText('Enter an e-mail address like name@example.com')).toBeTruthy();
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('changes a role and removes a member after confirming', async () => {
    const fetch = world('owner', {
      [`PATCH ${base}/${pat.user_id}`]: { body: { ...pat, role: 'admin' } },
      [`DELETE ${base}/${pat.user_id}`]: async () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Role of pat@example.com' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    expect(await screen.findByText('pat@example.com is now Admin')).toBeTruthy();
    expect(fetch.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'admin' });

    await user.click(within(rowOf('pat@example.com')).getByRole('button', { name: 'Remove pat@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove pat@example.com?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('pat@example.com was removed from the team')).toBeTruthy();
    expect(fetch.calls.some((c) => c.method === 'DELETE' && c.path === `${base}/${pat.user_id}`)).toBe(true);
  });

  it('offers Leave to an owner when another member is an owner too', async () => {
    world('owner', { [`GET ${base}`]: { body: [{ ...pat, role: 'owner' }, me] } });
    renderPage();
    await screen.findByText('pat@example.com');
    const mine = rowOf('Sam Seller');
    expect(within(mine).getByRole('button', { name: 'Leave the team' })).toBeTruthy();
    expect(screen.queryByText(SOLE_OWNER_CANNOT_LEAVE)).toBeNull();
  });

  it('says why the only owner cannot leave on a phone too, without a Leave button', async () => {
    atPhoneWidth();
    world('owner');
    renderPage();
    const memberCell = (await screen.findByText(SOLE_OWNER_CANNOT_LEAVE)).closest('td') as HTMLElement;
    expect(within(memberCell).getByText('Sam Seller')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave the team' })).toBeNull();
  });

  it('keeps the confirm dialog open with the server’s words when the last owner tries to leave', async () => {
    // The other owner left in the meantime: the page still shows two owners, the server knows better.
    const message = 'You are the last owner and cannot leave. An organization needs at least one owner: make another member an owner first.';
    world('owner', {
      [`GET ${base}`]: { body: [{ ...pat, role: 'owner' }, me] },
      [`DELETE ${base}/${ids.user}`]: { status: 409, body: { error: 'last_owner', message } },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Leave the team' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave Acme Jams?' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave' }));
    expect(await within(confirm).findByText(message)).toBeTruthy();
    expect(screen.queryByText('Home')).toBeNull();
  });
});
