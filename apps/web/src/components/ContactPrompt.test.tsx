import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from '../lib/api';
import { fakeFetch, makeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { CONTACT_PROMPT_TEXT, ContactPrompt } from './ContactPrompt';

const nameless = makeUser({ name: null, email: 'old@corner.shop' });

beforeEach(() => {
  window.localStorage.clear();
  configureApi({ getAccessToken: async () => 'token', onUnauthorized: () => undefined });
});
afterEach(() => vi.unstubAllGlobals());

describe('ContactPrompt (issue 27: accounts made before sign-up asked a name)', () => {
  it('asks a person without a name, names a bad phone, saves, and goes away', async () => {
    const fetch = fakeFetch({
      'GET /api/user/me': { body: nameless },
      'PUT /api/user/me': { body: { ...nameless, name: 'Olive Owner', phone: '+1 802 555 0134' } },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    renderWithProviders(<ContactPrompt />);
    expect(await screen.findByText(CONTACT_PROMPT_TEXT)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add your name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your details' });
    expect(within(dialog).getByText(/Signed in as old@corner.shop/)).toBeTruthy();
    // Save waits for a name.
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Your Name/), 'Olive Owner');
    await user.type(within(dialog).getByLabelText(/Phone/), 'ring ring');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(/^Phone must be a phone number/)).toBeTruthy();
    expect(fetch.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(within(dialog).getByLabelText(/Phone/));
    await user.type(within(dialog).getByLabelText(/Phone/), '+1 802 555 0134');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByText(CONTACT_PROMPT_TEXT)).toBeNull());
    expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Olive Owner', phone: '+1 802 555 0134' });
  });

  it('"Not now" puts it away for good in this browser', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user/me': { body: nameless } }).fn);
    const user = userEvent.setup();
    const first = renderWithProviders(<ContactPrompt />);
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(CONTACT_PROMPT_TEXT)).toBeNull();
    first.unmount();
    renderWithProviders(<ContactPrompt />);
    // The user loads (the same request as before), and still no prompt.
    await waitFor(() => expect(document.body.textContent).toBe(''));
    expect(screen.queryByText(CONTACT_PROMPT_TEXT)).toBeNull();
  });

  it('says nothing to a person who has a name', async () => {
    const fetch = fakeFetch({ 'GET /api/user/me': { body: makeUser() } });
    vi.stubGlobal('fetch', fetch.fn);
    renderWithProviders(<ContactPrompt />);
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    expect(screen.queryByText(CONTACT_PROMPT_TEXT)).toBeNull();
  });
});
