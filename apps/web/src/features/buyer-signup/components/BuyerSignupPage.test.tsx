import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthContext, type AuthContextProps } from '../../../lib/auth-context';
import { Route, Routes, useLocation } from 'react-router';
import type { AcceptInviteResult } from '@cratebase/contract';
import { fakeFetch, ids, makeUser, org, purchasing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { BuyerSignupPage, TERMS_TEXT, WORKING_TEXT, WORKING_TITLE } from './BuyerSignupPage';

const inviteId = '99999999-9999-4999-8999-999999999999';
const acceptPath = `POST /api/invite/purchaser/accept/${inviteId}`;

const signedIn = {
  isAuthenticated: true,
  isLoading: false,
  user: { profile: { sub: 'sub-1', email: 'new@shop.com' } },
  settings: {},
  signoutRedirect: vi.fn(),
} as unknown as AuthContextProps;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderPage(path: string) {
  return renderWithProviders(
    <AuthContext.Provider value={signedIn}>
      <Routes>
        <Route path="/details-buyer" element={<BuyerSignupPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </AuthContext.Provider>,
    { path },
  );
}

const pendingResult: AcceptInviteResult = {
  invite_id: inviteId,
  status: 'pending_organization',
  seller_organization: { id: ids.sellerX, name: 'Seller X' },
  purchasing_organization: null,
  accepted_on: null,
};
const newUser = makeUser({ email: 'new@shop.com', name: null });

describe('BuyerSignupPage', () => {
  it('goes to /404 when invite_id or org_id is missing', async () => {
    renderPage(`/details-buyer?invite_id=${inviteId}`);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/404'));
  });

  it('goes to /404 with neither query values nor saved ones', async () => {
    renderPage('/details-buyer');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/404'));
  });

  it('accepts, shows the form, creates the Buyer organization and opens the seller’s storefront', async () => {
    let answerAccept!: () => void;
    const firstAccept = new Promise<void>((resolve) => (answerAccept = resolve));
    let accepts = 0;
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    const fetch = fakeFetch({
      'POST /api/user/create': { body: newUser },
      [acceptPath]: async () => {
        accepts += 1;
        if (accepts === 1) {
          await firstAccept;
          return json(pendingResult);
        }
        return json({
          ...pendingResult,
          status: 'accepted',
          purchasing_organization: { id: ids.buyer, name: 'Corner Shop' },
          accepted_on: '2024-01-01T00:00:00Z',
        });
      },
      'POST /api/organization': { status: 201, body: { id: ids.buyer, name: 'Corner Shop', selected_type: 'Buyer' } },
      'PUT /api/user/me': { body: { ...newUser, name: 'Rita Retailer', phone: '+1 802 555 0199' } },
      'GET /api/user/me': {
        body: makeUser({
          organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
          purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
        }),
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    renderPage(`/details-buyer?invite_id=${inviteId}&org_id=${ids.sellerX}`);

    // Working on the invite-accept step.
    expect(await screen.findByText(WORKING_TITLE)).toBeTruthy();
    expect(screen.getByText(WORKING_TEXT)).toBeTruthy();
    expect(window.localStorage.getItem('buyer_invite_id')).toBe(inviteId);
    expect(window.localStorage.getItem('buyer_org_id')).toBe(ids.sellerX);
    answerAccept();

    const button = (await screen.findByRole('button', { name: 'Finish Creating Your Account' })) as HTMLButtonElement;
    expect(fetch.calls.map((call) => `${call.method} ${call.path}`).slice(0, 2)).toEqual([
      'POST /api/user/create',
      `POST /api/invite/purchaser/accept/${inviteId}`,
    ]);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('new@shop.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('checkbox', { name: TERMS_TEXT })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    const [terms, emails] = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(terms!.checked).toBe(true);
    expect(emails!.checked).toBe(true);

    // Disabled while a name is empty or the terms are unchecked.
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText(/Business Name/), 'Corner Shop');
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText(/Your Name/), 'Rita Retailer');
    expect(button.disabled).toBe(false);
    // A phone that is not one is named before anything is sent.
    await user.type(screen.getByLabelText(/Phone/), 'call me');
    await user.click(button);
    expect(screen.getByText(/^Phone must be a phone number like \+1 802 555 0134/)).toBeTruthy();
    expect(fetch.calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.clear(screen.getByLabelText(/Phone/));
    await user.type(screen.getByLabelText(/Phone/), '+1 802 555 0199');
    expect(button.disabled).toBe(false);
    await user.click(terms!);
    expect(button.disabled).toBe(true);
    await user.click(terms!);
    await user.click(button);

    // The new buyer organization's optional resale certificate step, then the store.
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `/storefront/resale-certificate/${ids.buyer}?signup=1&next=${encodeURIComponent(`/storefront/${ids.sellerX}`)}`,
      ),
    );
    // The person's details are saved first, then the store is created.
    const put = fetch.calls.findIndex((call) => call.method === 'PUT' && call.path === '/api/user/me');
    expect(fetch.calls[put]?.body).toEqual({ name: 'Rita Retailer', phone: '+1 802 555 0199' });
    expect(put).toBeLessThan(fetch.calls.findIndex((call) => call.path === '/api/organization'));
    const create = fetch.calls.find((call) => call.path === '/api/organization');
    expect(create?.body).toMatchObject({ selected_type: 'Buyer', name: 'Corner Shop' });
    const confirm = fetch.calls.filter((call) => call.path === `/api/invite/purchaser/accept/${inviteId}`)[1];
    expect(confirm?.body).toEqual({ organization_id: ids.buyer });
    expect(window.localStorage.getItem('buyer_invite_id')).toBeNull();
    expect(window.localStorage.getItem('buyer_org_id')).toBeNull();
  });

  it('reads the ids saved before the sign-up and skips the form when the user already has an organization', async () => {
    window.localStorage.setItem('buyer_invite_id', inviteId);
    window.localStorage.setItem('buyer_org_id', ids.sellerX);
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/user/create': { body: makeUser({ organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')] }) },
        [acceptPath]: {
          body: { ...pendingResult, status: 'accepted', purchasing_organization: { id: ids.buyer, name: 'Corner Shop' } },
        },
        'GET /api/user/me': { body: makeUser() },
      }).fn,
    );
    renderPage('/details-buyer');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/storefront/${ids.sellerX}`));
    expect(window.localStorage.getItem('buyer_invite_id')).toBeNull();
  });

  it('shows the server’s message when the invite cannot be accepted', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/user/create': { body: newUser },
        [acceptPath]: { status: 409, body: { error: 'invite_accepted', message: 'This invite was already accepted.' } },
      }).fn,
    );
    renderPage(`/details-buyer?invite_id=${inviteId}&org_id=${ids.sellerX}`);
    expect((await screen.findByRole('alert')).textContent).toContain('This invite was already accepted.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
