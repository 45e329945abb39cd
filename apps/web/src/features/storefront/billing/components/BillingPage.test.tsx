import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useParams } from 'react-router';
import {
  PO_NUMBER_FIELD_LABEL,
  PO_NUMBER_HELPER,
  SELECT_SHIPPING_TEXT,
  SELLER_PAYMENTS_NOT_ACTIVE,
  SHIPPING_ESTIMATES_ERROR,
  type Cart,
  type CartOrder,
  type OrderShippingAddress,
  type ShippingEstimate,
} from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { ids, makeUser, org, purchasing } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { NO_ADDRESS_AT_BILLING } from '../../checkout/api';
import {
  STRIPE_TEST_PUBLISHABLE_KEY,
  fakePayments,
  makeCart,
  widget,
  type PaymentRefusal,
  type StoredLine,
} from '../../test-support/cart-test-server';
import { BILLING_TITLE, BillingPage } from './BillingPage';
import { CHOOSE_SHIPPING_TO_PAY, LOADING_PAYMENT_FORM, ORDER_ALREADY_PLACED, PAYMENT_NOT_READY } from './PaymentPanel';
import { BACK_TO_ADDRESS_LABEL } from './ShippingOptions';
import { STRIPE_SECURE_NOTE } from '../../payment/components/StripeCheckout';
import { STRIPE_STANDIN_PAY_LABEL, installStripeStandIn } from '../../../../test/stripe-standin';
import { SESSION_RENEWED } from '../../payment/components/CardCheckout';
import { PO_NUMBER_SAVED } from './PoNumberField';

const buyer = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
});

const orderId = '00000000-0000-4000-8000-0000000000d0';
const estimatesPath = `/api/shipping/order/${orderId}/estimates`;
const ratePath = `/api/shipping/order/${orderId}/rate`;
const poNumberPath = `/api/order/${orderId}/po_number`;

const shipTo: OrderShippingAddress = {
  id: '30000000-0000-4000-8000-000000000001',
  first_name: 'Ada',
  last_name: 'Lovelace',
  line1: '5 Elm St',
  line2: 'Apt 2',
  city: 'Denver',
  state: 'CO',
  postal_code: '80202',
};

function estimate(
  id: string,
  provider: string,
  service: string,
  token: string,
  cents: number,
  days: number | null,
  attributes: string[] = [],
): ShippingEstimate {
  return {
    object_id: id,
    provider,
    provider_image_200: `https://img.example/${provider}.png`,
    servicelevel: { name: service, token },
    amount: (cents / 100).toFixed(2),
    amount_cents: cents,
    currency: 'USD',
    estimated_days: days,
    duration_terms: null,
    attributes,
  };
}

const ground = estimate('rate-ground', 'USPS', 'Ground Advantage', 'usps_ground_advantage', 850, 5, ['CHEAPEST']);
const priority = estimate('rate-priority', 'UPS', '2nd Day Air', 'ups_second_day_air', 2175, 2, ['BESTVALUE']);
const overnight = estimate('rate-overnight', 'FedEx', 'Priority Overnight', 'fedex_priority_overnight', 6400, 1, [
  'FASTEST',
]);
const threeRates = [ground, priority, overnight];

type Answer = { status: number; body: unknown };

interface ServerOptions {
  lines?: StoredLine[];
  address?: OrderShippingAddress | null;
  /** The rate the order holds at the start. */
  rate?: ShippingEstimate;
  paymentsActive?: boolean;
  /** The answers of the estimates reads, in turn (the last one repeats); three rates by default. */
  estimates?: Answer[];
  /** A refusal of POST …/rate. */
  refuseRate?: Answer;
  /** Refusals of create-checkout-session, in turn. */
  refuseSessions?: PaymentRefusal[];
  /** Answers of the card form's pay calls, in turn, before the card decides. */
  payAnswers?: PaymentRefusal[];
  provider?: 'builtin' | 'stripe';
  /** The PO number the order holds at the start. */
  poNumber?: string;
  /** Net terms the seller gave the buyer (issue 13): pay by invoice is offered. */
  netDays?: number;
}

