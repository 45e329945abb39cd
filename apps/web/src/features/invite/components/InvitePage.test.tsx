import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthContext, type AuthContextProps } from '../../../lib/auth-context';
import { Route, Routes, useLocation } from 'react-router';
import type { InviteMetadata } from '@cratebase/contract';
import { fakeFetch, ids, makeUser, org, purchasing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { InvitePage } from './InvitePage';

const inviteId = '99999999-9999-4999-8999-999999999999';
const metadataPath = `GET /api/invite/metadata/invite/${inviteId}`;
const metadata: InviteMetadata = {
  id: ids.sellerX,
  name: 'Seller X',
  image_set: { id: null, organization_id: ids.sellerX, logo: null, splash_image: null },
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderInvite(auth: Partial<AuthContextProps>) {
  const value = { isLoading: false, settings: {}, user: undefined, ...auth } as unknown as AuthContextProps;
  return renderWithProviders(
    <AuthContext.Provider value={value}>
      <Routes>
        <Route path="/invite/:inviteId" element={<InvitePage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </AuthContext.Provider>,
    { path: `/invite/${inviteId}` },
  );
}

describe('InvitePage', () => {
  it('goes to /404 when the metadata cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [metadataPath]: { status: 404, body: { error: 'not_found', message: 'Invite not found.' } } }).fn,
    );
    renderInvite({ isAuthenticated: false });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/404'));
  });

  it('signed out: loads the metadata without a token, then signs up to /details-buyer once terms are accepted', async () => {
    const fetch = fakeFetch({ [metadataPath]: { body: metadata } });
    vi.stubGlobal('fetch', fetch.fn);
    const signinRedirect = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderInvite({ isAuthenticated: false, signinRedirect });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accept your invitation to Seller X on Cratebase' }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Seller X logo placeholder' })).toBeTruthy();
    expect(fetch.calls[0]?.headers).not.toHaveProperty('Authorization');

    const accept = screen.getByRole('button', { name: 'Accept your Invitation to Cratebase' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    const [terms, emails] = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(terms!.checked).toBe(false);
    expect(emails).toBeTruthy();
    await user.click(terms!);
    expect(accept.disabled).toBe(false);
    await user.click(accept);

    expect(window.localStorage.getItem('buyer_invite_id')).toBe(inviteId);
    expect(window.localStorage.getItem('buyer_org_id')).toBe(ids.sellerX);
    expect(signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: `/details-buyer?invite_id=${inviteId}&org_id=${ids.sellerX}` },
      extraQueryParams: { screen_hint: 'signup' },
    });
  });

  it('signed in: Join accepts the invite, refreshes the user and goes to /', async () => {
    const buyer = makeUser({ organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')] });
    let userAnswers = 0;
    const fetch = fakeFetch({
      [metadataPath]: { body: metadata },
      [`POST /api/invite/purchaser/accept/${inviteId}`]: {
        body: {
          invite_id: inviteId,
          status: 'accepted',
          seller_organization: { id: ids.sellerX, name: 'Seller X' },
          purchasing_organization: { id: ids.buyer, name: 'Corner Shop' },
          accepted_on: '2024-01-01T00:00:00Z',
        },
      },
      'GET /api/user/me': async () => {
        userAnswers += 1;
        const body = userAnswers === 1 ? buyer : { ...buyer, purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')] };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    const { client } = renderInvite({ isAuthenticated: true });

    const join = (await screen.findByRole('button', { name: 'Join new store on Cratebase' })) as HTMLButtonElement;
    await waitFor(() => expect(join.disabled).toBe(false));
    await user.click(join);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(fetch.calls.some((call) => call.method === 'POST' && call.path.endsWith(inviteId))).toBe(true);
    expect(client.getQueryData<typeof buyer>(['user'])?.purchasing_organizations).toHaveLength(1);
  });

  it('signed in with another e-mail than the invited one: says so and offers to log out', async () => {
    const stranger = makeUser({ organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')] });
    const message = 'This invitation was sent to j***@example.com. Sign in with that e-mail to accept it.';
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [metadataPath]: { body: metadata },
        'GET /api/user/me': { body: stranger },
        [`POST /api/invite/purchaser/accept/${inviteId}`]: {
          status: 403,
          body: { error: 'invite_email_mismatch', message },
        },
      }).fn,
    );
    const signoutRedirect = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderInvite({ isAuthenticated: true, signoutRedirect });
    const join = (await screen.findByRole('button', { name: 'Join new store on Cratebase' })) as HTMLButtonElement;
    await waitFor(() => expect(join.disabled).toBe(false));
    await user.click(join);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(screen.queryByTestId('where')).toBeNull(); // still on the invitation
    await user.click(within(alert).getByRole('button', { name: 'Log out' }));
    expect(signoutRedirect).toHaveBeenCalled();
  });

  it('signed in without an organization: Join continues at /details-buyer', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [metadataPath]: { body: metadata }, 'GET /api/user/me': { body: makeUser() } }).fn);
    const user = userEvent.setup();
    renderInvite({ isAuthenticated: true });
    const join = (await screen.findByRole('button', { name: 'Join new store on Cratebase' })) as HTMLButtonElement;
    await waitFor(() => expect(join.disabled).toBe(false));
    await user.click(join);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`/details-buyer?invite_id=${inviteId}&org_id=${ids.sellerX}`),
    );
  });
});
