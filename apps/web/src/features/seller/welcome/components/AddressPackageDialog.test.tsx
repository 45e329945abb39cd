import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { austinAddress, defaultPackageTemplate, fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { AddressPackageDialog, validateShippingForm } from './AddressPackageDialog';

const organization = {
  id: ids.merchantA,
  name: 'Hot Sauce Co',
  address: null,
  order_terms: {},
  image_set: { id: null, organization_id: ids.merchantA, logo: null, splash_image: null },
};

function setup(extra: Parameters<typeof fakeFetch>[0] = {}) {
  const fetch = fakeFetch({
    [`GET /api/organization/${ids.merchantA}`]: { body: organization },
    [`GET /api/package_template/organization/${ids.merchantA}`]: { body: [] },
    'GET /api/product/dimension_unit': {
      body: [
        { id: 1, unit: 'ft' },
        { id: 2, unit: 'in' },
        { id: 3, unit: 'cm' },
        { id: 4, unit: 'm' },
      ],
    },
    ...extra,
  });
  vi.stubGlobal('fetch', fetch.fn);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithProviders(<AddressPackageDialog orgId={ids.merchantA} open onClose={onClose} onSaved={onSaved} />);
  return { fetch, onClose, onSaved, user: userEvent.setup() };
}

describe('AddressPackageDialog', () => {
  it('marks every empty required field on Save and sends nothing', async () => {
    const { fetch, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Shipping Details' });
    await within(dialog).findByRole('textbox', { name: /^Height/ });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Height, Width, Length, Address, City, State, Postal Code (the unit defaults to in).
    expect(within(dialog).getAllByText('Required')).toHaveLength(7);
    expect(
      within(dialog)
        .getByRole('textbox', { name: /^Address/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      within(dialog)
        .getByRole('textbox', { name: /^Apt\/Floor\/Suite/ })
        .getAttribute('aria-invalid'),
    ).toBe('false');
    expect(fetch.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('saves the address and the Default Package, masking the ZIP to 5 digits', async () => {
    const { fetch, user, onSaved, onClose } = setup({
      [`POST /api/organization/${ids.merchantA}/address`]: { body: { id: 'x' } },
      'POST /api/package_template': { body: { id: 'y' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Shipping Details' });
    await user.type(await within(dialog).findByRole('textbox', { name: /^Height/ }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: /^Width/ }), '8.5');
    await user.type(within(dialog).getByRole('textbox', { name: /^Length/ }), '12');
    await user.type(within(dialog).getByRole('textbox', { name: /^Address/ }), '1 Main St');
    await user.type(within(dialog).getByRole('textbox', { name: /^City/ }), 'Austin');
    await user.click(within(dialog).getByRole('combobox', { name: /^State/ }));
    await user.click(await screen.findByRole('option', { name: 'Texas' }));
    const zip = within(dialog).getByRole('textbox', { name: /^Postal Code/ }) as HTMLInputElement;
    await user.type(zip, '78a70-1234');
    expect(zip.value).toBe('78701');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    const posts = fetch.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual([`/api/organization/${ids.merchantA}/address`, '/api/package_template']);
    expect(posts[0]!.body).toEqual({
      line1: '1 Main St',
      line2: null,
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      country: 'US',
    });
    expect(posts[1]!.body).toEqual({
      name: 'Default Package',
      height: 10,
      width: 8.5,
      length: 12,
      dimension_unit: 2,
      organization_id: ids.merchantA,
    });
  });

  it("shows the server's message on the field it names", async () => {
    const { user, onSaved } = setup({
      [`GET /api/organization/${ids.merchantA}`]: {
        body: {
          ...organization,
          address: austinAddress,
        },
      },
      [`GET /api/package_template/organization/${ids.merchantA}`]: {
        body: [defaultPackageTemplate({ height: 1, width: 2, length: 3 }, { id: 3, unit: 'cm' })],
      },
      [`POST /api/organization/${ids.merchantA}/address`]: {
        status: 400,
        body: {
          error: 'validation_error',
          message: 'city: must be at most 100 characters',
          issues: [{ path: 'city', message: 'must be at most 100 characters' }],
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Shipping Details' });
    // Saved values fill the form.
    expect(((await within(dialog).findByRole('textbox', { name: /^Length/ })) as HTMLInputElement).value).toBe('3');
    expect((within(dialog).getByRole('textbox', { name: /^City/ }) as HTMLInputElement).value).toBe('Austin');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('city: must be at most 100 characters');
    expect(within(dialog).getByText('Must be at most 100 characters')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('validates dimensions and the ZIP', () => {
    const form = {
      height: '0',
      width: '2',
      length: '3',
      dimensionUnit: '2',
      line1: 'a',
      line2: '',
      city: 'b',
      state: 'TX',
      postalCode: '123',
    };
    expect(validateShippingForm(form)).toEqual({ height: 'Must be more than 0', postalCode: 'Enter 5 digits' });
  });
});
