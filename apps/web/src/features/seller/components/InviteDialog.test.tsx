import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../../../components/Toast';
import { fakeFetch, ids } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { InviteDialog } from './InviteDialog';

function renderDialog(onClose = vi.fn()) {
  const result = renderWithProviders(
    <ToastProvider>
      <InviteDialog open orgId={ids.merchantA} onClose={onClose} />
    </ToastProvider>,
  );
  return { ...result, onClose };
}

const field = () => screen.getByLabelText('Email address') as HTMLInputElement;
const addButton = () => screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
const sendButton = () => screen.getByRole('button', { name: 'Send Invites' }) as HTMLButtonElement;
const chips = () => within(screen.getByRole('list', { name: 'Addresses to invite' })).getAllByRole('listitem');

describe('InviteDialog', () => {
  it('is titled "Invite your customers" and starts with Send Invites disabled', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Invite your customers' })).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    expect(addButton().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('keeps Add disabled for a malformed address and explains why', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(field(), 'buyer@example');
    expect(addButton().disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('list', { name: 'Addresses to invite' })).toBeNull();
    expect(screen.getByText('Enter a valid e-mail address, like buyer@store.com.')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
  });

  it('adds an address as a chip with Enter or Add, without duplicates, and removes it', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(field(), '  Buyer@Example.com {Enter}');
    expect(chips().map((chip) => chip.textContent)).toEqual(['buyer@example.com']);
    expect(field().value).toBe('');
    expect(sendButton().disabled).toBe(false);

    await user.type(field(), 'second@shop.co');
    expect(addButton().disabled).toBe(false);
    await user.click(addButton());
    expect(chips().map((chip) => chip.textContent)).toEqual(['buyer@example.com', 'second@shop.co']);

    await user.type(field(), 'BUYER@example.com');
    expect(addButton().disabled).toBe(true);
    expect(screen.getByText('This address is already on the list.')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(chips()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove buyer@example.com' }));
    expect(chips().map((chip) => chip.textContent)).toEqual(['second@shop.co']);
  });

  it('sends the addresses, then closes', async () => {
    const fetch = fakeFetch({
      'POST /api/invite/purchaser': {
        body: [
          {
            id: ids.user,
            send_to_email: 'a@shop.com',
            created_on: '2024-01-01T13:00:00Z',
            accepted_on: null,
            last_sent_at: null,
          },
        ],
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.type(field(), 'a@shop.com{Enter}');
    await user.click(sendButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/invite/purchaser',
      body: { to_organization_id: ids.merchantA, to_emails: ['a@shop.com'] },
    });
    expect(await screen.findByText('Invite sent to a@shop.com.')).toBeTruthy();
  });

  it('sends a valid address still in the box with the chips, as the person typed it', async () => {
    const fetch = fakeFetch({
      'POST /api/invite/purchaser': {
        body: [
          {
            id: ids.user,
            send_to_email: 'a@shop.com',
            created_on: '2024-01-01T13:00:00Z',
            accepted_on: null,
            last_sent_at: null,
          },
          {
            id: ids.buyer,
            send_to_email: 'b@shop.com',
            created_on: '2024-01-01T13:00:00Z',
            accepted_on: null,
            last_sent_at: null,
          },
        ],
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.type(field(), 'a@shop.com{Enter}');
    await user.type(field(), 'b@shop.com');
    expect(sendButton().disabled).toBe(false);
    await user.click(sendButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.calls[0]).toMatchObject({ body: { to_emails: ['a@shop.com', 'b@shop.com'] } });
    expect(await screen.findByText('2 invites sent.')).toBeTruthy();
  });

  it('enables Send Invites for one typed address with no chip yet, and not for a malformed one', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(field(), 'shop@example');
    expect(sendButton().disabled).toBe(true);
    await user.type(field(), '.com');
    expect(sendButton().disabled).toBe(false);
    expect(screen.getByText('1 address to invite')).toBeTruthy();
    expect(screen.getByText('Send Invites sends it, or press Enter to add another.')).toBeTruthy();
  });

  it('shows the server’s message on failure and keeps the chips', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/invite/purchaser': {
          status: 400,
          body: {
            error: 'validation_failed',
            message: 'to_emails.1: must be a valid e-mail address',
            issues: [{ path: 'to_emails.1', message: 'must be a valid e-mail address' }],
          },
        },
      }).fn,
    );
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.type(field(), 'a@shop.com{Enter}');
    await user.type(field(), 'b@shop.com{Enter}');
    await user.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain('to_emails.1: must be a valid e-mail address');
    expect(chips()).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
    expect(sendButton().disabled).toBe(false);
  });
});
