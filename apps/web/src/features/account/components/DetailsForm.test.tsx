import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, ids } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { DetailsForm } from './DetailsForm';

const person = { name: null, phone: null };

const button = () => screen.getByRole('button', { name: 'Finish Creating Your Account' }) as HTMLButtonElement;

describe('DetailsForm', () => {
  it('shows the e-mail read-only and the spec defaults', () => {
    renderWithProviders(<DetailsForm email="sam@example.com" onCreated={() => undefined} />);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('sam@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('combobox', { name: 'You are a' }).textContent).toBe('Buyer');
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(2);
    expect(boxes.every((box) => box.checked)).toBe(true);
  });

  it('disables the button while the business name is empty, enables it once typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DetailsForm email="sam@example.com" onCreated={() => undefined} />);
    expect(button().disabled).toBe(true);
    await user.type(screen.getByLabelText(/Business Name/), '   ');
    expect(button().disabled).toBe(true);
    await user.type(screen.getByLabelText(/Business Name/), 'Alpha Foods');
    expect(button().disabled).toBe(false);
    await user.clear(screen.getByLabelText(/Business Name/));
    expect(button().disabled).toBe(true);
  });

  it('creates a Merchant organization and clears the saved invite ids', async () => {
    window.localStorage.setItem('buyer_invite_id', 'inv');
    window.localStorage.setItem('buyer_org_id', 'org');
    const created = { id: ids.merchantA, name: 'Alpha Foods', selected_type: 'Merchant' };
    const fetch = fakeFetch({ 'POST /api/organization': { status: 201, body: created } });
    vi.stubGlobal('fetch', fetch.fn);
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DetailsForm email="sam@example.com" onCreated={onCreated} />);

    await user.type(screen.getByLabelText(/Business Name/), '  Alpha Foods ');
    await user.click(screen.getByRole('combobox', { name: 'You are a' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Merchant' }));
    await user.click(button());

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(fetch.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/organization',
      body: { selected_type: 'Merchant', name: 'Alpha Foods' },
    });
    expect(fetch.calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(window.localStorage.getItem('buyer_invite_id')).toBeNull();
    expect(window.localStorage.getItem('buyer_org_id')).toBeNull();
  });

  it('shows the server’s message on failure and keeps what was typed', async () => {
    const fetch = fakeFetch({
      'POST /api/organization': {
        status: 400,
        body: {
          error: 'validation_failed',
          message: 'name: must be at most 120 characters',
          issues: [{ path: 'name', message: 'must be at most 120 characters' }],
        },
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DetailsForm email="sam@example.com" onCreated={onCreated} />);

    await user.type(screen.getByLabelText(/Business Name/), 'Alpha Foods');
    await user.click(button());

    expect((await screen.findByRole('alert')).textContent).toContain('name: must be at most 120 characters');
    expect((screen.getByLabelText(/Business Name/) as HTMLInputElement).value).toBe('Alpha Foods');
    expect(screen.getByText('Business name must be at most 120 characters')).toBeTruthy();
    expect(button().disabled).toBe(false);
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('DetailsForm asking for the person (issue 27)', () => {
  it('asks a name (required) and a phone (optional), saves them, then creates the organization', async () => {
    const created = { id: ids.merchantA, name: 'Alpha Foods', selected_type: 'Merchant' };
    const fetch = fakeFetch({
      'PUT /api/user/me': { body: {} },
      'POST /api/organization': { status: 201, body: created },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DetailsForm email="sam@example.com" onCreated={onCreated} contact={person} />);

    await user.type(screen.getByLabelText(/Business Name/), 'Alpha Foods');
    expect(button().disabled).toBe(true);
    await user.type(screen.getByLabelText(/Your Name/), '  Sam Seller ');
    expect(button().disabled).toBe(false);
    await user.click(button());

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(fetch.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/user/me', 'POST /api/organization']);
    expect(fetch.calls[0]?.body).toEqual({ name: 'Sam Seller', phone: null });
  });

  it('starts from the name the account has, and names a bad phone on leaving the field', async () => {
    const fetch = fakeFetch({});
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    renderWithProviders(
      <DetailsForm email="sam@example.com" onCreated={() => undefined} contact={{ name: 'Token Name', phone: null }} />,
    );
    expect((screen.getByLabelText(/Your Name/) as HTMLInputElement).value).toBe('Token Name');
    await user.type(screen.getByLabelText(/Phone/), '12-34');
    await user.tab();
    expect(screen.getByText(/^Phone must be a phone number like \+1 802 555 0134/)).toBeTruthy();
    await user.type(screen.getByLabelText(/Business Name/), 'Alpha Foods');
    await user.click(button());
    expect(fetch.calls).toHaveLength(0);
  });

  it('shows the server’s words on the field it names and keeps what was typed', async () => {
    const fetch = fakeFetch({
      'PUT /api/user/me': {
        status: 400,
        body: {
          error: 'validation_failed',
          message: 'name: must not contain line breaks or control characters',
          issues: [{ path: 'name', message: 'must not contain line breaks or control characters' }],
        },
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const user = userEvent.setup();
    renderWithProviders(<DetailsForm email="sam@example.com" onCreated={() => undefined} contact={person} />);
    await user.type(screen.getByLabelText(/Business Name/), 'Alpha Foods');
    await user.type(screen.getByLabelText(/Your Name/), 'Sam');
    await user.click(button());
    expect(await screen.findByText('Your name must not contain line breaks or control characters')).toBeTruthy();
    expect(screen.queryByText(/^Business name/)).toBeNull();
    expect((screen.getByLabelText(/Business Name/) as HTMLInputElement).value).toBe('Alpha Foods');
    expect(fetch.calls.some((c) => c.path === '/api/organization')).toBe(false);
  });
});
