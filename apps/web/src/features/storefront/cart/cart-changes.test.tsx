import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartProduct, CurrentUser } from '@cratebase/contract';
import { ToastProvider } from '../../../components/Toast';
import { formatCents } from '../../../lib/format';
import { ids, makeUser, org, purchasing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { loadCartChanges, useCart, useLinePending, useLineQuantity, useSetLineQuantity } from './api';
import { cartPair } from './cart-store';
import { withPendingLines } from './cart-changes';
import { QuantityControl } from './components/QuantityControl';
import { cartId, fakeCartServer, gadget, makeCart, widget, type FakeCartServerOptions } from '../test-support/cart-test-server';
import { cartKeys } from '../../../lib/query-keys';

const buyer = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
});

// A change shows at once once the change machinery has loaded (the quantity controls preload it
// as they mount); load it before the tests look at the screen right after a click.
beforeAll(() => loadCartChanges());

function Stepper({ product }: { product: CartProduct }) {
  const quantity = useLineQuantity(ids.sellerX, product.id);
  const pending = useLinePending(ids.sellerX, product.id);
  const setLine = useSetLineQuantity(ids.sellerX);
  return (
    <div>
      <QuantityControl
        label={product.name}
        value={quantity}
        onChange={(next) => setLine({ id: product.id, name: product.name, unit_price_in_cents: product.unit_price_in_cents }, next)}
      />
      <p data-testid={`state-${product.name}`}>{pending ? 'saving' : 'saved'}</p>
    </div>
  );
}

function Summary() {
  const cart = useCart(ids.sellerX).data;
  return <p data-testid="summary">{cart ? `${cart.item_count} items, ${formatCents(cart.total_cents)}` : 'no cart'}</p>;
}

function renderSteppers(options: Partial<FakeCartServerOptions> = {}, user: CurrentUser = buyer) {
  const server = fakeCartServer({ user, ...options });
  vi.stubGlobal('fetch', server.fn);
  const view = renderWithProviders(
    <ToastProvider>
      <Stepper product={widget} />
      <Stepper product={gadget} />
      <Summary />
    </ToastProvider>,
  );
  const cached = () => view.client.getQueryData(cartKeys.pair(ids.sellerX, ids.buyer));
  return { server, cached, ...view };
}

const plus = (name: string) => screen.getByRole('button', { name: `Increase quantity of ${name}` });
const minus = (name: string) => screen.getByRole('button', { name: `Decrease quantity of ${name}` });
const valueOf = (name: string) => screen.getByRole('group', { name }).querySelector('output')!.textContent;
const summary = () => screen.getByTestId('summary').textContent;

describe('cartPair', () => {
  it("pairs the store with the user's purchasing organization for it", () => {
    expect(cartPair(buyer, ids.sellerX)).toEqual({ sellerId: ids.sellerX, buyerId: ids.buyer });
  });

  it('is null without a user, without a store id, for a store the user does not buy from, or with a blank id', () => {
    expect(cartPair(null, ids.sellerX)).toBeNull();
    expect(cartPair(buyer, undefined)).toBeNull();
    expect(cartPair(buyer, ' ')).toBeNull();
    expect(cartPair(buyer, ids.sellerY)).toBeNull();
    const blank = makeUser({ purchasing_organizations: [purchasing(ids.sellerX, 'Seller X', 'Merchant', ' ')] });
    expect(cartPair(blank, ids.sellerX)).toBeNull();
  });
});

describe('withPendingLines (the cart shown while changes are on their way)', () => {
  const terms = { min_items: 5, min_cents: 5000 };
  const held = makeCart([{ id: '10000000-0000-4000-8000-0000000000aa', product: widget, quantity: 5 }], terms);
  const asProduct = (product: CartProduct) => ({ id: product.id, name: product.name, unit_price_in_cents: product.unit_price_in_cents });

  it('is the server’s cart itself when nothing is pending', () => {
    expect(withPendingLines(held, new Map())).toBe(held);
  });

  it('recomputes totals and the minimums gate, in the server’s order and words', () => {
    const lowered = withPendingLines(held, new Map([[widget.id, { wanted: 2, product: asProduct(widget) }]]));
    expect([lowered.item_count, lowered.total_cents, lowered.can_checkout, lowered.meets_minimum]).toEqual([2, 2400, false, false]);
    expect(lowered.checkout_issues).toEqual(makeCart([{ id: 'x', product: widget, quantity: 2 }], terms).checkout_issues);
    const emptied = withPendingLines(held, new Map([[widget.id, { wanted: 0, product: asProduct(widget) }]]));
    expect(emptied.line_items).toEqual([]);
    expect(emptied.checkout_issues).toEqual(makeCart([], terms).checkout_issues);
  });

  it('adds a line for a product not in the cart yet, priced from what the caller knows', () => {
    const added = withPendingLines(held, new Map([[gadget.id, { wanted: 3, product: asProduct(gadget) }]]));
    expect(added.line_items.map((line) => [line.product.name, line.quantity, line.line_total_cents])).toEqual([
      ['Widget', 5, 6000],
      ['Gadget', 3, 1650],
    ]);
    expect([added.item_count, added.total_cents, added.can_checkout]).toEqual([8, 7650, true]);
  });

  it('keeps an agreed unit price (an order the seller wrote) whatever the quantity', () => {
    const agreed = makeCart([{ id: '10000000-0000-4000-8000-0000000000ab', product: widget, quantity: 5 }], terms);
    agreed.line_items[0] = { ...agreed.line_items[0]!, unit_price_in_cents: 900, agreed: true };
    const raised = withPendingLines(agreed, new Map([[widget.id, { wanted: 7, product: asProduct(widget) }]]));
    expect(raised.line_items.map((line) => [line.quantity, line.unit_price_in_cents, line.line_total_cents])).toEqual([[7, 900, 6300]]);
    expect(raised.total_cents).toBe(6300);
  });
});