/** /api/user/me, the cart with its order's rate, the estimates and choosing a rate, in memory. */
function fakeBillingServer(options: ServerOptions) {
  const lines = options.lines ?? [{ id: '10000000-0000-4000-8000-000000000001', product: widget, quantity: 2 }];
  let chosen = options.rate ?? null;
  let poNumber: string | null = options.poNumber ?? null;
  let isNet30 = false;
  let submittedOnTerms = 0;
  /** Every call's method and path, payments included, in order. */
  const sequence: string[] = [];
  const estimateAnswers = [...(options.estimates ?? [{ status: 200, body: threeRates }])];
  // Every rate an estimates answer lists can be chosen.
  const knownRates = [
    ...threeRates,
    ...estimateAnswers.flatMap((answer) => (Array.isArray(answer.body) ? (answer.body as ShippingEstimate[]) : [])),
  ];
  let holding = false;
  const held: Array<() => void> = [];
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  // A session charges the cart and the rate the order holds when it is made.
  const payments = fakePayments({
    amountCents: () => cart().total_cents + (chosen?.amount_cents ?? 0),
    ...(options.refuseSessions ? { refuseSessions: options.refuseSessions } : {}),
    ...(options.payAnswers ? { payAnswers: options.payAnswers } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
  });

  function order(): CartOrder {
    return {
      id: orderId,
      is_net_30: isNet30,
      status: 'Draft',
      shipping_address: options.address === undefined ? shipTo : options.address,
      shipping_cost_in_cents: chosen?.amount_cents ?? null,
      shippo_provider: chosen?.provider ?? null,
      shippo_service_level_token: chosen?.servicelevel.token ?? null,
      shipping_rate_id: chosen?.object_id ?? null,
      ...(poNumber ? { po_number: poNumber } : {}),
    };
  }

  function cart(): Cart {
    return {
      ...makeCart(lines),
      order: order(),
      ...(options.paymentsActive === undefined ? {} : { seller_payments_active: options.paymentsActive }),
    };
  }

  const fn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sequence.push(`${method} ${url.pathname}`);
    const paymentAnswer = await payments.handle(method, url.pathname, body);
    if (paymentAnswer) return paymentAnswer;
    calls.push({ method, path: url.pathname, body });
    if (method === 'GET' && url.pathname === '/api/user/me') return json(200, buyer);
    if (method === 'GET' && url.pathname.startsWith('/api/cart/selling_organization/')) return json(200, cart());
    if (method === 'GET' && url.pathname === `/api/address/organization/${ids.buyer}`) return json(200, []);
    if (method === 'GET' && url.pathname === estimatesPath) {
      const answer = estimateAnswers.length > 1 ? estimateAnswers.shift()! : estimateAnswers[0]!;
      return json(answer.status, answer.body);
    }
    if (url.pathname === `/api/order/${orderId}/payment_terms`) {
      if (!options.netDays) return json(404, { error: 'not_found', message: 'No fake for payment terms' });
      if (method === 'POST') isNet30 = (body as { is_net_30: boolean }).is_net_30;
      return json(200, method === 'POST' ? order() : { net_days: options.netDays, is_net_30: isNet30 });
    }
    if (method === 'POST' && url.pathname === `/api/order/${orderId}/submit-on-terms`) {
      submittedOnTerms += 1;
      return json(200, {
        id: orderId,
        status: 'submitted',
        completed_on: '2026-01-02T10:00:00.000Z',
        subtotal_cents: cart().total_cents,
        shipping_cost_in_cents: chosen?.amount_cents ?? 0,
        total_cents: cart().total_cents + (chosen?.amount_cents ?? 0),
        invoice: { number: 'CB-000001', stripe_status: 'OPEN', due_on: '2026-02-01' },
      });
    }
    if (method === 'POST' && url.pathname === poNumberPath) {
      const sent = (body as { po_number: string | null }).po_number;
      if (sent && /[^A-Za-z0-9 _/#.-]/.test(sent)) {
        const message = 'may contain only letters, digits, spaces and - _ / # .';
        return json(400, {
          error: 'validation_error',
          message: `po_number: ${message}`,
          issues: [{ path: 'po_number', message }],
        });
      }
      poNumber = sent?.trim() || null;
      return json(200, order());
    }
    if (method === 'POST' && url.pathname === ratePath) {
      if (holding) await new Promise<void>((release) => held.push(release));
      if (options.refuseRate) return json(options.refuseRate.status, options.refuseRate.body);
      const rateId = (body as { rate_id: string }).rate_id;
      const rate = knownRates.find((candidate) => candidate.object_id === rateId);
      if (!rate) return json(404, { error: 'not_found', message: 'rate_id: this order has no such rate' });
      chosen = rate;
      return json(200, order());
    }
    return json(404, { error: 'not_found', message: `No fake for ${method} ${url.pathname}` });
  };

  return {
    fn,
    payments,
    /** The rate ids posted so far, in order. */
    ratePosts: () =>
      calls
        .filter((call) => call.method === 'POST' && call.path === ratePath)
        .map((call) => (call.body as { rate_id: string }).rate_id),
    estimateReads: () => calls.filter((call) => call.path === estimatesPath).length,
    chosen: () => chosen?.object_id ?? null,
    /** The PO numbers posted so far, in order. */
    poPosts: () =>
      calls
        .filter((call) => call.path === poNumberPath)
        .map((call) => (call.body as { po_number: string | null }).po_number),
    poNumber: () => poNumber,
    submittedOnTerms: () => submittedOnTerms,
    isNet30: () => isNet30,
    sequence,
    hold: () => {
      holding = true;
    },
    releaseAll: () => {
      holding = false;
      for (const release of held.splice(0)) release();
    },
  };
}

/** The confirmation page once an order is placed: names the order it shows. */
function ConfirmationProbe() {
  const { orderId } = useParams();
  return <p>{`Confirmation of order ${orderId}`}</p>;
}

/** Where the card form goes once paid: shows the query it was given. */
function ReturnProbe() {
  const location = useLocation();
  return <p>{`Returned with ${location.search}`}</p>;
}

function renderBilling(options: ServerOptions = {}) {
  const server = fakeBillingServer(options);
  vi.stubGlobal('fetch', server.fn);
  // user-event walks a radio group with CSS.escape, which jsdom does not have.
  if (!globalThis.CSS?.escape) {
    vi.stubGlobal('CSS', { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
  }
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/storefront/:orgId/billing" element={<BillingPage />} />
        <Route path="/storefront/:orgId/checkout" element={<p>Checkout step 1</p>} />
        <Route path="/storefront/:orgId/checkout/return" element={<ReturnProbe />} />
        <Route path="/storefront/:orgId/orders" element={<p>Orders page</p>} />
        <Route path="/storefront/:orgId/orders/:orderId/confirmation" element={<ConfirmationProbe />} />
      </Routes>
    </ToastProvider>,
    { path: `/storefront/${ids.sellerX}/billing` },
  );
  return server;
}

const optionsGroup = () => screen.findByRole('radiogroup', { name: 'Shipping Options' });
const radio = (group: HTMLElement, name: RegExp) => within(group).getByRole('radio', { name }) as HTMLInputElement;
const text = (testId: string) => screen.getByTestId(testId).textContent;
const payButton = () => screen.getByRole('button', { name: /^Pay / }) as HTMLButtonElement;
/** The card form, once its session is made and its code loaded. */
const cardNumber = () => screen.findByRole('textbox', { name: /Card number/ });

/** Fills the card form with the test card that pays, each value at once (typing is CardCheckout's test). */
async function fillTestCard(user: ReturnType<typeof userEvent.setup>) {
  const fields: Array<[HTMLElement, string]> = [
    [await cardNumber(), '4242424242424242'],
    [screen.getByRole('textbox', { name: /Expiration/ }), '1239'],
    [screen.getByRole('textbox', { name: /CVC/ }), '123'],
    [screen.getByRole('textbox', { name: /Cardholder name/ }), 'Ada Lovelace'],
    [screen.getByRole('textbox', { name: /ZIP/ }), '80202'],
  ];
  for (const [field, value] of fields) {
    await user.click(field);
    await user.paste(value);
  }
}

describe('BillingPage, step 2: Shipping & Payment', () => {
  it('shows the estimates as cards with carrier, service, amount, days and chips, the order’s rate chosen, and the summary', async () => {
    const server = renderBilling({ rate: priority });
    const group = await optionsGroup();
    expect(screen.getByRole('heading', { name: BILLING_TITLE, level: 1 })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Checkout, step 2 of 2' })).toBeTruthy();

    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(3);
    const groundRadio = radio(group, /USPS Ground Advantage/);
    expect(groundRadio.checked).toBe(false);
    await waitFor(() => expect(radio(group, /UPS 2nd Day Air/).checked).toBe(true));
    const groundCard = groundRadio.closest('label')!;
    expect(within(groundCard).getByText('$8.50')).toBeTruthy();
    expect(within(groundCard).getByText('Estimated 5 days')).toBeTruthy();
    expect(within(groundCard).getByText('Cheapest')).toBeTruthy();
    expect(within(groundCard).getByRole('presentation').getAttribute('src')).toBe('https://img.example/USPS.png');
    const overnightCard = radio(group, /FedEx Priority Overnight/).closest('label')!;
    expect(within(overnightCard).getByText('$64.00')).toBeTruthy();
    expect(within(overnightCard).getByText('Estimated 1 day')).toBeTruthy();
    expect(within(overnightCard).getByText('Fastest')).toBeTruthy();
    expect(within(radio(group, /2nd Day Air/).closest('label')!).getByText('Best value')).toBeTruthy();

    // Two widgets at $12.00 plus the chosen $21.75.
    expect(text('cost-of-goods')).toBe('$24.00');
    expect(text('shipping-cost')).toBe('$21.75');
    expect(text('total')).toBe('$45.75');
    expect(screen.getByText('UPS 2nd Day Air', { selector: 'p' })).toBeTruthy();

    // The payment panel: the card form of a session made for this cart and rate.
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByLabelText(LOADING_PAYMENT_FORM)).toBeTruthy();
    await cardNumber();
    expect(await within(payment).findByRole('form', { name: 'Pay Seller X' })).toBeTruthy();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(payButton().textContent).toBe('Pay $45.75');
    expect(server.payments.sessionCreates()).toBe(1);
    // The total the buyer sees travels along: the server never charges another.
    expect(server.payments.calls[0]!.body).toEqual({ cart: { id: makeCart([]).id, total_cents: 2400 } });

    expect(screen.getByRole('link', { name: BACK_TO_ADDRESS_LABEL }).getAttribute('href')).toBe(
      `/storefront/${ids.sellerX}/checkout`,
    );
    expect(screen.getByText(/Ships to Ada Lovelace, 5 Elm St, Apt 2, Denver, CO 80202/)).toBeTruthy();
    for (const back of screen.getAllByRole('link', { name: 'Back to Seller X' })) {
      expect(back.getAttribute('href')).toBe(`/storefront/${ids.sellerX}`);
    }
    // The order had a rate: nothing is chosen for the buyer.
    expect(server.ratePosts()).toEqual([]);
  });

  it('shows the three tagged rates first and the rest behind "More options (N)", never hiding the chosen one (issue 27)', async () => {
    const untagged = Array.from({ length: 7 }, (_, i) =>
      estimate(`rate-more-${i}`, 'UPS', `Service ${i}`, `ups_service_${i}`, 1000 + i * 100, 4),
    );
    // The server's order mixes them; the order holds one of the untagged ones.
    const ten = [untagged[0]!, ground, ...untagged.slice(1, 4), priority, overnight, ...untagged.slice(4)];
    const server = renderBilling({ rate: untagged[5]!, estimates: [{ status: 200, body: ten }] });
    const user = userEvent.setup();
    const group = await optionsGroup();
    const names = () => within(group).getAllByRole('radio').map((r) => r.closest('label')!.querySelector('.MuiTypography-subtitle2')!.textContent);
    await waitFor(() => expect(radio(group, /UPS Service 5/).checked).toBe(true));
    expect(names()).toEqual(['USPS Ground Advantage', 'UPS 2nd Day Air', 'FedEx Priority Overnight', 'UPS Service 5']);
    const more = screen.getByRole('button', { name: 'More options (6)' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(more.getAttribute('aria-controls')!)?.contains(group)).toBe(true);

    await user.click(more);
    const fewer = screen.getByRole('button', { name: 'Fewer options' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    expect(names()).toEqual([
      'USPS Ground Advantage',
      'UPS 2nd Day Air',
      'FedEx Priority Overnight',
      ...untagged.map((r) => `UPS ${r.servicelevel.name}`),
    ]);
    // A hidden option, once shown, can be chosen; collapsing keeps the chosen one in view.
    await user.click(radio(group, /UPS Service 2/));
    await waitFor(() => expect(server.chosen()).toBe('rate-more-2'));
    await user.click(fewer);
    await waitFor(() =>
      expect(names()).toEqual(['USPS Ground Advantage', 'UPS 2nd Day Air', 'FedEx Priority Overnight', 'UPS Service 2']),
    );
    expect(radio(group, /UPS Service 2/).checked).toBe(true);
  });

  it('chooses the first estimate once when the order has no rate yet', async () => {
    const server = renderBilling();
    const group = await optionsGroup();
    await waitFor(() => expect(server.chosen()).toBe(ground.object_id));
    await waitFor(() => expect(radio(group, /USPS Ground Advantage/).checked).toBe(true));
    await waitFor(() => expect(text('shipping-cost')).toBe('$8.50'));
    expect(text('total')).toBe('$32.50');
    await cardNumber();
    await waitFor(() => expect(payButton().textContent).toBe('Pay $32.50'));
    expect(server.ratePosts()).toEqual([ground.object_id]);
    // The session was made once the order held its rate, not before.
    expect(server.payments.sessionCreates()).toBe(1);
  });

  it('says "Please select shipping" until a rate is chosen, then shows the chosen one at once and keeps it', async () => {
    const server = renderBilling();
    server.hold();
    const group = await optionsGroup();
    // The automatic choice is on its way: the card and the summary show it before the answer.
    await waitFor(() => expect(radio(group, /USPS Ground Advantage/).checked).toBe(true));
    expect(text('shipping-cost')).toBe('$8.50');
    expect(screen.getByText(CHOOSE_SHIPPING_TO_PAY)).toBeTruthy();
    expect(server.payments.sessionCreates()).toBe(0);

    const user = userEvent.setup();
    await user.click(radio(group, /FedEx Priority Overnight/));
    await waitFor(() => expect(radio(group, /FedEx Priority Overnight/).checked).toBe(true));
    expect(text('shipping-cost')).toBe('$64.00');
    expect(text('total')).toBe('$88.00');
    server.releaseAll();

    await waitFor(() => expect(server.ratePosts()).toEqual([ground.object_id, overnight.object_id]));
    await waitFor(() => expect(server.chosen()).toBe(overnight.object_id));
    await cardNumber();
    expect(radio(group, /FedEx Priority Overnight/).checked).toBe(true);
    expect(text('shipping-cost')).toBe('$64.00');
    await waitFor(() => expect(payButton().textContent).toBe('Pay $88.00'));

    // The cards are one radio group: the arrow key moves to the next card and chooses it; the
    // new rate makes a new session, for the new amount.
    radio(group, /FedEx Priority Overnight/).focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(server.chosen()).toBe(priority.object_id));
    await waitFor(() => expect(text('total')).toBe('$45.75'));
    await waitFor(() => expect(payButton().textContent).toBe('Pay $45.75'));
    expect(server.ratePosts()).toEqual([ground.object_id, overnight.object_id, priority.object_id]);
    expect(server.payments.sessions.map((session) => session.amountCents)).toEqual([8800, 4575]);
  });

  it('keeps nothing chosen when the server refuses the automatic choice, says why, and does not try again', async () => {
    const server = renderBilling({
      refuseRate: { status: 409, body: { error: 'conflict', message: 'rate_id: this rate has expired' } },
    });
    server.hold();
    const group = await optionsGroup();
    // The automatic choice shows while it is on its way, then the server refuses it.
    await waitFor(() => expect(radio(group, /USPS Ground Advantage/).checked).toBe(true));
    server.releaseAll();
    expect(
      await screen.findByText('We could not choose that shipping option. rate_id: this rate has expired'),
    ).toBeTruthy();
    // Nothing is held on the server: nothing chosen, the summary asks for a choice.
    expect(radio(group, /USPS Ground Advantage/).checked).toBe(false);
    expect(text('shipping-cost')).toBe(SELECT_SHIPPING_TEXT);
    expect(text('total')).toBe('$24.00');
    expect(screen.getByText(CHOOSE_SHIPPING_TO_PAY)).toBeTruthy();
    expect(payButton().disabled).toBe(true);
    // A refused rate reads the estimates again (it may have expired); the first is not sent again.
    await waitFor(() => expect(server.estimateReads()).toBe(2));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(server.ratePosts()).toEqual([ground.object_id]);
  });

  it('shows the estimates error with the server’s line and Try again, which reads them again', async () => {
    const server = renderBilling({
      rate: ground,
      estimates: [
        {
          status: 409,
          body: {
            error: 'conflict',
            message: 'The seller has not set up a package template yet; ask them to add one.',
          },
        },
        { status: 200, body: threeRates },
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(SHIPPING_ESTIMATES_ERROR)).toBeTruthy();
    expect(
      within(alert).getByText('The seller has not set up a package template yet; ask them to add one.'),
    ).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    const group = await optionsGroup();
    await waitFor(() => expect(radio(group, /USPS Ground Advantage/).checked).toBe(true));
    expect(screen.queryByText(SHIPPING_ESTIMATES_ERROR)).toBeNull();
    expect(server.estimateReads()).toBe(2);
  });

  it('treats an empty list of estimates as the estimates error', async () => {
    const server = renderBilling({ estimates: [{ status: 200, body: [] }] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(SHIPPING_ESTIMATES_ERROR)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(text('shipping-cost')).toBe(SELECT_SHIPPING_TEXT);
    expect(server.ratePosts()).toEqual([]);
  });

  it('disables payment with the spec’s sentence when the seller’s payments are not active', async () => {
    const server = renderBilling({ rate: ground, paymentsActive: false });
    await optionsGroup();
    expect(screen.getByText(SELLER_PAYMENTS_NOT_ACTIVE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Payment' })).toBeNull();
    // The shipping choice and the summary still show.
    expect(text('total')).toBe('$32.50');
    expect(server.payments.sessionCreates()).toBe(0);
  });

  it('offers the card form when the seller’s payments are active', async () => {
    renderBilling({ rate: ground, paymentsActive: true });
    await optionsGroup();
    expect(screen.queryByText(SELLER_PAYMENTS_NOT_ACTIVE)).toBeNull();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(await within(payment).findByRole('textbox', { name: /Card number/ })).toBeTruthy();
  });

  it('still sends a buyer without a shipping address back to step 1, without reading estimates', async () => {
    const server = renderBilling({ address: null });
    expect(await screen.findByText(NO_ADDRESS_AT_BILLING)).toBeTruthy();
    expect(await screen.findByText('Checkout step 1')).toBeTruthy();
    expect(server.estimateReads()).toBe(0);
    expect(server.ratePosts()).toEqual([]);
  });

  it('shows why the payment cannot start in place of the form, with the way back to the store, and tries again', async () => {
    const server = renderBilling({
      rate: ground,
      refuseSessions: [
        {
          status: 409,
          body: { error: 'insufficient_inventory', message: 'Only 1 Widget is left. Change your cart to continue.' },
        },
      ],
    });
    const payment = await screen.findByRole('region', { name: 'Payment' });
    const alert = await within(payment).findByRole('alert');
    expect(within(alert).getByText(PAYMENT_NOT_READY)).toBeTruthy();
    expect(within(alert).getByText('Only 1 Widget is left. Change your cart to continue.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to Seller X' }).getAttribute('href')).toBe(
      `/storefront/${ids.sellerX}`,
    );
    expect(within(payment).queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect(within(payment).queryByRole('button', { name: /^Pay / })).toBeNull();

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(payment).findByRole('textbox', { name: /Card number/ })).toBeTruthy();
    expect(within(payment).queryByText(PAYMENT_NOT_READY)).toBeNull();
    expect(server.payments.sessionCreates()).toBe(2);
  });

  it('says the order is placed, with the way to the orders, when it was paid in another tab meanwhile', async () => {
    const message =
      'This order was just placed with the payment made in your other window. Open your orders to see it.';
    const server = renderBilling({
      rate: ground,
      refuseSessions: [{ status: 409, body: { error: 'order_submitted', message } }],
    });
    const payment = await screen.findByRole('region', { name: 'Payment' });
    const alert = await within(payment).findByRole('alert');
    expect(within(alert).getByText(ORDER_ALREADY_PLACED)).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'View your orders' }).getAttribute('href')).toBe(
      `/storefront/${ids.sellerX}/orders`,
    );
    // Nothing to try again, and no card form to pay twice.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(payment).queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(server.payments.sessionCreates()).toBe(1);
  });

  it('leads back to the store when the order costs more than one order may', async () => {
    const message =
      'This order comes to $24,997,600.00 with shipping, more than the $9,999,999.99 one order may cost. Remove some items or split it into smaller orders.';
    renderBilling({ rate: ground, refuseSessions: [{ status: 409, body: { error: 'order_too_large', message } }] });
    const payment = await screen.findByRole('region', { name: 'Payment' });
    const alert = await within(payment).findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to Seller X' }).getAttribute('href')).toBe(
      `/storefront/${ids.sellerX}`,
    );
    expect(within(payment).queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('reads the shipping options again when the server says the quote went stale', async () => {
    const server = renderBilling({
      rate: ground,
      refuseSessions: [
        {
          status: 409,
          body: { error: 'quote_stale', message: 'Shipping prices have changed; please reload the shipping options.' },
        },
      ],
    });
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(
      await within(payment).findByText('Shipping prices have changed; please reload the shipping options.'),
    ).toBeTruthy();
    await waitFor(() => expect(server.estimateReads()).toBe(2));
    // Only a refusal about the cart's contents leads back to the store.
    expect(within(payment).queryByRole('link', { name: 'Back to Seller X' })).toBeNull();
  });

  it('mounts Stripe’s embedded checkout with the session’s secret and publishable key, and goes to the return page once Stripe completes', async () => {
    const confirmed: string[] = [];
    // Stripe completes in the page here (no redirect): the checkout calls onComplete.
    const stripe = installStripeStandIn(window, {
      pay: async (sessionId) => {
        confirmed.push(sessionId);
        return { returnUrl: null };
      },
    });
    renderBilling({ rate: ground, provider: 'stripe' });
    const payment = await screen.findByRole('region', { name: 'Payment' });
    const checkout = await within(payment).findByTestId('stripe-standin-checkout');
    expect(stripe.publishableKeys).toEqual([STRIPE_TEST_PUBLISHABLE_KEY]);
    expect(stripe.checkouts.map((c) => c.options.clientSecret)).toEqual(['cs_test_1_secret_x']);
    // Neither the built-in card form nor a script tag of our own: Stripe.js came from window.Stripe.
    expect(within(payment).queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect(document.querySelector('script[src^="https://js.stripe.com"]')).toBeNull();
    expect(within(payment).getByText(STRIPE_SECURE_NOTE)).toBeTruthy();

    await userEvent.setup().click(within(checkout).getByRole('button', { name: STRIPE_STANDIN_PAY_LABEL }));
    expect(await screen.findByText('Returned with ?session_id=cs_test_1')).toBeTruthy();
    expect(confirmed).toEqual(['cs_test_1']);
    // The billing page is gone, and Stripe's checkout with it.
    await waitFor(() => expect(stripe.checkouts.every((c) => c.destroyed)).toBe(true));
  });

  it('pays with a card and goes to the checkout return with the session id', async () => {
    const server = renderBilling({ rate: ground });
    const user = userEvent.setup();
    await fillTestCard(user);
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await user.click(payButton());
    expect(await screen.findByText('Returned with ?session_id=cs_test_1')).toBeTruthy();
    expect(server.payments.cardsPaid()).toEqual(['4242424242424242']);
  });

  it('starts a new session once when the last one expired, says so, and pays with the new one', async () => {
    const server = renderBilling({
      rate: ground,
      payAnswers: [
        {
          status: 409,
          body: { error: 'session_expired', message: 'This checkout session has expired. Please start again.' },
        },
      ],
    });
    const user = userEvent.setup();
    await fillTestCard(user);
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await user.click(payButton());

    expect(await screen.findByText(SESSION_RENEWED)).toBeTruthy();
    expect(server.payments.sessionCreates()).toBe(2);
    // What was typed stays for the new session.
    expect((screen.getByRole('textbox', { name: /Card number/ }) as HTMLInputElement).value).toBe(
      '4242 4242 4242 4242',
    );
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await user.click(payButton());
    expect(await screen.findByText('Returned with ?session_id=cs_test_2')).toBeTruthy();
    expect(
      server.payments.calls
        .filter((call) => call.path === '/api/payments/checkout/pay')
        .map((call) => (call.body as { client_secret: string }).client_secret),
    ).toEqual(['cs_test_1_secret_x', 'cs_test_2_secret_x']);
  });

  describe('PO number', () => {
    const poField = () => screen.findByRole('textbox', { name: PO_NUMBER_FIELD_LABEL }) as Promise<HTMLInputElement>;

    async function fillCard(user: ReturnType<typeof userEvent.setup>) {
      await fillTestCard(user);
      await waitFor(() => expect(payButton().disabled).toBe(false));
    }

    it('is optional, with helper text, and saved with the order when the field is left; clearing it clears the order’s', async () => {
      const server = renderBilling({ rate: ground });
      const field = await poField();
      expect(field.value).toBe('');
      expect(screen.getByText(PO_NUMBER_HELPER)).toBeTruthy();
      const user = userEvent.setup();
      await user.type(field, '  PO-4500/17 ');
      await user.tab();
      expect(await screen.findByText(PO_NUMBER_SAVED)).toBeTruthy();
      expect(server.poPosts()).toEqual(['PO-4500/17']);
      expect(server.poNumber()).toBe('PO-4500/17');

      // Leaving it again unchanged sends nothing.
      await user.click(field);
      await user.tab();
      expect(server.poPosts()).toHaveLength(1);

      await user.clear(field);
      await user.keyboard('{Enter}');
      await waitFor(() => expect(server.poPosts()).toEqual(['PO-4500/17', null]));
      expect(server.poNumber()).toBeNull();
    });

    it('shows the order’s PO number when the page opens', async () => {
      renderBilling({ rate: ground, poNumber: 'PO-9' });
      expect((await poField()).value).toBe('PO-9');
    });

    it('says what is wrong under the field and saves nothing until it is right', async () => {
      const server = renderBilling({ rate: ground });
      const user = userEvent.setup();
      const field = await poField();
      await user.type(field, 'PO%1');
      await user.tab();
      expect(
        await screen.findByText('A PO number may contain only letters, digits, spaces and - _ / # .'),
      ).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(server.poPosts()).toEqual([]);
      await user.clear(field);
      await user.type(field, 'PO-1');
      expect(screen.queryByText(/A PO number may contain/)).toBeNull();
    });

    it('saves the PO number before paying, once, and pays with it on the order', async () => {
      const server = renderBilling({ rate: ground });
      const user = userEvent.setup();
      await fillCard(user);
      await user.type(await poField(), 'PO-77');
      // Straight from the field to Pay: leaving it and paying save it once, before the payment.
      await user.click(payButton());
      expect(await screen.findByText('Returned with ?session_id=cs_test_1')).toBeTruthy();
      expect(server.poPosts()).toEqual(['PO-77']);
      const po = server.sequence.indexOf(`POST ${poNumberPath}`);
      const pay = server.sequence.indexOf('POST /api/payments/checkout/pay');
      expect(po).toBeGreaterThanOrEqual(0);
      expect(po).toBeLessThan(pay);
    });

    it('does not pay while the PO number is refused, and says why at the field', async () => {
      const server = renderBilling({ rate: ground });
      const user = userEvent.setup();
      await fillCard(user);
      const field = await poField();
      await user.type(field, 'PO 1 & 2');
      await user.click(payButton());
      expect(await screen.findByText(/A PO number may contain only letters/)).toBeTruthy();
      expect(server.payments.cardsPaid()).toEqual([]);
      expect(document.activeElement).toBe(field);
    });
  });
});

describe('BillingPage, paying on net terms (issue 13)', () => {
  it('offers pay by invoice when the seller gave net terms: no card form, Place order, then its confirmation', async () => {
    const server = renderBilling({ rate: priority, netDays: 30 });
    const method = await screen.findByRole('radiogroup', { name: 'How do you want to pay?' });
    // Card is chosen first, with its form.
    expect(radio(method, /Pay by card/).checked).toBe(true);
    expect(await cardNumber()).toBeTruthy();
    const user = userEvent.setup();
    await user.click(radio(method, /Pay by invoice \(Net 30\)/));
    await waitFor(() => expect(server.isNet30()).toBe(true));
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect(screen.getByText(/due 30 days after today/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    // The placed order's confirmation page (issue 23), not the orders list.
    expect(await screen.findByText(`Confirmation of order ${orderId}`)).toBeTruthy();
    // The order by its number (the submit answer's invoice number), as the orders page shows it.
    expect(await screen.findByText('Order CB-000001 placed. Its invoice is open until paid.')).toBeTruthy();
    expect(server.submittedOnTerms()).toBe(1);
  });

  it('offers no choice without terms (card only)', async () => {
    renderBilling({ rate: priority });
    expect(await cardNumber()).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'How do you want to pay?' })).toBeNull();
  });
});
