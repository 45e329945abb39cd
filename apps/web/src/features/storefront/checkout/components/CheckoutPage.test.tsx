import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { PREVIEW_CHECKOUT_MESSAGE, type AddressLink, type Cart, type OrderShippingAddress } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { ids, makeUser, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { EMPTY_CART_AT_BILLING, NO_ADDRESS_AT_BILLING } from '../api';
import {
  cartProduct,
  gadget,
  makeCart,
  widget,
  type CartTerms,
  type StoredLine,
} from '../../test-support/cart-test-server';
import { CANNOT_CHECKOUT_TITLE, CONTINUE_LABEL, CheckoutPage, EMPTY_CART_TITLE } from './CheckoutPage';
import { BillingPage } from '../../billing/components/BillingPage';

const buyer = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
});

function savedAddress(n: number, line1: string, extra: Partial<AddressLink['address']> = {}): AddressLink {
  return {
    id: `20000000-0000-4000-8000-00000000000${n}`,
    address: {
      id: `30000000-0000-4000-8000-00000000000${n}`,
      first_name: 'Ada',
      last_name: 'Lovelace',
      line1,
      line2: null,
      city: 'Denver',
      state: 'CO',
      postal_code: '80202',
      country: 'US',
      ...extra,
    },
    organization: { id: ids.buyer },
    kind: 'shipping',
    is_default_shipping: n === 1,
    is_default_billing: false,
  };
}

const home = savedAddress(1, '5 Elm St', { line2: 'Apt 2' });
const office = savedAddress(2, '9 Pine Rd', { city: 'Boulder', postal_code: '80301' });

const twoWidgets: StoredLine[] = [{ id: '10000000-0000-4000-8000-000000000001', product: widget, quantity: 2 }];

type Refusal = {
  status: number;
  body: { error: string; message: string; issues?: Array<{ path: string; message: string }> };
};

interface ServerOptions {
  lines?: StoredLine[];
  terms?: CartTerms;
  addresses?: AddressLink[];
  /** The order's address id at the start. */
  shipTo?: string | null;
  refuseAddress?: Refusal;
}

/** /api/user/me, the cart, the saved addresses and the order's address, in memory. */
function fakeCheckoutServer(options: ServerOptions) {
  let addresses = [...(options.addresses ?? [])];
  let shipTo = options.shipTo ?? null;
  let nextId = 5;
  const calls: Array<{ method: string; path: string; search: string; body: unknown }> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  function orderAddress(): OrderShippingAddress | undefined {
    const link = addresses.find((candidate) => candidate.address.id === shipTo);
    if (!link) return undefined;
    const { id, first_name, last_name, line1, line2, city, state, postal_code } = link.address;
    return {
      id: id!,
      first_name: first_name ?? null,
      last_name: last_name ?? null,
      line1,
      line2: line2 ?? null,
      city,
      state,
      postal_code,
    };
  }

  function cart(): Cart {
    const base = makeCart(options.lines ?? twoWidgets, options.terms);
    const address = orderAddress();
    return { ...base, order: { ...base.order, ...(address ? { shipping_address: address } : {}) } };
  }

  const fn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, search: url.search, body });
    if (method === 'GET' && url.pathname === '/api/user/me') return json(200, buyer);
    if (method === 'GET' && url.pathname.startsWith('/api/cart/selling_organization/')) return json(200, cart());
    if (method === 'GET' && url.pathname === `/api/address/organization/${ids.buyer}`) return json(200, addresses);
    if (method === 'POST' && url.pathname === '/api/address/organization') {
      if (options.refuseAddress) return json(options.refuseAddress.status, options.refuseAddress.body);
      const sent = body as { address: AddressLink['address']; is_default_shipping: boolean };
      const n = nextId++;
      const link: AddressLink = {
        ...savedAddress(n, sent.address.line1),
        address: { ...sent.address, id: `30000000-0000-4000-8000-00000000000${n}` },
        is_default_shipping: sent.is_default_shipping,
      };
      addresses = [link, ...addresses];
      return json(200, link);
    }
    const order = /^\/api\/order\/([^/]+)\/shipping_address$/.exec(url.pathname);
    if (method === 'POST' && order) {
      const addressId = url.searchParams.get('address_id');
      if (!addresses.some((link) => link.address.id === addressId)) {
        return json(404, {
          error: 'not_found',
          message: 'address_id: your organization has no saved address with this id',
        });
      }
      shipTo = addressId;
      return json(200, cart().order);
    }
    return json(404, { error: 'not_found', message: `No fake for ${method} ${url.pathname}` });
  };
  return {
    fn,
    calls,
    posts: () => calls.filter((call) => call.method === 'POST'),
    shipTo: () => shipTo,
  };
}

