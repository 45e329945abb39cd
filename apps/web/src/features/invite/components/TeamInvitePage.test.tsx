import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthContext, type AuthContextProps } from '../../../lib/auth-context';
import { Route, Routes, useLocation } from 'react-router';
import type { TeamInviteMetadata } from '@cratebase/contract';
import { fakeFetch, ids, makeUser, org } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TeamInvitePage } from './TeamInvitePage';

const inviteId = '77777777-7777-4777-8777-777777777777';
const metadataPath = `GET /api/team/invite/${inviteId}`;
const metadata: TeamInviteMetadata = {
  organization: {
    id: ids.merchantA,
    name: 'Acme Jams',
    selected_type: 'Merchant',
    image_set: { id: null, organization_id: ids.merchantA, logo: null, splash_image: null },
  },
  role: 'staff',
  email_hint: 's***@example.com',
  accepted: false,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderPage(auth: Partial<AuthContextProps>) {
  const value = { isLoading: false, settings: {}, user: undefined, ...auth } as unknown as AuthContextProps;
  return renderWithProviders(
    <AuthContext.Provider value={value}>
      <Routes>
        <Route path="/team-invite/:inviteId" element={<TeamInvitePage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </AuthContext.Provider>,
    { path: `/team-invite/${inviteId}` },
  );
}

describe('TeamInvitePage', () => {
  it('signed out: names the organization and the role, and signs up back to the invitation', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [metadataPath]: { body: metadata } }).fn);
    const signinRedirect = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderPage({ isAuthenticated: false, signinRedirect });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Jams on Cratebase as Staff' })).toBeTruthy();
    expect(screen.getByText('This invitation was sent to s***@example.com.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign up to join' }));
    expect(signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: `/team-invite/${inviteId}` },
      extraQueryParams: { screen_hint: 'signup' },
    });
  });

  it('signed in: Join the team accepts and opens the store', async () => {
    let joined = false;
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const fetch = fakeFetch({
      [metadataPath]: { body: metadata },
      'GET /api/user/me': async () =>
        json(makeUser({ organizations: joined ? [{ ...org(ids.merchantA, 'Acme Jams', 'Merchant'), role: 'staff' }] : [] })),
      [`POST /api/team/invite/${inviteId}/accept`]: async () => {
        joined = true;
        return json({ organization: { id: ids.merchantA, name: 'Acme Jams', selected_type: 'Merchant' }, role: 'staff' });
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    renderPage({ isAuthenticated: true });
    await user.click(await screen.findByRole('button', { name: 'Join the team' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/app/${ids.merchantA}`));
  });

  it('shows the server’s refusal when the account has another e-mail', async () => {
    const message = 'This invitation was sent to s***@example.com. Sign in with that e-mail to accept it.';
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [metadataPath]: { body: metadata },
        'GET /api/user/me': { body: makeUser() },
        [`POST /api/team/invite/${inviteId}/accept`]: { status: 403, body: { error: 'invite_email_mismatch', message } },
      }).fn,
    );
    const user = userEvent.setup();
    renderPage({ isAuthenticated: true, signoutRedirect: vi.fn(async () => undefined) });
    await user.click(await screen.findByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('goes to /404 for an invite that is not there', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [metadataPath]: { status: 404, body: { error: 'not_found', message: 'Invite not found.' } } }).fn);
    renderPage({ isAuthenticated: false });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/404'));
  });
});