describe('useSetLineQuantity (optimistic, one request in flight per product)', () => {
  it('ten fast clicks show at once, send one request at a time and end with 10 on the server', async () => {
    const { server, cached } = renderSteppers();
    await waitFor(() => expect(summary()).toBe('0 items, $0.00'));
    const user = userEvent.setup();

    server.hold();
    for (let click = 0; click < 10; click += 1) await user.click(plus('Widget'));
    // The screen follows every click while the first request is still unanswered.
    expect(valueOf('Widget')).toBe('10');
    expect(summary()).toBe('10 items, $120.00');
    expect(screen.getByTestId('state-Widget').textContent).toBe('saving');
    expect(server.changes()).toHaveLength(1);

    server.answerAll();
    await waitFor(() => expect(screen.getByTestId('state-Widget').textContent).toBe('saved'));
    expect(server.cart().line_items.map((line) => [line.product.name, line.quantity])).toEqual([['Widget', 10]]);
    // The first click's request, then the latest wanted quantity: never two at once.
    expect(server.changes().map((call) => call.body)).toEqual([
      { product_id: widget.id, quantity: 1 },
      { product_id: widget.id, quantity: 10 },
    ]);
    expect(server.changes().every((call) => call.path === `/api/cart/${cartId}/line_item`)).toBe(true);
    expect(server.maxInFlightPerProduct()).toBe(1);
    expect(valueOf('Widget')).toBe('10');
    expect(cached()).toEqual(server.cart());
  });

  it('ends equal to the server’s cart after quick changes on two products', async () => {
    const { server, cached } = renderSteppers();
    await waitFor(() => expect(summary()).toBe('0 items, $0.00'));
    const user = userEvent.setup({ delay: null });
    for (let click = 0; click < 10; click += 1) await user.click(plus('Widget'));
    await user.click(plus('Gadget'));
    await user.click(plus('Gadget'));
    await waitFor(() => expect(cached()).toEqual(server.cart()));
    await waitFor(() => expect(screen.getByTestId('state-Widget').textContent).toBe('saved'));
    expect(server.maxInFlightPerProduct()).toBe(1);
    expect(server.cart().item_count).toBe(12);
    expect(summary()).toBe(`12 items, ${formatCents(10 * 1200 + 2 * 550)}`);
  });

  it('removes the line at 0 and ends with the server’s answer', async () => {
    const line = { id: '10000000-0000-4000-8000-0000000000aa', product: widget, quantity: 1 };
    const { server, cached } = renderSteppers({ lines: [line] });
    await waitFor(() => expect(valueOf('Widget')).toBe('1'));
    await userEvent.setup().click(minus('Widget'));
    expect(valueOf('Widget')).toBe('0');
    await waitFor(() => expect(screen.getByTestId('state-Widget').textContent).toBe('saved'));
    expect(server.changes().map((call) => `${call.method} ${call.path}`)).toEqual([`DELETE /api/cart/line_item/${line.id}`]);
    expect(server.cart().line_items).toEqual([]);
    expect(cached()).toEqual(server.cart());
  });

  it('rolls back and shows the server’s message when a change is refused (409)', async () => {
    const line = { id: '10000000-0000-4000-8000-0000000000aa', product: widget, quantity: 3 };
    const { server, cached } = renderSteppers({
      lines: [line],
      refuse: (_productId, quantity) =>
        quantity > 3 ? { status: 409, body: { error: 'insufficient_stock', message: 'Only 3 of Widget are left.' } } : null,
    });
    await waitFor(() => expect(valueOf('Widget')).toBe('3'));
    server.hold();
    await userEvent.setup().click(plus('Widget'));
    expect(valueOf('Widget')).toBe('4');
    server.answerAll();
    expect(await screen.findByText('Only 3 of Widget are left.')).toBeTruthy();
    await waitFor(() => expect(valueOf('Widget')).toBe('3'));
    expect(screen.getByTestId('state-Widget').textContent).toBe('saved');
    expect(summary()).toBe('3 items, $36.00');
    await waitFor(() => expect(cached()).toEqual(server.cart()));
  });

  it('waits for the cart when a product is added before the cart has loaded', async () => {
    const server = fakeCartServer({ user: buyer });
    server.holdReads();
    vi.stubGlobal('fetch', server.fn);
    renderWithProviders(
      <ToastProvider>
        <Stepper product={widget} />
      </ToastProvider>,
    );
    await waitFor(() => expect(server.reads()).toHaveLength(1));
    await userEvent.setup().click(plus('Widget'));
    expect(valueOf('Widget')).toBe('1');
    expect(server.changes()).toHaveLength(0);
    server.answerReads();
    await waitFor(() => expect(screen.getByTestId('state-Widget').textContent).toBe('saved'));
    expect(server.cart().line_items.map((line) => line.quantity)).toEqual([1]);
    expect(valueOf('Widget')).toBe('1');
  });

  it('fetches no cart for a store the user does not buy from', async () => {
    const stranger = makeUser({
      organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
      purchasing_organizations: [purchasing(ids.sellerY, 'Seller Y')],
    });
    const { server } = renderSteppers({}, stranger);
    await waitFor(() => expect(server.calls.some((call) => call.path === '/api/user/me')).toBe(true));
    await userEvent.setup().click(plus('Widget'));
    expect(summary()).toBe('no cart');
    expect(server.calls.filter((call) => call.path.startsWith('/api/cart'))).toEqual([]);
  });
});
