import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Proposal } from '@cratebase/contract';
import { ids, makeUser, purchasing } from '../../../../test/fixtures';
import {
  apiStub,
  badRequest,
  line,
  mug,
  mugId,
  proposal,
  proposalId,
  teeMedium,
  teeMediumId,
} from '../../../../test/proposal-fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastProvider } from '../../../../components/Toast';
import { ReceivedProposalPage } from './ReceivedProposalPage';
import { WrittenForYou } from './WrittenForYou';

const path = `/api/proposals/${proposalId}`;
const sent = () =>
  proposal({
    status: 'sent',
    sent_at: '2026-11-27T15:00:00Z',
    seller_organization: { id: ids.sellerX, name: 'Acme Supply' },
    note: 'From the trade show — thanks!',
    discount_percent: 10,
    lines: [line(mug, 4, 800, 10), line(teeMedium, 12, 1440, 10)],
  });

/** The retailer's API: quantities within the mug's twos, accept and decline. */
function retailerApi(start: Proposal) {
  let current = start;
  const stub = apiStub((call) => {
    if (call.method === 'GET' && call.path === path) return { body: current };
    if (call.method === 'PUT' && call.path === `${path}/lines`) {
      const [change] = (call.body as { lines: { product_id: string; quantity: number }[] }).lines;
      if (change!.product_id === mugId && change!.quantity === 7)
        return badRequest('lines.0.quantity', 'sold in multiples of 2');
      const lines = current.lines
        .map((l) =>
          l.product_id === change!.product_id ? line(l.product, change!.quantity, l.listed_unit_price_in_cents, 10) : l,
        )
        .filter((l) => l.quantity > 0);
      current = proposal({ ...current, lines });
      return { body: current };
    }
    if (call.method === 'POST' && call.path === `${path}/accept`) {
      current = { ...current, status: 'accepted', accepted_at: '2026-11-27T16:00:00Z' };
      return { body: { proposal: current, cart_id: '00000000-0000-4000-8000-0000000000ca' } };
    }
    if (call.method === 'POST' && call.path === `${path}/decline`) {
      current = {
        ...current,
        status: 'declined',
        declined_at: '2026-11-27T16:00:00Z',
        decline_reason: 'Stocked until spring',
      };
      return { body: current };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fn);
  return stub;
}

function renderPage(start: Proposal) {
  const api = retailerApi(start);
  renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/storefront/:orgId/proposals/:proposalId" element={<ReceivedProposalPage />} />
        <Route path="/storefront/:orgId/checkout" element={<h1>Checkout</h1>} />
      </Routes>
    </ToastProvider>,
    { path: `/storefront/${ids.sellerX}/proposals/${proposalId}` },
  );
  return api;
}

const lineItem = (name: string) =>
  within(screen.getByRole('list', { name: 'Lines' }))
    .getAllByRole('listitem')
    .find((li) => within(li).queryByText(name)) as HTMLElement;
const total = () => screen.getByText('Total', { selector: 'dt' }).nextElementSibling?.textContent;

describe('ReceivedProposalPage (the retailer’s review)', () => {
  it('shows the seller’s note, each line’s price less the discount, and the total', async () => {
    renderPage(sent());
    expect(await screen.findByRole('heading', { level: 1, name: 'Order P-1001' })).toBeTruthy();
    expect(screen.getByText(/Written for you by Acme Supply/)).toBeTruthy();
    expect(screen.getByText('From the trade show — thanks!')).toBeTruthy();
    expect(within(lineItem('Mug')).getByText('MUG-1 · $8.00 less 10% = $7.20 each')).toBeTruthy();
    expect(within(lineItem('Tee — M')).getByText('$155.52')).toBeTruthy();
    expect(screen.getByText('Discount (10%)')).toBeTruthy();
    expect(total()).toBe('$184.32');
  });

  it('changes a quantity, keeps the product’s multiples, removes a line (never the last), then accepts and opens the checkout', async () => {
    const api = renderPage(sent());
    const user = userEvent.setup();
    const mugQuantity = await screen.findByRole('textbox', { name: 'Quantity of Mug' });
    await user.clear(mugQuantity);
    await user.type(mugQuantity, '8{Enter}');
    await vi.waitFor(() => expect(total()).toBe('$213.12'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ lines: [{ product_id: mugId, quantity: 8 }] });

    // The mug's twos are kept here before anything is sent.
    const puts = api.calls.filter((c) => c.method === 'PUT').length;
    await user.clear(mugQuantity);
    await user.type(mugQuantity, '3{Enter}');
    expect(within(lineItem('Mug')).getByText('Sold in multiples of 2')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(puts);
    await user.click(screen.getByRole('button', { name: 'Remove Tee — M' }));
    await vi.waitFor(() => expect(screen.queryByRole('textbox', { name: 'Quantity of Tee — M' })).toBeNull());
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      lines: [{ product_id: teeMediumId, quantity: 0 }],
    });
    // The last line cannot be removed: declining is how.
    expect(screen.queryByRole('button', { name: 'Remove Mug' })).toBeNull();

    // A quantity typed and left by clicking Accept is saved first; the accept takes the total it made: 10 mugs at $7.20.
    await user.clear(mugQuantity);
    await user.type(mugQuantity, '10');
    await user.click(screen.getByRole('button', { name: 'Accept and go to checkout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    const writes = api.calls.filter((c) => c.method !== 'GET').slice(-2);
    expect(writes.map((c) => [c.path, c.body])).toEqual([
      [`${path}/lines`, { lines: [{ product_id: mugId, quantity: 10 }] }],
      [`${path}/accept`, { total_cents: 7200 }],
    ]);
  });

  it('shows the server’s refusal of a quantity on its line (its rules changed since the page read them)', async () => {
    const stale = { ...mug, order_increment: 1 };
    renderPage(proposal({ ...sent(), lines: [line(stale, 4, 800, 10), line(teeMedium, 12, 1440, 10)] }));
    const user = userEvent.setup();
    const mugQuantity = await screen.findByRole('textbox', { name: 'Quantity of Mug' });
    await user.clear(mugQuantity);
    await user.type(mugQuantity, '7{Enter}');
    expect(await within(lineItem('Mug')).findByText('Sold in multiples of 2')).toBeTruthy();
    expect(mugQuantity.getAttribute('aria-invalid')).toBe('true');
    expect(total()).toBe('$184.32');
  });

  it('declines with a reason and shows that it was declined', async () => {
    const api = renderPage(sent());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline P-1001?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Stocked until spring');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(/You declined this order on .*Your reason: “Stocked until spring”/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === `${path}/decline`)?.body).toEqual({ reason: 'Stocked until spring' });
    expect(screen.queryByRole('button', { name: 'Accept and go to checkout' })).toBeNull();
    expect(screen.getByText('Quantity 4')).toBeTruthy();
  });

  it('says when the seller cancelled it', async () => {
    renderPage(proposal({ ...sent(), status: 'cancelled', cancelled_at: '2026-11-27T16:00:00Z', lines: sent().lines }));
    expect(await screen.findByText(/Acme Supply cancelled this order on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('links an accepted one to the checkout', async () => {
    renderPage(proposal({ ...sent(), status: 'accepted', accepted_at: '2026-11-27T16:00:00Z', lines: sent().lines }));
    expect(
      await screen.findByText(/You accepted this order on .* Its lines are in your cart at these prices/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to checkout' }).getAttribute('href')).toBe(
      `/storefront/${ids.sellerX}/checkout`,
    );
  });
});

describe('WrittenForYou (on the buyer’s orders page)', () => {
  it('links each order waiting for the buyer’s answer, and shows nothing when none waits', async () => {
    const user = makeUser({ purchasing_organizations: [purchasing(ids.sellerX, 'Acme Supply')] });
    const listPath = `/api/proposals/selling_organization/${ids.sellerX}/purchasing_organization/${ids.buyer}`;
    const declined = {
      ...sent(),
      id: '00000000-0000-4000-8000-0000000000d9',
      number: 'P-1000',
      status: 'declined' as const,
    };
    vi.stubGlobal(
      'fetch',
      apiStub((call) =>
        call.path === '/api/user/me'
          ? { body: user }
          : call.path === listPath
            ? { body: [sent(), declined] }
            : undefined,
      ).fn,
    );
    renderWithProviders(<WrittenForYou orgId={ids.sellerX} />);
    const region = await screen.findByRole('region', { name: 'Orders written for you' });
    expect(within(region).getByText('Acme Supply wrote an order for you')).toBeTruthy();
    const link = within(region).getByRole('link', { name: 'Review P-1001' });
    expect(link.getAttribute('href')).toBe(`/storefront/${ids.sellerX}/proposals/${proposalId}`);
    expect(region.textContent).toContain('2 lines, $184.32, sent Nov 27, 2026');
    expect(within(region).queryByText(/P-1000/)).toBeNull();
  });
});