type User = ReturnType<typeof userEvent.setup>;

/** Types into a field in one go (a paste: one change, as fast on a loaded machine as it gets). */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function renderAt(path: string, options: ServerOptions = {}) {
  const server = fakeCheckoutServer(options);
  vi.stubGlobal('fetch', server.fn);
  // user-event walks a radio group with CSS.escape, which jsdom does not have.
  if (!globalThis.CSS?.escape) {
    vi.stubGlobal('CSS', { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
  }
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/storefront/:orgId/checkout" element={<CheckoutPage />} />
        <Route path="/storefront/:orgId/billing" element={<BillingPage />} />
      </Routes>
    </ToastProvider>,
    { path },
  );
  return server;
}

const checkoutAt = `/storefront/${ids.sellerX}/checkout`;
const continueButton = () => screen.getByRole('button', { name: CONTINUE_LABEL }) as HTMLButtonElement;
const addressGroup = () => screen.findByRole('radiogroup', { name: 'Shipping Address' });

describe('CheckoutPage, step 1: Shipping Address', () => {
  it('shows the saved addresses as radio cards with the order’s address chosen, the subtotal and the steps', async () => {
    renderAt(checkoutAt, { addresses: [home, office], shipTo: office.address.id });
    const group = await addressGroup();
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(2);
    const homeRadio = within(group).getByRole('radio', { name: /5 Elm St, Apt 2/ }) as HTMLInputElement;
    const officeRadio = within(group).getByRole('radio', { name: /9 Pine Rd/ }) as HTMLInputElement;
    expect(homeRadio.checked).toBe(false);
    expect(officeRadio.checked).toBe(true);
    expect(within(group).getByText('Boulder, CO 80301')).toBeTruthy();
    expect(screen.getByTestId('subtotal').textContent).toBe('$24.00');
    const steps = screen.getByRole('group', { name: 'Checkout, step 1 of 2' });
    expect(within(steps).getByText('Shipping Address')).toBeTruthy();
    expect(within(steps).getByText('Shipping & Payment')).toBeTruthy();
    for (const back of screen.getAllByRole('link', { name: 'Back to Seller X' })) {
      expect(back.getAttribute('href')).toBe(`/storefront/${ids.sellerX}`);
    }
    expect(continueButton().disabled).toBe(false);
  });

  it('sets the order’s address when a card is chosen — by click or arrow key — and then lets the buyer continue', async () => {
    const server = renderAt(checkoutAt, { addresses: [home, office] });
    const group = await addressGroup();
    expect(continueButton().disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(within(group).getByRole('radio', { name: /5 Elm St/ }));
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(server.posts().map((call) => `${call.path}${call.search}`)).toEqual([
      `/api/order/00000000-0000-4000-8000-0000000000d0/shipping_address?address_id=${home.address.id}`,
    ]);

    // The cards are one radio group: the arrow key moves to the next card and chooses it.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(server.shipTo()).toBe(office.address.id));
    await waitFor(() =>
      expect((within(group).getByRole('radio', { name: /9 Pine Rd/ }) as HTMLInputElement).checked).toBe(true),
    );

    // Step 2 (its guard lets an order with an address stay).
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: /Shipping & Payment/ })).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('chooses a returning buyer’s only saved address when the page opens, once; several are left to the buyer (issue 27)', async () => {
    const server = renderAt(checkoutAt, { addresses: [home] });
    const group = await addressGroup();
    await waitFor(() =>
      expect((within(group).getByRole('radio', { name: /5 Elm St/ }) as HTMLInputElement).checked).toBe(true),
    );
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(server.posts().map((call) => call.search)).toEqual([`?address_id=${home.address.id}`]);
    cleanup();

    const two = renderAt(checkoutAt, { addresses: [home, office] });
    const cards = await addressGroup();
    expect((within(cards).getAllByRole('radio') as HTMLInputElement[]).some((radio) => radio.checked)).toBe(false);
    expect(continueButton().disabled).toBe(true);
    expect(two.posts()).toEqual([]);
  });

  it('lists the items in the order summary: photo, name, quantity × price per order unit, line total', async () => {
    const cased = cartProduct(gadget.id, 'Gadget', 550, { order_unit: { id: 2, unit: 'Case' }, quantity_per_unit: 6 });
    renderAt(checkoutAt, {
      addresses: [home, office],
      shipTo: home.address.id,
      lines: [
        { id: '10000000-0000-4000-8000-000000000001', product: widget, quantity: 2 },
        { id: '10000000-0000-4000-8000-000000000002', product: cased, quantity: 3 },
      ],
    });
    const items = await screen.findByRole('list', { name: 'Items in your order' });
    const gadgetLine = within(items).getByRole('listitem', { name: 'Gadget' });
    expect(within(gadgetLine).getByText('Gadget')).toBeTruthy();
    expect(within(gadgetLine).getByTestId('summary-line-quantity').textContent).toBe('3 × $5.50 / case of 6');
    expect(within(gadgetLine).getByTestId('summary-line-total').textContent).toBe('$16.50');
    expect(within(items).getByRole('listitem', { name: 'Widget' }).textContent).toContain('2 × $12.00 / unit');
    expect(screen.getByTestId('subtotal').textContent).toBe('$40.50');
  });

  it('lists four items, then "Show all N products" for a longer cart', async () => {
    const lines: StoredLine[] = [1, 2, 3, 4, 5].map((n) => ({
      id: `10000000-0000-4000-8000-00000000020${n}`,
      product: cartProduct(`00000000-0000-4000-8000-0000000000b${n}`, `Product ${n}`, 1000),
      quantity: 1,
    }));
    renderAt(checkoutAt, { addresses: [home, office], shipTo: home.address.id, lines });
    const items = await screen.findByRole('list', { name: 'Items in your order' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(4);
    const user = userEvent.setup();
    const all = screen.getByRole('button', { name: 'Show all 5 products' });
    expect(all.getAttribute('aria-expanded')).toBe('false');
    await user.click(all);
    expect(within(items).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Product 1',
      'Product 2',
      'Product 3',
      'Product 4',
      'Product 5',
    ]);
    expect(screen.getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('adds a new address: Save Address waits for the required fields, then saves it and ships the order there', async () => {
    const server = renderAt(checkoutAt, { addresses: [home] });
    await addressGroup();
    // The only saved address is chosen at once (issue 27); the buyer adds another anyway.
    await waitFor(() => expect(server.shipTo()).toBe(home.address.id));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add New Address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    const save = within(form).getByRole('button', { name: 'Save Address' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    // The name starts as the signed-in person's; this address is someone else's.
    const first = within(form).getByRole('textbox', { name: 'First Name' }) as HTMLInputElement;
    const last = within(form).getByRole('textbox', { name: 'Last Name' }) as HTMLInputElement;
    expect([first.value, last.value]).toEqual(['Sam', 'Seller']);
    await user.clear(first);
    await user.clear(last);
    await fill(user, first, 'Grace');
    await fill(user, last, 'Hopper');
    await fill(user, within(form).getByRole('textbox', { name: 'Address' }), '1 Navy Way');
    await fill(user, within(form).getByRole('textbox', { name: 'City' }), 'Arlington');
    // The Zip mask keeps five digits and nothing else.
    const zip = within(form).getByRole('textbox', { name: 'Zip' }) as HTMLInputElement;
    await fill(user, zip, '22a2-0212');
    expect(zip.value).toBe('22202');
    expect(save.disabled).toBe(true);
    await user.selectOptions(within(form).getByRole('combobox', { name: /State/ }), 'Virginia');
    expect(save.disabled).toBe(false);
    await user.click(save);

    const group = await addressGroup();
    await waitFor(() =>
      expect((within(group).getByRole('radio', { name: /1 Navy Way/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect(screen.queryByRole('form', { name: 'New address' })).toBeNull();
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    const [preselected, saved, chosen] = server.posts();
    expect(preselected!.search).toBe(`?address_id=${home.address.id}`);
    expect(saved!.body).toEqual({
      organization: { id: ids.buyer },
      address: {
        first_name: 'Grace',
        last_name: 'Hopper',
        line1: '1 Navy Way',
        line2: null,
        city: 'Arlington',
        state: 'VA',
        postal_code: '22202',
        country: 'US',
      },
      is_default_shipping: false,
      is_default_billing: false,
    });
    expect(chosen!.search).toBe('?address_id=30000000-0000-4000-8000-000000000005');
  });

  it('opens the form at once when there is no saved address, and shows the server’s refusal under the field', async () => {
    const server = renderAt(checkoutAt, {
      addresses: [],
      refuseAddress: {
        status: 400,
        body: {
          error: 'validation_error',
          message: 'address.postal_code: must be exactly 5 digits',
          issues: [{ path: 'address.postal_code', message: 'must be exactly 5 digits' }],
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'New address' });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(continueButton().disabled).toBe(true);
    const user = userEvent.setup();
    // The name starts as the signed-in person's; this address is someone else's.
    const first = within(form).getByRole('textbox', { name: 'First Name' }) as HTMLInputElement;
    const last = within(form).getByRole('textbox', { name: 'Last Name' }) as HTMLInputElement;
    expect([first.value, last.value]).toEqual(['Sam', 'Seller']);
    await user.clear(first);
    await user.clear(last);
    await fill(user, first, 'Grace');
    await fill(user, last, 'Hopper');
    await fill(user, within(form).getByRole('textbox', { name: 'Address' }), '1 Navy Way');
    await fill(user, within(form).getByRole('textbox', { name: 'City' }), 'Arlington');
    await user.selectOptions(within(form).getByRole('combobox', { name: /State/ }), 'Virginia');
    // Four digits: the form says so itself, without asking the server.
    await fill(user, within(form).getByRole('textbox', { name: 'Zip' }), '2220');
    await user.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(within(form).getByText('Enter all 5 digits')).toBeTruthy();
    expect(server.posts()).toEqual([]);

    await fill(user, within(form).getByRole('textbox', { name: 'Zip' }), '2');
    await user.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(await within(form).findByText('Must be exactly 5 digits')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Zip' }) as HTMLInputElement).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // What the buyer typed stays.
    expect((within(form).getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Arlington');
    expect(server.posts()).toHaveLength(1);
  });

  it('says the cart is empty, with the way back to the store and no form', async () => {
    renderAt(checkoutAt, { lines: [], addresses: [home] });
    expect(await screen.findByRole('heading', { name: EMPTY_CART_TITLE })).toBeTruthy();
    const back = screen.getAllByRole('link', { name: 'Back to Seller X' });
    expect(back.map((link) => link.getAttribute('href'))).toContain(`/storefront/${ids.sellerX}`);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: CONTINUE_LABEL })).toBeNull();
  });

  it('says why a cart that cannot check out is stopped (minimums, a preview), with no form', async () => {
    renderAt(checkoutAt, { terms: { min_items: 10 }, addresses: [home] });
    expect(await screen.findByRole('heading', { name: CANNOT_CHECKOUT_TITLE })).toBeTruthy();
    expect(screen.getByText('Your wholesale order must include at least 10 items to checkout.')).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: CONTINUE_LABEL })).toBeNull();
  });

  it('stops a seller’s preview of its own store', async () => {
    renderAt(checkoutAt, { terms: { is_preview: true }, addresses: [home] });
    expect(await screen.findByText(PREVIEW_CHECKOUT_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});

describe('BillingPage guard', () => {
  const billingAt = `/storefront/${ids.sellerX}/billing`;

  it('sends a buyer without a shipping address back to step 1 with a message', async () => {
    renderAt(billingAt, { addresses: [home] });
    expect(await screen.findByText(NO_ADDRESS_AT_BILLING)).toBeTruthy();
    expect(await screen.findByRole('radiogroup', { name: 'Shipping Address' })).toBeTruthy();
    expect(screen.queryByText('Shipping & Payment', { selector: 'h1, h2' })).toBeNull();
  });

  it('sends a buyer with an empty cart back to step 1, which says the cart is empty', async () => {
    renderAt(billingAt, { lines: [], addresses: [home], shipTo: home.address.id });
    expect(await screen.findByText(EMPTY_CART_AT_BILLING)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: EMPTY_CART_TITLE })).toBeTruthy();
  });

  it('lets a cart with a shipping address stay on step 2', async () => {
    renderAt(billingAt, { addresses: [home], shipTo: home.address.id });
    expect(await screen.findByRole('heading', { name: /Shipping & Payment/ })).toBeTruthy();
    expect(screen.queryByText(NO_ADDRESS_AT_BILLING)).toBeNull();
  });
});
